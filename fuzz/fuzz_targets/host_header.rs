//! HTTP/1's `Host` rule (`runtime/src/server/host_header.rs`) on arbitrary header
//! lines: never a panic, and a request passes exactly when it has one
//! `Host` whose bytes all belong to RFC 3986's `host [":" port]` (or none
//! in HTTP/1.0), whichever line it came on.
#![no_main]

use http::header::{HeaderName, HeaderValue, HOST};
use http::{HeaderMap, Version};
use libfuzzer_sys::fuzz_target;
use tether::__fuzz::host_problem;

fn host_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~%!$&'()*+,;=:[]".contains(&b)
}

fuzz_target!(|data: &[u8]| {
    let Some((&shape, rest)) = data.split_first() else { return };
    let mut headers = HeaderMap::new();
    let mut hosts = Vec::new();
    // Each line is a header; `shape`'s bits say which lines are `Host`.
    for (i, line) in rest.split(|&b| b == b'\n').take(8).enumerate() {
        let Ok(value) = HeaderValue::from_bytes(line) else { continue };
        if shape >> i & 1 == 1 {
            hosts.push(line.to_vec());
            headers.append(HOST, value);
        } else {
            headers.append(HeaderName::from_static("x-other"), value);
        }
    }
    for version in [Version::HTTP_10, Version::HTTP_11] {
        let expected_ok = match hosts.as_slice() {
            [] => version == Version::HTTP_10,
            [one] => one.iter().all(|&b| host_byte(b)),
            _ => false,
        };
        assert_eq!(host_problem(version, &headers).is_none(), expected_ok, "{hosts:?}");
    }
});
