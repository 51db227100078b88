// Input of the expansion golden (see `src/expand.rs` tests): rules on
// single values (SPEC E5): read, checked together, then piped.
use tether::controller;

#[derive(Default)]
pub struct TicketsController;

#[controller("/tickets")]
impl TicketsController {
    #[get("/:code")]
    async fn list(
        &self,
        #[param] #[validate(pattern = "^[A-Z]{3}$")] code: String,
        #[query("limit")] #[validate(minimum = 1, maximum = 100)] limit: Option<u32>,
        #[query("tag")] #[validate(max_items = 3, unique_items)] #[validate(max_length = 5)] tag: Vec<String>,
        #[query("page")] page: Option<u32>,
    ) -> String {
        format!("{code} {limit:?} {tag:?} {page:?}")
    }
}
