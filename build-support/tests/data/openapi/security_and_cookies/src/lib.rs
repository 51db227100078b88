use tether::{controller, HttpError, Json};

pub struct RolesGuard;
pub struct Roles(pub &'static [&'static str]);

#[derive(serde::Serialize)]
pub struct Book {
    pub id: u64,
}

/// Books; every route needs a bearer token or an API key unless public.
pub struct BooksController;
#[controller("/books")]
#[security("bearer", "api_key")]
impl BooksController {
    /// Anyone may list.
    #[get]
    #[public]
    async fn list(&self, #[cookie("theme")] theme: Option<String>) -> Json<Vec<Book>> { todo!() }

    /// Only editors may create.
    #[post]
    #[use_guards(RolesGuard)]
    #[metadata(Roles(&["editor"]))]
    async fn create(&self) -> Result<Json<Book>, HttpError> { todo!() }

    /// The session cookie alone.
    #[get("/mine")]
    #[security("session")]
    async fn mine(&self, #[cookie("sid")] sid: String) -> Json<Vec<Book>> { todo!() }
}

/// Machine-to-machine routes.
pub struct SyncController;
#[controller("/sync")]
impl SyncController {
    #[post]
    #[security("oauth", "oidc", "basic")]
    async fn run(&self) -> String { todo!() }

    /// Not secured at all.
    #[get("/status")]
    async fn status(&self) -> String { todo!() }
}
