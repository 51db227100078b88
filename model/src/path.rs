//! Route path syntax: `/users/:id` and `/files/*rest`.
//!
//! One parser for the macros, the runtime router and the OpenAPI generator,
//! so the three can never disagree on what a path means.

use std::borrow::Cow;
use std::fmt;

/// One `/`-separated piece of a route path. Its text is borrowed in the
/// route table `#[controller]` generates, owned when parsed at run time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Segment {
    /// A literal piece such as `users`.
    Static(Cow<'static, str>),
    /// `:name`: exactly one segment, captured as `name`.
    Param(Cow<'static, str>),
    /// `*name`: the rest of the path (one or more segments), captured as `name`.
    CatchAll(Cow<'static, str>),
}

/// A parsed route path such as `/users/:id`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RoutePath {
    segments: Cow<'static, [Segment]>,
}

/// Why a route path was refused; the text says what to write instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathError(pub String);

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PathError {}

fn is_ident(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c == '_' || c.is_ascii_alphabetic())
        && chars.all(|c| c == '_' || c.is_ascii_alphanumeric())
}

fn is_static_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~!$&'()+,;=@%".contains(c)
}

fn parse_segment(raw: &str, path: &str) -> Result<Segment, PathError> {
    let (kind, name) = match raw.as_bytes()[0] {
        b':' => ("`:`", &raw[1..]),
        b'*' => ("`*`", &raw[1..]),
        _ => {
            if let Some(bad) = raw.chars().find(|c| !is_static_char(*c)) {
                return Err(PathError(format!(
                    "invalid character `{bad}` in route path `{path}`; parameters are written `:name` as a whole segment, e.g. `/users/:id`"
                )));
            }
            return Ok(Segment::Static(raw.to_string().into()));
        }
    };
    if !is_ident(name) {
        return Err(PathError(format!(
            "parameter {kind} in route path `{path}` must be followed by a Rust identifier naming the whole segment, e.g. `/users/:id` or `/files/*rest`"
        )));
    }
    Ok(if raw.starts_with(':') {
        Segment::Param(name.to_string().into())
    } else {
        Segment::CatchAll(name.to_string().into())
    })
}

impl RoutePath {
    /// Parses a controller or route path. A leading slash is optional,
    /// a trailing slash and empty segments (`//`) are refused.
    pub fn parse(path: &str) -> Result<Self, PathError> {
        let trimmed = path.strip_prefix('/').unwrap_or(path);
        if trimmed.is_empty() {
            return Ok(Self::default());
        }
        if trimmed.ends_with('/') {
            return Err(PathError(format!(
                "route path `{path}` has a trailing slash; write `{}`",
                path.trim_end_matches('/')
            )));
        }
        let mut segments = Vec::new();
        for raw in trimmed.split('/') {
            if raw.is_empty() {
                return Err(PathError(format!(
                    "route path `{path}` has an empty segment (`//`); use single slashes"
                )));
            }
            segments.push(parse_segment(raw, path)?);
        }
        let this = Self {
            segments: segments.into(),
        };
        this.validate()?;
        Ok(this)
    }

    /// The path of `segments`, as the route table `#[controller]` generates
    /// writes it: segments [`RoutePath::parse`] produced from a path it
    /// accepted, so that nothing is parsed again at startup. Nothing is
    /// checked here; [`RoutePath::validate`] checks the segments together.
    pub const fn from_static(segments: &'static [Segment]) -> Self {
        Self {
            segments: Cow::Borrowed(segments),
        }
    }

    /// Checks what [`RoutePath::parse`] checks across segments: a catch-all
    /// only at the end and no capture name twice. Run it on joined paths.
    pub fn validate(&self) -> Result<(), PathError> {
        let path = self.to_route_syntax();
        let last = self.segments.len().saturating_sub(1);
        for (i, seg) in self.segments.iter().enumerate() {
            if matches!(seg, Segment::CatchAll(_)) && i != last {
                return Err(PathError(format!(
                    "catch-all `*` in route path `{path}` must be the last segment"
                )));
            }
        }
        let names = self.param_names();
        for (i, name) in names.iter().enumerate() {
            if names[..i].contains(name) {
                return Err(PathError(format!(
                    "parameter `{name}` appears twice in route path `{path}`; give each parameter its own name"
                )));
            }
        }
        Ok(())
    }

    /// The segments in order.
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// Names of the `:param` and `*rest` captures, in order.
    pub fn param_names(&self) -> Vec<&str> {
        self.segments
            .iter()
            .filter_map(|s| match s {
                Segment::Param(n) | Segment::CatchAll(n) => Some(&**n),
                Segment::Static(_) => None,
            })
            .collect()
    }

    /// True when the path has no parameters (a static route).
    pub fn is_static(&self) -> bool {
        self.segments
            .iter()
            .all(|s| matches!(s, Segment::Static(_)))
    }

    /// This path followed by `other`.
    pub fn join(&self, other: &RoutePath) -> RoutePath {
        let mut segments = self.segments.to_vec();
        segments.extend(other.segments.iter().cloned());
        RoutePath {
            segments: segments.into(),
        }
    }

