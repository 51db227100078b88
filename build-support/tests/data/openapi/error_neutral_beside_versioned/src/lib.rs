use tether::controller;

pub struct NotesController;
#[controller("/notes")]
impl NotesController {
    #[get]
    async fn list(&self) -> String { todo!() }
    #[get]
    #[version("2")]
    async fn list_v2(&self) -> String { todo!() }
}

/// Answers any version the notes routes leave: refused under HEADER versioning.
pub struct AnyVersionController;
#[controller("/notes")]
#[version(neutral)]
impl AnyVersionController {
    #[get]
    async fn list(&self) -> String { todo!() }
    #[get("/count")]
    async fn count(&self) -> String { todo!() }
}
