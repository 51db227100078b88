// `Option` of what is always there: a query string exists on every request
// (empty at worst), so `#[query] q: Option<Filters>` could never be `None`
// and every request would fail to read; a multipart body has no "absent".
use serde::Deserialize;
use tether::controller;
use tether::extract::multipart::{MultipartForm, UploadedFile};

#[derive(Deserialize)]
struct Filters {
    author: Option<String>,
}

#[derive(MultipartForm)]
struct Upload {
    file: UploadedFile,
}

struct Books;

#[controller("/books")]
impl Books {
    #[get]
    async fn list(&self, #[query] filters: Option<Filters>) -> String {
        filters.and_then(|f| f.author).unwrap_or_default()
    }

    #[post("/cover")]
    async fn cover(&self, #[body(multipart)] upload: Option<Upload>) -> String {
        upload.map(|u| u.file.file_name.unwrap_or_default()).unwrap_or_default()
    }
}

fn main() {}
