// Input of the expansion golden (see `src/expand.rs` tests): versions
// (SPEC A4) on the controller (its `VERSIONS`) and on methods, where the
// method's win: inherited (`versions: None`), one, several, neutral.
use tether::controller;

#[derive(Default)]
pub struct CatsController;

#[controller("/cats")]
#[version("1", "2")]
impl CatsController {
    #[get]
    async fn list(&self) -> Vec<String> {
        Vec::new()
    }

    #[get("/:id")]
    #[version("3")]
    async fn find(&self, #[param] id: u64) -> String {
        format!("cat {id}")
    }

    #[get("/count")]
    #[version("2", "3")]
    async fn count(&self) -> u64 {
        0
    }

    #[get("/health")]
    #[version(neutral)]
    async fn health(&self) -> &'static str {
        "ok"
    }
}
