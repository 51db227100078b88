//! gzip for whole answers, as a middleware: NestJS's
//! `compression()`, Fastify's `@fastify/compress`.
//!
//! ```no_run
//! use tether::response::compression::Compression;
//! use tether::{App, NativeAdapter};
//!
//! # async fn run() -> std::io::Result<()> {
//! App::new(NativeAdapter::new())
//!     // Registered first: it compresses what every later middleware answers too.
//!     .use_middleware(Compression::new())
//!     .listen("127.0.0.1:3000")
//!     .await
//! # }
//! ```
//!
//! An answer is compressed when the client accepts `gzip` (RFC 9110
//! §12.5.3, `q` values read), its body is whole (not a stream: SSE and
//! streamed downloads pass through) and at least [`Compression::min_size`]
//! bytes, its type is text, JSON, XML, JavaScript or SVG, and it has no
//! `Content-Encoding`, `Content-Range` or `Cache-Control: no-transform`.
//! Every answer of a compressible type gets `Vary: Accept-Encoding`, and a
//! strong `ETag` of a compressed answer becomes weak (it names another
//! representation now), as nginx does.
//!
//! Unlike tower-http's `CompressionLayer` (which works too, through
//! `App::layer`, and brings brotli and zstd), each worker thread keeps its
//! compressor (about 300 KB) and reuses it: no allocation and no fresh
//! pages per answer, only the compressed bytes. The answer is compressed
//! in one pass, in the task that made it.
//!
//! Kept rather than tower-http's layer because it measured better
//! (BENCHMARKS.md, "gzip without a compressor per answer"): 0.01 page
//! faults and ~100 µs of CPU per 16 KiB answer, against 52 faults and
//! ~220 µs with the layer on tether.

use crate::app::middleware::{Middleware, Next};
use crate::extract::request::Request;
use crate::response::body::{Body, Response};
use crate::response::headers::add_vary;
use bytes::Bytes;
use http::header::{self, HeaderMap, HeaderValue};
use http::{Method, StatusCode};
use std::cell::RefCell;

/// The gzip middleware; see the [module](self) documentation.
#[derive(Debug, Clone, Copy)]
pub struct Compression {
    level: u32,
    min_size: usize,
}

impl Default for Compression {
    fn default() -> Self {
        Compression::new()
    }
}

impl Compression {
    /// gzip at level 6 (zlib's and tower-http's default) for answers of
    /// 1 KiB and more (the threshold of Express's and Fastify's middleware).
    pub fn new() -> Self {
        Compression {
            level: 6,
            min_size: 1024,
        }
    }

    /// The compression level, from 1 (fastest) to 9 (smallest); out-of-range
    /// values are clamped.
    pub fn level(mut self, level: u32) -> Self {
        self.level = level.clamp(1, 9);
        self
    }

    /// Answers shorter than `bytes` are sent as they are: below about a
    /// kilobyte, gzip's header and the CPU cost more than they save.
    pub fn min_size(mut self, bytes: usize) -> Self {
        self.min_size = bytes;
        self
    }

    /// `res` compressed for a client that `accepts` gzip, or as it was.
    fn apply(&self, mut res: Response, accepts: bool, head: bool) -> Response {
        if !compressible_type(res.headers()) {
            return res;
        }
        // Unless `Vary` names it or is `*` already.
        add_vary(
            res.headers_mut(),
            HeaderValue::from_static("accept-encoding"),
        );
        if !accepts || head || !self.may_encode(&res) {
            return res;
        }
        let Some(data) = res.body().whole().filter(|d| d.len() >= self.min_size) else {
            return res;
        };
        let compressed = gzip(data, self.level);
        *res.body_mut() = Body::from(compressed);
        let headers = res.headers_mut();
        headers.remove(header::CONTENT_LENGTH);
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        weaken_etag(headers);
        res
    }

