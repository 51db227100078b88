//! Cookies (SPEC E2): `#[cookie("session")]` arguments read one cookie of
//! the request's `Cookie` headers; [`SetCookie`] writes a `Set-Cookie`.

use crate::extract::request::Request;
use crate::HttpError;
use std::fmt::{self, Display, Write as _};

/// The value of cookie `name` in the request's `Cookie` headers (RFC 6265
/// §5.4: `a=1; b=2`, several headers allowed); surrounding quotes are
/// removed. Pairs without `=` and headers that are not visible ASCII are
/// skipped, so a malformed header reads as no cookie. The text as sent:
/// [`SetCookie`] and the generated client percent-encode what a cookie
/// cannot carry, and a `#[cookie("name")]` argument gets it decoded.
pub fn find<'r>(req: &'r Request, name: &str) -> Option<&'r str> {
    req.headers()
        .get_all(http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|line| line.split(';'))
        .find_map(|pair| {
            let (k, v) = pair.split_once('=')?;
            (k.trim() == name).then(|| unquote(v.trim()))
        })
}

fn unquote(v: &str) -> &str {
    match v.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
        Some(inner) => inner,
        None => v,
    }
}

/// `SameSite` of a [`SetCookie`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SameSite {
    /// `SameSite=Strict`
    Strict,
    /// `SameSite=Lax`
    Lax,
    /// `SameSite=None` (browsers require `Secure` with it)
    None,
}

/// A `Set-Cookie` header value: `SetCookie::new("session", token)
/// .http_only().same_site(SameSite::Lax).path("/")`. The name and value are
/// percent-encoded where RFC 6265 does not allow a byte, so no input can
/// add attributes or break the header.
///
/// ```
/// use tether::extract::cookie::{SameSite, SetCookie};
/// let c = SetCookie::new("session", "a b;c").http_only().same_site(SameSite::Lax).path("/");
/// assert_eq!(c.to_string(), "session=a%20b%3Bc; Path=/; HttpOnly; SameSite=Lax");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetCookie {
    name: String,
    value: String,
    path: Option<String>,
    max_age: Option<u64>,
    http_only: bool,
    secure: bool,
    same_site: Option<SameSite>,
}

impl SetCookie {
    /// `name=value` with no attributes.
    pub fn new(name: impl Into<String>, value: impl Into<String>) -> Self {
        SetCookie {
            name: name.into(),
            value: value.into(),
            path: None,
            max_age: None,
            http_only: false,
            secure: false,
            same_site: None,
        }
    }

    /// A cookie that removes `name` (empty, `Max-Age=0`).
    pub fn remove(name: impl Into<String>) -> Self {
        SetCookie::new(name, "").max_age(0)
    }

    /// `Path=…`
    pub fn path(mut self, path: impl Into<String>) -> Self {
        self.path = Some(path.into());
        self
    }

    /// `Max-Age=…` in seconds.
    pub fn max_age(mut self, seconds: u64) -> Self {
        self.max_age = Some(seconds);
        self
    }

    /// `HttpOnly`: scripts cannot read it.
    pub fn http_only(mut self) -> Self {
        self.http_only = true;
        self
    }

    /// `Secure`: HTTPS only.
    pub fn secure(mut self) -> Self {
        self.secure = true;
        self
    }

    /// `SameSite=…`
    pub fn same_site(mut self, same_site: SameSite) -> Self {
        self.same_site = Some(same_site);
        self
    }
}

/// RFC 6265 cookie-octet (also safe in a name once `=` is excluded).
fn is_cookie_octet(b: u8) -> bool {
    matches!(b, 0x21 | 0x23..=0x2B | 0x2D..=0x3A | 0x3C..=0x5B | 0x5D..=0x7E) && b != b'%'
}

fn write_encoded(f: &mut fmt::Formatter<'_>, text: &str, extra_forbidden: u8) -> fmt::Result {
    for b in text.bytes() {
        if is_cookie_octet(b) && b != extra_forbidden {
            f.write_char(b as char)?;
        } else {
            write!(f, "%{b:02X}")?;
        }
    }
    Ok(())
}

