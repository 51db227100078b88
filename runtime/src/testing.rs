//! An in-process test client: requests go straight to the
//! compiled app — middleware, tower layers, pipeline, handlers — with no
//! socket, no port and no HTTP parsing, as `@nestjs/testing` + supertest do
//! for Nest.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use tether::testing::TestClient;
//! use tether::{controller, get, post, App, NativeAdapter};
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Book { id: u64, title: String }
//!
//! struct Books;
//!
//! #[controller("/books")]
//! impl Books {
//!     #[post]
//!     async fn create(&self, #[body] book: Book) -> Book { book }
//!
//!     #[get("/:id")]
//!     async fn find(&self, #[param] id: u64) -> Book {
//!         Book { id, title: "Dune".into() }
//!     }
//! }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! let client = TestClient::new(App::new(NativeAdapter::new()).controller(Books));
//!
//! let res = client.post("/books").json(&Book { id: 1, title: "Emma".into() }).await;
//! assert_eq!(res.status(), 201);
//! assert_eq!(res.json::<Book>().title, "Emma");
//!
//! let book: Book = client.get("/books/7").header("accept", "application/json").await.json();
//! assert_eq!(book, Book { id: 7, title: "Dune".into() });
//! # }
//! ```

use crate::app::builder::App;
use crate::app::service::AppService;
use crate::response::body::Response;
use crate::server::adapter::HttpAdapter;
use bytes::Bytes;
use http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use http_body_util::BodyExt;
use std::future::{Future, IntoFuture};
use std::pin::Pin;

/// A client that calls an app in-process. Cheap to clone; every request
/// runs on the caller's tokio runtime.
#[derive(Clone)]
pub struct TestClient {
    service: AppService,
}

impl TestClient {
    /// Compiles `app` (panicking with the reason if it cannot start, such as
    /// a route conflict) into a client.
    pub fn new<A: HttpAdapter>(app: App<A>) -> Self {
        match app.build() {
            Ok(service) => TestClient { service },
            Err(e) => panic!("the app cannot start: {e}"),
        }
    }

    /// A client for an already compiled app.
    pub fn from_service(service: AppService) -> Self {
        TestClient { service }
    }

    /// A request with `method` to `path` (with its query string, if any).
    pub fn request(&self, method: Method, path: &str) -> TestRequest {
        TestRequest {
            service: self.service.clone(),
            request: http::Request::builder().method(method).uri(path),
            body: Bytes::new(),
        }
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> TestRequest {
        self.request(Method::GET, path)
    }

    /// `POST path`.
    pub fn post(&self, path: &str) -> TestRequest {
        self.request(Method::POST, path)
    }

    /// `PUT path`.
    pub fn put(&self, path: &str) -> TestRequest {
        self.request(Method::PUT, path)
    }

    /// `PATCH path`.
    pub fn patch(&self, path: &str) -> TestRequest {
        self.request(Method::PATCH, path)
    }

    /// `DELETE path`.
    pub fn delete(&self, path: &str) -> TestRequest {
        self.request(Method::DELETE, path)
    }
}

/// One request being built; `.await` it (or call [`TestRequest::send`]) to
/// get the [`TestResponse`]. A header or path the `http` crate refuses
/// panics when sent, naming it.
pub struct TestRequest {
    service: AppService,
    request: http::request::Builder,
    body: Bytes,
}

impl TestRequest {
    /// Adds a header.
    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.request = self.request.header(name, value);
        self
    }

    /// The body as it is, with this `Content-Type`.
    pub fn body(self, content_type: &str, body: impl Into<Bytes>) -> Self {
        let mut this = self.header(http::header::CONTENT_TYPE.as_str(), content_type);
        this.body = body.into();
        this
    }

    /// A `text/plain` body.
    pub fn text(self, text: impl Into<String>) -> Self {
        self.body("text/plain; charset=utf-8", text.into())
    }

    /// A JSON body (`application/json`).
    pub fn json<T: serde::Serialize + ?Sized>(self, value: &T) -> Self {
        let json = serde_json::to_vec(value).expect("the test body serialises to JSON");
        self.body("application/json", json)
    }

    /// A form body (`application/x-www-form-urlencoded`) from a struct or
    /// map of scalars; a list gives the key once per item.
    pub fn form<T: serde::Serialize + ?Sized>(self, value: &T) -> Self {
        let encoded = form_encode(value);
        self.body("application/x-www-form-urlencoded", encoded)
    }

    /// A `multipart/form-data` body.
    pub fn multipart(self, form: Multipart) -> Self {
        let content_type = format!("multipart/form-data; boundary={}", Multipart::BOUNDARY);
        self.body(&content_type, form.finish())
    }

