// A GET or HEAD request carries no body a client can send: `fetch` throws
// before sending one, so the generated client could never call the route.
use serde::Deserialize;
use tether::controller;

#[derive(Deserialize)]
struct Filters {
    author: Option<String>,
}

struct Books;

#[controller("/books")]
impl Books {
    #[get]
    async fn list(&self, #[body] filters: Filters) -> String {
        filters.author.unwrap_or_default()
    }

    #[head("/:id")]
    async fn exists(&self, #[param] id: u64, #[body(text)] note: String) -> String {
        format!("{id}{note}")
    }
}

fn main() {}
