//! Versions, the global prefix and how they shape a served path.
//! The runtime router and the OpenAPI generator both
//! call [`Framework::served_paths`], so what is served is what is documented.

use crate::method::HttpMethod;
use crate::path::RoutePath;
use crate::prefix_exclude::PrefixExclusion;
use std::borrow::Cow;
use std::cmp::Ordering;

/// The header read under HEADER versioning.
pub const VERSION_HEADER: &str = "X-API-Version";

/// One version a route answers to.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Version {
    /// A version string such as `"1"` or `"2.1"`: borrowed in the route
    /// table `#[controller]` generates, owned when read at run time.
    Exact(Cow<'static, str>),
    /// Nest's `VERSION_NEUTRAL`: served whatever version is asked for.
    Neutral,
}

/// The `#[version]` of a method or controller.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum VersionSpec {
    /// No `#[version]` attribute.
    #[default]
    Inherit,
    /// `#[version("1", "2")]`, `#[version(neutral)]`.
    Versions(Cow<'static, [Version]>),
}

impl VersionSpec {
    /// The method's spec wins over its controller's.
    pub fn or(&self, controller: &VersionSpec) -> VersionSpec {
        match self {
            VersionSpec::Inherit => controller.clone(),
            own => own.clone(),
        }
    }
}

/// How versions reach the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VersioningKind {
    /// `/<prefix><version>/…` path segments.
    Uri,
    /// The `X-API-Version` request header.
    Header,
}

/// `[framework.versioning]` of `tether.toml`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Versioning {
    /// URI or HEADER.
    pub kind: VersioningKind,
    /// Version of routes without `#[version]`.
    pub default_version: Option<Cow<'static, str>>,
    /// Prefix of the URI segment; `v` by default.
    pub prefix: Cow<'static, str>,
}

impl Versioning {
    /// Versioning of `kind` with the default prefix `v` and no default version.
    pub const fn new(kind: VersioningKind) -> Self {
        Self {
            kind,
            default_version: None,
            prefix: Cow::Borrowed("v"),
        }
    }
}

/// The framework settings that shape paths: `[framework]` of `tether.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Framework {
    /// Segment(s) placed first in every path, e.g. `api`.
    pub global_prefix: Option<Cow<'static, str>>,
    /// Routes served without the global prefix (see [`PrefixExclusion`]).
    pub global_prefix_exclude: Cow<'static, [PrefixExclusion]>,
    /// Versioning, when enabled.
    pub versioning: Option<Versioning>,
}

impl Framework {
    /// No prefix, no exclusions, no versioning: the settings of a crate
    /// without `tether.toml`, as a constant ([`Framework::default`] in a
    /// `const`).
    pub const fn new() -> Self {
        Self {
            global_prefix: None,
            global_prefix_exclude: Cow::Borrowed(&[]),
            versioning: None,
        }
    }
}

/// One concrete (path, version) a route is served and documented at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServedRoute {
    /// The full path with the global prefix and, under URI, the version segment.
    pub path: RoutePath,
    /// The version this variant answers to; `None` when versioning is off
    /// or the route has no version at all.
    pub version: Option<Version>,
}

impl Framework {
    /// The concrete paths and versions of a route declared with `method`,
    /// whose controller path joined with its own path is `route`, and whose
    /// effective `#[version]` (method or controller) is `spec`.
    pub fn served_paths(
        &self,
        route: &RoutePath,
        method: HttpMethod,
        spec: &VersionSpec,
    ) -> Vec<ServedRoute> {
        let versions = self.effective_versions(spec);
        let prefix = self
            .global_prefix
            .as_ref()
            .filter(|_| !self.excluded_from_prefix(route, method));
        let base = |path: RoutePath| match prefix {
            Some(prefix) => path.with_static_prefix(prefix),
            None => path,
        };
        let Some(versioning) = &self.versioning else {
            return vec![ServedRoute {
                path: base(route.clone()),
                version: None,
            }];
        };
        versions
            .into_iter()
            .map(|version| {
                let path = match (&versioning.kind, &version) {
                    (VersioningKind::Uri, Some(Version::Exact(v))) => {
                        route.with_static_prefix(&format!("{}{v}", versioning.prefix))
                    }
                    _ => route.clone(),
                };
                ServedRoute {
                    path: base(path),
                    version,
                }
            })
            .collect()
    }

