use serde::{Deserialize, Serialize};
use tether::{controller, Json};


use std::collections::HashMap;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    /// Page number, from 1.
    pub page: Option<u32>,
    #[serde(default)]
    pub per_page: u32,
    /// Required search text.
    pub search_text: String,
    pub tags: Vec<String>,
    pub sort: Option<Sort>,
    #[serde(flatten)]
    pub filter: Filter,
    #[serde(skip)]
    pub internal: bool,
}

#[derive(Deserialize)]
/// Flattened: text fields only (a number or a bool here is refused, see
/// `error_query_flatten_numbers`).
pub struct Filter { pub owner: Option<String>, pub state: Option<String> }

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sort { Asc, Desc }

pub struct SearchController;
#[controller("/search")]
impl SearchController {
    #[get]
    async fn search(
        &self,
        #[query] q: ListQuery,
        #[header("x-request-id")] request_id: Option<String>,
        #[header("x-tenant")] tenant: String,
    ) -> Json<Vec<String>> { todo!() }

    #[get("/one")]
    async fn one(&self, #[query("limit")] limit: Option<u16>, #[query("q")] q: String, #[query("ids")] ids: Vec<u64>) -> Json<Vec<String>> { todo!() }

    #[get("/free")]
    async fn free(&self, #[query] all: HashMap<String, String>, #[req] req: tether::Request) -> Json<Vec<String>> { todo!() }
}
