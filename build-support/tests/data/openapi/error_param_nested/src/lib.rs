use serde::Deserialize;
use std::collections::HashMap;
use tether::controller;

#[derive(Deserialize)]
pub struct Range { pub min: i64, pub max: i64 }

#[derive(Deserialize)]
pub enum Sort { Asc, Desc }

#[derive(Deserialize)]
pub enum Filter { Price(Range), Name(String) }

/// Flattened into `Search`: its fields are keys of the query.
#[derive(Deserialize)]
pub struct Filters { pub name: Option<String>, pub price: Option<Range> }

/// Flattened into `Filters2`, itself flattened: two levels down.
#[derive(Deserialize)]
pub struct Deeper { pub tags: Option<HashMap<String, String>> }

#[derive(Deserialize)]
pub struct Filters2 {
    pub label: Option<String>,
    #[serde(flatten)]
    pub deeper: Deeper,
}

#[derive(Deserialize)]
pub struct Search {
    pub q: String,
    #[serde(flatten)]
    pub filters: Filters,
}

#[derive(Deserialize)]
pub struct Signup {
    pub email: String,
    #[serde(flatten)]
    pub more: Option<Filters2>,
}

/// Read fine: text flattened, and a flattened map takes the other keys.
#[derive(Deserialize)]
pub struct Loose {
    pub q: String,
    #[serde(flatten)]
    pub label: Labelled,
    #[serde(flatten)]
    pub rest: HashMap<String, String>,
}

#[derive(Deserialize)]
pub struct Labelled { pub label: Option<String> }

pub struct ParamsController;
#[controller("/params")]
impl ParamsController {
    #[get("/one")]
    async fn one(
        &self,
        #[query("range")] range: Range,
        #[query("price")] price: Option<Range>,
        #[query("extra")] extra: HashMap<String, String>,
        #[query("filter")] filter: Option<Filter>,
        #[query("ranges")] ranges: Vec<Range>,
    ) -> String { todo!() }
    #[get("/:at")]
    async fn at(
        &self,
        #[param] at: Range,
        #[header("x-range")] x_range: Option<Range>,
        #[cookie("pref")] pref: Option<Filter>,
    ) -> String { todo!() }
    /// Read fine: scalars, a unit-variant enum, options and lists of them.
    #[get("/fine/:id")]
    async fn fine(
        &self,
        #[param] id: u64,
        #[query("sort")] sort: Option<Sort>,
        #[query("ids")] ids: Vec<u64>,
        #[query("page")] page: Option<u32>,
        #[header("x-sort")] x_sort: Option<Sort>,
        #[query] loose: Loose,
    ) -> String { todo!() }
    #[get("/search")]
    async fn search(&self, #[query] s: Search) -> String { todo!() }
    #[post("/signup")]
    async fn signup(&self, #[body(form)] s: Signup) -> String { todo!() }
}
