//! Responses: one concrete [`Body`] type, and [`IntoResponse`]
//! for everything a handler may return.

use crate::response::finite::Finite;
use bytes::Bytes;
use http::{header, HeaderValue, StatusCode};
use http_body::{Frame, SizeHint};
use std::borrow::Cow;
use std::pin::Pin;
use std::task::{Context, Poll};

/// The response type of every handler, middleware and hook.
pub type Response = http::Response<Body>;

type BoxedBody = Pin<Box<dyn http_body::Body<Data = Bytes, Error = BoxError> + Send>>;

/// A boxed error, as streaming bodies report them.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The one response body type: empty, a full buffer, or a stream (SSE).
pub struct Body(Inner);

enum Inner {
    Empty,
    Full(Option<Bytes>),
    Stream(BoxedBody),
}

impl Body {
    /// An empty body.
    pub const fn empty() -> Self {
        Body(Inner::Empty)
    }

    /// A body from any `http_body::Body`, for streams such as SSE.
    pub fn from_stream<B>(body: B) -> Self
    where
        B: http_body::Body<Data = Bytes> + Send + 'static,
        B::Error: Into<BoxError>,
    {
        use http_body_util::BodyExt;
        Body(Inner::Stream(Box::pin(body.map_err(Into::into))))
    }
}

impl Body {
    /// The bytes of a whole body (`None` for a stream, an empty body or
    /// one already read).
    #[cfg(feature = "compression")]
    pub(crate) fn whole(&self) -> Option<&Bytes> {
        match &self.0 {
            Inner::Full(data) => data.as_ref(),
            _ => None,
        }
    }

    /// Whether this is a stream, written by hyper over time.
    pub(crate) fn is_stream(&self) -> bool {
        matches!(self.0, Inner::Stream(_))
    }

    /// The same body, holding `open` until it is written to its end or
    /// dropped (the header-read timeout waits for it: `crate::server::idle`).
    pub(crate) fn holding(self, open: crate::server::idle::Open) -> Body {
        match self.0 {
            Inner::Stream(stream) => Body(Inner::Stream(Box::pin(Holding {
                stream,
                _open: open,
            }))),
            other => Body(other),
        }
    }
}

pin_project_lite::pin_project! {
    /// A stream and what it holds open while it lasts.
    struct Holding<O> {
        #[pin]
        stream: BoxedBody,
        _open: O,
    }
}

impl<O> http_body::Body for Holding<O> {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        self.project().stream.poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.stream.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.stream.size_hint()
    }
}

impl Default for Body {
    fn default() -> Self {
        Body::empty()
    }
}

impl From<Bytes> for Body {
    fn from(b: Bytes) -> Self {
        Body(Inner::Full(Some(b)))
    }
}

impl From<String> for Body {
    fn from(s: String) -> Self {
        Body::from(Bytes::from(s))
    }
}

impl From<Vec<u8>> for Body {
    fn from(v: Vec<u8>) -> Self {
        Body::from(Bytes::from(v))
    }
}

impl From<&'static str> for Body {
    fn from(s: &'static str) -> Self {
        Body::from(Bytes::from_static(s.as_bytes()))
    }
}

impl http_body::Body for Body {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        match &mut self.get_mut().0 {
            Inner::Empty => Poll::Ready(None),
            Inner::Full(data) => Poll::Ready(data.take().map(|d| Ok(Frame::data(d)))),
            Inner::Stream(s) => s.as_mut().poll_frame(cx),
        }
    }

    fn is_end_stream(&self) -> bool {
        match &self.0 {
            Inner::Empty => true,
            Inner::Full(data) => data.is_none(),
            Inner::Stream(s) => s.is_end_stream(),
        }
    }

    fn size_hint(&self) -> SizeHint {
        match &self.0 {
            Inner::Empty => SizeHint::with_exact(0),
            Inner::Full(data) => SizeHint::with_exact(data.as_ref().map_or(0, |d| d.len() as u64)),
            Inner::Stream(s) => s.size_hint(),
        }
    }
}

