//! SPEC E5 on a real server: DTOs deriving `serde_valid::Validate` are
//! checked when read (JSON and form bodies, query structs), before the
//! handler; a broken rule is a 400 in Nest's `ValidationPipe` shape listing
//! every broken rule, each naming the field by its wire path.

use serde::Deserialize;
use serde_valid::Validate;
use std::sync::atomic::{AtomicUsize, Ordering};
use tether::{controller, App, NativeAdapter};
use tether_tests::TestServer;

#[derive(Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
struct NewBook {
    #[validate(min_length = 1)]
    book_title: String,
    #[validate]
    author: Author,
    #[validate(max_items = 2)]
    #[validate]
    chapters: Vec<Chapter>,
}

#[derive(Deserialize, Validate)]
struct Author {
    #[validate(pattern = "@")]
    email: String,
}

#[derive(Deserialize, Validate)]
struct Chapter {
    #[validate(minimum = 1)]
    pages: u32,
}

#[derive(Deserialize, Validate)]
#[serde(rename_all = "kebab-case")]
struct Search {
    #[validate(maximum = 50)]
    page_size: Option<u32>,
}

static CALLS: AtomicUsize = AtomicUsize::new(0);

struct BooksController;

#[controller("/books")]
impl BooksController {
    #[post]
    async fn create(&self, #[body] dto: NewBook) -> String {
        CALLS.fetch_add(1, Ordering::SeqCst);
        dto.book_title
    }

    #[post("/form")]
    async fn form(&self, #[body(form)] q: Search) -> String {
        CALLS.fetch_add(1, Ordering::SeqCst);
        format!("{:?}", q.page_size)
    }

    #[get]
    async fn search(&self, #[query] q: Search) -> String {
        format!("{:?}", q.page_size)
    }
}

fn messages(body: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(v["statusCode"], 400, "{body}");
    assert_eq!(v["error"], "Bad Request", "{body}");
    v["message"]
        .as_array()
        .unwrap_or_else(|| panic!("message is a list: {body}"))
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn e5_json_body_every_broken_rule_by_wire_path_before_the_handler() {
    let s = TestServer::start(App::new(NativeAdapter::new()).controller(BooksController)).await;
    let bad = r#"{"bookTitle":"","author":{"email":"nope"},"chapters":[{"pages":3},{"pages":0},{"pages":1}]}"#;
    let before = CALLS.load(Ordering::SeqCst);
    let (status, body) = s.send(s.post("/books", "application/json", bad)).await;
    assert_eq!(status, 400, "{body}");
    let list = messages(&body);
    assert_eq!(
        CALLS.load(Ordering::SeqCst),
        before,
        "the handler must not run"
    );
    for path in [
        "bookTitle: ",
        "author.email: ",
        "chapters: ",
        "chapters[1].pages: ",
    ] {
        assert!(
            list.iter().any(|m| m.starts_with(path)),
            "{path} in {list:?}"
        );
    }
    assert_eq!(list.len(), 4, "{list:?}");
    let good = r#"{"bookTitle":"Dune","author":{"email":"a@b"},"chapters":[{"pages":3}]}"#;
    let (status, body) = s.send(s.post("/books", "application/json", good)).await;
    assert_eq!((status, body.as_str()), (201, "Dune"));
}

#[tokio::test]
async fn e5_query_and_form_structs_are_checked_too() {
    let s = TestServer::start(App::new(NativeAdapter::new()).controller(BooksController)).await;
    let (status, body) = s.get("/books?page-size=51").await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(messages(&body).len(), 1);
    assert!(messages(&body)[0].starts_with("page-size: "), "{body}");
    assert_eq!(
        s.get("/books?page-size=50").await,
        (200, "Some(50)".to_string())
    );
    let (status, body) = s
        .send(s.post(
            "/books/form",
            "application/x-www-form-urlencoded",
            "page-size=99",
        ))
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(messages(&body).len(), 1, "{body}");
}
