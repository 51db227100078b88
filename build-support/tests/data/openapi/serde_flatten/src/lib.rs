use serde::{Deserialize, Serialize};
use tether::{controller, Json};


use std::collections::HashMap;

#[derive(Serialize, Deserialize)]
pub struct Pagination { pub page: u32, pub per_page: u32 }

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Audit { pub created_at: String, pub updated_by: Option<String> }

#[derive(Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum Owner { User { id: u64 }, Team { name: String } }

#[derive(Serialize, Deserialize)]
pub struct Document {
    pub title: String,
    #[serde(flatten)]
    pub pagination: Pagination,
    #[serde(flatten)]
    pub audit: Option<Audit>,
    #[serde(flatten)]
    pub owner: Owner,
}

/// Both fields required: serde reads `Some` only when `a` and `b` are sent.
#[derive(Serialize, Deserialize)]
pub struct Stamp { pub a: String, pub b: i64, pub note: Option<String> }

/// No required field: always `Some` when read, its fields each optional.
#[derive(Serialize, Deserialize)]
pub struct Hints { pub hint: Option<String> }

#[derive(Serialize, Deserialize)]
pub struct NewDocument {
    pub title: String,
    #[serde(flatten)]
    pub stamp: Option<Stamp>,
    #[serde(flatten)]
    pub hints: Option<Hints>,
}

#[derive(Deserialize)]
pub struct Locale { pub lang: String, pub region: String }

#[derive(Deserialize)]
pub struct DocQuery {
    pub q: Option<String>,
    #[serde(flatten)]
    pub locale: Option<Locale>,
}

#[derive(Serialize, Deserialize)]
pub struct WithExtra {
    pub id: u32,
    #[serde(flatten)]
    pub extra: HashMap<String, serde_json::Value>,
}

pub struct DocsController;
#[controller("/docs")]
impl DocsController {
    #[get]
    async fn doc(&self) -> Json<Document> { todo!() }
    #[post]
    async fn create(&self, #[body] doc: NewDocument) -> Json<NewDocument> { todo!() }
    #[get("/search")]
    async fn search(&self, #[query] q: DocQuery) -> String { todo!() }
    #[get("/extra")]
    async fn extra(&self) -> Json<WithExtra> { todo!() }
}
