use serde::{Deserialize, Serialize};
use tether::{controller, Json};


/// A book in the catalogue.
///
/// Books are immutable once published.
#[derive(Serialize)]
pub struct Book {
    /// The ISBN-13.
    pub isbn: String,
    /// Where it is shelved.
    pub shelf: Shelf,
    /// Genre, if classified.
    pub genre: Option<Genre>,
}

/// A shelf location.
#[derive(Serialize)]
pub struct Shelf { pub row: u8 }

/// How a book is classified.
#[derive(Serialize)]
pub enum Genre {
    /// Made up.
    Fiction,
    /// Real.
    Essay { topic: String },
}

pub struct BooksController;

/// The catalogue.
///
/// Read-only for now.
#[controller("/books")]
impl BooksController {
    /// Lists the books.
    ///
    /// Sorted by title, then by ISBN.
    /// At most 100.
    #[get]
    async fn list(&self) -> Json<Vec<Book>> { todo!() }

    /// One-line summary only.
    #[get("/:isbn")]
    async fn get(&self, #[param] isbn: String) -> Json<Book> { todo!() }

    /// Removes a book from the catalogue once its last copy
    /// has been sold.
    ///
    /// Books still on loan are kept.
    #[delete("/:isbn")]
    async fn remove(&self, #[param] isbn: String) { todo!() }
}
