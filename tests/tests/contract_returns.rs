//! SPEC A3, E1 on a live server: every return type the README lists is
//! served, and the answer depends on the value's type, not its spelling:
//! an alias of `Result` answers as a `Result` (its `Err` with its own
//! status), `(StatusCode, T)` answers `T` as a plain return would, with that
//! status, `Html` and `Redirect` answer as axum's do.

use serde::{Deserialize, Serialize};
use tether::{controller, App, Html, HttpError, Json, NativeAdapter, Redirect, StatusCode};
use tether_tests::TestServer;

#[derive(Serialize, Deserialize, Clone)]
struct Book {
    id: u64,
    title: String,
}

type ApiResult<T> = Result<T, HttpError>;
type Shelf = Vec<Book>;
type Text = String;

fn book(id: u64) -> ApiResult<Book> {
    match id {
        1 => Ok(Book {
            id,
            title: "Dune".into(),
        }),
        _ => Err(HttpError::not_found(format!("book {id} does not exist"))),
    }
}

struct ReturnsController;

#[controller("/returns")]
impl ReturnsController {
    #[get("/alias/:id")]
    async fn alias(&self, #[param] id: u64) -> ApiResult<Book> {
        book(id)
    }

    #[get("/alias-text/:id")]
    async fn alias_text(&self, #[param] id: u64) -> ApiResult<Text> {
        book(id).map(|b| b.title)
    }

    #[get("/shelf")]
    async fn shelf(&self) -> Shelf {
        vec![book(1).unwrap()]
    }

    #[post("/accepted")]
    async fn accepted(&self) -> (StatusCode, Book) {
        (StatusCode::ACCEPTED, book(1).unwrap())
    }

    #[get("/status-text")]
    async fn status_text(&self) -> (StatusCode, String) {
        (StatusCode::NON_AUTHORITATIVE_INFORMATION, "copy".into())
    }

    #[get("/status-result/:id")]
    async fn status_result(&self, #[param] id: u64) -> ApiResult<(StatusCode, Json<Book>)> {
        book(id).map(|b| (StatusCode::PARTIAL_CONTENT, Json(b)))
    }

    #[get("/html")]
    async fn html(&self) -> Html<&'static str> {
        Html("<h1>Dune</h1>")
    }

    #[get("/moved")]
    async fn moved(&self) -> Redirect {
        Redirect::permanent("/returns/html")
    }

    #[post("/see-other")]
    async fn see_other(&self) -> Result<Redirect, HttpError> {
        Ok(Redirect::to("/returns/alias/1"))
    }
}

async fn server() -> TestServer {
    TestServer::start(App::new(NativeAdapter::new()).controller(ReturnsController)).await
}

/// Status, content type and body of a request that follows no redirect.
async fn fetch(s: &TestServer, method: &str, path: &str) -> (u16, String, String, String) {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let res = client.request(method, s.url(path)).send().await.unwrap();
    let header = |name: &str| {
        res.headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default()
    };
    let (content_type, location) = (header("content-type"), header("location"));
    let status = res.status().as_u16();
    (status, content_type, location, res.text().await.unwrap())
}

#[tokio::test]
async fn e1_a_result_alias_answers_as_a_result() {
    let s = server().await;
    let (status, ct, _, body) = fetch(&s, "GET", "/returns/alias/1").await;
    assert_eq!((status, ct.as_str()), (200, "application/json"));
    assert_eq!(body, r#"{"id":1,"title":"Dune"}"#);
    let (status, ct, _, body) = fetch(&s, "GET", "/returns/alias/2").await;
    assert_eq!((status, ct.as_str()), (404, "application/json"));
    assert_eq!(
        body,
        r#"{"statusCode":404,"message":"book 2 does not exist","error":"Not Found"}"#
    );
    let (status, ct, _, body) = fetch(&s, "GET", "/returns/alias-text/1").await;
    assert_eq!(
        (status, ct.as_str(), body.as_str()),
        (200, "text/plain; charset=utf-8", "Dune")
    );
    let (status, _, _, _) = fetch(&s, "GET", "/returns/alias-text/3").await;
    assert_eq!(status, 404);
    let (status, ct, _, body) = fetch(&s, "GET", "/returns/shelf").await;
    assert_eq!((status, ct.as_str()), (200, "application/json"));
    assert_eq!(body, r#"[{"id":1,"title":"Dune"}]"#);
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a3_status_with_a_value_answers_the_value_with_that_status() {
    let s = server().await;
    let (status, ct, _, body) = fetch(&s, "POST", "/returns/accepted").await;
    assert_eq!((status, ct.as_str()), (202, "application/json"));
    assert_eq!(body, r#"{"id":1,"title":"Dune"}"#);
    let (status, ct, _, body) = fetch(&s, "GET", "/returns/status-text").await;
    assert_eq!(
        (status, ct.as_str(), body.as_str()),
        (203, "text/plain; charset=utf-8", "copy")
    );
    let (status, _, _, body) = fetch(&s, "GET", "/returns/status-result/1").await;
    assert_eq!((status, body.as_str()), (206, r#"{"id":1,"title":"Dune"}"#));
    let (status, _, _, _) = fetch(&s, "GET", "/returns/status-result/2").await;
    assert_eq!(status, 404);
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a3_html_and_redirects() {
    let s = server().await;
    let (status, ct, _, body) = fetch(&s, "GET", "/returns/html").await;
    assert_eq!(
        (status, ct.as_str(), body.as_str()),
        (200, "text/html; charset=utf-8", "<h1>Dune</h1>")
    );
    let (status, _, location, body) = fetch(&s, "GET", "/returns/moved").await;
    assert_eq!(
        (status, location.as_str(), body.as_str()),
        (308, "/returns/html", "")
    );
    let (status, _, location, _) = fetch(&s, "POST", "/returns/see-other").await;
    assert_eq!((status, location.as_str()), (303, "/returns/alias/1"));
    s.stop().await.unwrap();
}