/// Anything a handler can return.
///
/// `status` is the route's success status (200; 201 for `#[post]`; or its
/// `#[http_code]`). Payloads such as [`Json`] and `String` answer with it;
/// values that carry their own status ([`HttpError`](crate::HttpError),
/// [`Response`]) ignore it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be returned from a tether handler",
    label = "this type does not implement `tether::IntoResponse`",
    note = "return `Json<T>`, a `T: Serialize`, `String`, `Vec<u8>`, `()`, `Html<T>`, `Redirect`, an `Attachment`, `Result<_, HttpError>` or a `tether::Response`; the `E` of a `Result<T, E>` must implement `IntoResponse` itself (`HttpError` does)"
)]
pub trait IntoResponse {
    /// Builds the response, using `status` when the value has none of its own.
    fn into_response_with(self, status: StatusCode) -> Response;

    /// Builds the response with status 200 unless the value has its own.
    fn into_response(self) -> Response
    where
        Self: Sized,
    {
        self.into_response_with(StatusCode::OK)
    }
}

/// The content types tether answers with, checked at compile time (a
/// `from_static` at run time checks every byte on every response).
const TEXT_PLAIN: HeaderValue = HeaderValue::from_static("text/plain; charset=utf-8");
const TEXT_HTML: HeaderValue = HeaderValue::from_static("text/html; charset=utf-8");
const OCTET_STREAM: HeaderValue = HeaderValue::from_static("application/octet-stream");
/// `application/json`.
pub(crate) const APPLICATION_JSON: HeaderValue = HeaderValue::from_static("application/json");

fn with_type(body: Body, status: StatusCode, content_type: HeaderValue) -> Response {
    let mut res = Response::new(body);
    *res.status_mut() = status;
    res.headers_mut().insert(header::CONTENT_TYPE, content_type);
    res
}

impl IntoResponse for Response {
    fn into_response_with(self, _status: StatusCode) -> Response {
        self
    }
}

impl IntoResponse for () {
    fn into_response_with(self, status: StatusCode) -> Response {
        let mut res = Response::new(Body::empty());
        *res.status_mut() = status;
        res
    }
}

impl IntoResponse for StatusCode {
    fn into_response_with(self, _status: StatusCode) -> Response {
        ().into_response_with(self)
    }
}

/// `204 No Content`, whatever the route's default status.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoContent;

impl IntoResponse for NoContent {
    fn into_response_with(self, _status: StatusCode) -> Response {
        ().into_response_with(StatusCode::NO_CONTENT)
    }
}

impl IntoResponse for String {
    fn into_response_with(self, status: StatusCode) -> Response {
        with_type(Body::from(self), status, TEXT_PLAIN)
    }
}

impl IntoResponse for &'static str {
    fn into_response_with(self, status: StatusCode) -> Response {
        with_type(Body::from(self), status, TEXT_PLAIN)
    }
}

impl IntoResponse for Cow<'static, str> {
    fn into_response_with(self, status: StatusCode) -> Response {
        match self {
            Cow::Borrowed(s) => s.into_response_with(status),
            Cow::Owned(s) => s.into_response_with(status),
        }
    }
}

impl IntoResponse for Bytes {
    fn into_response_with(self, status: StatusCode) -> Response {
        with_type(Body::from(self), status, OCTET_STREAM)
    }
}

impl IntoResponse for Vec<u8> {
    fn into_response_with(self, status: StatusCode) -> Response {
        Bytes::from(self).into_response_with(status)
    }
}

impl<T: IntoResponse, E: IntoResponse> IntoResponse for Result<T, E> {
    fn into_response_with(self, status: StatusCode) -> Response {
        match self {
            Ok(v) => v.into_response_with(status),
            Err(e) => e.into_response_with(status),
        }
    }
}

/// A value with an explicit status: `(StatusCode::ACCEPTED, Json(job))`.
impl<T: IntoResponse> IntoResponse for (StatusCode, T) {
    fn into_response_with(self, _status: StatusCode) -> Response {
        self.1.into_response_with(self.0)
    }
}

/// The error half of a handler value that is not a `Result`: never built.
impl IntoResponse for std::convert::Infallible {
    fn into_response_with(self, _status: StatusCode) -> Response {
        match self {}
    }
}