impl Display for SetCookie {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_encoded(f, &self.name, b'=')?;
        f.write_char('=')?;
        write_encoded(f, &self.value, 0)?;
        if let Some(path) = &self.path {
            f.write_str("; Path=")?;
            write_encoded(f, path, 0)?;
        }
        if let Some(age) = self.max_age {
            write!(f, "; Max-Age={age}")?;
        }
        if self.http_only {
            f.write_str("; HttpOnly")?;
        }
        if self.secure {
            f.write_str("; Secure")?;
        }
        match self.same_site {
            Some(SameSite::Strict) => f.write_str("; SameSite=Strict"),
            Some(SameSite::Lax) => f.write_str("; SameSite=Lax"),
            Some(SameSite::None) => f.write_str("; SameSite=None"),
            None => Ok(()),
        }
    }
}

impl From<SetCookie> for http::HeaderValue {
    fn from(c: SetCookie) -> Self {
        http::HeaderValue::try_from(c.to_string()).expect("every byte is encoded to visible ASCII")
    }
}

/// A type a `#[cookie("name")]` argument can have: read with serde from
/// the cookie's text, like a `#[header]` or one query value.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be read from a cookie",
    label = "the type of this `#[cookie(\"..\")]` argument",
    note = "a `#[cookie(\"name\")]` argument is read with serde from the cookie's text: use `String`, a number, `bool`, a type that implements `serde::Deserialize` (an enum of unit variants reads its variant's name), `Option<T>` when the cookie may be absent"
)]
pub trait CookieParam: serde::de::DeserializeOwned {}

impl<T: serde::de::DeserializeOwned> CookieParam for T {}

/// `#[cookie("name")] v: T`: the cookie's text, percent-decoded as
/// [`SetCookie`] and the generated client encode it, read as `T`
/// (`Option<T>`: absent is `None`).
#[doc(hidden)]
pub fn cookie_param<T: CookieParam>(req: &Request, name: &str) -> Result<T, HttpError> {
    let value = match find(req, name) {
        Some(raw) => Some(crate::extract::args::percent_decoded(raw, "cookie", name)?),
        None => None,
    };
    crate::extract::urlencoded::Values::new(name, value.into_iter())
        .read()
        .map_err(|e| HttpError::bad_request(e.describe("cookie")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(headers: &[&str]) -> Request {
        let mut b = http::Request::builder();
        for h in headers {
            b = b.header("cookie", *h);
        }
        let (head, ()) = b.body(()).unwrap().into_parts();
        Request::new(head, bytes::Bytes::new())
    }

    #[test]
    fn e2_cookie_parsing() {
        let r = req(&["a=1; session=\"xyz\" ;b", "c=3"]);
        assert_eq!(find(&r, "session"), Some("xyz"));
        assert_eq!(find(&r, "c"), Some("3"));
        assert_eq!(find(&r, "b"), None);
        assert_eq!(find(&r, "sess"), None);
        let r = req(&[";;;==;=x;session"]);
        assert_eq!(find(&r, "session"), None);
        assert_eq!(
            cookie_param::<Option<u32>>(&req(&["n=7"]), "n").unwrap(),
            Some(7)
        );
        assert_eq!(cookie_param::<Option<u32>>(&req(&[]), "n").unwrap(), None);
        // What SetCookie (and the client) encode comes back as it was.
        let set = SetCookie::new("s", "a b;c=d,é%41").to_string();
        let sent = set.split(';').next().unwrap();
        assert_eq!(
            cookie_param::<String>(&req(&[sent]), "s").unwrap(),
            "a b;c=d,é%41"
        );
        let e = cookie_param::<String>(&req(&["s=%FF"]), "s").unwrap_err();
        assert!(format!("{e:?}").contains("not valid UTF-8"), "{e:?}");
        let e = cookie_param::<u32>(&req(&["n=x"]), "n").unwrap_err();
        assert!(e.message().contains("cookie `n`"), "{e:?}");
        let e = cookie_param::<u32>(&req(&[]), "n").unwrap_err();
        assert!(e.message().contains("cookie `n`"), "{e:?}");
    }

    #[test]
    fn e2_set_cookie_cannot_inject_attributes() {
        let c = SetCookie::new("a=b", "x\r\nSet-Cookie: evil; Path=/")
            .max_age(10)
            .secure();
        assert_eq!(
            c.to_string(),
            "a%3Db=x%0D%0ASet-Cookie:%20evil%3B%20Path=/; Max-Age=10; Secure"
        );
        let _: http::HeaderValue = c.into();
    }
}
