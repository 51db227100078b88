//! A flattened struct with a number in a query or a form cannot be read
//! (serde buffers flattened values as text): refused at build time.
use serde::Deserialize;
use tether::controller;

#[derive(Deserialize)]
pub struct Paging {
    pub page: Option<u32>,
    pub cursor: Option<String>,
}

#[derive(Deserialize)]
pub struct Search {
    pub q: String,
    #[serde(flatten)]
    pub paging: Paging,
}

#[derive(Deserialize)]
pub struct Flags {
    pub remember: bool,
}

#[derive(Deserialize)]
pub struct Login {
    pub user: String,
    #[serde(flatten)]
    pub flags: Flags,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    Asc,
    Desc,
}

#[derive(Deserialize)]
pub struct Sorting {
    pub sort: Option<String>,
    pub order: Option<Order>,
}

#[derive(Deserialize)]
pub struct Listing {
    pub limit: u32,
    #[serde(flatten)]
    pub sorting: Sorting,
}

pub struct SearchController;

#[controller("/search")]
impl SearchController {
    #[get]
    async fn search(&self, #[query] q: Search) -> String { todo!() }
    #[post("/login")]
    async fn login(&self, #[body(form)] form: Login) -> String { todo!() }
    /// Text fields (and string enums) flatten fine; the outer `limit` is read typed.
    #[get("/list")]
    async fn list(&self, #[query] q: Listing) -> String { todo!() }
}
