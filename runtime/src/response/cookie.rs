//! [`SetCookie`]: a `Set-Cookie` header value, written by the
//! `cookie` crate (`Domain`, `Expires`, `Partitioned` as well as `Path`,
//! `Max-Age`, `HttpOnly`, `Secure`, `SameSite`). Reading the request's
//! cookies is [`crate::extract::cookie`].

use std::fmt::{self, Display, Write as _};
use std::time::SystemTime;

/// `SameSite` of a [`SetCookie`]: `Strict`, `Lax` or `None` (browsers
/// require `Secure` with `None`).
pub use cookie::SameSite;

/// A `Set-Cookie` header value: `SetCookie::new("session", token).
/// http_only().same_site(SameSite::Lax).path("/")`. The name, value, path
/// and domain are percent-encoded where RFC 6265 does not allow a byte, so
/// no input can add attributes or break the header. The attributes come in
/// the `cookie` crate's order: `HttpOnly`, `SameSite`, `Partitioned`,
/// `Secure`, `Path`, `Domain`, `Max-Age`, `Expires`.
///
/// ```
/// use tether::response::cookie::{SameSite, SetCookie};
/// let c = SetCookie::new("session", "a b;c").http_only().same_site(SameSite::Lax).path("/");
/// assert_eq!(c.to_string(), "session=a%20b%3Bc; HttpOnly; SameSite=Lax; Path=/");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct SetCookie(cookie::Cookie<'static>);

impl SetCookie {
    /// `name=value` with no attributes.
    pub fn new(name: impl Into<String>, value: impl Into<String>) -> Self {
        let mut c = cookie::Cookie::new(encoded(&name.into(), b'='), encoded(&value.into(), 0));
        // Written only when asked for: the crate would add `Secure` to
        // `SameSite=None` by itself.
        c.set_secure(false);
        SetCookie(c)
    }

    /// A cookie that removes `name` (empty, `Max-Age=0`).
    pub fn remove(name: impl Into<String>) -> Self {
        SetCookie::new(name, "").max_age(0)
    }

    /// `Path=…`
    pub fn path(mut self, path: impl Into<String>) -> Self {
        self.0.set_path(encoded(&path.into(), 0));
        self
    }

    /// `Domain=…`: the cookie is sent to that domain and its subdomains.
    pub fn domain(mut self, domain: impl Into<String>) -> Self {
        self.0.set_domain(encoded(&domain.into(), 0));
        self
    }

    /// `Max-Age=…` in seconds.
    pub fn max_age(mut self, seconds: u64) -> Self {
        let seconds = i64::try_from(seconds).unwrap_or(i64::MAX);
        self.0.set_max_age(cookie::time::Duration::seconds(seconds));
        self
    }

    /// `Expires=…`: the date after which the browser drops the cookie.
    pub fn expires(mut self, at: SystemTime) -> Self {
        self.0.set_expires(cookie::time::OffsetDateTime::from(at));
        self
    }

    /// `HttpOnly`: scripts cannot read it.
    pub fn http_only(mut self) -> Self {
        self.0.set_http_only(true);
        self
    }

    /// `Secure`: HTTPS only.
    pub fn secure(mut self) -> Self {
        self.0.set_secure(true);
        self
    }

    /// `Partitioned` (CHIPS): kept per top-level site; implies `Secure`.
    pub fn partitioned(mut self) -> Self {
        self.0.set_partitioned(true);
        self.0.set_secure(true);
        self
    }

    /// `SameSite=…`
    pub fn same_site(mut self, same_site: SameSite) -> Self {
        self.0.set_same_site(same_site);
        self
    }
}

/// RFC 6265 cookie-octet (also safe in a name once `=` is excluded).
fn is_cookie_octet(b: u8) -> bool {
    matches!(b, 0x21 | 0x23..=0x2B | 0x2D..=0x3A | 0x3C..=0x5B | 0x5D..=0x7E) && b != b'%'
}

/// `text` with every byte that is not a cookie-octet (or is
/// `extra_forbidden`) percent-encoded.
fn encoded(text: &str, extra_forbidden: u8) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if is_cookie_octet(b) && b != extra_forbidden {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

impl Display for SetCookie {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl From<SetCookie> for http::HeaderValue {
    fn from(c: SetCookie) -> Self {
        http::HeaderValue::try_from(c.to_string()).expect("every byte is encoded to visible ASCII")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn e2_set_cookie_cannot_inject_attributes() {
        let c = SetCookie::new("a=b", "x\r\nSet-Cookie: evil; Path=/")
            .max_age(10)
            .secure();
        assert_eq!(
            c.to_string(),
            "a%3Db=x%0D%0ASet-Cookie:%20evil%3B%20Path=/; Secure; Max-Age=10"
        );
        let _: http::HeaderValue = c.into();
    }

    #[test]
    fn e2_set_cookie_domain_expires_partitioned() {
        let at = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_000);
        let c = SetCookie::new("id", "1")
            .domain("example.com")
            .expires(at)
            .partitioned();
        assert_eq!(
            c.to_string(),
            "id=1; Partitioned; Secure; Domain=example.com; Expires=Tue, 14 Nov 2023 22:13:20 GMT"
        );
        let c = SetCookie::new("id", "1").same_site(SameSite::None);
        assert_eq!(c.to_string(), "id=1; SameSite=None");
    }
}