/// An HTML response body: `text/html; charset=utf-8` with the route's
/// status.
///
/// ```
/// use tether::{Html, IntoResponse};
/// let res = Html("<h1>Hi</h1>").into_response();
/// assert_eq!(res.headers()["content-type"], "text/html; charset=utf-8");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Html<T>(pub T);

impl<T: Into<Body>> IntoResponse for Html<T> {
    fn into_response_with(self, status: StatusCode) -> Response {
        with_type(self.0.into(), status, TEXT_HTML)
    }
}

/// A redirect: a `3xx` status with a `Location` header and no body, as
/// axum's `Redirect`.
///
/// ```
/// use tether::{IntoResponse, Redirect};
/// let res = Redirect::to("/books/7").into_response();
/// assert_eq!(res.status(), 303);
/// assert_eq!(res.headers()["location"], "/books/7");
/// ```
///
/// The target is sent as a URI: a character a URI cannot hold as it is
/// (anything not ASCII, a space, `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`,
/// `|`, `}`, a `%` not followed by two hex digits) is percent-encoded as
/// UTF-8, and an escape already there (`%20`) is kept, so clients read the
/// path that was meant rather than its UTF-8 bytes as Latin-1:
///
/// ```
/// use tether::{IntoResponse, Redirect};
/// let res = Redirect::to("/wiki/Café au lait").into_response();
/// assert_eq!(res.headers()["location"], "/wiki/Caf%C3%A9%20au%20lait");
/// ```
///
/// An empty target, or one with a control character (`\r`, `\n`, a
/// tab), answers `500`
/// rather than a header the client cannot read. To send the client back
/// to a target it chose (`?next=/cart`), use [`Redirect::local`], which
/// refuses any target on another site.
#[derive(Debug, Clone)]
pub struct Redirect {
    status: StatusCode,
    /// `None` for a target no `Location` can carry: answered `500`.
    location: Option<HeaderValue>,
}

impl Redirect {
    /// `303 See Other`: the client follows with a `GET`.
    pub fn to(uri: &str) -> Self {
        Self::with_status(StatusCode::SEE_OTHER, uri)
    }

    /// `307 Temporary Redirect`: the client repeats the method and body.
    pub fn temporary(uri: &str) -> Self {
        Self::with_status(StatusCode::TEMPORARY_REDIRECT, uri)
    }

    /// `308 Permanent Redirect`: as `temporary`, and it may be cached.
    pub fn permanent(uri: &str) -> Self {
        Self::with_status(StatusCode::PERMANENT_REDIRECT, uri)
    }

    /// [`Redirect::to`] (`303`) a path on this site, and only there: the
    /// target a client sent (`?next=…` after a login) cannot send it to
    /// another site (an open redirect). `Err` is a `400` naming the target
    /// when it is not a path starting with a single `/`: an absolute URL
    /// (`https://evil.example`), a scheme (`javascript:…`), a
    /// scheme-relative one (`//evil.example`, which browsers also read in
    /// `/\evil.example` and `\\evil.example`), a relative path, or one
    /// with a control character (browsers drop tabs and newlines, so
    /// `/\t/evil.example` is `//evil.example` to them).
    ///
    /// ```
    /// use tether::{HttpError, IntoResponse, Redirect};
    ///
    /// /// After a login: back where the client came from, or home.
    /// fn back_to(next: Option<&str>) -> Redirect {
    ///     next.and_then(|n| Redirect::local(n).ok())
    ///         .unwrap_or_else(|| Redirect::to("/"))
    /// }
    ///
    /// assert_eq!(back_to(Some("/cart?step=2")).into_response().headers()["location"], "/cart?step=2");
    /// assert_eq!(back_to(Some("//evil.example")).into_response().headers()["location"], "/");
    ///
    /// // Or refuse it: a handler returning it answers the `400`.
    /// fn strict(next: &str) -> Result<Redirect, HttpError> {
    ///     Redirect::local(next)
    /// }
    /// let e = strict("https://evil.example/").unwrap_err();
    /// assert_eq!(e.status(), 400);
    /// ```
    pub fn local(path: &str) -> Result<Self, crate::HttpError> {
        if is_local_path(path) {
            Ok(Self::to(path))
        } else {
            Err(crate::HttpError::bad_request(format!(
                "redirect target {path:?} is not a path on this site: it must start with a single `/` and hold no control character"
            )))
        }
    }

