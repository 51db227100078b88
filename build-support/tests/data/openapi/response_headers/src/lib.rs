use serde::Serialize;
use tether::response::cookie::SetCookie;
use tether::{controller, Attachment, WithHeaders};

#[derive(Serialize)]
pub struct Item {
    pub id: u64,
}

#[derive(Serialize)]
pub struct PageHeaders {
    /// How many items match.
    #[serde(rename = "X-Total-Count")]
    pub total: u64,
    /// The next page, when there is one.
    #[serde(rename = "Link", skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
    /// The tags of the page: one header line each, none when empty.
    #[serde(rename = "X-Tags")]
    pub tags: Vec<String>,
}

#[derive(Serialize)]
pub struct LoginHeaders {
    /// The session cookie.
    #[serde(rename = "Set-Cookie")]
    pub session: SetCookie,
}

#[derive(Serialize)]
pub struct ExportHeaders {
    /// The export's version.
    #[serde(rename = "ETag")]
    pub etag: String,
}

pub struct ItemsController;
#[controller("/items")]
impl ItemsController {
    #[get]
    async fn list(&self) -> WithHeaders<Vec<Item>, PageHeaders> { todo!() }

    #[post("/login")]
    async fn login(&self) -> WithHeaders<Item, LoginHeaders> { todo!() }

    /// A file with a header of its own beside `Content-Disposition`.
    #[get("/export")]
    async fn export(&self) -> WithHeaders<Attachment, ExportHeaders> { todo!() }
}
