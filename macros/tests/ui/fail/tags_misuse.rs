use tether::controller;

struct BooksController;

#[controller("/books")]
#[tags]
impl BooksController {
    #[get]
    #[tags(admin)]
    async fn list(&self) {}

    #[get("/all")]
    #[tags("")]
    async fn all(&self) {}

    #[get("/some")]
    #[tags()]
    async fn some(&self) {}
}

fn main() {}
