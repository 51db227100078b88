use tether::controller;

pub struct BooksController;
#[controller("/books")]
#[security("bearr")]
impl BooksController {
    #[get]
    async fn list(&self) -> String { todo!() }

    #[post]
    #[security("bearer", "api_key")]
    async fn create(&self) -> String { todo!() }
}
