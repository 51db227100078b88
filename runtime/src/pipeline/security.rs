//! Security requirements: `#[security("bearer")]` on a controller
//! or route requires a credential of a scheme declared in `tether.toml`
//! (`[security.schemes.bearer]`), `#[public]` lifts it. The same attributes
//! write `securitySchemes`, the operation's `security` and its `401`/`403`
//! answers into the document, and the client's `auth` option sends the
//! credential to exactly these routes.
//!
//! The server answers `401` (with `WWW-Authenticate` for http schemes) when
//! a request carries no credential of any required scheme, or a malformed
//! one, before guards run. Whether the credential is *valid* is for the
//! app to decide: a guard or an extractor such as [`BearerToken`] reading
//! it, which can read the route's [`Security`] as metadata:
//! `req.metadata::<Security>()`.

use crate::extract::context::FromRequest;
use crate::extract::request::Request;
use crate::HttpError;

/// Where an apiKey scheme's key is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyIn {
    /// A request header.
    Header,
    /// A query parameter.
    Query,
    /// A cookie.
    Cookie,
}

/// How a scheme's credential is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SchemeKind {
    /// `Authorization: Bearer <token>` (http bearer, oauth2, openIdConnect).
    Bearer,
    /// `Authorization: Basic <base64>`.
    Basic,
    /// A key in a header, query parameter or cookie named `name`.
    ApiKey {
        /// Where.
        location: KeyIn,
        /// The header, parameter or cookie name.
        name: &'static str,
    },
}

/// One scheme of `tether.toml`, as `#[controller]` embedded it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scheme {
    /// Its name in `[security.schemes.<name>]`.
    pub name: &'static str,
    /// How its credential is sent.
    pub kind: SchemeKind,
}

/// The route's requirement, as route metadata: any one of `schemes`;
/// none for a `#[public]` route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Security {
    /// The alternatives.
    pub schemes: &'static [Scheme],
}

impl Security {
    /// Whether the route is `#[public]`.
    pub fn is_public(&self) -> bool {
        self.schemes.is_empty()
    }

    /// Whether `name` is one of the route's schemes.
    pub fn accepts(&self, name: &str) -> bool {
        self.schemes.iter().any(|s| s.name == name)
    }

    /// `Ok` when the request carries a well-formed credential of one of
    /// the schemes; else the `401` and the challenge to send with it.
    pub(crate) fn check(&self, req: &Request) -> Result<(), (HttpError, Option<&'static str>)> {
        if self.is_public() {
            return Ok(());
        }
        let mut malformed = None;
        for scheme in self.schemes {
            match present(req, scheme.kind) {
                Presence::Present => return Ok(()),
                Presence::Malformed(why) => malformed = malformed.or(Some(why)),
                Presence::Absent => {}
            }
        }
        let message = match malformed {
            Some(why) => why.to_string(),
            None => format!(
                "this route needs a credential: {}",
                self.schemes
                    .iter()
                    .map(|s| describe(s.kind))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
        };
        let challenge = self.schemes.iter().find_map(|s| match s.kind {
            SchemeKind::Bearer => Some("Bearer"),
            SchemeKind::Basic => Some("Basic"),
            SchemeKind::ApiKey { .. } => None,
        });
        Err((HttpError::unauthorized(message), challenge))
    }
}

enum Presence {
    Present,
    Absent,
    Malformed(&'static str),
}

fn describe(kind: SchemeKind) -> String {
    match kind {
        SchemeKind::Bearer => "`Authorization: Bearer <token>`".into(),
        SchemeKind::Basic => "`Authorization: Basic <credentials>`".into(),
        SchemeKind::ApiKey { location, name } => match location {
            KeyIn::Header => format!("header `{name}`"),
            KeyIn::Query => format!("query parameter `{name}`"),
            KeyIn::Cookie => format!("cookie `{name}`"),
        },
    }
}

fn present(req: &Request, kind: SchemeKind) -> Presence {
    match kind {
        SchemeKind::Bearer => authorization(req, "bearer"),
        SchemeKind::Basic => authorization(req, "basic"),
        SchemeKind::ApiKey { location, name } => {
            let found = match location {
                KeyIn::Header => req
                    .headers()
                    .get_all(name)
                    .iter()
                    .any(|v| !v.as_bytes().trim_ascii().is_empty()),
                KeyIn::Query => req.query_string().is_some_and(|q| {
                    form_urlencoded::parse(q.as_bytes()).any(|(k, v)| k == name && !v.is_empty())
                }),
                KeyIn::Cookie => {
                    crate::extract::cookie::find(req, name).is_some_and(|v| !v.is_empty())
                }
            };
            if found {
                Presence::Present
            } else {
                Presence::Absent
            }
        }
    }
}

/// The credential of an `Authorization: <scheme> <token68>` header.
fn authorization_value<'r>(
    req: &'r Request,
    scheme: &str,
) -> Result<Option<&'r str>, &'static str> {
    let Some(value) = req.headers().get(http::header::AUTHORIZATION) else {
        return Ok(None);
    };
    let Ok(text) = value.to_str() else {
        return Err("malformed `Authorization` header: not visible ASCII");
    };
    let Some((given, token)) = text.split_once(' ') else {
        return Ok(None);
    };
    if !given.eq_ignore_ascii_case(scheme) {
        return Ok(None);
    }
    let token = token.trim_start_matches(' ');
    if is_token68(token) {
        Ok(Some(token))
    } else {
        Err("malformed `Authorization` credential: expected one token of letters, digits and -._~+/ (RFC 7235 token68)")
    }
}

fn authorization(req: &Request, scheme: &str) -> Presence {
    match authorization_value(req, scheme) {
        Ok(Some(_)) => Presence::Present,
        Ok(None) => Presence::Absent,
        Err(why) => Presence::Malformed(why),
    }
}

/// RFC 7235 token68: `1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="`.
fn is_token68(t: &str) -> bool {
    let body = t.trim_end_matches('=');
    !body.is_empty()
        && body
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~+/".contains(&b))
}

/// The `tracing` target of the startup warning about a secured route
/// nothing checks the credential of (filter it out, `tether::security=error`,
/// when a middleware or tower layer checks credentials).
pub const TARGET: &str = "tether::security";

/// The token of `Authorization: Bearer <token>`, as a handler argument
/// (`token: BearerToken`); `401` when it is missing or malformed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BearerToken(pub String);

impl FromRequest for BearerToken {
    async fn from_request(req: &mut Request) -> Result<Self, HttpError> {
        match authorization_value(req, "bearer") {
            Ok(Some(token)) => Ok(BearerToken(token.to_string())),
            Ok(None) => Err(HttpError::unauthorized(
                "this route needs `Authorization: Bearer <token>`",
            )),
            Err(why) => Err(HttpError::unauthorized(why)),
        }
    }
}

/// The credentials of `Authorization: Basic <base64(user:password)>`, as
/// a handler argument (`login: BasicAuth`); `401` when they are missing,
/// not base64, not UTF-8 or have no `:`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BasicAuth {
    /// Before the first `:`.
    pub username: String,
    /// After the first `:`.
    pub password: String,
}

