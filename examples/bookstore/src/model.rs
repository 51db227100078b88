//! The bookstore's data types.

use serde::{Deserialize, Serialize};

/// A book in the catalogue.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Book {
    /// Catalogue id.
    pub id: u64,
    /// Title as printed on the cover.
    pub title: String,
    /// Id of the author.
    pub author_id: u64,
    /// Year of first publication.
    pub year: Option<u16>,
}

/// Version 2 of a book: the author is embedded.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BookV2 {
    /// Catalogue id.
    pub id: u64,
    /// Title as printed on the cover.
    pub title: String,
    /// The author, resolved.
    pub author: Author,
    /// Year of first publication.
    pub year: Option<u16>,
}

/// What a client sends to add a book.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateBook {
    /// Title as printed on the cover; not blank.
    // The document states the rule the handler enforces (tether-build's
    // escape hatch: an attribute rustc drops).
    #[cfg_attr(
        any(),
        tether(schema = r#"{"type": "string", "minLength": 1, "pattern": "\\S"}"#)
    )]
    pub title: String,
    /// Id of an existing author.
    pub author_id: u64,
    /// Year of first publication.
    #[serde(default)]
    pub year: Option<u16>,
}

/// Filters of the book list.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListBooksQuery {
    /// Only books by this author.
    pub author_id: Option<u64>,
    /// At most this many books.
    pub limit: Option<usize>,
    /// Only these books (a repeated key: `?ids=1&ids=2`).
    pub ids: Option<Vec<u64>>,
}

/// An author.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Author {
    /// Author id.
    pub id: u64,
    /// Full name.
    pub name: String,
}

/// What a client sends to add an author.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CreateAuthor {
    /// Full name.
    pub name: String,
}

/// Liveness report.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Health {
    /// Always `"ok"` while the server answers.
    pub status: String,
}
