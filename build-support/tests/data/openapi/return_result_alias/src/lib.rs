//! Type aliases are followed: a `Result` alias documents its `Ok` type,
//! as the server answers it (not `{"Ok": …}`, not an opaque body).
use serde::Serialize;
use tether::{controller, HttpError, Json};

mod api {
    pub type ApiResult<T> = Result<T, tether::HttpError>;
    pub type JsonResult<T> = Result<tether::Json<T>, tether::HttpError>;
}

use api::{ApiResult, JsonResult};

#[derive(Serialize)]
pub struct Book {
    pub id: u32,
}

pub type Shelf = Vec<Book>;
pub type Title = String;
pub type Either<T> = ApiResult<Option<T>>;

pub struct BooksController;

#[controller("/books")]
impl BooksController {
    #[get("/:id")]
    async fn find(&self, #[param] id: u32) -> ApiResult<Book> { todo!() }
    #[get]
    async fn list(&self) -> ApiResult<Shelf> { todo!() }
    #[get("/:id/title")]
    async fn title(&self, #[param] id: u32) -> ApiResult<Title> { todo!() }
    #[get("/:id/json")]
    async fn json(&self, #[param] id: u32) -> JsonResult<Book> { todo!() }
    #[get("/:id/maybe")]
    async fn maybe(&self, #[param] id: u32) -> Either<Book> { todo!() }
    #[post]
    async fn create(&self) -> Result<Json<Book>, HttpError> { todo!() }
}
