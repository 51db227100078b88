//! `/authors`: the people who wrote the books.

use crate::model::{Author, CreateAuthor};
use crate::store::Store;
use tether::{controller, HttpError};

/// Authors.
pub struct AuthorsController {
    store: Store,
}

impl AuthorsController {
    /// A controller over `store`.
    pub fn new(store: Store) -> Self {
        Self { store }
    }
}

#[controller("/authors")]
impl AuthorsController {
    /// Lists every author.
    #[get]
    async fn find_all(&self) -> Vec<Author> {
        self.store.with(|d| d.authors.values().cloned().collect())
    }

    /// Finds one author.
    #[get("/:id")]
    async fn find_one(&self, #[param] id: u64) -> Result<Author, HttpError> {
        self.store
            .with(|d| d.authors.get(&id).cloned())
            .ok_or_else(|| HttpError::not_found(format!("author {id} does not exist")))
    }

    /// Adds an author.
    #[post]
    async fn create(&self, #[body] dto: CreateAuthor) -> Author {
        self.store.with(|d| {
            let id = d.next_id();
            let author = Author { id, name: dto.name };
            d.authors.insert(id, author.clone());
            author
        })
    }
}
