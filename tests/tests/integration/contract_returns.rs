//! SPEC A3, E1 on a live server: every return type the README lists is
//! served, and the answer depends on the value's type, not its spelling:
//! an alias of `Result` answers as a `Result` (its `Err` with its own
//! status), `(StatusCode, T)` answers `T` as a plain return would, with that
//! status, `Html` and `Redirect` answer as axum's do, an `Attachment` is a
//! file whose name no client can use to add a header.

use serde::{Deserialize, Serialize};
use tether::response::headers::WithHeaders;
use tether::{
    controller, App, Attachment, Body, Html, HttpError, Json, NativeAdapter, Redirect, StatusCode,
};
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

    /// A redirect to where the client asks (`Redirect::to`).
    #[get("/go")]
    async fn go(&self, #[query("to")] to: String) -> Redirect {
        Redirect::to(&to)
    }

    /// Back where the client came from, on this site only.
    #[get("/back")]
    async fn back(&self, #[query("next")] next: String) -> Result<Redirect, HttpError> {
        Redirect::local(&next)
    }

    /// A header of the client's text.
    #[get("/signed")]
    async fn signed(&self, #[query("by")] by: String) -> WithHeaders<Book, Signed> {
        WithHeaders::new(book(1).unwrap(), Signed { by })
    }

    /// The name the client asks for, as the file's name.
    #[get("/file")]
    async fn file(&self, #[query("name")] name: String) -> Attachment {
        Attachment::new(vec![0x25, 0x50, 0x00, 0xFF, 0xFE])
            .filename(name)
            .content_type("application/pdf")
    }

    /// A streamed file: no `Content-Length`; a POST's 201.
    #[post("/file-stream")]
    async fn file_stream(&self) -> Attachment {
        let chunks = futures_util::stream::iter(["a,b\n", "1,2\n"].map(|c| {
            Ok::<_, std::io::Error>(http_body::Frame::data(bytes::Bytes::from_static(
                c.as_bytes(),
            )))
        }));
        Attachment::new(Body::from_stream(http_body_util::StreamBody::new(chunks)))
            .inline()
            .filename("table.csv")
            .content_type("text/csv")
    }
}

