//! Extraction of handler arguments. The code `#[controller]`
//! generates calls these; a failure is a `400` whose message names what
//! the client sent (the path parameter, query key, header, form field or
//! JSON field path) and the problem (`413` for a body over the limit, `415` for a
//! wrong content type or a compressed body).

use crate::extract::body::{
    check_content_type, content_type, is_json, read_body, read_json, wrong_type,
};
use crate::extract::request::Request;
use crate::extract::urlencoded::{Error, Values};
use crate::response::error::codes;
use crate::HttpError;
use bytes::Bytes;
use serde::de::DeserializeOwned;
use std::borrow::Cow;

/// A type a `#[param]` argument can have: read with serde from the
/// percent-decoded capture, like one value of a query string.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be read from a path parameter",
    label = "the type of this `#[param]` argument",
    note = "a `#[param]` is read with serde from its text: use `String`, a number, `bool`, `char`, or a type that implements `serde::Deserialize` (an enum of unit variants reads its variant's name)"
)]
pub trait PathParam: DeserializeOwned {}

impl<T: DeserializeOwned> PathParam for T {}

/// A type a `#[query("name")]` argument can have: read with serde from the
/// values of that key, by the same rule as the fields of a `#[query]`
/// struct.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be read from a query parameter",
    label = "the type of this `#[query(\"..\")]` argument",
    note = "a `#[query(\"name\")]` argument is read with serde like a field of a `#[query]` struct: use `String`, a number, `bool`, a type that implements `serde::Deserialize` (an enum of unit variants reads its variant's name), `Option<T>` when the key may be absent, `Vec<T>` for a repeated key (`?tag=a&tag=b`)"
)]
pub trait QueryParam: DeserializeOwned {}

impl<T: DeserializeOwned> QueryParam for T {}

/// A type a `#[header("name")]` argument can have: read with serde from
/// the header's value(s).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be read from a header",
    label = "the type of this `#[header(\"..\")]` argument",
    note = "a `#[header(\"name\")]` argument is read with serde from the header's text: use `String`, a number, `bool`, a type that implements `serde::Deserialize`, `Option<T>` when the header may be absent, `Vec<T>` for a header sent several times"
)]
pub trait HeaderParam: DeserializeOwned {}

impl<T: DeserializeOwned> HeaderParam for T {}

/// Runs `read`, the generated code reading a handler's path, query, header
/// and cookie arguments before its future is made, so that the future need
/// not hold the request (nor hyper's read buffer). A panic there
/// is answered as a panicking handler's is: `500`.
#[doc(hidden)]
#[inline]
// The `Err` is the handler's response, returned as is (see `piped`).
#[allow(clippy::result_large_err)]
pub fn read_args<T>(
    read: impl FnOnce() -> Result<T, Result<crate::Response, crate::Exception>>,
) -> Result<T, Result<crate::Response, crate::Exception>> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(read))
        .unwrap_or_else(|payload| Err(Ok(crate::trace::panicked(&*payload))))
}

/// `raw` (the value of the `place` named `name`) percent-decoded, or the
/// `400` for bytes that are not UTF-8 once decoded.
pub(crate) fn percent_decoded<'a>(
    raw: &'a str,
    place: &str,
    name: &str,
) -> Result<Cow<'a, str>, HttpError> {
    // Most values have no escape: they are valid UTF-8 already (a `&str`).
    if !raw.as_bytes().contains(&b'%') {
        return Ok(Cow::Borrowed(raw));
    }
    percent_encoding::percent_decode_str(raw)
        .decode_utf8()
        .map_err(|_| {
            HttpError::bad_request(format!(
                "invalid {place} `{name}`: {raw:?} is not valid UTF-8 once percent-decoded"
            ))
            .with_code(codes::INVALID_PARAMETER)
        })
}

