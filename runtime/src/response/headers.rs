//! Response headers declared in a type: a handler returns
//! `WithHeaders<T, H>`, `T` answered as JSON (or, an
//! [`Attachment`](crate::Attachment), as the file it is) and each field of
//! `H` sent as the header of its serde name; tether-build documents them on
//! the response, so the client knows them too.
//!
//! ```
//! use serde::Serialize;
//! use tether::response::cookie::SetCookie;
//! use tether::response::headers::WithHeaders;
//!
//! #[derive(Serialize)]
//! pub struct PageHeaders {
//!     /// How many items match, on every page.
//!     #[serde(rename = "X-Total-Count")]
//!     pub total: u64,
//!     /// Sent only when set (`None` is no header).
//!     #[serde(rename = "Set-Cookie")]
//!     pub session: Option<SetCookie>,
//! }
//!
//! fn list() -> WithHeaders<Vec<String>, PageHeaders> {
//!     WithHeaders::new(vec!["a".into()], PageHeaders { total: 1, session: None })
//! }
//! ```
//!
//! A field's value is written as its text: strings as they are, numbers
//! and booleans as JSON writes them; `None` sends no header; a list sends
//! the header once per item (several `Set-Cookie`). A value that cannot be
//! a header (a control character, an object) or is not ASCII (clients
//! would read its UTF-8 bytes as Latin-1: percent-encode it) is a `500`
//! naming the header, never a malformed or misread response.

use crate::response::body::{IntoResponse, Json, Response};
use crate::HttpError;
use http::header::{self, HeaderMap, HeaderName, HeaderValue};
use http::StatusCode;
use serde::Serialize;

/// `body` answered as JSON (an [`Attachment`](crate::Attachment) as
/// itself) with the headers of `headers` (see the module).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WithHeaders<T, H> {
    /// The body: a `Serialize` value (JSON) or an `Attachment`.
    pub body: T,
    /// The headers, one per field.
    pub headers: H,
}

impl<T, H> WithHeaders<T, H> {
    /// `body` with `headers`.
    pub fn new(body: T, headers: H) -> Self {
        WithHeaders { body, headers }
    }
}

/// What the body of a [`WithHeaders`] may be: a `Serialize` value,
/// answered as JSON, or an [`Attachment`](crate::Attachment).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the body of `WithHeaders`",
    label = "neither `serde::Serialize` nor `tether::Attachment`",
    note = "the body of `WithHeaders<T, H>` is answered as JSON (any `T: Serialize`) or is a `tether::Attachment`"
)]
pub trait HeadersBody {
    /// The response of the body alone, with `status`.
    fn body_response(self, status: StatusCode) -> Response;
}

impl<T: Serialize> HeadersBody for T {
    fn body_response(self, status: StatusCode) -> Response {
        Json(self).into_response_with(status)
    }
}

impl HeadersBody for crate::Attachment {
    fn body_response(self, status: StatusCode) -> Response {
        self.into_response_with(status)
    }
}

impl<T: HeadersBody, H: Serialize> IntoResponse for WithHeaders<T, H> {
    fn into_response_with(self, status: StatusCode) -> Response {
        let headers = match header_values(&self.headers) {
            Ok(h) => h,
            Err(e) => return e.into_response(),
        };
        let mut res = self.body.body_response(status);
        // Part of the route's contract: CORS exposes them (`Cors`).
        crate::response::headers::DeclaredHeaders::add(
            &mut res,
            headers.iter().map(|(name, _)| name.clone()),
        );
        for (name, value) in headers {
            res.headers_mut().append(name, value);
        }
        res
    }
}

