//! `Accept-Encoding` as the gzip middleware reads it
//! (`runtime/src/response/compression.rs`) on arbitrary header values: never a
//! panic; a value that names neither gzip nor `*` accepts nothing; and the
//! same list sent as one line or split over two lines at a comma reads the
//! same (RFC 9110 §5.3).
#![no_main]

use http::header::{HeaderValue, ACCEPT_ENCODING};
use http::HeaderMap;
use libfuzzer_sys::fuzz_target;
use tether::__fuzz::accepts_gzip;

fn reads(lines: &[&[u8]]) -> Option<bool> {
    let mut headers = HeaderMap::new();
    for line in lines {
        headers.append(ACCEPT_ENCODING, HeaderValue::from_bytes(line).ok()?);
    }
    Some(accepts_gzip(&headers))
}

fuzz_target!(|data: &[u8]| {
    let Some(whole) = reads(&[data]) else { return };
    let lower = data.to_ascii_lowercase();
    if !lower.windows(4).any(|w| w == b"gzip") && !data.contains(&b'*') {
        assert!(!whole, "{:?}", String::from_utf8_lossy(data));
    }
    if let Some(comma) = data.iter().position(|&b| b == b',') {
        let (first, rest) = (&data[..comma], &data[comma + 1..]);
        if let Some(split) = reads(&[first, rest]) {
            assert_eq!(whole, split, "{:?}", String::from_utf8_lossy(data));
        }
    }
});
