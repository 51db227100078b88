//! Routes served outside the global prefix: Nest's
//! `app.setGlobalPrefix('api', { exclude: ['health', { path: 'metrics',
//! method: RequestMethod.GET }] })`, written in `tether.toml` as
//!
//! ```toml
//! [framework]
//! global_prefix = "api"
//! global_prefix_exclude = ["health", { path = "metrics", method = "GET" }]
//! ```
//!
//! The rule is Nest's: an entry is a route pattern matched against the
//! route's own path (controller path joined with the method's path, as
//! written, before the prefix and any version segment), and, when it names
//! a method, against the route attribute's method (`#[all]` is matched
//! only by an entry without a method, or with `ALL`). In the pattern a
//! `:name` segment matches any one segment and a final `*name` matches one
//! or more, so `users/:id` excludes `/users/:user_id` and `docs/*rest`
//! every route under `/docs`.

use crate::method::HttpMethod;
use crate::path::{RoutePath, Segment};

/// One entry of `global_prefix_exclude`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrefixExclusion {
    /// The route pattern, e.g. `/health` or `/users/:id`.
    pub path: RoutePath,
    /// The route attribute's method it applies to; every method when `None`.
    pub method: Option<HttpMethod>,
}

impl PrefixExclusion {
    /// Parses an entry: `path` in route syntax, `method` a name such as
    /// `GET` (any case; `ALL` is the same as none).
    pub fn parse(path: &str, method: Option<&str>) -> Result<Self, String> {
        let parsed = RoutePath::parse(path).map_err(|e| format!("`path`: {e}"))?;
        if parsed.segments().is_empty() {
            return Err(
                "`path` is empty; name the route to serve outside the prefix, e.g. \"health\""
                    .into(),
            );
        }
        let method = match method {
            None => None,
            Some(m) => match HttpMethod::from_attr_name(&m.to_ascii_lowercase()) {
                Some(HttpMethod::All) => None,
                Some(m) => Some(m),
                None => {
                    return Err(format!(
                        "`method`: `{m}` is not a route method; use one of GET, POST, PUT, DELETE, PATCH, OPTIONS, HEAD or ALL"
                    ))
                }
            },
        };
        Ok(Self {
            path: parsed,
            method,
        })
    }

    /// Whether a route declared with `method` at `route` (controller path
    /// joined with its own) is served without the global prefix.
    pub fn matches(&self, route: &RoutePath, method: HttpMethod) -> bool {
        self.method.is_none_or(|m| m == method) && pattern_matches(&self.path, route)
    }
}

/// Whether `route`'s segments match the pattern's, segment by segment.
fn pattern_matches(pattern: &RoutePath, route: &RoutePath) -> bool {
    let (pattern, route) = (pattern.segments(), route.segments());
    for (i, p) in pattern.iter().enumerate() {
        match (p, route.get(i)) {
            (Segment::CatchAll(_), Some(_)) => return true,
            (Segment::Param(_), Some(_)) => {}
            (Segment::Static(a), Some(Segment::Static(b))) if a == b => {}
            _ => return false,
        }
    }
    pattern.len() == route.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn route(p: &str) -> RoutePath {
        RoutePath::parse(p).unwrap()
    }

    #[test]
    fn a5_exclusion_matches_path_then_method() {
        let health = PrefixExclusion::parse("health", None).unwrap();
        assert!(health.matches(&route("/health"), HttpMethod::Get));
        assert!(health.matches(&route("/health"), HttpMethod::All));
        assert!(!health.matches(&route("/health/deep"), HttpMethod::Get));
        assert!(!health.matches(&route("/healthz"), HttpMethod::Get));

        let get = PrefixExclusion::parse("/metrics", Some("get")).unwrap();
        assert!(get.matches(&route("/metrics"), HttpMethod::Get));
        assert!(!get.matches(&route("/metrics"), HttpMethod::Post));
        assert!(!get.matches(&route("/metrics"), HttpMethod::All));

        let all = PrefixExclusion::parse("metrics", Some("ALL")).unwrap();
        assert_eq!(all.method, None);
    }

    #[test]
    fn a5_exclusion_params_and_catch_all() {
        let one = PrefixExclusion::parse("users/:id", None).unwrap();
        assert!(one.matches(&route("/users/:user_id"), HttpMethod::Get));
        assert!(one.matches(&route("/users/me"), HttpMethod::Get));
        assert!(!one.matches(&route("/users"), HttpMethod::Get));
        let rest = PrefixExclusion::parse("docs/*rest", None).unwrap();
        assert!(rest.matches(&route("/docs/a/b"), HttpMethod::Get));
        assert!(rest.matches(&route("/docs/*file"), HttpMethod::Get));
        assert!(!rest.matches(&route("/docs"), HttpMethod::Get));
    }

    #[test]
    fn a5_bad_exclusions_say_what_to_write() {
        let e = PrefixExclusion::parse("", None).unwrap_err();
        assert!(e.contains("`path` is empty"), "{e}");
        let e = PrefixExclusion::parse("health/", None).unwrap_err();
        assert!(e.contains("trailing slash"), "{e}");
        let e = PrefixExclusion::parse("health", Some("TRACE")).unwrap_err();
        assert!(e.contains("`TRACE` is not a route method"), "{e}");
    }
}