    /// Whether `global_prefix_exclude` serves this route without the prefix.
    pub fn excluded_from_prefix(&self, route: &RoutePath, method: HttpMethod) -> bool {
        self.global_prefix_exclude
            .iter()
            .any(|e| e.matches(route, method))
    }

    /// The versions a route answers to once `defaultVersion` is applied,
    /// sorted numerically; `[None]` when it has none.
    fn effective_versions(&self, spec: &VersionSpec) -> Vec<Option<Version>> {
        let mut list: Vec<Version> = match spec {
            VersionSpec::Versions(list) => list.to_vec(),
            VersionSpec::Inherit => match self
                .versioning
                .as_ref()
                .and_then(|v| v.default_version.clone())
            {
                Some(default) => vec![Version::Exact(default)],
                None => return vec![None],
            },
        };
        list.sort_by(compare_version_values);
        list.dedup();
        list.into_iter().map(Some).collect()
    }
}

impl Framework {
    /// The prefix of the version segment under URI versioning (`v` in
    /// `/v2`), when it is not empty; `None` under HEADER versioning.
    pub fn uri_version_prefix(&self) -> Option<&str> {
        let versioning = self.versioning.as_ref()?;
        let uri = versioning.kind == VersioningKind::Uri && !versioning.prefix.is_empty();
        uri.then_some(&*versioning.prefix)
    }

    /// Whether two routes on the same method and path, with the effective
    /// `#[version]`s `a` and `b`, put a neutral route beside a versioned
    /// (or unversioned) one under HEADER versioning: refused, see
    /// [`neutral_beside_versioned`].
    pub fn neutral_beside_versioned(&self, a: &VersionSpec, b: &VersionSpec) -> bool {
        let header = self
            .versioning
            .as_ref()
            .is_some_and(|v| v.kind == VersioningKind::Header);
        if !header {
            return false;
        }
        let (a, b) = (self.effective_versions(a), self.effective_versions(b));
        let neutral = |v: &[Option<Version>]| v.contains(&Some(Version::Neutral));
        let other = |v: &[Option<Version>]| v.iter().any(|x| *x != Some(Version::Neutral));
        (neutral(&a) && other(&b)) || (neutral(&b) && other(&a))
    }
}

/// Why a neutral route may not share its method and path with a versioned
/// one under HEADER versioning. Nest lets the neutral
/// route answer every version no other route claims, but one OpenAPI
/// operation per method and path per document cannot say "any version but
/// 1 and 2", and a client sending no header gets the default version, never
/// the neutral route: so the server, the documents and the clients could
/// not agree.
pub fn neutral_beside_versioned(neutral: &str, versioned: &str, route: &str) -> String {
    format!(
        "under HEADER versioning `{neutral}` (#[version(neutral)]) and `{versioned}` both answer {route}: \
         a neutral route beside versioned ones would answer only the versions they leave, which neither the documents nor the clients can say; \
         give the neutral route a path of its own, or list the versions it serves, e.g. #[version(\"3\")]"
    )
}

/// Orders versions: parts split on `.`, `-` and `_`, numbers numerically
/// (`2` before `10`, `1.2` before `1.10`, `1-2` before `1.10`) and before
/// words, a prefix before what extends it, then the text (`01` before
/// `1`): a total order. The one order of the documents and the clients.
pub fn compare_versions(a: &str, b: &str) -> Ordering {
    let mut left = a.split(['.', '-', '_']);
    let mut right = b.split(['.', '-', '_']);
    loop {
        match (left.next(), right.next()) {
            (None, None) => return a.cmp(b),
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) => {
                let ord = match (x.parse::<u64>(), y.parse::<u64>()) {
                    (Ok(x), Ok(y)) => x.cmp(&y),
                    (Ok(_), Err(_)) => Ordering::Less,
                    (Err(_), Ok(_)) => Ordering::Greater,
                    (Err(_), Err(_)) => x.cmp(y),
                };
                if ord != Ordering::Equal {
                    return ord;
                }
            }
        }
    }
}

