//! The `Host` rule of HTTP/1.x (RFC 9112, section 3.2): a server answers
//! `400` to an HTTP/1.1 request without a `Host` header, and to any
//! request with more than one `Host` line or with an invalid value. hyper
//! leaves this to the service; Go's `net/http`, nginx and Node 20's
//! `http` (so NestJS) enforce it, and an app that builds links from
//! `Host` relies on it.
//!
//! It is the [`crate::NativeAdapter`]'s (`strict_host`), checked in
//! [`crate::AppService`] before anything else.
//!
//! The check reads the header map hyper already built: no allocation, one
//! lookup and a pass over the value's bytes. HTTP/2 carries the authority
//! in `:authority` and is not checked here.

use http::{HeaderMap, Version};

/// What is wrong with the request's `Host`, if anything.
#[inline]
pub fn problem(version: Version, headers: &HeaderMap) -> Option<&'static str> {
    // Clients send `Host` first (RFC 9110, section 7.2, asks them to), and
    // the map keeps the order of first appearance: found without a hash.
    let first = headers
        .iter()
        .next()
        .filter(|(name, _)| **name == http::header::HOST);
    let Some(host) = first
        .map(|(_, value)| value)
        .or_else(|| headers.get(http::header::HOST))
    else {
        return match version {
            Version::HTTP_11 => {
                Some("an HTTP/1.1 request needs a Host header (RFC 9112, section 3.2)")
            }
            _ => None,
        };
    };
    // Two lines of any name make `len` (values) exceed `keys_len`: only
    // then are the `Host` lines counted.
    if headers.len() != headers.keys_len()
        && headers.get_all(http::header::HOST).iter().nth(1).is_some()
    {
        return Some("the request has more than one Host header");
    }
    match valid_host(host.as_bytes()) {
        true => None,
        false => Some("the Host header is not a host with an optional port"),
    }
}

/// The `400` naming `problem`, with `Connection: close`: after a request
/// like this its framing is not to be trusted.
#[cold]
#[inline(never)]
pub(crate) fn refusal(problem: &'static str) -> crate::app::response_future::ResponseFuture {
    use crate::IntoResponse;
    let mut response = crate::HttpError::bad_request(problem).into_response();
    response.headers_mut().insert(
        http::header::CONNECTION,
        http::HeaderValue::from_static("close"),
    );
    crate::app::response_future::ResponseFuture::ready(response, false, None)
}

/// Whether every byte may appear in `uri-host [ ":" port ]` (RFC 3986):
/// letters, digits, `-._~`, `%` of percent-encoding, the sub-delimiters
/// `!$&'()*+,;=`, `:` and the brackets of an IPv6 literal. An empty value
/// is valid (a request whose target has no authority sends one).
#[inline]
fn valid_host(value: &[u8]) -> bool {
    // Or-ing the table's answers has no branch per byte.
    value
        .iter()
        .fold(0u8, |bad, &byte| bad | HOST_BYTES[usize::from(byte)])
        == 0
}

/// [`valid_host`]'s bytes, as a table: `0` for a byte a host may hold.
static HOST_BYTES: [u8; 256] = {
    let mut table = [1; 256];
    let mut byte = 0;
    while byte < 256 {
        let c = byte as u8;
        if c.is_ascii_alphanumeric() || contains(b"-._~%!$&'()*+,;=:[]", c) {
            table[byte] = 0;
        }
        byte += 1;
    }
    table
};

/// Whether `set` holds `byte` (usable in a `const`).
const fn contains(set: &[u8], byte: u8) -> bool {
    let mut i = 0;
    while i < set.len() {
        if set[i] == byte {
            return true;
        }
        i += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::header::HOST;
    use http::HeaderValue;

    fn with_hosts(hosts: &[&[u8]]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for host in hosts {
            headers.append(HOST, HeaderValue::from_bytes(host).unwrap());
        }
        headers
    }

    #[test]
    fn one_valid_host_passes_in_every_version() {
        for host in [
            &b"example.com"[..],
            b"example.com:8080",
            b"127.0.0.1:3000",
            b"[::1]:443",
            b"xn--bcher-kva.example",
            b"my_host.local",
            b"",
        ] {
            for version in [Version::HTTP_10, Version::HTTP_11] {
                assert_eq!(problem(version, &with_hosts(&[host])), None, "{host:?}");
            }
        }
    }

    #[test]
    fn http11_needs_a_host_and_http10_does_not() {
        assert!(problem(Version::HTTP_11, &HeaderMap::new())
            .unwrap()
            .contains("needs a Host header"));
        assert_eq!(problem(Version::HTTP_10, &HeaderMap::new()), None);
    }

    #[test]
    fn host_is_found_on_any_line() {
        let mut headers = HeaderMap::new();
        headers.insert(http::header::ACCEPT, HeaderValue::from_static("*/*"));
        headers.append(http::header::ACCEPT, HeaderValue::from_static("text/plain"));
        assert!(problem(Version::HTTP_11, &headers).is_some());
        headers.insert(HOST, HeaderValue::from_static("a b"));
        assert!(problem(Version::HTTP_11, &headers)
            .unwrap()
            .contains("not a host"));
        headers.insert(HOST, HeaderValue::from_static("a.example"));
        assert_eq!(problem(Version::HTTP_11, &headers), None);
        headers.append(HOST, HeaderValue::from_static("b.example"));
        assert!(problem(Version::HTTP_11, &headers)
            .unwrap()
            .contains("more than one"));
    }

    #[test]
    fn two_host_lines_are_refused_even_when_equal() {
        for version in [Version::HTTP_10, Version::HTTP_11] {
            let two = with_hosts(&[b"a.example", b"a.example"]);
            assert!(problem(version, &two).unwrap().contains("more than one"));
        }
    }

    #[test]
    fn hostile_values_are_refused() {
        for host in [
            &b"a b"[..],
            b"a.example/path",
            b"user@a.example",
            b"a.example\t",
            b"a\"b",
            b"a.example?x",
            b"a.example#x",
            b"\x80\xff",
            b"<script>",
        ] {
            assert!(
                problem(Version::HTTP_11, &with_hosts(&[host])).is_some(),
                "{host:?} passed"
            );
        }
    }

    #[test]
    fn the_table_matches_the_rfc_character_classes() {
        let allowed: Vec<u8> = (0..=255u8).filter(|&b| valid_host(&[b])).collect();
        let mut expected: Vec<u8> =
            b"!$%&'()*+,-.0123456789:;=ABCDEFGHIJKLMNOPQRSTUVWXYZ[]_abcdefghijklmnopqrstuvwxyz~"
                .to_vec();
        expected.sort_unstable();
        assert_eq!(allowed, expected);
    }
}
