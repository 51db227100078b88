// Input of the expansion golden (see `src/expand.rs` tests): versions
// (SPEC A2) on the controller (its `VERSIONS`) and on methods, where the
// method's win: inherited (`versions: None`), one, several, neutral.
#[controller("/cats")]
#[version("1", "2")]
impl CatsController {
    #[get]
    async fn list(&self) -> Vec<Cat> {
        self.cats.list()
    }

    #[get("/:id")]
    #[version("3")]
    async fn find(&self, #[param] id: u64) -> Cat {
        self.cats.find(id)
    }

    #[get("/count")]
    #[version("2", "3")]
    async fn count(&self) -> u64 {
        self.cats.count()
    }

    #[get("/health")]
    #[version(neutral)]
    async fn health(&self) -> &'static str {
        "ok"
    }
}
