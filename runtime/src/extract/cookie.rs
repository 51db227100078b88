//! Cookies: `#[cookie("session")]` arguments read one cookie of
//! the request's `Cookie` headers; [`SetCookie`](crate::response::cookie::SetCookie)
//! writes a `Set-Cookie`.

use crate::extract::request::Request;
use crate::HttpError;

/// The value of cookie `name` in the request's `Cookie` headers (RFC 6265
/// §5.4: `a=1; b=2`, several headers allowed); surrounding quotes are
/// removed. Pairs without `=` and headers that are not visible ASCII are
/// skipped, so a malformed header reads as no cookie. The text as sent:
/// [`SetCookie`](crate::response::cookie::SetCookie) and the generated client percent-encode what a cookie
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
        .map_err(|e| e.into_param_error("cookie"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::response::cookie::SetCookie;

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
}
