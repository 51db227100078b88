// axum's habit: the extractor wrapper around the argument's type. The
// attribute already says how the value is read.
use serde::Deserialize;
use tether::controller;

#[derive(Deserialize)]
struct Book {
    title: String,
}

#[derive(Deserialize)]
struct Filters {
    author: Option<String>,
}

struct Json<T>(T);
struct Query<T>(T);

struct Books;

#[controller("/books")]
impl Books {
    #[post]
    async fn create(&self, #[body] book: Json<Book>) -> String {
        book.0.title
    }

    #[get]
    async fn list(&self, #[query] filters: Query<Filters>) -> String {
        filters.0.author.unwrap_or_default()
    }
}

fn main() {}