/// `#[param] id: T`: the `index`-th capture of the route, named `name`.
#[doc(hidden)]
pub fn path_param<T: PathParam>(req: &Request, index: usize, name: &str) -> Result<T, HttpError> {
    let place = "path parameter";
    let missing = || Error::Missing(name.into()).into_param_error(place);
    let raw = req.raw_param_at(index).ok_or_else(missing)?;
    let read = percent_decoded(raw, place, name).and_then(|decoded| {
        Values::new(name, std::iter::once(decoded))
            .read()
            .map_err(|e| e.into_param_error(place))
    });
    read.map_err(|e| match &req.params.beside_static {
        Some(allow) => not_beside(req, allow),
        None => e,
    })
}

/// The `405` of a request that fell through from a static path to a
/// parameterised route that cannot read the segment as its parameter (a
/// `DELETE /items/export` beside `DELETE /items/:id` with a numeric id):
/// no route serves the method at that path, as the document says, so
/// `Allow` lists the static path's own methods.
#[cold]
fn not_beside(req: &Request, allow: &str) -> HttpError {
    let head = &req.head;
    let message = format!("Cannot {} {}", head.method, head.uri.path());
    let error = HttpError::new(http::StatusCode::METHOD_NOT_ALLOWED, message);
    match http::HeaderValue::from_str(allow) {
        Ok(value) => error.with_header(http::header::ALLOW, value),
        Err(_) => error,
    }
}

/// `#[query("page")] page: T`: the values of one query key, read as `T`
/// (`Option<T>`: absent is `None`; `Vec<T>`: every repetition).
#[doc(hidden)]
pub fn query_param<T: QueryParam>(req: &Request, name: &str) -> Result<T, HttpError> {
    let query = query_pairs(req)?;
    let values = form_urlencoded::parse(query)
        .filter(move |(k, _)| k == name)
        .map(|(_, v)| v);
    Values::new(name, values)
        .read()
        .map_err(|e| e.into_param_error("query parameter"))
}

/// `#[query] q: T`: the whole query string into `T`; errors name the key.
#[doc(hidden)]
pub fn query_all<T: DeserializeOwned>(req: &Request) -> Result<T, HttpError> {
    crate::extract::urlencoded::from_bytes(query_pairs(req)?)
        .map_err(|e| e.into_param_error("query parameter"))
}

/// The query string, or the `400` when it carries more pairs than the
/// app's limit (`App::max_form_pairs`).
fn query_pairs(req: &Request) -> Result<&[u8], HttpError> {
    let query = req.query_string().unwrap_or("").as_bytes();
    within_pair_limit(query, req.pair_limit as usize, "the query string")
        .map_err(|e| e.with_code(codes::INVALID_PARAMETER))?;
    Ok(query)
}

/// `Ok` unless `input` carries more than `limit` `key=value` pairs: then
/// the `400` naming the limit (`INVALID_BODY`), before any pair is decoded.
fn within_pair_limit(input: &[u8], limit: usize, place: &str) -> Result<(), HttpError> {
    match crate::extract::urlencoded::more_pairs_than(input, limit) {
        false => Ok(()),
        true => Err(HttpError::bad_request(format!(
            "{place} has more than the limit of {limit} `key=value` pairs"
        ))
        .with_code(codes::INVALID_BODY)),
    }
}

/// `#[header("x-id")] v: T`: the header's value(s) read as `T`
/// (`Option<T>`: absent is `None`).
#[doc(hidden)]
pub fn header_param<'a, T: HeaderParam>(req: &'a Request, name: &'a str) -> Result<T, HttpError> {
    let place = "header";
    let all = req.headers().get_all(name);
    if all.iter().any(|v| v.to_str().is_err()) {
        return Err(
            HttpError::bad_request(format!("invalid {place} `{name}`: not visible ASCII"))
                .with_code(codes::INVALID_PARAMETER),
        );
    }
    let text = |v: &'a http::HeaderValue| Cow::Borrowed(v.to_str().unwrap_or(""));
    let mut iter = all.iter();
    let read = match (iter.next(), iter.next()) {
        (first, None) => Values::header(name, first.map(text).into_iter()).read(),
        // Sent several times (rare): collected, to be read as a sequence.
        _ => Values::header(name, all.iter().map(text).collect::<Vec<_>>().into_iter()).read(),
    };
    read.map_err(|e| e.into_param_error(place))
}

