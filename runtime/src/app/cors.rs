//! CORS, enabled with `App::enable_cors`: answers preflight
//! requests and adds the `Access-Control-*` headers to actual cross-origin
//! responses. It runs first, before any other middleware. With origins by
//! name or by predicate, every answer says `Vary: Origin`, with `Origin` or
//! without, so a shared cache keeps one answer per origin.
//!
//! ```no_run
//! use std::time::Duration;
//! use tether::app::cors::Cors;
//! use tether::{App, NativeAdapter};
//!
//! # async fn run() -> std::io::Result<()> {
//! App::new(NativeAdapter::new())
//!     .enable_cors(
//!         Cors::new()
//!             .allow_origins(["https://app.example.com"])
//!             .allow_credentials(true)
//!             .expose_headers(["x-total-count"])
//!             .max_age(Duration::from_secs(600)),
//!     )
//!     .listen("127.0.0.1:3000")
//!     .await
//! # }
//! ```

use crate::app::middleware::{Middleware, Next};
use crate::extract::request::Request;
use crate::response::body::{Body, Response};
use crate::response::headers::{add_vary, DeclaredHeaders};
use http::header::{self, HeaderMap, HeaderValue};
use http::{Method, StatusCode};
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// Which origins may call the API.
#[derive(Clone)]
enum Origins {
    /// `*`
    Any,
    /// Exactly these.
    List(Vec<HeaderValue>),
    /// Those the function accepts.
    Predicate(Arc<dyn Fn(&str) -> bool + Send + Sync>),
}

/// A CORS policy. [`Cors::new`] is Nest's `enableCors()` default: any
/// origin, methods `GET,HEAD,PUT,PATCH,POST,DELETE`, the requested headers
/// allowed, no credentials.
#[derive(Clone)]
pub struct Cors {
    origins: Origins,
    methods: HeaderValue,
    allow_headers: Option<HeaderValue>,
    expose_headers: Option<HeaderValue>,
    /// The response headers a route declares are exposed too.
    expose_declared: bool,
    credentials: bool,
    max_age: Option<HeaderValue>,
}

impl fmt::Debug for Cors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let origins = match &self.origins {
            Origins::Any => "*".to_string(),
            Origins::List(l) => format!("{l:?}"),
            Origins::Predicate(_) => "<predicate>".to_string(),
        };
        f.debug_struct("Cors")
            .field("origins", &origins)
            .field("methods", &self.methods)
            .field("allow_headers", &self.allow_headers)
            .field("expose_headers", &self.expose_headers)
            .field("expose_declared", &self.expose_declared)
            .field("credentials", &self.credentials)
            .field("max_age", &self.max_age)
            .finish()
    }
}

impl Default for Cors {
    fn default() -> Self {
        Self::new()
    }
}

fn join<I, S>(items: I) -> HeaderValue
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let text = items
        .into_iter()
        .map(|s| s.as_ref().trim().to_string())
        .collect::<Vec<_>>()
        .join(",");
    HeaderValue::from_str(&text).expect("CORS header lists are visible ASCII")
}

impl Cors {
    /// Any origin, the default methods, requested headers allowed.
    pub fn new() -> Self {
        Cors {
            origins: Origins::Any,
            methods: HeaderValue::from_static("GET,HEAD,PUT,PATCH,POST,DELETE"),
            allow_headers: None,
            expose_headers: None,
            expose_declared: true,
            credentials: false,
            max_age: None,
        }
    }

    /// Any origin (`Access-Control-Allow-Origin: *`); cannot be combined
    /// with credentials.
    pub fn allow_any_origin(mut self) -> Self {
        self.origins = Origins::Any;
        self
    }

    /// Exactly these origins, e.g. `["https://app.example.com"]`.
    ///
    /// # Panics
    /// If an origin is not a valid header value.
    pub fn allow_origins<I, S>(mut self, origins: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let list = origins
            .into_iter()
            .map(|o| HeaderValue::from_str(o.as_ref()).expect("an origin is a valid header value"))
            .collect();
        self.origins = Origins::List(list);
        self
    }

    /// The origins `accept` returns `true` for.
    ///
    /// With [`Cors::allow_credentials`], `accept` must not accept every
    /// origin: an answer that names any site that asks, with credentials
    /// allowed, lets every site read the API with the user's cookies, which
    /// is what the refused `*` with credentials would do. The app logs a
    /// warning at startup for a predicate combined with credentials, as it
    /// cannot tell what the predicate accepts; accept the origins you know
    /// (or use [`Cors::allow_origins`]).
    pub fn allow_origin_fn(
        mut self,
        accept: impl Fn(&str) -> bool + Send + Sync + 'static,
    ) -> Self {
        self.origins = Origins::Predicate(Arc::new(accept));
        self
    }

