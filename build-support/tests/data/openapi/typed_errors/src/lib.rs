//! SPEC E6: a `#[derive(ApiError)]` enum documents one response per status
//! (variants sharing a status are `anyOf` their bodies), beside the
//! framework's own answers: `400` when an argument is read, `413`/`415`
//! for bodies (no `415` for raw bytes), nothing for a route that reads
//! nothing and returns no typed error.
use serde::{Deserialize, Serialize};
use tether::{controller, ApiError, HttpError};

#[derive(Serialize)]
pub struct Book {
    pub id: u64,
    pub title: String,
}

#[derive(Deserialize)]
pub struct CreateBook {
    pub title: String,
}

/// Why a book cannot be created or found.
#[derive(Debug, ApiError)]
#[serde(rename_all_fields = "camelCase")]
pub enum BookError {
    /// A book with this title exists.
    #[status(409, message = "a book titled {title:?} exists")]
    TitleTaken { title: String, conflicting_id: u64 },
    /// No book has this id.
    #[status(404)]
    NotFound { id: u64 },
    /// The shelf of this book is gone.
    #[status(404)]
    ShelfGone,
    #[status(400)]
    #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
    TitleTooLong {
        #[serde(rename = "max")]
        limit: u32,
        given_length: Option<u32>,
    },
}

pub type BookResult<T> = Result<T, BookError>;

pub struct BooksController;

#[controller("/books")]
impl BooksController {
    #[post]
    async fn create(&self, #[body] dto: CreateBook) -> Result<Book, BookError> { todo!() }
    #[get("/:id")]
    async fn find(&self, #[param] id: u64) -> BookResult<Book> { todo!() }
    #[put("/:id/cover")]
    async fn cover(&self, #[param] id: u64, #[body(bytes)] image: Vec<u8>) -> Result<(), HttpError> { todo!() }
    #[get]
    async fn list(&self) -> Vec<Book> { todo!() }
}