/// `#[body] dto: T`: a JSON body.
#[doc(hidden)]
pub async fn body_json<T: serde::de::DeserializeOwned>(req: &mut Request) -> Result<T, HttpError> {
    check_content_type(req, is_json, "application/json")?;
    let bytes = read_body(req).await?;
    read_json(&bytes).map_err(invalid_json)
}

/// [`body_json`], then `check`: a broken rule is a `400`
/// naming each field as the body did.
#[doc(hidden)]
pub async fn body_json_validated<T: serde::de::DeserializeOwned>(
    req: &mut Request,
    check: impl Fn(&T) -> Result<(), serde_valid::validation::Errors>,
) -> Result<T, HttpError> {
    check_content_type(req, is_json, "application/json")?;
    let bytes = read_body(req).await?;
    json_validated(&bytes, req.message_limit as usize, check)
}

/// `#[body] v: Option<T>`: [`body_json_validated`], `None` when no body was
/// sent (none, or `Content-Length: 0`), as the document's `required: false`
/// says; a JSON `null` is `None` too.
#[doc(hidden)]
pub async fn body_json_optional_validated<T: serde::de::DeserializeOwned>(
    req: &mut Request,
    check: impl Fn(&Option<T>) -> Result<(), serde_valid::validation::Errors>,
) -> Result<Option<T>, HttpError> {
    match optional_body(req, is_json, "application/json").await? {
        Some(bytes) => json_validated(&bytes, req.message_limit as usize, check),
        None => Ok(None),
    }
}

/// `bytes` parsed as JSON into `T`, then `check`ed.
fn json_validated<T: serde::de::DeserializeOwned>(
    bytes: &[u8],
    message_limit: usize,
    check: impl Fn(&T) -> Result<(), serde_valid::validation::Errors>,
) -> Result<T, HttpError> {
    let value: T = read_json(bytes).map_err(invalid_json)?;
    let check = crate::extract::text_length::counted(
        check,
        crate::extract::text_length::Input::Json(bytes),
    );
    // Read again, along the paths the messages name, only when a rule is
    // broken.
    crate::extract::validate::checked(value, check, message_limit, || {
        serde_json::from_slice(bytes).map_or(
            crate::extract::validate::Sent::Leaf,
            crate::extract::validate::Sent::json,
        )
    })
}

/// The `400` of a JSON body not read as declared.
fn invalid_json(message: String) -> HttpError {
    HttpError::bad_request(message).with_code(codes::INVALID_JSON)
}

/// `#[body(form)] dto: T`: an urlencoded form body.
#[doc(hidden)]
pub async fn body_form<T: serde::de::DeserializeOwned>(req: &mut Request) -> Result<T, HttpError> {
    let bytes = form_bytes(req).await?;
    read_form(&bytes)
}

/// [`body_form`], then `check`: a broken rule is a `400`
/// naming each field by the key the form sent (`rename_all` applied).
#[doc(hidden)]
pub async fn body_form_validated<T: serde::de::DeserializeOwned>(
    req: &mut Request,
    check: impl Fn(&T) -> Result<(), serde_valid::validation::Errors>,
) -> Result<T, HttpError> {
    let bytes = form_bytes(req).await?;
    let check = crate::extract::text_length::counted(
        check,
        crate::extract::text_length::Input::Form(&bytes),
    );
    crate::extract::validate::validated(read_form(&bytes), check, req, || {
        crate::extract::validate::Sent::form(&bytes)
    })
}

async fn form_bytes(req: &mut Request) -> Result<Bytes, HttpError> {
    check_content_type(
        req,
        |ct| ct == "application/x-www-form-urlencoded",
        "application/x-www-form-urlencoded",
    )?;
    let bytes = read_body(req).await?;
    within_pair_limit(&bytes, req.pair_limit as usize, "the form body")?;
    Ok(bytes)
}

