// `#[http_code(204)]` answers without a body: a handler returning a value
// would have it dropped on the way out, whatever it computed.
use serde::Serialize;
use tether::{controller, HttpError};

#[derive(Serialize)]
struct Book {
    id: u64,
}

struct Books;

#[controller("/books")]
impl Books {
    #[post]
    #[http_code(204)]
    async fn create(&self) -> Book {
        Book { id: 1 }
    }

    #[put("/:id")]
    #[http_code(204)]
    async fn update(&self, #[param] id: u64) -> Result<Book, HttpError> {
        Ok(Book { id })
    }

    // Fine: nothing to drop.
    #[delete("/:id")]
    #[http_code(204)]
    async fn remove(&self, #[param] id: u64) -> Result<(), HttpError> {
        let _ = id;
        Ok(())
    }
}

fn main() {}