    /// An empty `uri`, or one with a control character, answers `500`
    /// (see [`Redirect`]).
    fn with_status(status: StatusCode, uri: &str) -> Self {
        Redirect {
            status,
            location: location_value(uri),
        }
    }

    /// The status it answers with.
    pub fn status(&self) -> StatusCode {
        self.status
    }
}

/// Whether `path` is a path on this site: one `/` first, not followed by
/// another or by `\` (scheme-relative to browsers), and no control
/// character anywhere (browsers drop tabs and newlines before reading it).
fn is_local_path(path: &str) -> bool {
    let bytes = path.as_bytes();
    bytes.first() == Some(&b'/')
        && !matches!(bytes.get(1), Some(b'/' | b'\\'))
        && !bytes.iter().any(u8::is_ascii_control)
}

/// Whether `byte` stands as it is in a URI reference (RFC 3986's
/// unreserved and reserved characters); `%` is looked at on its own.
fn uri_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=".contains(&byte)
}

/// `uri` as a `Location` value: each byte a URI reference cannot hold
/// percent-encoded, escapes already there kept; `None` when it is empty
/// or has a control character.
fn location_value(uri: &str) -> Option<HeaderValue> {
    use std::fmt::Write;
    let bytes = uri.as_bytes();
    if bytes.is_empty() || bytes.iter().any(u8::is_ascii_control) {
        return None;
    }
    let escape_at = |i: usize| {
        bytes
            .get(i + 1..i + 3)
            .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit))
    };
    let kept = |(i, &b): (usize, &u8)| uri_byte(b) || (b == b'%' && escape_at(i));
    if bytes.iter().enumerate().all(kept) {
        return HeaderValue::from_str(uri).ok();
    }
    let mut out = String::with_capacity(uri.len() + 16);
    for (i, &b) in bytes.iter().enumerate() {
        if kept((i, &b)) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    HeaderValue::from_str(&out).ok()
}

impl IntoResponse for Redirect {
    fn into_response_with(self, _status: StatusCode) -> Response {
        let Some(location) = self.location else {
            return crate::HttpError::internal(
                "redirect to an invalid location: it is empty or has a control character",
            )
            .into_response();
        };
        let mut res = ().into_response_with(self.status);
        res.headers_mut().insert(header::LOCATION, location);
        res
    }
}

/// A JSON response body (and, with `#[body]`, a JSON request body).
///
/// Handlers may return `Json<T>` or just `T: Serialize`; the macro wraps
/// the latter itself.
///
/// ```
/// use tether::{IntoResponse, Json};
/// let res = Json(vec![1, 2, 3]).into_response();
/// assert_eq!(res.headers()["content-type"], "application/json");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Json<T>(pub T);

