//! Extraction of handler arguments (SPEC A2). The code `#[controller]`
//! generates calls these; a failure is a `400` whose message names the
//! argument and the problem (`413` for a body over the limit, `415` for a
//! wrong content type).

use crate::request::Request;
use crate::HttpError;
use bytes::Bytes;
use http::StatusCode;
use http_body::Body as _;
use http_body_util::{BodyExt, Limited};
use std::fmt::Display;
use std::str::FromStr;

/// The short name of a type for messages: `u64`, `Uuid`, `Vec<String>`.
fn short_type_name<T>() -> String {
    let full = std::any::type_name::<T>();
    let mut out = String::with_capacity(full.len());
    for part in full.split_inclusive(['<', '>', ',', ' ']) {
        let (word, sep) = match part.char_indices().last() {
            Some((i, c)) if "<>, ".contains(c) => (&part[..i], &part[i..]),
            _ => (part, ""),
        };
        out.push_str(word.rsplit("::").next().unwrap_or(word));
        out.push_str(sep);
    }
    out
}

/// The start of an extraction error, `invalid path parameter `id``: built
/// only when there is an error, so a good request allocates nothing for it.
struct What<'a>(&'a str, &'a str);

impl Display for What<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid {} `{}`", self.0, self.1)
    }
}

fn parse_text<T>(what: What<'_>, text: &str) -> Result<T, HttpError>
where
    T: FromStr,
    T::Err: Display,
{
    parse_integral_decimal(text).map_err(|e| {
        HttpError::bad_request(format!(
            "{what}: cannot read {text:?} as {}: {e}",
            short_type_name::<T>()
        ))
    })
}

/// `text.parse()`, retried without a zero fraction when that fails
/// (`"12.0"` reads as `12`): JSON Schema counts integral decimals as
/// integers. The retry runs on the error path only.
pub(crate) fn parse_integral_decimal<T: FromStr>(text: &str) -> Result<T, T::Err> {
    text.parse()
        .or_else(|e| integral_decimal(text).and_then(|i| i.parse().ok()).ok_or(e))
}

/// `"12.0"` → `"12"`, `"-3.00"` → `"-3"`; `None` for anything else.
fn integral_decimal(text: &str) -> Option<&str> {
    let (int, frac) = text.split_once('.')?;
    let digits = int.strip_prefix('-').unwrap_or(int);
    (!digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !frac.is_empty()
        && frac.bytes().all(|b| b == b'0'))
    .then_some(int)
}

/// `#[param] id: T`: the `index`-th capture of the route, named `name`.
pub fn path_param<T>(req: &Request, index: usize, name: &str) -> Result<T, HttpError>
where
    T: FromStr,
    T::Err: Display,
{
    let what = What("path parameter", name);
    let raw = req
        .raw_param_at(index)
        .ok_or_else(|| HttpError::bad_request(format!("{what}: missing")))?;
    let decoded = req.param_at(index).ok_or_else(|| {
        HttpError::bad_request(format!(
            "{what}: {raw:?} is not valid UTF-8 once percent-decoded"
        ))
    })?;
    parse_text(what, &decoded)
}

fn query_value<'a>(req: &'a Request, name: &str) -> Option<std::borrow::Cow<'a, str>> {
    form_urlencoded::parse(req.query_string()?.as_bytes())
        .find(|(k, _)| k == name)
        .map(|(_, v)| v)
}

/// `#[query("page")] page: T`: one required query parameter.
pub fn query_one<T>(req: &Request, name: &str) -> Result<T, HttpError>
where
    T: FromStr,
    T::Err: Display,
{
    let what = What("query parameter", name);
    match query_value(req, name) {
        Some(v) => parse_text(what, &v),
        None => Err(HttpError::bad_request(format!(
            "missing query parameter `{name}`"
        ))),
    }
}

/// `#[query("page")] page: Option<T>`: one optional query parameter.
pub fn query_one_opt<T>(req: &Request, name: &str) -> Result<Option<T>, HttpError>
where
    T: FromStr,
    T::Err: Display,
{
    let what = What("query parameter", name);
    query_value(req, name)
        .map(|v| parse_text(what, &v))
        .transpose()
}

/// `#[query] q: T`: the whole query string into `T`.
pub fn query_all<T: serde::de::DeserializeOwned>(req: &Request, arg: &str) -> Result<T, HttpError> {
    crate::urlencoded::from_bytes(req.query_string().unwrap_or("").as_bytes())
        .map_err(|e| HttpError::bad_request(format!("invalid query string for `{arg}`: {e}")))
}

