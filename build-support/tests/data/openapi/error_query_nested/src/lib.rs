use serde::Deserialize;
use std::collections::HashMap;
use tether::controller;

#[derive(Deserialize)]
pub struct Range { pub min: i64, pub max: i64 }

#[derive(Deserialize)]
pub enum Sort { Asc, Desc }

#[derive(Deserialize)]
pub enum Filter { Price(Range), Name(String) }

/// Read fine: scalars, a unit-variant enum, options and lists of them.
#[derive(Deserialize)]
pub struct Paging { pub page: Option<u32>, pub sort: Option<Sort>, pub ids: Vec<u64> }

#[derive(Deserialize)]
pub struct SearchQuery {
    pub q: String,
    pub page: Option<u32>,
    pub price: Option<Range>,
    pub extra: HashMap<String, String>,
    pub ranges: Vec<Range>,
    pub filter: Option<Filter>,
    #[serde(skip)]
    pub cache: Option<Range>,
}

#[derive(Deserialize)]
pub struct Signup { pub email: String, pub address: Range }

pub struct SearchController;
#[controller("/search")]
impl SearchController {
    #[get("/")]
    async fn search(&self, #[query] q: SearchQuery) -> String { todo!() }
    #[get("/paged")]
    async fn paged(&self, #[query] p: Paging) -> String { todo!() }
    #[post("/signup")]
    async fn signup(&self, #[body(form)] s: Signup) -> String { todo!() }
}
