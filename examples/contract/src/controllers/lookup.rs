//! `/lookup` (version 1): single named query values, a header and a form
//! body with array fields, on paths no `/:id` route of another method
//! overlaps.

use super::items::Items;
use crate::model::{Item, ItemFilter, State};
use tether::{controller, Json};

/// Searches and form posts over the items.
pub struct LookupController {
    items: Items,
}

impl LookupController {
    /// A controller over `items`.
    pub fn new(items: Items) -> Self {
        Self { items }
    }
}

#[controller("/lookup")]
impl LookupController {
    /// Searches names by single query values; echoes `x-trace-id` in the
    /// first item's name when sent (`Json<T>`, `#[header]`).
    #[get("/search")]
    async fn search(
        &self,
        #[query("q")] q: String,
        #[query("limit")] limit: Option<u32>,
        #[header("x-trace-id")] trace: Option<String>,
    ) -> Json<Vec<Item>> {
        let mut found = self.items.filter(|i| i.name.contains(q.as_str()));
        found.truncate(limit.map_or(usize::MAX, |l| l as usize));
        if let (Some(trace), Some(first)) = (trace, found.first_mut()) {
            first.name = format!("{} [{trace}]", first.name);
        }
        Json(found)
    }

    /// Lists items by the filters of `GET /items`, sent as an urlencoded
    /// form (`#[body(form)]`: an enum, an array, an optional array).
    #[post("/form")]
    #[http_code(200)]
    async fn by_form(&self, #[body(form)] filter: ItemFilter) -> Vec<Item> {
        self.items.matching(&filter)
    }

    /// Lists items by single named query values: an array and an enum.
    #[get("/tagged")]
    async fn tagged(
        &self,
        #[query("tag")] tags: Vec<String>,
        #[query("state")] state: Option<State>,
    ) -> Vec<Item> {
        self.items.filter(|i| {
            tags.iter().all(|t| i.labels.contains(t)) && state.is_none_or(|s| i.state == s)
        })
    }
}