/// [`compare_versions`] over [`Version`], neutral last.
pub fn compare_version_values(a: &Version, b: &Version) -> Ordering {
    match (a, b) {
        (Version::Exact(a), Version::Exact(b)) => compare_versions(a, b),
        (Version::Exact(_), Version::Neutral) => Ordering::Less,
        (Version::Neutral, Version::Exact(_)) => Ordering::Greater,
        (Version::Neutral, Version::Neutral) => Ordering::Equal,
    }
}

/// Checks a version string given in `#[version("…")]` or the config.
pub fn validate_version(v: &str) -> Result<(), String> {
    if v.is_empty() {
        return Err("a version must not be empty; write e.g. `\"1\"`".into());
    }
    if let Some(bad) = v
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || "._-".contains(*c)))
    {
        return Err(format!(
            "version `{v}` has the character `{bad}`; use letters, digits, `.`, `_` or `-`, e.g. `\"2\"` or `\"2.1\"`"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn route(p: &str) -> RoutePath {
        RoutePath::parse(p).unwrap()
    }

    fn paths(fw: &Framework, p: &str, spec: VersionSpec) -> Vec<String> {
        fw.served_paths(&route(p), HttpMethod::Get, &spec)
            .into_iter()
            .map(|s| s.path.to_openapi())
            .collect()
    }

    fn exact(vs: &[&str]) -> VersionSpec {
        VersionSpec::Versions(
            vs.iter()
                .map(|v| Version::Exact(v.to_string().into()))
                .collect(),
        )
    }

    fn uri(default: Option<&str>) -> Framework {
        Framework {
            global_prefix: None,
            global_prefix_exclude: Default::default(),
            versioning: Some(Versioning {
                default_version: default.map(|d| d.to_string().into()),
                ..Versioning::new(VersioningKind::Uri)
            }),
        }
    }

    #[test]
    fn seed_row_global_prefix() {
        let fw = Framework {
            global_prefix: Some("api".into()),
            versioning: None,
            global_prefix_exclude: Default::default(),
        };
        assert_eq!(paths(&fw, "/users", VersionSpec::Inherit), ["/api/users"]);
        assert_eq!(
            paths(&fw, "/users/:id", VersionSpec::Inherit),
            ["/api/users/{id}"]
        );
    }

    /// Issue 12 item 13: an excluded route keeps its version segment
    /// (the exclusion is from the prefix only, as in Nest).
    #[test]
    fn a5_excluded_route_has_no_prefix_but_keeps_its_version() {
        let mut fw = uri(Some("1"));
        fw.global_prefix = Some("api".into());
        fw.global_prefix_exclude = vec![
            PrefixExclusion::parse("health", None).unwrap(),
            PrefixExclusion::parse("metrics", Some("GET")).unwrap(),
        ]
        .into();
        let neutral = VersionSpec::Versions(vec![Version::Neutral].into());
        assert_eq!(paths(&fw, "/health", neutral), ["/health"]);
        assert_eq!(paths(&fw, "/health", VersionSpec::Inherit), ["/v1/health"]);
        assert_eq!(
            paths(&fw, "/metrics", VersionSpec::Inherit),
            ["/v1/metrics"]
        );
        let post = fw.served_paths(&route("/metrics"), HttpMethod::Post, &VersionSpec::Inherit);
        assert_eq!(post[0].path.to_openapi(), "/api/v1/metrics");
        assert_eq!(
            paths(&fw, "/users", VersionSpec::Inherit),
            ["/api/v1/users"]
        );
    }

    #[test]
    fn seed_row_uri_default_prefix() {
        let fw = uri(Some("1"));
        assert_eq!(paths(&fw, "/users", VersionSpec::Inherit), ["/v1/users"]);
        assert_eq!(paths(&fw, "/users/:id", exact(&["2"])), ["/v2/users/{id}"]);
    }

    #[test]
    fn seed_row_prefix_and_uri() {
        let mut fw = uri(Some("1"));
        fw.global_prefix = Some("/api/".into());
        assert_eq!(
            paths(&fw, "/users", VersionSpec::Inherit),
            ["/api/v1/users"]
        );
        fw.versioning.as_mut().unwrap().prefix = "version-".into();
        assert_eq!(paths(&fw, "/", exact(&["3"])), ["/api/version-3"]);
    }

    #[test]
    fn seed_row_header_leaves_paths() {
        let fw = Framework {
            global_prefix: None,
            versioning: Some(Versioning::new(VersioningKind::Header)),
            global_prefix_exclude: Default::default(),
        };
        let served = fw.served_paths(&route("/users"), HttpMethod::Get, &exact(&["1", "2"]));
        assert_eq!(served.len(), 2);
        assert!(served.iter().all(|s| s.path.to_openapi() == "/users"));
        assert_eq!(served[1].version, Some(Version::Exact("2".into())));
    }

    #[test]
    fn neutral_gets_no_segment_and_versions_sort_numerically() {
        let fw = uri(Some("1"));
        let spec = VersionSpec::Versions(
            vec![
                Version::Neutral,
                Version::Exact("10".into()),
                Version::Exact("2".into()),
            ]
            .into(),
        );
        assert_eq!(paths(&fw, "/x", spec), ["/v2/x", "/v10/x", "/x"]);
    }

    #[test]
    fn no_default_version_means_unversioned() {
        assert_eq!(paths(&uri(None), "/x", VersionSpec::Inherit), ["/x"]);
    }

    #[test]
    fn method_version_wins_over_controller() {
        let method = exact(&["2"]);
        let controller = exact(&["1"]);
        assert_eq!(method.or(&controller), method);
        assert_eq!(VersionSpec::Inherit.or(&controller), controller);
    }

    #[test]
    fn version_order() {
        let mut v = vec!["10", "2", "1.10", "1.2", "beta", "1"];
        v.sort_by(|a, b| compare_versions(a, b));
        assert_eq!(v, ["1", "1.2", "1.10", "2", "10", "beta"]);
        // Issue 17: separators other than `.` and numerically equal parts.
        let mut v = vec!["1.10", "1-2", "1", "01", "1_3"];
        v.sort_by(|a, b| compare_versions(a, b));
        assert_eq!(v, ["01", "1", "1-2", "1_3", "1.10"]);
    }

    #[test]
    fn neutral_beside_versioned_only_under_header() {
        let header = Framework {
            global_prefix: None,
            global_prefix_exclude: Default::default(),
            versioning: Some(Versioning {
                default_version: Some("1".into()),
                ..Versioning::new(VersioningKind::Header)
            }),
        };
        let neutral = VersionSpec::Versions(vec![Version::Neutral].into());
        assert!(header.neutral_beside_versioned(&neutral, &exact(&["2"])));
        assert!(header.neutral_beside_versioned(&VersionSpec::Inherit, &neutral));
        assert!(!header.neutral_beside_versioned(&neutral, &neutral));
        assert!(!header.neutral_beside_versioned(&exact(&["1"]), &exact(&["2"])));
        assert!(!uri(Some("1")).neutral_beside_versioned(&neutral, &exact(&["2"])));
    }

    #[test]
    fn version_strings_checked() {
        assert!(validate_version("2.1").is_ok());
        assert!(validate_version("").is_err());
        assert!(validate_version("v/1").unwrap_err().contains('/'));
    }
}