impl Serialize for crate::response::cookie::SetCookie {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The headers `headers` stands for, in field order.
pub fn header_values<H: Serialize>(
    headers: &H,
) -> Result<Vec<(HeaderName, HeaderValue)>, HttpError> {
    let fail = |m: String| HttpError::internal(format!("response headers: {m}"));
    let value = serde_json::to_value(crate::response::finite::Finite(headers))
        .map_err(|e| fail(e.to_string()))?;
    let serde_json::Value::Object(fields) = value else {
        return Err(fail(
            "`H` of `WithHeaders<T, H>` must be a struct with named fields".into(),
        ));
    };
    let mut out = Vec::with_capacity(fields.len());
    for (name, value) in fields {
        let header = HeaderName::from_bytes(name.as_bytes())
            .map_err(|_| fail(format!("`{name}` is not a valid header name")))?;
        let items = match value {
            serde_json::Value::Null => continue,
            serde_json::Value::Array(items) => items,
            one => vec![one],
        };
        for item in items {
            let text = match item {
                serde_json::Value::String(s) => s,
                serde_json::Value::Number(n) => n.to_string(),
                serde_json::Value::Bool(b) => b.to_string(),
                serde_json::Value::Null => continue,
                _ => {
                    return Err(fail(format!(
                        "header `{name}` must be text, a number or a boolean"
                    )))
                }
            };
            if !text.is_ascii() {
                return Err(fail(format!(
                    "the value of header `{name}` is not ASCII, which clients read as Latin-1: percent-encode it"
                )));
            }
            let value = HeaderValue::from_str(&text).map_err(|_| {
                fail(format!(
                    "the value of header `{name}` has a byte a header cannot carry"
                ))
            })?;
            out.push((header.clone(), value));
        }
    }
    Ok(out)
}

/// The headers a response carries as part of the route's contract (a
/// `WithHeaders` field, an `Attachment`'s `Content-Disposition`): the
/// document declares them and the client reads them, so [`Cors`](crate::Cors) exposes
/// them to the origins it allows. Set by those answers in the response's
/// extensions.
#[derive(Debug, Clone, Default)]
pub struct DeclaredHeaders(pub Vec<HeaderName>);

impl DeclaredHeaders {
    /// Adds `names` to `res`'s declared headers.
    pub fn add(res: &mut Response, names: impl IntoIterator<Item = HeaderName>) {
        let declared = &mut res
            .extensions_mut()
            .get_or_insert_default::<DeclaredHeaders>()
            .0;
        for name in names {
            if !declared.contains(&name) {
                declared.push(name);
            }
        }
    }
}

/// Adds the names of `value` (`"Origin"`, `"A, B"`) to `Vary`, keeping what
/// is there: a name already listed (in any case, on any `Vary` line) is not
/// added twice, and `Vary: *` stays as it is.
pub(crate) fn add_vary(headers: &mut HeaderMap, value: HeaderValue) {
    if !headers.contains_key(header::VARY) {
        // Most answers (it runs on each one under HEADER versioning, an
        // origin-dependent CORS policy or compression): nothing to merge
        // with, and `value` goes in as it is (a static one is not copied).
        if !value.as_bytes().trim_ascii().is_empty() {
            headers.insert(header::VARY, value);
        }
        return;
    }
    let Ok(value) = value.to_str() else {
        // Not text: a line of its own.
        headers.append(header::VARY, value);
        return;
    };
    let lines: Vec<&str> = headers
        .get_all(header::VARY)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    let listed: Vec<&str> = lines
        .iter()
        .flat_map(|line| line.split(','))
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .collect();
    if listed.contains(&"*") {
        return;
    }
    let missing: Vec<&str> = value
        .split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .filter(|name| !listed.iter().any(|l| l.eq_ignore_ascii_case(name)))
        .collect();
    if missing.is_empty() {
        return;
    }
    // A line that is not text stays as it is, and the names go on a line of
    // their own; otherwise the lines become one.
    if headers.get_all(header::VARY).iter().count() != lines.len() {
        if let Ok(v) = HeaderValue::from_str(&missing.join(", ")) {
            headers.append(header::VARY, v);
        }
        return;
    }
    let merged: Vec<&str> = listed.iter().chain(&missing).copied().collect();
    if let Ok(v) = HeaderValue::from_str(&merged.join(", ")) {
        headers.insert(header::VARY, v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::response::cookie::SetCookie;

    #[derive(Serialize)]
    struct Page {
        #[serde(rename = "X-Total-Count")]
        total: u64,
        #[serde(rename = "X-Last")]
        last: bool,
        #[serde(rename = "Set-Cookie")]
        cookies: Vec<SetCookie>,
        #[serde(rename = "X-Next")]
        next: Option<String>,
    }

    #[test]
    fn e2_fields_become_headers_none_is_absent_lists_repeat() {
        let res = WithHeaders::new(
            vec![1, 2],
            Page {
                total: 42,
                last: true,
                cookies: vec![
                    SetCookie::new("a", "1"),
                    SetCookie::new("b", "2").http_only(),
                ],
                next: None,
            },
        )
        .into_response_with(StatusCode::CREATED);
        assert_eq!(res.status(), StatusCode::CREATED);
        let h = res.headers();
        assert_eq!(h["x-total-count"], "42");
        assert_eq!(h["x-last"], "true");
        let cookies: Vec<_> = h.get_all("set-cookie").iter().collect();
        assert_eq!(cookies, ["a=1", "b=2; HttpOnly"]);
        assert!(h.get("x-next").is_none());
        assert_eq!(h["content-type"], "application/json");
    }

    #[test]
    fn e2_an_attachment_keeps_its_own_headers() {
        #[derive(Serialize)]
        struct Etag {
            #[serde(rename = "ETag")]
            etag: &'static str,
        }
        let file = crate::Attachment::new("a,b\n")
            .filename("export.csv")
            .content_type("text/csv");
        let res = WithHeaders::new(file, Etag { etag: "\"v1\"" }).into_response();
        let h = res.headers();
        assert_eq!(h["content-type"], "text/csv");
        assert_eq!(
            h["content-disposition"],
            "attachment; filename=\"export.csv\""
        );
        assert_eq!(h["etag"], "\"v1\"");
    }

    #[test]
    fn e2_a_value_no_header_can_carry_is_a_500_naming_it() {
        #[derive(Serialize)]
        struct Bad {
            #[serde(rename = "X-Note")]
            note: String,
        }
        let res = WithHeaders::new(
            (),
            Bad {
                note: "a\r\nInjected: 1".into(),
            },
        )
        .into_response();
        assert_eq!(res.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert!(res.headers().get("injected").is_none());
        #[derive(Serialize)]
        struct BadName {
            #[serde(rename = "X Note")]
            note: u8,
        }
        let e = header_values(&BadName { note: 1 }).unwrap_err();
        assert!(e.message().contains("`X Note`"), "{}", e.message());
    }

    /// Issue 31: a non-ASCII value would go out as UTF-8 bytes clients
    /// read as Latin-1 (`café` as `cafÃ©`): a 500 naming the header.
    #[test]
    fn e2_a_non_ascii_value_is_a_500_naming_it() {
        #[derive(Serialize)]
        struct Named {
            #[serde(rename = "X-Author")]
            author: &'static str,
        }
        let e = header_values(&Named { author: "Zoë" }).unwrap_err();
        assert_eq!(e.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert!(
            e.message().contains("`X-Author` is not ASCII"),
            "{}",
            e.message()
        );
        let res = WithHeaders::new((), Named { author: "Zoë" }).into_response();
        assert_eq!(res.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert!(res.headers().get("x-author").is_none());
    }
}
