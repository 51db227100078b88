use serde::{Deserialize, Serialize};
use tether::{controller, Json};


use std::borrow::Cow;
use tether::{IntoResponse, NoContent, Response, HttpError};
use bytes::Bytes;

#[derive(Serialize)]
pub struct Item { pub id: u32 }

pub struct ResponsesController;
#[controller("/r")]
impl ResponsesController {
    #[get("/string")]
    async fn string(&self) -> String { todo!() }
    #[get("/str")]
    async fn static_str(&self) -> &'static str { todo!() }
    #[get("/cow")]
    async fn cow(&self) -> Cow<'static, str> { todo!() }
    #[get("/bytes")]
    async fn bytes(&self) -> Bytes { todo!() }
    #[get("/vec")]
    async fn vec(&self) -> Vec<u8> { todo!() }
    #[get("/unit")]
    async fn unit(&self) {}
    #[get("/unit-explicit")]
    async fn unit_explicit(&self) -> () {}
    #[delete("/gone")]
    #[http_code(204)]
    async fn gone(&self) {}
    #[post("/accepted")]
    #[http_code(202)]
    async fn accepted(&self) -> Json<Item> { todo!() }
    #[post("/created")]
    async fn created(&self) -> Result<Json<Item>, HttpError> { todo!() }
    #[put("/no-content")]
    async fn no_content(&self) -> Result<NoContent, HttpError> { todo!() }
    #[get("/any")]
    async fn any(&self) -> impl IntoResponse { todo!() }
    #[get("/raw")]
    async fn raw(&self) -> Response { todo!() }
    #[get("/maybe")]
    async fn maybe(&self) -> Option<Json<Item>> { todo!() }
    #[get("/plain-type")]
    async fn plain_type(&self) -> Item { todo!() }
    #[get("/html")]
    async fn html(&self) -> tether::Html<String> { todo!() }
    /// A file: octet-stream with `Content-Disposition`.
    #[get("/download")]
    async fn download(&self) -> Result<tether::Attachment, HttpError> { todo!() }
    /// The crate's own `Attachment` is a value like any other: JSON.
    #[get("/mail-attachment")]
    async fn mail_attachment(&self) -> mail::Attachment { todo!() }
    /// So are the crate's own `Redirect` and `Response`, whatever tether's do.
    #[get("/short-link")]
    async fn short_link(&self) -> Result<links::Redirect, HttpError> { todo!() }
    #[get("/survey")]
    async fn survey(&self) -> links::Response { todo!() }
}

pub mod links {
    use serde::Serialize;

    #[derive(Serialize)]
    pub struct Redirect {
        pub from: String,
        pub to: String,
    }

    #[derive(Serialize)]
    pub struct Response {
        pub answer: u8,
    }
}

pub mod mail {
    use serde::Serialize;

    #[derive(Serialize)]
    pub struct Attachment {
        pub name: String,
    }
}
