use tether::{controller, Json};

#[derive(serde::Serialize)]
pub struct Book {
    pub id: u64,
    /// Use `id`.
    #[deprecated(note = "use id")]
    pub isbn: String,
}

/// The first edition of the book model.
#[derive(serde::Serialize)]
#[deprecated]
pub struct OldBook {
    pub title: String,
}

/// Books, tagged `catalogue` instead of `books`.
pub struct BooksController;
#[controller("/books")]
#[tags("catalogue")]
impl BooksController {
    #[get]
    async fn list(&self) -> Json<Vec<Book>> { todo!() }

    /// Moved to `GET /books`.
    #[get("/all")]
    #[deprecated(note = "use list")]
    #[tags("admin", "catalogue")]
    async fn all(&self) -> Json<Vec<OldBook>> { todo!() }
}

/// Ops routes, every one deprecated with the impl.
pub struct OpsController;
#[controller("/ops")]
#[deprecated = "ops move to the admin API"]
impl OpsController {
    #[get("/stats")]
    #[tags("admin")]
    async fn stats(&self) -> String { todo!() }
}
