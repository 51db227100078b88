//! `/lookup` (version 1): single named query values and a header, on
//! paths no `/:id` route of another method overlaps. (Not yet a
//! `#[body(form)]` with array fields: schemathesis finds the server refusing
//! a schema-valid form, see tests/e2e/contract.test.ts.)

use super::items::Items;
use crate::model::{Item, State};
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