    /// Whether the answer's status and headers allow a content coding.
    fn may_encode(&self, res: &Response) -> bool {
        let status = res.status();
        let headers = res.headers();
        !(status.is_informational()
            || status == StatusCode::NO_CONTENT
            || status == StatusCode::NOT_MODIFIED
            || headers.contains_key(header::CONTENT_ENCODING)
            || headers.contains_key(header::CONTENT_RANGE)
            || no_transform(headers))
    }
}

impl Middleware for Compression {
    async fn handle(&self, req: Request, next: Next) -> Response {
        let accepts = accepts_gzip(req.headers());
        let head = req.method() == Method::HEAD;
        let res = next.run(req).await;
        self.apply(res, accepts, head)
    }
}

/// Whether `Accept-Encoding` accepts gzip: `gzip` (or `x-gzip`) with a
/// non-zero `q`, or `*` with one when gzip is not named. A missing header
/// or an item that does not parse accepts nothing. (Public for the fuzz
/// target only.)
#[doc(hidden)]
pub fn accepts_gzip(headers: &HeaderMap) -> bool {
    let mut named = None;
    let mut any = false;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        // Item by item: one with bytes beyond ASCII spoils only itself.
        for item in value.as_bytes().split(|&b| b == b',') {
            let Some((coding, q)) = std::str::from_utf8(item).ok().and_then(coding_and_q) else {
                continue;
            };
            if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
                // The most favourable mention counts.
                named = Some(named.unwrap_or(false) || q);
            } else if coding == "*" {
                any |= q;
            }
        }
    }
    named.unwrap_or(any)
}

/// One `Accept-Encoding` item's coding, and whether its `q` is above zero;
/// `None` for an empty item or a `q` that is no qvalue (RFC 9110 §12.4.2).
fn coding_and_q(item: &str) -> Option<(&str, bool)> {
    let mut parts = item.split(';');
    let coding = parts.next()?.trim();
    if coding.is_empty() {
        return None;
    }
    let mut accepted = true;
    for param in parts {
        let (name, value) = param.split_once('=')?;
        if name.trim().eq_ignore_ascii_case("q") {
            accepted = qvalue_above_zero(value.trim())?;
        }
    }
    Some((coding, accepted))
}

/// A qvalue (`0`, `0.5`, `1.000`, at most three decimals) above zero.
fn qvalue_above_zero(q: &str) -> Option<bool> {
    let (whole, fraction) = q.split_once('.').unwrap_or((q, ""));
    let digits = fraction.len() <= 3 && fraction.bytes().all(|b| b.is_ascii_digit());
    match whole {
        "0" if digits => Some(fraction.bytes().any(|b| b != b'0')),
        "1" if digits && fraction.bytes().all(|b| b == b'0') => Some(true),
        _ => None,
    }
}

/// Text, JSON, XML, JavaScript and SVG: the types gzip makes smaller.
/// Images, archives, fonts and event streams are left alone.
fn compressible_type(headers: &HeaderMap) -> bool {
    let Some(value) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or("").trim();
    let Some((kind, sub)) = essence.split_once('/') else {
        return false;
    };
    let is = |s: &str, t: &str| s.eq_ignore_ascii_case(t);
    // `+json` and `+xml` of any kind: `application/problem+json`, `image/svg+xml`.
    let ends = |suffix: &str| {
        sub.len()
            .checked_sub(suffix.len())
            .and_then(|start| sub.get(start..))
            .is_some_and(|tail| is(tail, suffix))
    };
    (is(kind, "text") && !is(sub, "event-stream"))
        || ends("+json")
        || ends("+xml")
        || (is(kind, "application")
            && ["json", "xml", "javascript", "x-ndjson"]
                .iter()
                .any(|t| is(sub, t)))
}

/// Whether `Cache-Control` forbids changing the representation.
fn no_transform(headers: &HeaderMap) -> bool {
    headers.get_all(header::CACHE_CONTROL).iter().any(|v| {
        v.to_str().is_ok_and(|v| {
            v.split(',')
                .any(|d| d.trim().eq_ignore_ascii_case("no-transform"))
        })
    })
}