/// The headers of `/returns/signed`.
#[derive(Serialize)]
struct Signed {
    #[serde(rename = "X-Signed-By")]
    by: String,
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
        r#"{"statusCode":404,"message":"book 2 does not exist","error":"Not Found","code":"NOT_FOUND"}"#
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

/// Status, raw `Location` bytes and body of `GET path` (no redirect
/// followed).
async fn raw_location(s: &TestServer, path: &str) -> (u16, Vec<u8>, String) {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let res = client.get(s.url(path)).send().await.unwrap();
    let location = res
        .headers()
        .get("location")
        .map(|v| v.as_bytes().to_vec())
        .unwrap_or_default();
    (res.status().as_u16(), location, res.text().await.unwrap())
}

fn query(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

/// Issue 31: a `Location` is ASCII on the wire, non-ASCII percent-encoded
/// as UTF-8 (raw UTF-8 is read as Latin-1 by clients), an escape already
/// there kept; a control character is still a 500.
#[tokio::test]
async fn a3_a_redirect_location_is_percent_encoded() {
    let s = server().await;
    let go = |to: &str| format!("/returns/go?to={}", query(to));
    let (status, location, _) = raw_location(&s, &go("/wiki/Café au lait")).await;
    assert_eq!(status, 303);
    assert_eq!(
        String::from_utf8(location).unwrap(),
        "/wiki/Caf%C3%A9%20au%20lait"
    );
    let (_, location, _) = raw_location(&s, &go("/a%2Fb/ü?q=<x>")).await;
    assert_eq!(
        String::from_utf8(location).unwrap(),
        "/a%2Fb/%C3%BC?q=%3Cx%3E"
    );
    let (status, location, body) = raw_location(&s, &go("/a\r\nSet-Cookie: x=1")).await;
    assert_eq!((status, location.len()), (500, 0), "{body}");
    s.stop().await.unwrap();
}

/// Issue 31: `Redirect::local` sends the client to a path of this site and
/// answers 400 for any target a browser would read as another site.
#[tokio::test]
async fn a3_a_local_redirect_never_leaves_the_site() {
    let s = server().await;
    let back = |next: &str| format!("/returns/back?next={}", query(next));
    let (status, location, _) = raw_location(&s, &back("/cart?step=2")).await;
    assert_eq!((status, location.as_slice()), (303, &b"/cart?step=2"[..]));
    for target in [
        "https://evil.example/",
        "//evil.example",
        "/\\evil.example",
        "\\\\evil.example",
        "/\t/evil.example",
        "javascript:alert(1)",
    ] {
        let (status, location, body) = raw_location(&s, &back(target)).await;
        assert_eq!((status, location.len()), (400, 0), "{target:?}: {body}");
        assert!(body.contains("is not a path on this site"), "{body}");
    }
    s.stop().await.unwrap();
}

/// Issue 31: a `WithHeaders` value that is not ASCII would be read as
/// Latin-1 (`Zoë` as `ZoÃ«`): a 500 naming the header, as a NaN is.
#[tokio::test]
async fn e2_a_non_ascii_response_header_is_a_500_naming_it() {
    let s = server().await;
    let res = reqwest::get(s.url("/returns/signed?by=Zoe")).await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["x-signed-by"], "Zoe");
    let res = reqwest::get(s.url(&format!("/returns/signed?by={}", query("Zoë"))))
        .await
        .unwrap();
    assert_eq!(res.status(), 500);
    assert!(res.headers().get("x-signed-by").is_none());
    let body = res.text().await.unwrap();
    assert!(body.contains("`X-Signed-By` is not ASCII"), "{body}");
    s.stop().await.unwrap();
}

/// An `Attachment` on the wire: its bytes as they are, its headers, and a
/// hostile name (quotes, `;`, CR LF with a header after it, non-ASCII)
/// kept inside the one `Content-Disposition` value.
#[tokio::test]
async fn a3_an_attachment_is_a_file_whatever_its_name() {
    let s = server().await;
    let get = |name: &str| {
        let query: String = url::form_urlencoded::byte_serialize(name.as_bytes()).collect();
        let url = s.url(&format!("/returns/file?name={query}"));
        async move { reqwest::get(url).await.unwrap() }
    };
    let res = get("inv-1.pdf").await;
    assert_eq!(res.status(), 200);
    let h = res.headers().clone();
    assert_eq!(h["content-type"], "application/pdf");
    assert_eq!(
        h["content-disposition"],
        "attachment; filename=\"inv-1.pdf\""
    );
    assert_eq!(h["content-length"], "5");
    assert_eq!(
        &res.bytes().await.unwrap()[..],
        [0x25, 0x50, 0x00, 0xFF, 0xFE]
    );

    let res = get("a\"; filename=\"x.exe\r\nSet-Cookie: s=1\r\nX-Evil: 1").await;
    let h = res.headers();
    assert_eq!(
        h["content-disposition"],
        r#"attachment; filename="a\"; filename=\"x.exe__Set-Cookie: s=1__X-Evil: 1""#
    );
    assert!(h.get("set-cookie").is_none() && h.get("x-evil").is_none());
    assert_eq!(h.get_all("content-disposition").iter().count(), 1);

    // Non-ASCII also as `filename*`; and (issue 31) no separator to name
    // another directory, no bidi control to show `inv\u{202E}fdp.exe` as
    // `invexe.pdf`, in either parameter.
    for (name, disposition) in [
        (
            "Rechnung für März.pdf",
            "attachment; filename=\"Rechnung f_r M_rz.pdf\"; filename*=UTF-8''Rechnung%20f%C3%BCr%20M%C3%A4rz.pdf",
        ),
        ("../../etc/passwd", "attachment; filename=\".._.._etc_passwd\""),
        ("..\\..\\win.ini", "attachment; filename=\".._.._win.ini\""),
        ("Rechnung\u{202E}fdp.exe", "attachment; filename=\"Rechnung_fdp.exe\""),
        (
            "ü\u{2067}/\u{200F}.exe",
            "attachment; filename=\"____.exe\"; filename*=UTF-8''%C3%BC___.exe",
        ),
    ] {
        let res = get(name).await;
        assert_eq!(res.headers()["content-disposition"], disposition, "{name:?}");
    }

    let res = reqwest::Client::new()
        .post(s.url("/returns/file-stream"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    assert_eq!(
        res.headers()["content-disposition"],
        "inline; filename=\"table.csv\""
    );
    assert_eq!(res.headers()["content-type"], "text/csv");
    assert!(res.headers().get("content-length").is_none());
    assert_eq!(res.text().await.unwrap(), "a,b\n1,2\n");
    s.stop().await.unwrap();
}
