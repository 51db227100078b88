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
    #[get("/extra")]
    async fn extra(&self) -> Json<WithExtra> { todo!() }
}