thread_local! {
    /// Where JSON is written before it is copied out at its exact size: one
    /// allocation per response instead of a growing `Vec`.
    static JSON_BUF: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Serialises `value` into the thread's reused buffer and copies it out.
fn to_json_bytes<T: serde::Serialize>(value: &T) -> serde_json::Result<Bytes> {
    /// A buffer that grew past this for one large response is let go.
    const KEEP: usize = 64 * 1024;
    JSON_BUF
        .try_with(|cell| match cell.try_borrow_mut() {
            Ok(mut buf) => {
                buf.clear();
                let written = serde_json::to_writer(&mut *buf, &Finite(value));
                let bytes = written.map(|()| Bytes::copy_from_slice(&buf));
                if buf.capacity() > KEEP {
                    *buf = Vec::new();
                }
                bytes
            }
            // Serialize impls that serialise JSON themselves (re-entrancy).
            Err(_) => serde_json::to_vec(&Finite(value)).map(Bytes::from),
        })
        .unwrap_or_else(|_| serde_json::to_vec(&Finite(value)).map(Bytes::from))
}

/// Why `value` cannot be answered as JSON, and where in it (serialised
/// again, only once it failed: the path costs nothing on success).
#[cold]
fn json_failure<T: serde::Serialize>(value: &T, error: serde_json::Error) -> String {
    let mut sink = serde_json::Serializer::new(std::io::sink());
    match serde_path_to_error::serialize(&Finite(value), &mut sink) {
        Err(e) if e.path().iter().next().is_some() => {
            format!(
                "response serialisation failed at `{}`: {}",
                e.path(),
                e.inner()
            )
        }
        _ => format!("response serialisation failed: {error}"),
    }
}

impl<T: serde::Serialize> IntoResponse for Json<T> {
    fn into_response_with(self, status: StatusCode) -> Response {
        match to_json_bytes(&self.0) {
            Ok(bytes) => with_type(Body::from(bytes), status, APPLICATION_JSON),
            Err(e) => crate::HttpError::internal(json_failure(&self.0, e)).into_response(),
        }
    }
}

/// How the code `#[controller]` generates turns a handler's value into a
/// response, decided by the value's type rather than its spelling, so a
/// `type ApiResult<T> = Result<T, HttpError>` alias answers as the
/// `Result` it is. Autoref specialisation on concrete types:
/// `(&value).__tether_split()` picks [`ResultTag`](handler_return::ResultTag)
/// for a `Result` and [`PlainTag`](handler_return::PlainTag) for anything
/// else; `(&ok).__tether_body()` picks
/// [`ResponseTag`](handler_return::ResponseTag) for an [`IntoResponse`] and
/// [`JsonTag`](handler_return::JsonTag) (wrap in [`Json`]) for anything else.
#[doc(hidden)]
pub mod handler_return {
    use super::{IntoResponse, Response};
    use http::StatusCode;

    /// The value is a `Result`: its `Err` goes to the exception filters.
    pub struct ResultTag;
    /// The value is not a `Result`: all of it is the success.
    pub struct PlainTag;
    /// The success value builds its own response.
    pub struct ResponseTag;
    /// The success value is serialised as JSON.
    pub struct JsonTag;

    /// Picks [`ResultTag`] (wins: no autoref needed).
    pub trait SplitResult {
        fn __tether_split(&self) -> ResultTag {
            ResultTag
        }
    }
    impl<T, E> SplitResult for Result<T, E> {}

    /// Picks [`PlainTag`] (through one more reference).
    pub trait SplitPlain {
        fn __tether_split(&self) -> PlainTag {
            PlainTag
        }
    }
    impl<T> SplitPlain for &T {}

    impl ResultTag {
        /// The `Result` as it is.
        pub fn split<T, E>(self, value: Result<T, E>) -> Result<T, E> {
            value
        }
    }

    impl PlainTag {
        /// The value as a success that cannot fail.
        pub fn split<T>(self, value: T) -> Result<T, std::convert::Infallible> {
            Ok(value)
        }
    }

    /// Picks [`ResponseTag`] for an [`IntoResponse`] (wins).
    pub trait BodyResponse {
        fn __tether_body(&self) -> ResponseTag {
            ResponseTag
        }
    }
    impl<T: IntoResponse> BodyResponse for T {}

    /// Picks [`JsonTag`] for anything else.
    pub trait BodyJson {
        fn __tether_body(&self) -> JsonTag {
            JsonTag
        }
    }
    impl<T> BodyJson for &T {}

    impl ResponseTag {
        /// `value`'s own response, with `status` unless it has its own.
        pub fn respond<T: IntoResponse>(self, value: T, status: StatusCode) -> Response {
            value.into_response_with(status)
        }
    }

    impl JsonTag {
        /// `value` as JSON with `status`.
        pub fn respond<T: JsonReply>(self, value: T, status: StatusCode) -> Response {
            super::Json(value).into_response_with(status)
        }
    }

    /// What a handler may return besides an [`IntoResponse`]: a
    /// `Serialize` value, answered as JSON.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` cannot be returned from a tether handler",
        label = "neither `tether::IntoResponse` nor `serde::Serialize`",
        note = "return a `T: Serialize` (answered as JSON), `Json<T>`, `String`, `Vec<u8>`, `()`, `NoContent`, `Html<T>`, `Redirect`, `(StatusCode, T)`, `Result<_, HttpError>` or a `tether::Response`"
    )]
    pub trait JsonReply: serde::Serialize {}
    impl<T: serde::Serialize> JsonReply for T {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt;

    async fn text(res: Response) -> String {
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        String::from_utf8(bytes.to_vec()).unwrap()
    }

    #[tokio::test]
    async fn a3_default_status_applies_to_payloads_only() {
        let created = StatusCode::CREATED;
        assert_eq!("x".into_response_with(created).status(), 201);
        assert_eq!(().into_response_with(created).status(), 201);
        assert_eq!(NoContent.into_response_with(created).status(), 204);
        let err: Result<String, crate::HttpError> = Err(crate::HttpError::conflict("taken"));
        let res = err.into_response_with(created);
        assert_eq!(res.status(), 409);
        assert!(text(res).await.contains("\"taken\""));
        let res = (StatusCode::ACCEPTED, "queued").into_response_with(created);
        assert_eq!(res.status(), 202);
        assert_eq!(text(res).await, "queued");
    }

    #[tokio::test]
    async fn a3_json() {
        let res = Json(serde_json::json!({"a": 1})).into_response_with(StatusCode::OK);
        assert_eq!(res.headers()[header::CONTENT_TYPE], "application/json");
        assert_eq!(text(res).await, r#"{"a":1}"#);
    }

    fn location(r: Redirect) -> String {
        let res = r.into_response();
        String::from_utf8(res.headers()[header::LOCATION].as_bytes().to_vec()).unwrap()
    }

    /// Issue 31: what a URI cannot hold is percent-encoded (UTF-8), what it
    /// can, escapes included, is kept.
    #[test]
    fn a3_redirect_percent_encodes_what_a_uri_cannot_hold() {
        assert_eq!(location(Redirect::to("/books/7?x=1#a")), "/books/7?x=1#a");
        assert_eq!(
            location(Redirect::to("/wiki/Café au lait")),
            "/wiki/Caf%C3%A9%20au%20lait"
        );
        assert_eq!(location(Redirect::to("/a%20b%zz%")), "/a%20b%25zz%25");
        assert_eq!(
            location(Redirect::to("https://例え.jp/a\\b?q=\"<>\"")),
            "https://%E4%BE%8B%E3%81%88.jp/a%5Cb?q=%22%3C%3E%22"
        );
        assert_eq!(
            location(Redirect::to("/\\evil.example")),
            "/%5Cevil.example"
        );
        for bad in ["", "/a\r\nSet-Cookie: x=1", "/a\tb", "/\x7f"] {
            assert_eq!(Redirect::to(bad).into_response().status(), 500, "{bad:?}");
        }
    }

    /// Issue 31: `Redirect::local` admits a path on this site only.
    #[test]
    fn a3_redirect_local_refuses_other_sites() {
        for ok in ["/", "/cart?step=2", "/a//b", "/é"] {
            assert!(Redirect::local(ok).is_ok(), "{ok:?}");
        }
        assert_eq!(location(Redirect::local("/é").unwrap()), "/%C3%A9");
        for bad in [
            "https://evil.example/",
            "//evil.example",
            "/\\evil.example",
            "\\\\evil.example",
            "javascript:alert(1)",
            "evil.example",
            " //evil.example",
            "/\t/evil.example",
            "/\n/evil.example",
            "",
        ] {
            let e = Redirect::local(bad).unwrap_err();
            assert_eq!(e.status(), 400, "{bad:?}");
            assert!(
                e.message().contains("is not a path on this site"),
                "{}",
                e.message()
            );
        }
    }

    /// A NaN where the document promises a number is a `500` naming the
    /// field, not a `null` the client's type does not allow.
    #[tokio::test]
    async fn a3_json_refuses_non_finite_numbers_naming_the_field() {
        #[derive(serde::Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Stats {
            total: u32,
            by_day: Vec<f64>,
        }
        let stats = Stats {
            total: 0,
            by_day: vec![1.0, f64::NAN],
        };
        let res = Json(stats).into_response_with(StatusCode::OK);
        assert_eq!(res.status(), 500);
        let body = text(res).await;
        assert!(body.contains("at `byDay[1]`"), "{body}");
        assert!(body.contains("NaN cannot be written in JSON"), "{body}");
    }
}
