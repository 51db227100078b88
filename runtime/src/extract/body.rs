//! A request body as bytes: read whole within the app's size
//! limit (`413` past it), its content type and encoding checked first
//! (`415`), and JSON read from it with messages that name the field path.

use crate::extract::request::Request;
use crate::HttpError;
use bytes::Bytes;
use http::StatusCode;
use http_body::Body as _;
use http_body_util::{BodyExt, Limited};
use std::fmt::Display;

pub(crate) fn content_type(req: &Request) -> Option<&str> {
    // The header constant: no name to parse and hash on every body.
    req.head()
        .headers
        .get(http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or("").trim())
}

pub(crate) fn check_content_type(
    req: &Request,
    accepts: fn(&str) -> bool,
    expected: &str,
) -> Result<(), HttpError> {
    match content_type(req) {
        // Lower-cased only when it has capitals: no allocation as a rule.
        Some(ct) if ct.bytes().any(|b| b.is_ascii_uppercase()) => {
            if accepts(&ct.to_ascii_lowercase()) {
                Ok(())
            } else {
                Err(wrong_type(expected, Some(ct)))
            }
        }
        Some(ct) if accepts(ct) => Ok(()),
        found => Err(wrong_type(expected, found)),
    }
}

/// The `415` of a body sent with another content type. Messages speak of
/// "the request body", never of the Rust argument it feeds: the client
/// knows the document, not the handler.
pub(crate) fn wrong_type(expected: &str, found: Option<&str>) -> HttpError {
    HttpError::new(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        format!(
            "the request body must be sent as `{expected}`, got {}",
            found.map_or("no content-type".to_string(), |f| format!("`{f}`"))
        ),
    )
}

/// `Ok` when the request body is sent as it is: no `Content-Encoding`,
/// or only `identity`. Else the `415` of RFC 9110 §15.5.16, with
/// `Accept-Encoding: identity`: tether reads bodies as sent, so a `gzip`
/// or `br` body would reach the handler still compressed. Checked before
/// any byte of the body is read.
pub(crate) fn sent_as_is(req: &Request) -> Result<(), HttpError> {
    let mut codings = req.headers().get_all(http::header::CONTENT_ENCODING).iter();
    let other = codings.find_map(|value| match value.to_str() {
        Ok(list) => list
            .split(',')
            .map(str::trim)
            .find(|c| !c.is_empty() && !c.eq_ignore_ascii_case("identity"))
            .map(str::to_string),
        Err(_) => Some(String::from_utf8_lossy(value.as_bytes()).into_owned()),
    });
    match other {
        None => Ok(()),
        Some(coding) => Err(HttpError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!(
                "the request body is sent with `Content-Encoding: {coding}`, which the server does not decode: send it uncompressed"
            ),
        )
        .with_header(
            http::header::ACCEPT_ENCODING,
            http::HeaderValue::from_static("identity"),
        )),
    }
}

/// How much of a body past the limit is read and discarded before the
/// `413` goes out: a client still sending would otherwise get a reset
/// instead of the answer.
const DRAIN_PAST_LIMIT: usize = 1024 * 1024;

pub(crate) fn too_large(limit: usize) -> HttpError {
    HttpError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("the request body is larger than the limit of {limit} bytes"),
    )
}

/// Reads the whole body within the app's size limit (`413` past it);
/// a body sent compressed (`Content-Encoding` other than `identity`) is a
/// `415` with `Accept-Encoding: identity`, before any of it is read.
pub async fn read_body(req: &mut Request) -> Result<Bytes, HttpError> {
    sent_as_is(req)?;
    let limit = req.body_limit;
    let mut body = req.take_body();
    if body.size_hint().lower() > limit as u64 {
        return Err(too_large(limit));
    }
    // Most bodies arrive in one frame: that frame is the body, with no list
    // of chunks collected and copied (SPEC A10).
    let first = match body.frame().await {
        None => return Ok(Bytes::new()),
        Some(Err(e)) => return Err(unreadable(e)),
        Some(Ok(frame)) => frame.into_data().unwrap_or_default(),
    };
    if first.len() > limit {
        drain(&mut body).await;
        return Err(too_large(limit));
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
            Err(too_large(limit))
        }
        Err(e) => Err(unreadable(e)),
    }
}

fn unreadable(e: impl Display) -> HttpError {
    HttpError::bad_request(format!("the body could not be read: {e}"))
        .with_code(crate::response::error::codes::INVALID_BODY)
}

/// Reads and discards up to [`DRAIN_PAST_LIMIT`] more bytes of `body`.
async fn drain(body: &mut crate::extract::request::RequestBody) {
    let mut drained = 0;
    while drained < DRAIN_PAST_LIMIT {
        match body.frame().await {
            Some(Ok(frame)) => drained += frame.data_ref().map_or(0, |d| d.len()),
            _ => break,
        }
    }
}

pub(crate) fn is_json(ct: &str) -> bool {
    ct == "application/json" || (ct.starts_with("application/") && ct.ends_with("+json"))
}

/// `bytes` parsed as JSON into `T`, an integer also read from an integral
/// float (`12.0`); else the message naming where it failed.
pub(crate) fn read_json<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    serde_json::from_slice(bytes).or_else(|e| match integral_floats_as_integers(bytes) {
        Some(read) => read,
        None => Err(json_error::<T>(bytes, e)),
    })
}

/// The message of a JSON body that did not parse, with the field path
/// where it failed. Found by parsing again with the path tracked: only on
/// this error path, as tracking allocates for every key.
pub(crate) fn json_error<T: serde::de::DeserializeOwned>(
    bytes: &[u8],
    e: serde_json::Error,
) -> String {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let path = match serde_path_to_error::deserialize::<_, T>(&mut de) {
        Err(tracked) => known_path(tracked.path()),
        Ok(_) => String::new(),
    };
    json_message(&path, e)
}

/// A JSON body's error message, naming `path` when serde knows it.
fn json_message(path: &str, e: impl std::fmt::Display) -> String {
    match path {
        "" => format!("invalid JSON body: {e}"),
        _ => format!("invalid JSON body at `{path}`: {e}"),
    }
}

/// `path` up to its first segment serde could not name (`?`: the body
/// ended inside an object, or a map key did not parse): `by_id`, not
/// `by_id.?`; empty when nothing is known.
fn known_path(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut out = String::new();
    for segment in path.iter() {
        match segment {
            Segment::Seq { index } => out.push_str(&format!("[{index}]")),
            Segment::Map { key } | Segment::Enum { variant: key } => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Segment::Unknown => break,
        }
    }
    out
}

/// JSON Schema counts `379.0` as an integer, serde does not: after a failed
/// parse, retry with every integral float written as an integer (so
/// well-formed requests never pay for it). `None` when the body has no
/// integral float (the first error stands), else the retry's outcome, whose
/// error is the body's real mistake.
fn integral_floats_as_integers<T: serde::de::DeserializeOwned>(
    bytes: &[u8],
) -> Option<Result<T, String>> {
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
    if !fix(&mut value) {
        return None;
    }
    // Read again with the floats made integers: if that fails too, its
    // error is the one to report (the first named a float it now reads).
    Some(
        serde_path_to_error::deserialize::<_, T>(value)
            .map_err(|e| json_message(&known_path(e.path()), e.inner())),
    )
}