fn read_form<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, HttpError> {
    crate::extract::urlencoded::from_bytes(bytes).map_err(|e| {
        HttpError::bad_request(e.describe("form field")).with_code(codes::INVALID_BODY)
    })
}

/// `#[body(text)] s: String`: a UTF-8 text body, documented as required,
/// so an empty one (none sent, or `Content-Length: 0`) is a 400.
#[doc(hidden)]
pub async fn body_text(req: &mut Request) -> Result<String, HttpError> {
    body_text_optional(req).await?.ok_or_else(|| {
        HttpError::bad_request("the request body is required (text/plain) but none was sent")
            .with_code(codes::INVALID_BODY)
    })
}

/// `#[body(text)] s: Option<String>`: a UTF-8 text body, `None` when empty.
#[doc(hidden)]
pub async fn body_text_optional(req: &mut Request) -> Result<Option<String>, HttpError> {
    let Some(bytes) = optional_body(req, |ct| ct.starts_with("text/"), "text/plain").await? else {
        return Ok(None);
    };
    String::from_utf8(bytes.into()).map(Some).map_err(|e| {
        HttpError::bad_request(format!("the body is not valid UTF-8: {e}"))
            .with_code(codes::INVALID_BODY)
    })
}

/// The body of an optional `#[body]`: `None` when none was sent (none, or
/// empty), else its bytes, sent as a type `accepts`.
async fn optional_body(
    req: &mut Request,
    accepts: fn(&str) -> bool,
    expected: &str,
) -> Result<Option<Bytes>, HttpError> {
    // An absent body comes without a content type: that is "none sent",
    // not a wrong type; anything else is checked before it is read.
    let typed = content_type(req).is_some();
    if typed {
        check_content_type(req, accepts, expected)?;
    }
    let bytes = read_body(req).await?;
    if bytes.is_empty() {
        return Ok(None);
    }
    if !typed {
        return Err(wrong_type(expected, None));
    }
    Ok(Some(bytes))
}

/// `#[body(bytes)] b: Bytes` (or `Vec<u8>`): the raw body, documented as
/// required, so an empty one (none sent, or `Content-Length: 0`) is a 400.
#[doc(hidden)]
pub async fn body_bytes<T: From<Bytes>>(req: &mut Request) -> Result<T, HttpError> {
    body_bytes_optional(req).await?.ok_or_else(|| {
        HttpError::bad_request(
            "the request body is required (application/octet-stream) but none was sent",
        )
        .with_code(codes::INVALID_BODY)
    })
}