    /// The methods preflight requests are told are allowed.
    pub fn allow_methods<I: IntoIterator<Item = Method>>(mut self, methods: I) -> Self {
        self.methods = join(methods.into_iter().map(|m| m.to_string()));
        self
    }

    /// The request headers allowed (default: whatever the preflight asks for).
    pub fn allow_headers<I, S>(mut self, headers: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.allow_headers = Some(join(headers));
        self
    }

    /// Response headers the browser may show to the calling script.
    pub fn expose_headers<I, S>(mut self, headers: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.expose_headers = Some(join(headers));
        self
    }

    /// Whether the response headers a route declares (a `WithHeaders`
    /// field, an `Attachment`'s `Content-Disposition`) are exposed to the
    /// allowed origins besides [`Cors::expose_headers`] (default `true`):
    /// they are part of the route's contract, the client types them, and a
    /// page on another origin would read `undefined` without them.
    pub fn expose_declared_headers(mut self, on: bool) -> Self {
        self.expose_declared = on;
        self
    }

    /// Whether cookies and credentials may be sent (not with any origin).
    pub fn allow_credentials(mut self, allow: bool) -> Self {
        self.credentials = allow;
        self
    }

    /// How long a browser may cache a preflight answer.
    pub fn max_age(mut self, age: Duration) -> Self {
        self.max_age = Some(HeaderValue::from(age.as_secs()));
        self
    }

    /// At startup: refuses what browsers refuse (credentials with any
    /// origin), and warns about a predicate with credentials, which must not
    /// accept every origin.
    pub(crate) fn validate(&self) -> Result<(), String> {
        if !self.credentials {
            return Ok(());
        }
        match self.origins {
            Origins::Any => Err("CORS: `allow_credentials(true)` cannot be combined with any origin (`*`): browsers reject `Access-Control-Allow-Origin: *` on credentialed requests. List the origins with `Cors::allow_origins([..])`, or accept them with `Cors::allow_origin_fn(..)`, whose predicate must not accept every origin (with credentials, that would let every site read the API with the user's cookies)".to_string()),
            Origins::Predicate(_) => {
                // The target the warning had before the runtime moved into folders.
                tracing::warn!(target: "tether::cors", "CORS: `allow_origin_fn` is combined with `allow_credentials(true)`: the predicate must not accept every origin, or every site can read the API with the user's cookies (as `*` with credentials, which is refused, would); accept only the origins you know, or list them with `Cors::allow_origins([..])`");
                Ok(())
            }
            Origins::List(_) => Ok(()),
        }
    }

    /// The `Access-Control-Allow-Origin` value for `origin`, if allowed.
    fn allowed_origin(&self, origin: &HeaderValue) -> Option<HeaderValue> {
        match &self.origins {
            Origins::Any => Some(HeaderValue::from_static("*")),
            Origins::List(list) => list.iter().any(|o| o == origin).then(|| origin.clone()),
            Origins::Predicate(accept) => {
                let text = origin.to_str().ok()?;
                accept(text).then(|| origin.clone())
            }
        }
    }

    /// Whether the answer depends on `Origin`: every policy but any origin
    /// (`*`, which never comes with credentials).
    fn varies_by_origin(&self) -> bool {
        !matches!(self.origins, Origins::Any)
    }

