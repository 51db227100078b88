// Input of the expansion golden (see `src/expand.rs` tests): a controller
// with a version, every kind of argument and a status override. Only the
// `#[controller]` impl is expanded; the items around it make the file
// compile as it is (`tests/tests/integration/expansion_inputs.rs`).
use serde::{Deserialize, Serialize};
use tether::{controller, HttpError, Json, Request};

#[derive(Serialize, Deserialize)]
pub struct Book {
    id: u64,
    title: String,
}

#[derive(Deserialize)]
pub struct ListQuery {
    limit: Option<u32>,
}

#[derive(Deserialize)]
pub struct CreateBook {
    title: String,
}

#[derive(Default)]
pub struct BooksController;

#[controller("/books")]
#[version("1")]
impl BooksController {
    /// Finds one book.
    #[get("/:id")]
    #[version("1", "2")]
    async fn find_one(&self, #[param] id: u64, #[header("x-request-id")] rid: Option<String>) -> Result<Book, HttpError> {
        Ok(Book { id, title: rid.unwrap_or_default() })
    }

    #[get]
    async fn find_all(&self, #[query] query: ListQuery, #[query("page")] page: Option<u32>) -> Vec<Book> {
        let _ = (query.limit, page);
        Vec::new()
    }

    #[post]
    async fn create(&self, #[body] dto: CreateBook, #[req] req: &Request) -> Json<Book> {
        let _ = req.method();
        Json(Book { id: 1, title: dto.title })
    }

    #[delete("/:id")]
    #[http_code(204)]
    async fn remove(&self, #[param] id: u64) {
        let _ = id;
    }
}