/// `#[body(bytes)] b: Option<Bytes>`: the raw body, `None` when empty.
#[doc(hidden)]
pub async fn body_bytes_optional<T: From<Bytes>>(
    req: &mut Request,
) -> Result<Option<T>, HttpError> {
    let bytes = read_body(req).await?;
    Ok((!bytes.is_empty()).then(|| T::from(bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::body::json_error;
    use crate::extract::urlencoded::short_type_name;

    /// A JSON body's numbers are read as the nearest f64, so a value just
    /// under a bound is under it (serde_json's `float_roundtrip`; its fast
    /// path reads `0.9999999999999999` as `1.0`, and an `exclusive_maximum
    /// = 1.0` rule then refuses what the document allows).
    #[test]
    fn a6_json_numbers_read_as_the_nearest_f64() {
        let mut req = Request::new(
            http::Request::builder()
                .header("content-type", "application/json")
                .body(())
                .unwrap()
                .into_parts()
                .0,
            bytes::Bytes::from_static(b"[0.9999999999999999, 2.2250738585072011e-308]"),
        );
        let read: Vec<f64> =
            futures_executor(body_json(&mut req)).expect("a JSON array of numbers");
        assert!(read[0] < 1.0, "{}", read[0]);
        assert_eq!(read[0], 1.0 - f64::EPSILON / 2.0);
        assert_eq!(read[1], "2.2250738585072011e-308".parse::<f64>().unwrap());
    }

    /// An integral float where an integer goes is read; beside another
    /// mistake, the 400 names that mistake, not the float.
    #[test]
    fn a6_a_json_error_beside_an_integral_float_names_the_real_mistake() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Ticket {
            priority: u8,
            contact: Contact,
        }
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Contact {
            full_name: String,
        }
        let ok: Ticket = read_json(br#"{"priority":2.0,"contact":{"full_name":"Jo"}}"#).unwrap();
        assert_eq!(ok.priority, 2);
        let e = read_json::<Ticket>(br#"{"priority":2.0,"contact":{"full_name":5}}"#).unwrap_err();
        assert!(
            e.starts_with("invalid JSON body at `contact.full_name`: invalid type: integer `5`"),
            "{e}"
        );
        let e =
            read_json::<Ticket>(br#"{"priority":2.5,"contact":{"full_name":"Jo"}}"#).unwrap_err();
        assert!(
            e.starts_with("invalid JSON body at `priority`: invalid type: floating point `2.5`"),
            "{e}"
        );
    }

    /// Runs a future that never waits.
    fn futures_executor<F: std::future::Future>(fut: F) -> F::Output {
        let mut fut = std::pin::pin!(fut);
        match fut
            .as_mut()
            .poll(&mut std::task::Context::from_waker(std::task::Waker::noop()))
        {
            std::task::Poll::Ready(out) => out,
            std::task::Poll::Pending => panic!("the body was there"),
        }
    }

    /// Arguments read before the handler's future is made: a failure is the
    /// handler's answer, a panic a `500` as in the handler itself.
    #[test]
    #[allow(clippy::result_large_err)]
    fn a2_arguments_read_up_front_answer_failures_and_panics() {
        use crate::response::body::IntoResponse as _;
        let read = read_args(|| Ok::<_, Result<crate::Response, crate::Exception>>((1u8, "a")));
        assert!(matches!(read, Ok((1, "a"))));
        let failed = read_args::<()>(|| Err(Ok(HttpError::bad_request("no").into_response())));
        assert_eq!(failed.err().unwrap().ok().unwrap().status(), 400);
        let panicked = read_args::<()>(|| panic!("a broken FromStr"));
        let res = panicked.err().unwrap().ok().unwrap();
        assert_eq!(res.status(), 500);
        assert!(res.extensions().get::<crate::trace::Panicked>().is_some());
    }

    /// The path of a JSON error names what serde knows and no `?`.
    #[test]
    fn a6_json_error_paths_name_only_known_places() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Author {
            name: String,
        }
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Dto {
            sku: String,
            by_id: Option<std::collections::HashMap<u32, u32>>,
            authors: Option<Vec<Author>>,
        }
        let message = |body: &str| {
            let e = serde_json::from_slice::<Dto>(body.as_bytes()).unwrap_err();
            json_error::<Dto>(body.as_bytes(), e)
        };
        let cut = message(r#"{"sku":"x""#);
        assert!(cut.starts_with("invalid JSON body: EOF"), "{cut}");
        let key = message(r#"{"sku":"x","by_id":{"x":1}}"#);
        assert!(key.starts_with("invalid JSON body at `by_id`: "), "{key}");
        let deep = message(r#"{"sku":"x","authors":[{"name":"a"},{"name":7}]}"#);
        assert!(
            deep.starts_with("invalid JSON body at `authors[1].name`: "),
            "{deep}"
        );
    }

    #[tokio::test]
    async fn a2_integral_floats_are_integers_as_json_schema_says() {
        #[derive(serde::Deserialize, Debug, PartialEq)]
        struct Dto {
            year: u16,
            ids: Vec<u64>,
        }
        let mut r = req("/x");
        r.headers_mut().insert(
            "content-type",
            http::HeaderValue::from_static("application/json"),
        );
        r.body = crate::extract::request::RequestBody::from(Bytes::from_static(
            br#"{"year": 379.0, "ids": [1, 2.0]}"#,
        ));
        let dto: Dto = body_json(&mut r).await.unwrap();
        assert_eq!(
            dto,
            Dto {
                year: 379,
                ids: vec![1, 2]
            }
        );
        let mut r = req("/x");
        r.headers_mut().insert(
            "content-type",
            http::HeaderValue::from_static("application/json"),
        );
        r.body = crate::extract::request::RequestBody::from(Bytes::from_static(
            br#"{"year": 379.5, "ids": []}"#,
        ));
        let e = body_json::<Dto>(&mut r).await.unwrap_err();
        assert!(
            e.message().contains("floating point `379.5`, expected u16"),
            "{e}"
        );
    }

    #[test]
    fn short_names() {
        assert_eq!(short_type_name::<u64>(), "u64");
        assert_eq!(short_type_name::<Vec<String>>(), "Vec<String>");
        assert_eq!(
            short_type_name::<std::collections::HashMap<String, u8>>(),
            "HashMap<String, u8>"
        );
    }

    fn req(uri: &str) -> Request {
        let (head, _) = http::Request::get(uri).body(()).unwrap().into_parts();
        Request::new(head, Bytes::new())
    }

    #[test]
    fn a2_query_and_errors_name_the_parameter() {
        let r = req("/x?page=2&q=a%20b");
        assert_eq!(query_param::<u32>(&r, "page").unwrap(), 2);
        assert_eq!(query_param::<String>(&r, "q").unwrap(), "a b");
        assert_eq!(query_param::<Option<u32>>(&r, "none").unwrap(), None);
        let e = query_param::<u32>(&r, "q").unwrap_err();
        assert_eq!(e.status(), 400);
        assert_eq!(
            e.message(),
            "invalid query parameter `q`: cannot read \"a b\" as u32: invalid digit found in string"
        );
        let r2 = req("/x?n=12.0&m=12.5");
        assert_eq!(query_param::<u32>(&r2, "n").unwrap(), 12);
        assert!(query_param::<u32>(&r2, "m").is_err());
        assert_eq!(query_param::<f64>(&r2, "m").unwrap(), 12.5);
        let e = query_param::<u32>(&r, "missing").unwrap_err();
        assert_eq!(e.message(), "missing query parameter `missing`");
    }

    #[test]
    fn a2_headers_by_serde() {
        let mut r = req("/x");
        r.headers_mut()
            .append("x-n", http::HeaderValue::from_static("4"));
        assert_eq!(header_param::<u8>(&r, "x-n").unwrap(), 4);
        assert_eq!(header_param::<Option<u8>>(&r, "x-none").unwrap(), None);
        r.headers_mut()
            .append("x-n", http::HeaderValue::from_static("5"));
        assert_eq!(header_param::<Vec<u8>>(&r, "x-n").unwrap(), vec![4, 5]);
        // A list is also comma-separated (OpenAPI's `simple` style, what
        // the document says and what fetch sends for a repeated header).
        r.headers_mut()
            .append("x-n", http::HeaderValue::from_static("6, 7,,\t8 "));
        assert_eq!(
            header_param::<Vec<u8>>(&r, "x-n").unwrap(),
            vec![4, 5, 6, 7, 8]
        );
        r.headers_mut()
            .insert("x-tag", http::HeaderValue::from_static("a, b"));
        assert_eq!(
            header_param::<Option<Vec<String>>>(&r, "x-tag").unwrap(),
            Some(vec!["a".to_string(), "b".to_string()])
        );
        // One value keeps its commas.
        assert_eq!(header_param::<String>(&r, "x-tag").unwrap(), "a, b");
        assert_eq!(
            header_param::<u8>(&r, "x-none").unwrap_err().message(),
            "missing header `x-none`"
        );
        r.headers_mut()
            .insert("x-bin", http::HeaderValue::from_bytes(b"\xff").unwrap());
        assert_eq!(
            header_param::<String>(&r, "x-bin").unwrap_err().message(),
            "invalid header `x-bin`: not visible ASCII"
        );
    }
}
