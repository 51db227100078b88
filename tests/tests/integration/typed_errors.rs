//! SPEC E6 on a live server: a `#[derive(ApiError)]` enum answers each
//! variant with its `#[status]` and Nest's body (`statusCode`, `message`,
//! `error`) plus the variant's fields as serde names them; an exception
//! filter still receives the typed error.

use serde::{Deserialize, Serialize};
use tether::{
    controller, ApiError, App, Exception, ExceptionFilter, Host, NativeAdapter, Response,
};
use tether_tests::TestServer;

#[derive(Serialize)]
struct Book {
    id: u64,
    title: String,
}

#[derive(Deserialize)]
struct CreateBook {
    title: String,
}

/// Why a book cannot be created or found.
#[derive(Debug, ApiError)]
#[serde(rename_all_fields = "camelCase")]
enum BookError {
    /// A book with this title exists.
    #[status(409, message = "a book titled {title:?} exists")]
    TitleTaken { title: String, conflicting_id: u64 },
    /// No book has this id.
    #[status(404)]
    NotFound { id: u64 },
    #[status(503)]
    ShelfClosed,
    #[status(422)]
    #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
    TooLong {
        #[serde(rename = "max")]
        limit: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        given_length: Option<u32>,
    },
}

type BookResult<T> = Result<T, BookError>;

struct BooksController;

#[controller("/books")]
impl BooksController {
    #[post]
    async fn create(&self, #[body] dto: CreateBook) -> Result<Book, BookError> {
        match dto.title.as_str() {
            "Dune" => Err(BookError::TitleTaken {
                title: dto.title,
                conflicting_id: 1,
            }),
            "closed" => Err(BookError::ShelfClosed),
            t if t.len() > 8 => Err(BookError::TooLong {
                limit: 8,
                given_length: None,
            }),
            _ => Ok(Book {
                id: 2,
                title: dto.title,
            }),
        }
    }

    #[get("/:id")]
    async fn find(&self, #[param] id: u64) -> BookResult<Book> {
        match id {
            1 => Ok(Book {
                id,
                title: "Dune".into(),
            }),
            _ => Err(BookError::NotFound { id }),
        }
    }
}

/// Answers a typed 404 with a body of its own: filters see the enum.
struct MissingAsGone;

impl ExceptionFilter for MissingAsGone {
    fn catch(&self, exception: Exception, _host: &Host) -> Result<Response, Exception> {
        match exception.downcast_ref::<BookError>() {
            Some(BookError::NotFound { id }) => {
                let res =
                    tether::HttpError::new(tether::StatusCode::GONE, format!("book {id} is gone"));
                Ok(tether::IntoResponse::into_response(res))
            }
            _ => Err(exception),
        }
    }
}

async fn send(
    s: &TestServer,
    method: &str,
    path: &str,
    json: Option<&str>,
) -> (u16, String, String) {
    let client = reqwest::Client::new();
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let mut req = client.request(method, s.url(path));
    if let Some(body) = json {
        req = req
            .header("content-type", "application/json")
            .body(body.to_string());
    }
    let res = req.send().await.unwrap();
    let ct = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (res.status().as_u16(), ct, res.text().await.unwrap())
}

#[tokio::test]
async fn e6_each_variant_answers_its_status_and_body() {
    let s = TestServer::start(App::new(NativeAdapter::new()).controller(BooksController)).await;
    let (status, ct, body) = send(&s, "POST", "/books", Some(r#"{"title":"Dune"}"#)).await;
    assert_eq!((status, ct.as_str()), (409, "application/json"));
    assert_eq!(
        body,
        r#"{"statusCode":409,"message":"a book titled \"Dune\" exists","error":"Conflict","code":"TITLE_TAKEN","title":"Dune","conflictingId":1}"#
    );
    let (status, _, body) = send(&s, "GET", "/books/7", None).await;
    assert_eq!(status, 404);
    assert_eq!(
        body,
        r#"{"statusCode":404,"message":"Not Found","error":"Not Found","code":"NOT_FOUND","id":7}"#
    );
    let (status, _, body) = send(&s, "POST", "/books", Some(r#"{"title":"closed"}"#)).await;
    assert_eq!(status, 503);
    assert_eq!(
        body,
        r#"{"statusCode":503,"message":"Service Unavailable","error":"Service Unavailable","code":"SHELF_CLOSED"}"#
    );
    let (status, _, body) =
        send(&s, "POST", "/books", Some(r#"{"title":"very long title"}"#)).await;
    assert_eq!(status, 422);
    assert_eq!(
        body,
        r#"{"statusCode":422,"message":"Unprocessable Entity","error":"Unprocessable Entity","code":"TOO_LONG","max":8}"#
    );
    // Success and the framework's own answers are untouched.
    let (status, _, body) = send(&s, "POST", "/books", Some(r#"{"title":"Emma"}"#)).await;
    assert_eq!((status, body.as_str()), (201, r#"{"id":2,"title":"Emma"}"#));
    let (status, _, body) = send(&s, "GET", "/books/x", None).await;
    assert_eq!(status, 400, "{body}");
    let (status, _, _) = send(&s, "POST", "/books", None).await;
    assert_eq!(status, 415);
    s.stop().await.unwrap();
}

#[tokio::test]
async fn e6_an_exception_filter_receives_the_typed_error() {
    let app = App::new(NativeAdapter::new())
        .use_filters(MissingAsGone)
        .controller(BooksController);
    let s = TestServer::start(app).await;
    let (status, _, body) = send(&s, "GET", "/books/7", None).await;
    assert_eq!(
        (status, body.as_str()),
        (
            410,
            r#"{"statusCode":410,"message":"book 7 is gone","error":"Gone","code":"GONE"}"#
        )
    );
    // Not caught: the variant answers itself.
    let (status, _, _) = send(&s, "POST", "/books", Some(r#"{"title":"Dune"}"#)).await;
    assert_eq!(status, 409);
    s.stop().await.unwrap();
}

#[test]
fn e6_status_is_readable_in_code() {
    assert_eq!(BookError::ShelfClosed.status().as_u16(), 503);
    assert_eq!(
        BookError::NotFound { id: 1 }.status(),
        tether::StatusCode::NOT_FOUND
    );
}
