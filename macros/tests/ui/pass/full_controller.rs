//! Every route attribute and argument kind on one controller.
use serde::{Deserialize, Serialize};
use tether::{controller, App, HttpError, NativeAdapter, NoContent, Request};

#[derive(Serialize, Deserialize)]
struct Book {
    title: String,
}

#[derive(Deserialize)]
struct Page {
    page: Option<u32>,
}

struct BooksController;

#[controller("/books")]
#[version("1")]
impl BooksController {
    #[get]
    async fn list(&self, #[query] page: Page, #[query("sort")] sort: Option<String>) -> Vec<Book> {
        let _ = (page.page, sort);
        Vec::new()
    }
    #[get("/:id")]
    #[version("1", "2")]
    async fn find(
        &self,
        #[param] id: u64,
        #[header("x-request-id")] rid: Option<String>,
    ) -> Result<Book, HttpError> {
        let _ = rid;
        Err(HttpError::not_found(format!("no book {id}")))
    }
    #[post]
    async fn create(&self, #[body] book: Book) -> tether::Json<Book> {
        tether::Json(book)
    }
    #[put("/:id")]
    async fn replace(&self, #[param("id")] book_id: u64, #[body(form)] book: Book) -> String {
        format!("{book_id} {}", book.title)
    }
    #[patch("/:id")]
    async fn rename(&self, #[param] id: u64, #[body(text)] title: String) -> String {
        format!("{id} {title}")
    }
    #[delete("/:id")]
    #[http_code(204)]
    async fn remove(&self, #[param] id: u64) {
        let _ = id;
    }
    #[options]
    async fn options(&self) -> NoContent {
        NoContent
    }
    #[head("/probe")]
    async fn probe(&self) {}
    #[all("/echo/*rest")]
    async fn echo(
        &self,
        #[param] rest: String,
        #[req] req: &Request,
        #[body(bytes)] body: Vec<u8>,
    ) -> Vec<u8> {
        let _ = (rest, req.method());
        body
    }
    #[get("/neutral")]
    #[version(neutral)]
    async fn neutral(&self) -> &'static str {
        "any version"
    }

    /// A plain helper method is left alone.
    fn helper(&self) -> u8 {
        1
    }
}

pub(crate) fn main() {
    let _ = BooksController.helper();
    let _app = App::new(NativeAdapter::new()).controller(BooksController);
}