    fn common(&self, headers: &mut HeaderMap, allowed: HeaderValue) {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, allowed);
        if self.credentials {
            headers.insert(
                header::ACCESS_CONTROL_ALLOW_CREDENTIALS,
                HeaderValue::from_static("true"),
            );
        }
    }

    fn preflight(&self, req: &Request, origin: &HeaderValue) -> Response {
        let mut res = Response::new(Body::empty());
        *res.status_mut() = StatusCode::NO_CONTENT;
        let headers = res.headers_mut();
        let mut vary = Vec::new();
        if self.varies_by_origin() {
            vary.push("Origin");
        }
        if let Some(allowed) = self.allowed_origin(origin) {
            self.common(headers, allowed);
            headers.insert(header::ACCESS_CONTROL_ALLOW_METHODS, self.methods.clone());
            let requested = req.headers().get(header::ACCESS_CONTROL_REQUEST_HEADERS);
            match (&self.allow_headers, requested) {
                (Some(list), _) => {
                    headers.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, list.clone());
                }
                (None, Some(asked)) => {
                    headers.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, asked.clone());
                    vary.push("Access-Control-Request-Headers");
                }
                (None, None) => {}
            }
            if let Some(age) = &self.max_age {
                headers.insert(header::ACCESS_CONTROL_MAX_AGE, age.clone());
            }
        }
        if !vary.is_empty() {
            if let Ok(vary) = HeaderValue::from_str(&vary.join(", ")) {
                add_vary(headers, vary);
            }
        }
        headers.insert(header::CONTENT_LENGTH, HeaderValue::from_static("0"));
        res
    }

    /// `Access-Control-Expose-Headers`: the configured list and the
    /// response's declared headers not in it (`*` stays as it is).
    fn exposed(&self, declared: Option<DeclaredHeaders>) -> Option<HeaderValue> {
        let configured = self.expose_headers.as_ref();
        let declared = declared.map(|d| d.0).unwrap_or_default();
        let listed = configured.and_then(|v| v.to_str().ok()).unwrap_or("");
        if listed == "*" || declared.is_empty() {
            return configured.cloned();
        }
        let mut names: Vec<&str> = listed.split(',').filter(|n| !n.is_empty()).collect();
        for name in &declared {
            if !names.iter().any(|n| n.eq_ignore_ascii_case(name.as_str())) {
                names.push(name.as_str());
            }
        }
        Some(join(names))
    }

    fn decorate(&self, res: &mut Response, origin: &HeaderValue) {
        let declared = match self.expose_declared {
            true => res.extensions_mut().remove::<DeclaredHeaders>(),
            false => None,
        };
        let headers = res.headers_mut();
        if let Some(allowed) = self.allowed_origin(origin) {
            self.common(headers, allowed);
            if let Some(exposed) = self.exposed(declared) {
                headers.insert(header::ACCESS_CONTROL_EXPOSE_HEADERS, exposed);
            }
        }
    }
}

impl Middleware for Cors {
    async fn handle(&self, req: Request, next: Next) -> Response {
        let origin = req.headers().get(header::ORIGIN).cloned();
        let is_preflight = req.method() == Method::OPTIONS
            && req
                .headers()
                .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);
        let mut res = match &origin {
            Some(origin) if is_preflight => return self.preflight(&req, origin),
            _ => next.run(req).await,
        };
        if let Some(origin) = &origin {
            self.decorate(&mut res, origin);
        }
        // Every answer, with `Origin` or without, errors too: a shared cache
        // must not serve the answer without CORS headers to a page on an
        // allowed origin, nor one origin's answer to another.
        if self.varies_by_origin() {
            add_vary(res.headers_mut(), HeaderValue::from_static("Origin"));
        }
        res
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vary_of(lines: &[&str], add: &str) -> Vec<String> {
        let mut headers = HeaderMap::new();
        for line in lines {
            headers.append(header::VARY, HeaderValue::from_str(line).unwrap());
        }
        add_vary(&mut headers, HeaderValue::from_str(add).unwrap());
        let all = headers.get_all(header::VARY).iter();
        all.map(|v| v.to_str().unwrap_or("<opaque>").to_string())
            .collect()
    }

    #[test]
    fn a6_vary_names_are_merged_once() {
        assert_eq!(vary_of(&[], "Origin"), ["Origin"]);
        assert_eq!(vary_of(&["Accept"], "Origin"), ["Accept, Origin"]);
        assert_eq!(vary_of(&["Accept, origin"], "Origin"), ["Accept, origin"]);
        assert_eq!(
            vary_of(&["Accept", "ORIGIN"], "Origin"),
            ["Accept", "ORIGIN"]
        );
        assert_eq!(vary_of(&["Accept", "X"], "Origin"), ["Accept, X, Origin"]);
        assert_eq!(vary_of(&["*"], "Origin"), ["*"]);
        assert_eq!(
            vary_of(&["Origin"], "Origin, Access-Control-Request-Headers"),
            ["Origin, Access-Control-Request-Headers"]
        );
        assert_eq!(vary_of(&[""], "Origin"), ["Origin"]);
    }

    #[test]
    fn a6_vary_keeps_a_line_that_is_not_text() {
        let mut headers = HeaderMap::new();
        let opaque = HeaderValue::from_bytes(b"Accept, \xe9").unwrap();
        headers.append(header::VARY, opaque.clone());
        add_vary(&mut headers, HeaderValue::from_static("Origin"));
        let all: Vec<_> = headers.get_all(header::VARY).iter().cloned().collect();
        assert_eq!(all, [opaque, HeaderValue::from_static("Origin")]);
    }

    /// The usual case, no `Vary` yet: the value given goes in as it is, a
    /// static one without a copy (so without an allocation per answer).
    #[test]
    fn a6_a_first_vary_is_the_value_given_not_a_copy() {
        let mut headers = HeaderMap::new();
        let name: &'static str = "Origin";
        add_vary(&mut headers, HeaderValue::from_static(name));
        let vary = headers.get(header::VARY).expect("Vary");
        assert_eq!(vary.as_bytes().as_ptr(), name.as_ptr(), "copied");
    }
}