/// A strong `ETag` made weak: the compressed bytes are another
/// representation of the same resource (RFC 9110 §8.8.1).
fn weaken_etag(headers: &mut HeaderMap) {
    let Some(etag) = headers.get(header::ETAG) else {
        return;
    };
    if etag.as_bytes().starts_with(b"W/") {
        return;
    }
    let mut weak = b"W/".to_vec();
    weak.extend_from_slice(etag.as_bytes());
    if let Ok(weak) = HeaderValue::from_bytes(&weak) {
        headers.insert(header::ETAG, weak);
    }
}

thread_local! {
    /// This thread's compressor and its level, reused from answer to answer.
    static COMPRESSOR: RefCell<Option<(u32, flate2::Compress)>> = const { RefCell::new(None) };
}

/// The gzip member (RFC 1952) of `data`: a fixed ten-byte header (no name,
/// no time, unknown OS), the raw deflate stream, its CRC-32 and length.
pub(crate) fn gzip(data: &[u8], level: u32) -> Bytes {
    let mut out = Vec::with_capacity(data.len() / 3 + 64);
    out.extend_from_slice(&[0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
    with_compressor(level, |compress| deflate_into(compress, data, &mut out));
    let mut crc = flate2::Crc::new();
    crc.update(data);
    out.extend_from_slice(&crc.sum().to_le_bytes());
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    Bytes::from(out)
}

/// Runs `f` with this thread's compressor for `level`, fresh from a reset.
/// It is taken out while in use, so a panic in `f` only loses it.
fn with_compressor(level: u32, f: impl FnOnce(&mut flate2::Compress)) {
    let kept = COMPRESSOR.with(|c| c.borrow_mut().take());
    let mut compress = match kept {
        Some((kept_level, compress)) if kept_level == level => compress,
        _ => flate2::Compress::new(flate2::Compression::new(level), false),
    };
    f(&mut compress);
    compress.reset();
    COMPRESSOR.with(|c| *c.borrow_mut() = Some((level, compress)));
}

/// `data` deflated to its end into `out`, which grows as needed.
fn deflate_into(compress: &mut flate2::Compress, data: &[u8], out: &mut Vec<u8>) {
    let start = compress.total_in();
    loop {
        let read = (compress.total_in() - start) as usize;
        out.reserve(data.len() / 8 + 64);
        let status = compress
            .compress_vec(&data[read..], out, flate2::FlushCompress::Finish)
            .expect("deflate of a buffer in memory cannot fail");
        if status == flate2::Status::StreamEnd {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(
                header::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                HeaderValue::from_str(value).unwrap(),
            );
        }
        map
    }

    fn accepts(value: &str) -> bool {
        accepts_gzip(&headers(&[("accept-encoding", value)]))
    }

    fn gunzip(data: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(data)
            .read_to_end(&mut out)
            .unwrap();
        out
    }

    #[test]
    fn accept_encoding_is_read_with_its_q_values() {
        for yes in [
            "gzip",
            "GZIP",
            "br, gzip",
            " gzip ; q=0.5 ",
            "gzip;q=1",
            "gzip;q=1.000",
            "gzip;Q=0.001",
            "x-gzip",
            "*",
            "br;q=1, *;q=0.1",
            "gzip;q=0, gzip;q=0.3",
        ] {
            assert!(accepts(yes), "{yes:?} accepts gzip");
        }
        for no in [
            "",
            "br",
            "identity",
            "gzip;q=0",
            "gzip;q=0.000",
            "gzip; q=0, *",
            "*;q=0",
            "gzips",
            "gzip;q=2",
            "gzip;q=1.5",
            "gzip;q=0.0001",
            "gzip;q=",
            "gzip;q",
            "gzip;q=-1",
            "gzip;q=0x1",
            ",,,;;;",
            "g zip",
            "gzip\u{e9}",
        ] {
            assert!(!accepts(no), "{no:?} does not accept gzip");
        }
        assert!(!accepts_gzip(&HeaderMap::new()));
        // Bytes beyond ASCII spoil their own item only (fuzz target
        // `accept_encoding`).
        let obs_text = HeaderValue::from_bytes(b"defla\x91e, gzip;q=1.0").unwrap();
        let mut map = HeaderMap::new();
        map.insert(header::ACCEPT_ENCODING, obs_text);
        assert!(accepts_gzip(&map));
        // Two header lines are one list.
        assert!(accepts_gzip(&headers(&[
            ("accept-encoding", "br"),
            ("accept-encoding", "gzip")
        ])));
    }

    #[test]
    fn only_text_like_types_are_compressible() {
        for yes in [
            "application/json",
            "application/json; charset=utf-8",
            "Application/JSON",
            "application/problem+json",
            "application/vnd.api+json",
            "text/plain; charset=utf-8",
            "text/html",
            "text/css",
            "application/javascript",
            "application/xml",
            "image/svg+xml",
            "application/x-ndjson",
        ] {
            assert!(
                compressible_type(&headers(&[("content-type", yes)])),
                "{yes}"
            );
        }
        for no in [
            "text/event-stream",
            "image/png",
            "application/octet-stream",
            "application/zip",
            "font/woff2",
            "video/mp4",
            "json",
            "",
        ] {
            assert!(
                !compressible_type(&headers(&[("content-type", no)])),
                "{no}"
            );
        }
        assert!(!compressible_type(&HeaderMap::new()));
    }

    #[test]
    fn gzip_members_decode_to_the_input_with_the_compressor_reused() {
        let json = br#"{"id":1,"name":"tether","tags":["a","b"]}"#.repeat(500);
        let random: Vec<u8> = (0u32..70_000)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        for (data, level) in [
            (&json[..], 6),
            (&random[..], 6),
            (&[][..], 6),
            (&json[..], 1),
            (&json[..], 9),
            (&json[..], 6),
        ] {
            let packed = gzip(data, level);
            assert_eq!(gunzip(&packed), data, "level {level}, {} bytes", data.len());
        }
        assert!(gzip(&json, 6).len() < json.len() / 10);
    }

    #[test]
    fn weak_etags_stay_and_strong_ones_become_weak() {
        let mut h = headers(&[("etag", "\"abc\"")]);
        weaken_etag(&mut h);
        assert_eq!(h[header::ETAG], "W/\"abc\"");
        weaken_etag(&mut h);
        assert_eq!(h[header::ETAG], "W/\"abc\"");
    }

    #[test]
    fn vary_is_added_once() {
        let mut h = headers(&[("vary", "Origin")]);
        add_vary(&mut h, HeaderValue::from_static("accept-encoding"));
        add_vary(&mut h, HeaderValue::from_static("accept-encoding"));
        let all: Vec<_> = h.get_all(header::VARY).iter().collect();
        assert_eq!(all, ["Origin, accept-encoding"]);
        let mut h = headers(&[("vary", "Accept-Encoding")]);
        add_vary(&mut h, HeaderValue::from_static("accept-encoding"));
        let all: Vec<_> = h.get_all(header::VARY).iter().collect();
        assert_eq!(all, ["Accept-Encoding"], "named in another case");
        let mut star = headers(&[("vary", "*")]);
        add_vary(&mut star, HeaderValue::from_static("accept-encoding"));
        assert_eq!(star.get_all(header::VARY).iter().count(), 1);
    }

    #[test]
    fn no_transform_is_honoured() {
        assert!(no_transform(&headers(&[(
            "cache-control",
            "public, No-Transform"
        )])));
        assert!(!no_transform(&headers(&[("cache-control", "no-store")])));
    }
}