    /// This path with one more static segment in front (prefix, version).
    pub fn with_static_prefix(&self, prefix: &str) -> RoutePath {
        let mut segments: Vec<Segment> = prefix
            .split('/')
            .filter(|s| !s.is_empty())
            .map(|s| Segment::Static(s.to_string().into()))
            .collect();
        segments.extend(self.segments.iter().cloned());
        RoutePath {
            segments: segments.into(),
        }
    }

    fn render(&self, param: impl Fn(&str) -> String, rest: impl Fn(&str) -> String) -> String {
        if self.segments.is_empty() {
            return "/".to_string();
        }
        let mut out = String::new();
        for seg in self.segments.iter() {
            out.push('/');
            match seg {
                Segment::Static(s) => out.push_str(s),
                Segment::Param(n) => out.push_str(&param(n)),
                Segment::CatchAll(n) => out.push_str(&rest(n)),
            }
        }
        out
    }

    /// The source spelling: `/users/:id`, `/files/*rest`.
    pub fn to_route_syntax(&self) -> String {
        self.render(|n| format!(":{n}"), |n| format!("*{n}"))
    }

    /// matchit's spelling: `/users/{id}`, `/files/{*rest}`.
    pub fn to_matchit(&self) -> String {
        self.render(|n| format!("{{{n}}}"), |n| format!("{{*{n}}}"))
    }

    /// OpenAPI's spelling: `/users/{id}`, `/files/{rest}`.
    pub fn to_openapi(&self) -> String {
        self.render(|n| format!("{{{n}}}"), |n| format!("{{{n}}}"))
    }

    /// The path with its captures' names left out (`/users/{}`,
    /// `/files/{}` for `/files/*rest`): two routes of one template are one
    /// route to the router and to OpenAPI, whose templated paths must differ
    /// in more than their parameters' names.
    pub fn to_template(&self) -> String {
        self.render(|_| "{}".to_string(), |_| "{}".to_string())
    }
}

impl fmt::Display for RoutePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_route_syntax())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn b2_templates_leave_out_capture_names() {
        let id = RoutePath::parse("/products/:id").unwrap();
        let product_id = RoutePath::parse("/products/:productId").unwrap();
        let rest = RoutePath::parse("/products/*rest").unwrap();
        assert_eq!(id.to_template(), "/products/{}");
        assert_eq!(id.to_template(), product_id.to_template());
        assert_eq!(id.to_template(), rest.to_template());
        assert_ne!(
            id.to_template(),
            RoutePath::parse("/products").unwrap().to_template()
        );
    }

    #[test]
    fn b2_colon_params_become_braces() {
        let p = RoutePath::parse("/users/:id").unwrap();
        assert_eq!(p.to_openapi(), "/users/{id}");
        assert_eq!(p.to_matchit(), "/users/{id}");
        assert_eq!(p.param_names(), ["id"]);
        assert!(!p.is_static());
    }

    #[test]
    fn b2_catch_all_rest() {
        let p = RoutePath::parse("/files/*rest").unwrap();
        assert_eq!(p.to_openapi(), "/files/{rest}");
        assert_eq!(p.to_matchit(), "/files/{*rest}");
        assert_eq!(p.to_route_syntax(), "/files/*rest");
    }

    #[test]
    fn leading_slash_optional_root_is_slash() {
        assert_eq!(RoutePath::parse("users").unwrap().to_openapi(), "/users");
        assert_eq!(RoutePath::parse("").unwrap().to_openapi(), "/");
        assert_eq!(RoutePath::parse("/").unwrap().to_openapi(), "/");
        assert!(RoutePath::parse("/").unwrap().is_static());
    }

    #[test]
    fn join_has_no_double_or_trailing_slash() {
        let a = RoutePath::parse("/users").unwrap();
        let b = RoutePath::parse("/").unwrap();
        let c = RoutePath::parse(":id").unwrap();
        assert_eq!(a.join(&b).to_openapi(), "/users");
        assert_eq!(a.join(&c).to_openapi(), "/users/{id}");
        assert_eq!(b.join(&b).to_openapi(), "/");
        assert_eq!(
            a.with_static_prefix("/api/")
                .with_static_prefix("")
                .to_openapi(),
            "/api/users"
        );
        assert_eq!(
            a.with_static_prefix("v1")
                .with_static_prefix("api/x")
                .to_openapi(),
            "/api/x/v1/users"
        );
    }

    #[test]
    fn refuses_malformed_paths() {
        for (bad, says) in [
            ("/users/", "trailing slash"),
            ("/a//b", "empty segment"),
            ("/users/:", "Rust identifier"),
            ("/users/:1d", "Rust identifier"),
            ("/users/id:x", "invalid character `:`"),
            ("/files/*rest/more", "last segment"),
            ("/a/:id/b/:id", "appears twice"),
            ("/a b", "invalid character ` `"),
            ("/a/{id}", "invalid character `{`"),
        ] {
            let err = RoutePath::parse(bad).unwrap_err();
            assert!(err.0.contains(says), "{bad}: {err}");
        }
    }
}