/// `#[header("x-id")] v: T`: one required header.
pub fn header_one<T>(req: &Request, name: &str) -> Result<T, HttpError>
where
    T: FromStr,
    T::Err: Display,
{
    header_one_opt(req, name)?
        .ok_or_else(|| HttpError::bad_request(format!("missing header `{name}`")))
}

/// `#[header("x-id")] v: Option<T>`: one optional header.
pub fn header_one_opt<T>(req: &Request, name: &str) -> Result<Option<T>, HttpError>
where
    T: FromStr,
    T::Err: Display,
{
    let what = What("header", name);
    match req.headers().get(name) {
        None => Ok(None),
        Some(v) => {
            let text = v
                .to_str()
                .map_err(|_| HttpError::bad_request(format!("{what}: not visible ASCII")))?;
            parse_text(what, text).map(Some)
        }
    }
}

fn content_type(req: &Request) -> Option<&str> {
    // The header constant: no name to parse and hash on every body.
    req.head()
        .headers
        .get(http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or("").trim())
}

fn check_content_type(
    req: &Request,
    arg: &str,
    accepts: fn(&str) -> bool,
    expected: &str,
) -> Result<(), HttpError> {
    match content_type(req) {
        // Lower-cased only when it has capitals: no allocation as a rule.
        Some(ct) if ct.bytes().any(|b| b.is_ascii_uppercase()) => {
            if accepts(&ct.to_ascii_lowercase()) {
                Ok(())
            } else {
                Err(wrong_type(arg, expected, Some(ct)))
            }
        }
        Some(ct) if accepts(ct) => Ok(()),
        found => Err(wrong_type(arg, expected, found)),
    }
}

fn wrong_type(arg: &str, expected: &str, found: Option<&str>) -> HttpError {
    HttpError::new(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        format!(
            "body `{arg}` must be sent as `{expected}`, got {}",
            found.map_or("no content-type".to_string(), |f| format!("`{f}`"))
        ),
    )
}

/// How much of a body past the limit is read and discarded before the
/// `413` goes out: a client still sending would otherwise get a reset
/// instead of the answer.
const DRAIN_PAST_LIMIT: usize = 1024 * 1024;

fn too_large(arg: &str, limit: usize) -> HttpError {
    HttpError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("body `{arg}` is larger than the limit of {limit} bytes"),
    )
}

/// Reads the whole body within the app's size limit (`413` past it).
pub async fn read_body(req: &mut Request, arg: &str) -> Result<Bytes, HttpError> {
    let limit = req.body_limit;
    let mut body = req.take_body();
    if body.size_hint().lower() > limit as u64 {
        return Err(too_large(arg, limit));
    }
    // Most bodies arrive in one frame: that frame is the body, with no list
    // of chunks collected and copied (SPEC A10).
    let first = match body.frame().await {
        None => return Ok(Bytes::new()),
        Some(Err(e)) => return Err(unreadable(arg, e)),
        Some(Ok(frame)) => frame.into_data().unwrap_or_default(),
    };
    if first.len() > limit {
        drain(&mut body).await;
        return Err(too_large(arg, limit));
    }
    if body.is_end_stream() {
        return Ok(first);
    }
    match Limited::new(&mut body, limit - first.len()).collect().await {
        Ok(rest) => {
            let rest = rest.to_bytes();
            let mut all = bytes::BytesMut::with_capacity(first.len() + rest.len());
            all.extend_from_slice(&first);
            all.extend_from_slice(&rest);
            Ok(all.freeze())
        }
        Err(e) if e.is::<http_body_util::LengthLimitError>() => {
            drain(&mut body).await;
            Err(too_large(arg, limit))
        }
        Err(e) => Err(unreadable(arg, e)),
    }
}

fn unreadable(arg: &str, e: impl Display) -> HttpError {
    HttpError::bad_request(format!("body `{arg}` could not be read: {e}"))
}

/// Reads and discards up to [`DRAIN_PAST_LIMIT`] more bytes of `body`.
async fn drain(body: &mut crate::request::RequestBody) {
    let mut drained = 0;
    while drained < DRAIN_PAST_LIMIT {
        match body.frame().await {
            Some(Ok(frame)) => drained += frame.data_ref().map_or(0, |d| d.len()),
            _ => break,
        }
    }
}