    /// Sends the request through the app.
    pub async fn send(self) -> TestResponse {
        let request = match self.request.body(self.body) {
            Ok(request) => request,
            Err(e) => panic!("the test request is not valid HTTP: {e}"),
        };
        TestResponse::read(self.service.call(request).await).await
    }
}

impl IntoFuture for TestRequest {
    type Output = TestResponse;
    type IntoFuture = Pin<Box<dyn Future<Output = TestResponse> + Send>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(self.send())
    }
}

/// A `multipart/form-data` body for [`TestRequest::multipart`].
#[derive(Default)]
pub struct Multipart {
    body: Vec<u8>,
}

impl Multipart {
    const BOUNDARY: &'static str = "tether-test-boundary-7MA4YWxkTrZu0gW";

    /// An empty form.
    pub fn new() -> Self {
        Self::default()
    }

    /// A text field.
    pub fn text(self, name: &str, value: &str) -> Self {
        self.part(name, None, None, value.as_bytes())
    }

    /// A file field.
    pub fn file(self, name: &str, file_name: &str, content_type: &str, data: &[u8]) -> Self {
        self.part(name, Some(file_name), Some(content_type), data)
    }

    fn part(
        mut self,
        name: &str,
        file_name: Option<&str>,
        content_type: Option<&str>,
        data: &[u8],
    ) -> Self {
        let mut head = format!(
            "--{}\r\nContent-Disposition: form-data; name=\"{}\"",
            Self::BOUNDARY,
            escape_quoted(name)
        );
        if let Some(file_name) = file_name {
            head.push_str(&format!("; filename=\"{}\"", escape_quoted(file_name)));
        }
        if let Some(content_type) = content_type {
            head.push_str(&format!("\r\nContent-Type: {content_type}"));
        }
        head.push_str("\r\n\r\n");
        self.body.extend_from_slice(head.as_bytes());
        self.body.extend_from_slice(data);
        self.body.extend_from_slice(b"\r\n");
        self
    }

    fn finish(mut self) -> Vec<u8> {
        self.body
            .extend_from_slice(format!("--{}--\r\n", Self::BOUNDARY).as_bytes());
        self.body
    }
}

/// A part's name or file name as browsers and undici's `FormData` write it
/// between quotes (WHATWG's multipart/form-data encoding): `"`, CR and LF
/// percent-encoded, so no name can end the quotes or add a header line.
fn escape_quoted(text: &str) -> String {
    text.replace('"', "%22")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// `value` (a struct or map of scalars and lists of them) as
/// `application/x-www-form-urlencoded`.
fn form_encode<T: serde::Serialize + ?Sized>(value: &T) -> String {
    use serde_json::Value;
    fn scalar(v: &Value) -> String {
        match v {
            Value::String(s) => s.clone(),
            Value::Null => String::new(),
            other => other.to_string(),
        }
    }
    let Value::Object(fields) = serde_json::to_value(value).expect("the form serialises") else {
        panic!("a form body is a struct or a map");
    };
    let mut out = form_urlencoded::Serializer::new(String::new());
    for (key, value) in &fields {
        match value {
            Value::Array(items) => {
                for item in items {
                    out.append_pair(key, &scalar(item));
                }
            }
            Value::Null => {}
            other => {
                out.append_pair(key, &scalar(other));
            }
        }
    }
    out.finish()
}

/// The app's answer, read in full.
#[derive(Debug, Clone)]
pub struct TestResponse {
    status: StatusCode,
    headers: HeaderMap,
    body: Bytes,
}

impl TestResponse {
    async fn read(response: Response) -> Self {
        let (parts, body) = response.into_parts();
        let body = match body.collect().await {
            Ok(body) => body.to_bytes(),
            Err(e) => panic!("the response body failed: {e}"),
        };
        TestResponse {
            status: parts.status,
            headers: parts.headers,
            body,
        }
    }

    /// The status.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The headers.
    pub fn headers(&self) -> &HeaderMap {
        &self.headers
    }

    /// A header's value, if present and text.
    pub fn header(&self, name: impl TryInto<HeaderName>) -> Option<&str> {
        let name = name.try_into().ok()?;
        self.headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    }

    /// The body's bytes.
    pub fn bytes(&self) -> &Bytes {
        &self.body
    }

    /// The body as text (lossy UTF-8).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The body as JSON of type `T`; panics with the status and the body
    /// when it is not.
    pub fn json<T: serde::de::DeserializeOwned>(&self) -> T {
        match serde_json::from_slice(&self.body) {
            Ok(value) => value,
            Err(e) => panic!(
                "the answer ({}) is not the JSON expected ({}): {e}\n{}",
                self.status,
                std::any::type_name::<T>(),
                self.text()
            ),
        }
    }
}