impl BasicAuth {
    /// Decodes the token68 of a Basic credential.
    pub fn decode(token: &str) -> Result<BasicAuth, &'static str> {
        use base64::Engine;
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(token)
            .map_err(|_| "malformed `Authorization: Basic` credential: not base64")?;
        let text = String::from_utf8(bytes)
            .map_err(|_| "malformed `Authorization: Basic` credential: not UTF-8")?;
        match text.split_once(':') {
            Some((user, password)) => Ok(BasicAuth {
                username: user.to_string(),
                password: password.to_string(),
            }),
            None => {
                Err("malformed `Authorization: Basic` credential: no `:` between user and password")
            }
        }
    }
}

impl FromRequest for BasicAuth {
    async fn from_request(req: &mut Request) -> Result<Self, HttpError> {
        match authorization_value(req, "basic") {
            Ok(Some(token)) => BasicAuth::decode(token).map_err(HttpError::unauthorized),
            Ok(None) => Err(HttpError::unauthorized(
                "this route needs `Authorization: Basic <credentials>`",
            )),
            Err(why) => Err(HttpError::unauthorized(why)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(auth: &[u8]) -> Request {
        let (mut head, ()) = http::Request::new(()).into_parts();
        head.headers.insert(
            http::header::AUTHORIZATION,
            http::HeaderValue::from_bytes(auth).unwrap(),
        );
        Request::new(head, bytes::Bytes::new())
    }

    const BEARER: Security = Security {
        schemes: &[Scheme {
            name: "bearer",
            kind: SchemeKind::Bearer,
        }],
    };

    #[test]
    fn e4_bearer_presence() {
        assert!(BEARER.check(&req(b"Bearer abc.DEF-1~+/==")).is_ok());
        assert!(BEARER.check(&req(b"bearer abc")).is_ok());
        for bad in [
            &b"Bearer a\tb"[..],
            b"Bearer a b",
            b"Bearer \xffx",
            b"Bearer =",
            b"Bearer a,b",
        ] {
            let (e, challenge) = BEARER.check(&req(bad)).unwrap_err();
            assert_eq!(e.status().as_u16(), 401);
            assert!(e.message().contains("malformed"), "{:?}", e.message());
            assert_eq!(challenge, Some("Bearer"));
        }
        let (e, _) = BEARER.check(&req(b"Basic abc")).unwrap_err();
        assert!(e.message().contains("Bearer <token>"), "{}", e.message());
    }

    #[test]
    fn e4_basic_credentials_decode_or_say_why_not() {
        let ok = BasicAuth::decode("w6RkYTpwOnc=").unwrap();
        assert_eq!((ok.username.as_str(), ok.password.as_str()), ("äda", "p:w"));
        for (token, why) in [
            ("!!!", "not base64"),
            ("//79", "not UTF-8"),
            ("YWRh", "no `:`"),
        ] {
            let e = BasicAuth::decode(token).unwrap_err();
            assert!(e.contains(why), "{token}: {e}");
        }
    }
}
