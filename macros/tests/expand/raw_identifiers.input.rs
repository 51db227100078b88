// Input of the expansion golden (see `src/expand.rs` tests): raw
// identifiers. A capture, query key or argument spelt `r#type` is `type`
// wherever a client sees it (the capture, the key, the argument named in a
// 400); Rust code, and the route's name in startup errors (a Rust path,
// `ItemsController::r#type`), keep the `r#`.
use serde::Deserialize;
use tether::controller;

#[derive(Deserialize)]
pub struct Filter {
    r#in: Option<String>,
}

#[derive(Default)]
pub struct ItemsController;

#[controller("/items")]
impl ItemsController {
    #[get("/:type")]
    async fn r#type(&self, #[param] r#type: String, #[query("match")] r#match: Option<String>) -> String {
        format!("{} {:?}", r#type, r#match)
    }

    #[get("/:id/ref")]
    async fn r#ref(&self, #[param] id: u64, #[query] r#in: Filter) -> String {
        format!("{id} {:?}", r#in.r#in)
    }
}
