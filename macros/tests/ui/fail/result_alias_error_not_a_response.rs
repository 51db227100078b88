use serde::Serialize;
use tether::controller;

#[derive(Serialize)]
struct ApiError {
    code: u32,
}

type ApiResult<T> = Result<T, ApiError>;

struct BooksController;

#[controller("/books")]
impl BooksController {
    #[get]
    async fn list(&self) -> ApiResult<Vec<String>> {
        Err(ApiError { code: 7 })
    }
}

fn main() {}
