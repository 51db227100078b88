//! `/books`: the catalogue, in version 1 and (for one route) version 2.

use crate::model::{Book, BookV2, CreateBook, ListBooksQuery};
use crate::store::Store;
use tether::{controller, HttpError};

/// The book catalogue.
pub struct BooksController {
    store: Store,
}

impl BooksController {
    /// A controller over `store`.
    pub fn new(store: Store) -> Self {
        Self { store }
    }
}

#[controller("/books")]
impl BooksController {
    /// Lists books, optionally by one author.
    #[get]
    async fn find_all(&self, #[query] query: ListBooksQuery) -> Vec<Book> {
        self.store.with(|d| {
            d.books
                .values()
                .filter(|b| query.author_id.is_none_or(|a| b.author_id == a))
                .filter(|b| query.ids.as_ref().is_none_or(|ids| ids.contains(&b.id)))
                .take(query.limit.unwrap_or(usize::MAX))
                .cloned()
                .collect()
        })
    }

    /// Finds one book.
    #[get("/:id")]
    async fn find_one(&self, #[param] id: u64) -> Result<Book, HttpError> {
        self.store
            .with(|d| d.books.get(&id).cloned())
            .ok_or_else(|| HttpError::not_found(format!("book {id} does not exist")))
    }

    /// Finds one book with its author embedded.
    #[get("/:id")]
    #[version("2")]
    async fn find_one_v2(&self, #[param] id: u64) -> Result<BookV2, HttpError> {
        self.store
            .with(|d| {
                let book = d.books.get(&id)?;
                let author = d.authors.get(&book.author_id)?.clone();
                Some(BookV2 {
                    id: book.id,
                    title: book.title.clone(),
                    author,
                    year: book.year,
                })
            })
            .ok_or_else(|| HttpError::not_found(format!("book {id} does not exist")))
    }

    /// Adds a book; `x-request-id` is echoed in the log.
    #[post]
    async fn create(
        &self,
        #[body] dto: CreateBook,
        #[header("x-request-id")] request_id: Option<String>,
    ) -> Result<Book, HttpError> {
        if dto.title.trim().is_empty() {
            return Err(HttpError::bad_request("title must not be empty"));
        }
        let book = self.store.with(|d| {
            if !d.authors.contains_key(&dto.author_id) {
                return Err(HttpError::not_found(format!(
                    "author {} does not exist",
                    dto.author_id
                )));
            }
            let id = d.next_id();
            let book = Book {
                id,
                title: dto.title,
                author_id: dto.author_id,
                year: dto.year,
            };
            d.books.insert(id, book.clone());
            Ok(book)
        })?;
        if let Some(request_id) = request_id {
            // Inside the request span: the log line carries the route too.
            tracing::info!(request_id, book = book.id, "created book");
        }
        Ok(book)
    }

    /// Replaces a book.
    #[put("/:id")]
    async fn update(&self, #[param] id: u64, #[body] dto: CreateBook) -> Result<Book, HttpError> {
        if dto.title.trim().is_empty() {
            return Err(HttpError::bad_request("title must not be empty"));
        }
        self.store.with(|d| match d.books.get_mut(&id) {
            Some(book) => {
                book.title = dto.title;
                book.author_id = dto.author_id;
                book.year = dto.year;
                Ok(book.clone())
            }
            None => Err(HttpError::not_found(format!("book {id} does not exist"))),
        })
    }

    /// Removes a book.
    #[delete("/:id")]
    #[http_code(204)]
    async fn remove(&self, #[param] id: u64) -> Result<(), HttpError> {
        self.store
            .with(|d| d.books.remove(&id))
            .map(|_| ())
            .ok_or_else(|| HttpError::not_found(format!("book {id} does not exist")))
    }
}
