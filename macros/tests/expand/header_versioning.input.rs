// Input of the expansion golden (see `src/expand.rs` tests): HEADER
// versioning from the crate's `tether.toml` (this case's
// `header_versioning.tether.toml`), embedded in `FRAMEWORK` with an
// `include_bytes!` of the file so editing it rebuilds the crate. The route
// paths carry no version segment: the runtime dispatches on the header.
use tether::controller;

#[derive(Default)]
pub struct ArticlesController;

#[controller("/articles")]
#[version("1")]
impl ArticlesController {
    #[get]
    async fn list(&self) -> Vec<String> {
        Vec::new()
    }

    #[get("/:id")]
    #[version("2")]
    async fn find(&self, #[param] id: u64, #[header("x-api-version")] version: Option<String>) -> String {
        format!("{id} {version:?}")
    }
}
