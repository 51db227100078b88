//! [`HttpError`]: an HTTP error with status, message and code, serialised
//! as Nest does with the code beside:
//! `{"statusCode":404,"message":"Cannot GET /x","error":"Not Found","code":"ROUTE_NOT_FOUND"}`.

use crate::response::body::{Body, IntoResponse, Response};
use http::{header, StatusCode};
use std::fmt;

/// The `code`s of tether's own error answers, stable across releases
/// (`INVALID_JSON`, `MISSING_PARAMETER`, `VALIDATION_FAILED`, …; the
/// README lists them).
pub use tether_model::status::codes;

/// An error that becomes an HTTP response.
///
/// ```
/// use tether::HttpError;
/// let e = HttpError::not_found("book 7 does not exist");
/// assert_eq!(e.status().as_u16(), 404);
/// assert_eq!(e.message(), "book 7 does not exist");
/// assert_eq!(e.code(), "NOT_FOUND");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpError {
    status: StatusCode,
    message: String,
    /// [`HttpError::with_code`]'s; `None` answers the status's code.
    code: Option<&'static str>,
    /// Several messages (Nest's validation answer), sent as an array.
    list: Option<Vec<String>>,
    body: Option<String>,
    /// Headers sent with it ([`HttpError::with_header`]); boxed: rare.
    headers: Option<Box<http::HeaderMap>>,
}

impl HttpError {
    /// An error with this status and message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self {
            status,
            message: message.into(),
            code: None,
            list: None,
            body: None,
            headers: None,
        }
    }

    /// `400 Bad Request` with one message per problem, sent as
    /// `"message": [..]` (Nest's `ValidationPipe` answer) with the code
    /// `VALIDATION_FAILED`; [`message`] joins them with `; `.
    ///
    /// [`message`]: HttpError::message
    pub fn bad_request_list(messages: Vec<String>) -> Self {
        let mut e = Self::new(StatusCode::BAD_REQUEST, messages.join("; "))
            .with_code(codes::VALIDATION_FAILED);
        e.list = Some(messages);
        e
    }

    /// The messages of [`HttpError::bad_request_list`], if it was made so.
    pub fn messages(&self) -> Option<&[String]> {
        self.list.as_deref()
    }

    /// `400 Bad Request`.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    /// `401 Unauthorized`.
    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, message)
    }

    /// `403 Forbidden`.
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, message)
    }

    /// `404 Not Found`.
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }

    /// `409 Conflict`.
    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, message)
    }

    /// `500 Internal Server Error`.
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    /// Replaces the standard JSON body with `body`, a JSON document written
    /// as-is (Nest's `new HttpException(response, status)`).
    pub fn with_body(mut self, body: &serde_json::Value) -> Self {
        self.body = Some(body.to_string());
        self
    }

    /// Sends `name: value` with the error's answer (`Retry-After` on a
    /// `503`, `Accept-Encoding` on a `415`). It replaces a header of that
    /// name the error would send (`Content-Type`); the same name given
    /// twice sends both values.
    ///
    /// ```
    /// use tether::{HttpError, IntoResponse, StatusCode};
    /// use http::{header, HeaderValue};
    /// let e = HttpError::new(StatusCode::SERVICE_UNAVAILABLE, "busy")
    ///     .with_header(header::RETRY_AFTER, HeaderValue::from_static("5"));
    /// assert_eq!(e.into_response().headers()["retry-after"], "5");
    /// ```
    pub fn with_header(mut self, name: http::HeaderName, value: http::HeaderValue) -> Self {
        self.headers
            .get_or_insert_with(Default::default)
            .append(name, value);
        self
    }

    /// The status code.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// Sets the body's `code`, what a program branches on (the message is
    /// for people). Without it an error answers its status's reason phrase
    /// in `SCREAMING_SNAKE_CASE` (`NOT_FOUND`); tether's own errors answer
    /// the codes of [`codes`].
    ///
    /// ```
    /// use tether::HttpError;
    /// let e = HttpError::conflict("the seat is taken").with_code("SEAT_TAKEN");
    /// assert_eq!(e.code(), "SEAT_TAKEN");
    /// assert!(e.to_json().ends_with(r#""error":"Conflict","code":"SEAT_TAKEN"}"#));
    /// ```
    pub fn with_code(mut self, code: &'static str) -> Self {
        self.code = Some(code);
        self
    }

    /// The body's `code`: [`HttpError::with_code`]'s, else the status's.
    pub fn code(&self) -> &'static str {
        match self.code {
            Some(code) => code,
            None => tether_model::status::error_code(self.status.as_u16()),
        }
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The JSON body this error is sent with.
    pub fn to_json(&self) -> String {
        if let Some(body) = &self.body {
            return body.clone();
        }
        let mut out = String::with_capacity(self.message.len() + 128);
        out.push_str("{\"statusCode\":");
        out.push_str(&self.status.as_u16().to_string());
        out.push_str(",\"message\":");
        match &self.list {
            Some(list) => {
                out.push('[');
                for (i, m) in list.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    push_json_string(&mut out, m);
                }
                out.push(']');
            }
            None => push_json_string(&mut out, &self.message),
        }
        out.push_str(",\"error\":");
        push_json_string(&mut out, self.status.canonical_reason().unwrap_or("Error"));
        out.push_str(",\"code\":");
        push_json_string(&mut out, self.code());
        out.push('}');
        out
    }
}

/// Writes `s` as a JSON string literal (without a `serde_json` round trip).
pub(crate) fn push_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

impl fmt::Display for HttpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.status.as_u16(), self.message)
    }
}

impl std::error::Error for HttpError {}

impl IntoResponse for HttpError {
    fn into_response_with(self, _status: StatusCode) -> Response {
        let mut res = Response::new(Body::from(self.to_json()));
        *res.status_mut() = self.status;
        res.headers_mut().insert(
            header::CONTENT_TYPE,
            crate::response::body::APPLICATION_JSON,
        );
        if let Some(headers) = self.headers {
            res.headers_mut().extend(*headers);
        }
        res
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nest_shape() {
        let e = HttpError::not_found("Cannot GET /x\n\"y\"");
        assert_eq!(
            e.to_json(),
            r#"{"statusCode":404,"message":"Cannot GET /x\n\"y\"","error":"Not Found","code":"NOT_FOUND"}"#
        );
    }

    #[test]
    fn nest_shape_is_valid_json_and_custom_body_wins() {
        let e = HttpError::conflict("a\u{1}b");
        let v: serde_json::Value = serde_json::from_str(&e.to_json()).unwrap();
        assert_eq!(v["message"], "a\u{1}b");
        assert_eq!(v["error"], "Conflict");
        assert_eq!(v["code"], "CONFLICT");
        let e = e.with_body(&serde_json::json!({"code": "taken"}));
        assert_eq!(e.to_json(), r#"{"code":"taken"}"#);
    }
}
