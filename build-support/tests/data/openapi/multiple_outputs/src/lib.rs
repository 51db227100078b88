use serde::{Deserialize, Serialize};
use tether::{controller, Json};


pub mod admin;

#[derive(Serialize)]
pub struct Book { pub title: String }

pub struct BooksController;
#[controller("/books")]
impl BooksController {
    #[get]
    async fn list(&self) -> Json<Vec<Book>> { todo!() }
}