#[cfg(feature = "json")]
fn is_json(ct: &str) -> bool {
    ct == "application/json" || (ct.starts_with("application/") && ct.ends_with("+json"))
}

/// `#[body] dto: T`: a JSON body.
#[cfg(feature = "json")]
pub async fn body_json<T: serde::de::DeserializeOwned>(
    req: &mut Request,
    arg: &str,
) -> Result<T, HttpError> {
    check_content_type(req, arg, is_json, "application/json")?;
    let bytes = read_body(req, arg).await?;
    serde_json::from_slice(&bytes)
        .or_else(|e| integral_floats_as_integers(&bytes).ok_or(e))
        .map_err(|e| HttpError::bad_request(format!("invalid JSON in body `{arg}`: {e}")))
}

/// JSON Schema counts `379.0` as an integer, serde does not: on that one
/// failure, retry with every integral float written as an integer. Runs only
/// after a failed parse, so well-formed requests never pay for it.
#[cfg(feature = "json")]
fn integral_floats_as_integers<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Option<T> {
    fn fix(v: &mut serde_json::Value) -> bool {
        match v {
            serde_json::Value::Number(n) if n.is_f64() => {
                let f = n.as_f64().unwrap_or(f64::NAN);
                let integral = f.fract() == 0.0 && f.abs() < 9_007_199_254_740_992.0;
                if integral {
                    *v = serde_json::Value::from(f as i64);
                }
                integral
            }
            serde_json::Value::Array(items) => items.iter_mut().fold(false, |c, i| fix(i) | c),
            serde_json::Value::Object(map) => map.values_mut().fold(false, |c, i| fix(i) | c),
            _ => false,
        }
    }
    let mut value: serde_json::Value = serde_json::from_slice(bytes).ok()?;
    fix(&mut value)
        .then(|| serde_json::from_value(value).ok())
        .flatten()
}

/// `#[body(form)] dto: T`: an urlencoded form body.
pub async fn body_form<T: serde::de::DeserializeOwned>(
    req: &mut Request,
    arg: &str,
) -> Result<T, HttpError> {
    check_content_type(
        req,
        arg,
        |ct| ct == "application/x-www-form-urlencoded",
        "application/x-www-form-urlencoded",
    )?;
    let bytes = read_body(req, arg).await?;
    crate::urlencoded::from_bytes(&bytes)
        .map_err(|e| HttpError::bad_request(format!("invalid form in body `{arg}`: {e}")))
}

/// `#[body(text)] s: String`: a UTF-8 text body.
pub async fn body_text(req: &mut Request, arg: &str) -> Result<String, HttpError> {
    check_content_type(req, arg, |ct| ct.starts_with("text/"), "text/plain")?;
    let bytes = read_body(req, arg).await?;
    String::from_utf8(bytes.into())
        .map_err(|e| HttpError::bad_request(format!("body `{arg}` is not valid UTF-8: {e}")))
}

/// `#[body(bytes)] b: Bytes` (or `Vec<u8>`): the raw body.
pub async fn body_bytes<T: From<Bytes>>(req: &mut Request, arg: &str) -> Result<T, HttpError> {
    read_body(req, arg).await.map(T::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "json")]
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
        r.body = crate::request::RequestBody::from(Bytes::from_static(
            br#"{"year": 379.0, "ids": [1, 2.0]}"#,
        ));
        let dto: Dto = body_json(&mut r, "dto").await.unwrap();
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
        r.body =
            crate::request::RequestBody::from(Bytes::from_static(br#"{"year": 379.5, "ids": []}"#));
        let e = body_json::<Dto>(&mut r, "dto").await.unwrap_err();
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
        assert_eq!(query_one::<u32>(&r, "page").unwrap(), 2);
        assert_eq!(query_one::<String>(&r, "q").unwrap(), "a b");
        assert_eq!(query_one_opt::<u32>(&r, "none").unwrap(), None);
        let e = query_one::<u32>(&r, "q").unwrap_err();
        assert_eq!(e.status(), 400);
        assert!(
            e.message().contains("`q`") && e.message().contains("u32"),
            "{e}"
        );
        let r2 = req("/x?n=12.0&m=12.5");
        assert_eq!(query_one::<u32>(&r2, "n").unwrap(), 12);
        assert!(query_one::<u32>(&r2, "m").is_err());
        assert_eq!(query_one::<f64>(&r2, "m").unwrap(), 12.5);
        let e = query_one::<u32>(&r, "missing").unwrap_err();
        assert!(e.message().contains("missing query parameter `missing`"));
    }
}
