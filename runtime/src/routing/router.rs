//! The router: static paths in a hash map, parameterised
//! paths through matchit, then the method, then — under HEADER versioning —
//! the `X-API-Version` header.

use crate::extract::request::PathParams;
use crate::pipeline::handler::Handler;
use crate::pipeline::stages::RoutePipeline;
use crate::routing::controller::{route_method, RouteMethod};
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;
use tether_model::{RoutePath, Version, VERSION_HEADER};

/// What answers a matched request: the handler, and its guards,
/// interceptors, pipes and filters when it has any (built at startup).
pub(crate) struct Route {
    pub(crate) handler: Handler,
    pub(crate) pipeline: Option<Arc<RoutePipeline>>,
    /// Where it is served, in OpenAPI spelling (`/api/v1/books/{id}`): the
    /// request span's `http.route`.
    pub(crate) template: Box<str>,
    /// `GET /api/v1/books/{id}`: the request span's `otel.name`, built once.
    otel_name: Box<str>,
    /// Its request span and `response` event are `DEBUG`, not `INFO`: a
    /// probe a load balancer polls every few seconds.
    pub(crate) quiet: bool,
}

impl Route {
    /// The route answered by `handler` (and `pipeline`) for `method` at
    /// `template` (OpenAPI spelling).
    pub(crate) fn new(
        handler: Handler,
        pipeline: Option<Arc<RoutePipeline>>,
        method: RouteMethod,
        template: String,
    ) -> Self {
        Route {
            handler,
            pipeline,
            otel_name: format!("{} {template}", method.as_str()).into(),
            template: template.into(),
            quiet: false,
        }
    }

    /// The route, logged at `DEBUG` (see [`Route::quiet`]).
    pub(crate) fn quiet(self) -> Self {
        Route {
            quiet: true,
            ..self
        }
    }

    /// The request span's name for `method`: built at startup, unless the
    /// route answers another method than its own (HEAD by a GET route,
    /// `#[all]`).
    pub(crate) fn otel_name(&self, method: &http::Method) -> std::borrow::Cow<'_, str> {
        match self.otel_name.strip_prefix(method.as_str()) {
            Some(rest) if rest.starts_with(' ') => std::borrow::Cow::Borrowed(&self.otel_name),
            _ => std::borrow::Cow::Owned(format!("{method} {}", self.template)),
        }
    }
}

impl crate::trace::SpanRoute for Route {
    fn template(&self) -> &str {
        &self.template
    }

    fn otel_name(&self, method: &http::Method) -> std::borrow::Cow<'_, str> {
        Route::otel_name(self, method)
    }

    fn quiet(&self) -> bool {
        self.quiet
    }
}

/// One route as registered: where it is served and what answers it.
pub(crate) struct RouteEntry {
    pub(crate) method: RouteMethod,
    pub(crate) path: RoutePath,
    pub(crate) version: Option<Version>,
    pub(crate) route: Route,
    /// `Controller::method`, for conflict messages.
    pub(crate) label: String,
}

struct Variant {
    version: Option<Version>,
    route: Route,
    label: String,
}

/// Every handler of one path, per method and version.
struct Endpoint {
    names: &'static [&'static str],
    methods: [Vec<Variant>; RouteMethod::ALL.len()],
}

impl Endpoint {
    fn new(names: &'static [&'static str]) -> Self {
        Self {
            names,
            methods: Default::default(),
        }
    }

    fn slot(&self, method: RouteMethod) -> Option<&[Variant]> {
        let list = &self.methods[method.index()];
        (!list.is_empty()).then_some(list.as_slice())
    }

    /// The variants for `method`: its own, GET's for HEAD, then `#[all]`.
    /// A method outside the seven a route can name (TRACE, CONNECT, an
    /// extension method) has none: `#[all]` is documented as those seven,
    /// so it answers those seven only, and anything else is a `405`.
    fn variants(&self, method: Option<RouteMethod>) -> Option<&[Variant]> {
        let m = method?;
        self.slot(m)
            .or_else(|| {
                (m == RouteMethod::Head)
                    .then(|| self.slot(RouteMethod::Get))
                    .flatten()
            })
            .or_else(|| self.slot(RouteMethod::All))
    }
}

/// Which version a request asks for under HEADER versioning.
pub(crate) enum RequestedVersion<'a> {
    /// Versioning is not by header: every route has one variant per path.
    Any,
    /// The header's value, or `None` when absent.
    Header(Option<&'a str>),
    /// A header no version can be read from (what is wrong with it): no
    /// route matches, and the request is answered `400`, never as if it
    /// asked for the default version.
    Unreadable(&'static str),
}

impl<'a> RequestedVersion<'a> {
    /// The version `headers` ask for under HEADER versioning: the one
    /// `X-API-Version`'s text, none when it is absent; unreadable when it
    /// is not visible ASCII or is sent more than once (a proxy or cache
    /// may read another of them than the server would).
    pub(crate) fn from_headers(headers: &'a http::HeaderMap) -> Self {
        let mut values = headers.get_all(VERSION_HEADER).iter();
        match (values.next(), values.next()) {
            (None, _) => RequestedVersion::Header(None),
            (Some(value), None) => match value.to_str() {
                Ok(text) => RequestedVersion::Header(Some(text)),
                Err(_) => RequestedVersion::Unreadable("not visible ASCII"),
            },
            (Some(_), Some(_)) => RequestedVersion::Unreadable("sent more than once"),
        }
    }
}

/// A route conflict found while building the router.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RouteConflict(pub String);

impl fmt::Display for RouteConflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RouteConflict {}

/// A fast hasher for the static path map: the keys are a few short paths
/// chosen by the app, not by clients, so SipHash's flood resistance buys
/// nothing; this folds 8 bytes per step (the `FxHash` scheme).
#[derive(Default)]
struct PathHasher(u64);

impl PathHasher {
    fn mix(&mut self, word: u64) {
        const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(K);
    }
}

impl Hasher for PathHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.mix(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        if rest.is_empty() {
            return;
        }
        // The last eight bytes, some of them mixed already (one step, not
        // one per byte), or the fewer than eight there are.
        let last = match bytes.len().checked_sub(8) {
            Some(start) => u64::from_le_bytes(bytes[start..].try_into().expect("8 bytes")),
            None => rest.iter().fold(0, |word, &b| word << 8 | u64::from(b)),
        };
        self.mix(last);
    }

    /// `str`'s terminator, in one step.
    fn write_u8(&mut self, byte: u8) {
        self.mix(u64::from(byte));
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type StaticMap = HashMap<Box<str>, Endpoint, BuildHasherDefault<PathHasher>>;

/// `/users/` is `/users` (Express's non-strict routing); `` is `/`.
fn without_trailing_slash(path: &str) -> &str {
    match path.len() {
        0 => "/",
        1 => path,
        _ => path.strip_suffix('/').unwrap_or(path),
    }
}

/// The compiled routing table.
pub(crate) struct Router {
    statics: StaticMap,
    dynamic: matchit::Router<usize>,
    dynamic_endpoints: Vec<Endpoint>,
    default_version: Option<Box<str>>,
    /// CORS is enabled: it answers `OPTIONS` at every path, so `Allow`
    /// lists it.
    pub(crate) cors: bool,
}

fn leak_names(path: &RoutePath) -> &'static [&'static str] {
    // Built once per distinct path at startup; lives as long as the process.
    let names: Vec<&'static str> = path
        .param_names()
        .into_iter()
        .map(|n| &*Box::leak(n.to_string().into_boxed_str()))
        .collect();
    Box::leak(names.into_boxed_slice())
}

/// A neutral route beside a versioned one on the same method and path
/// (only HEADER versioning puts them there): refused, as the macros and
/// tether-build refuse it (`tether_model::versioning::neutral_beside_versioned`).
fn neutral_clash(list: &[Variant], entry: &RouteEntry) -> Option<RouteConflict> {
    let neutral = |v: &Option<Version>| *v == Some(Version::Neutral);
    let other = list
        .iter()
        .find(|v| v.label != entry.label && neutral(&v.version) != neutral(&entry.version))?;
    let (n, o) = if neutral(&entry.version) {
        (&entry.label, &other.label)
    } else {
        (&other.label, &entry.label)
    };
    let route = format!("{} {}", entry.method.as_str(), entry.path);
    Some(RouteConflict(
        tether_model::versioning::neutral_beside_versioned(n, o, &route),
    ))
}

impl Router {
    pub(crate) fn build(
        entries: Vec<RouteEntry>,
        default_version: Option<String>,
    ) -> Result<Router, RouteConflict> {
        let mut statics = StaticMap::default();
        let mut dynamic = matchit::Router::new();
        let mut dynamic_endpoints: Vec<Endpoint> = Vec::new();
        let mut dynamic_index: HashMap<String, usize> = HashMap::new();
        for entry in entries {
            let key = entry.path.to_matchit();
            let endpoint = if entry.path.is_static() {
                statics
                    .entry(key.into_boxed_str())
                    .or_insert_with(|| Endpoint::new(&[]))
            } else {
                let index = match dynamic_index.get(&key) {
                    Some(i) => *i,
                    None => {
                        let i = dynamic_endpoints.len();
                        dynamic.insert(key.clone(), i).map_err(|e| {
                            RouteConflict(format!(
                                "route {} ({}) cannot be added: {e}",
                                entry.path, entry.label
                            ))
                        })?;
                        dynamic_endpoints.push(Endpoint::new(leak_names(&entry.path)));
                        dynamic_index.insert(key, i);
                        i
                    }
                };
                &mut dynamic_endpoints[index]
            };
            let list = &mut endpoint.methods[entry.method.index()];
            if let Some(other) = list.iter().find(|v| v.version == entry.version) {
                return Err(RouteConflict(format!(
                    "{:?} {} is handled twice, by {} and {}{}; change a path or a #[version]",
                    entry.method,
                    entry.path,
                    other.label,
                    entry.label,
                    match &entry.version {
                        Some(Version::Exact(v)) => format!(" (version {v})"),
                        Some(Version::Neutral) => " (version neutral)".to_string(),
                        None => " (without versioning, #[version] does not separate routes: set [framework.versioning] in tether.toml)".to_string(),
                    }
                )));
            }
            if let Some(e) = neutral_clash(list, &entry) {
                return Err(e);
            }
            list.push(Variant {
                version: entry.version,
                route: entry.route,
                label: entry.label,
            });
        }
        Ok(Router {
            statics,
            dynamic,
            dynamic_endpoints,
            default_version: default_version.map(String::into_boxed_str),
            cors: false,
        })
    }

    /// The static and the dynamic endpoint at `path`, either or both absent.
    fn endpoints_at(&self, path: &str) -> [Option<&Endpoint>; 2] {
        let path = without_trailing_slash(path);
        [
            self.statics.get(path),
            self.dynamic
                .at(path)
                .ok()
                .map(|m| &self.dynamic_endpoints[*m.value]),
        ]
    }

    /// The methods of the path item `path` belongs to, as the document of
    /// the version asked for lists them (HEAD beside GET), for a `405`'s
    /// `Allow` header: a static path's own when it serves some method in
    /// that version, not those a `/:id` route beside it takes by
    /// fall-through (documented under `/{id}`, where a static segment is
    /// no valid id); else the parameterised path's. Empty when no route
    /// has the path in that version. `OPTIONS` is added when CORS answers
    /// it. Only called after [`Router::find`] missed, so it costs nothing
    /// on the hot path.
    pub(crate) fn allowed_methods(
        &self,
        path: &str,
        version: &RequestedVersion<'_>,
    ) -> Vec<&'static str> {
        self.endpoints_at(path)
            .into_iter()
            .flatten()
            .map(|endpoint| self.methods_of(endpoint, version))
            .find(|methods| !methods.is_empty())
            .unwrap_or_default()
    }

    /// The methods `endpoint` serves in `version`, in the order of the
    /// `Allow` header, `OPTIONS` last when CORS answers it.
    fn methods_of(&self, endpoint: &Endpoint, version: &RequestedVersion<'_>) -> Vec<&'static str> {
        let mut methods = self.routed_methods(endpoint, version);
        if self.cors && !methods.is_empty() && !methods.contains(&"OPTIONS") {
            methods.push("OPTIONS");
        }
        methods
    }

    /// The methods routes of `endpoint` serve in `version`.
    fn routed_methods(
        &self,
        endpoint: &Endpoint,
        version: &RequestedVersion<'_>,
    ) -> Vec<&'static str> {
        const METHODS: [RouteMethod; 7] = [
            RouteMethod::Get,
            RouteMethod::Head,
            RouteMethod::Post,
            RouteMethod::Put,
            RouteMethod::Delete,
            RouteMethod::Patch,
            RouteMethod::Options,
        ];
        METHODS
            .into_iter()
            .filter(|m| {
                endpoint
                    .variants(Some(*m))
                    .and_then(|variants| self.pick(variants, version))
                    .is_some()
            })
            .map(RouteMethod::as_str)
            .collect()
    }

    /// Whether a route at `path` serves `method` in some version: the
    /// static path's or, by fall-through, a parameterised one's. When
    /// none does, a request that found no route is a `405`.
    pub(crate) fn serves(&self, method: &http::Method, path: &str) -> bool {
        let method = route_method(method);
        self.endpoints_at(path)
            .into_iter()
            .flatten()
            .any(|e| e.variants(method).is_some())
    }

    /// The versions `method` is served in at `path` (HEADER versioning),
    /// sorted: what a request that found no route could have asked for.
    /// Empty when neither path nor method is versioned there. Only called
    /// after [`Router::find`] missed, like [`Router::allowed_methods`].
    pub(crate) fn versions_at(&self, method: &http::Method, path: &str) -> Vec<&str> {
        let method = route_method(method);
        let endpoints = self.endpoints_at(path);
        let mut versions: Vec<&str> = endpoints
            .into_iter()
            .flatten()
            .filter_map(|e| e.variants(method))
            .flatten()
            .filter_map(|v| match &v.version {
                Some(Version::Exact(s)) => Some(&**s),
                _ => None,
            })
            .collect();
        versions.sort_unstable();
        versions.dedup();
        versions
    }

    /// Finds the handler for a request; `None` is a 404.
    pub(crate) fn find(
        &self,
        method: &http::Method,
        path: &str,
        version: RequestedVersion<'_>,
    ) -> Option<(&Route, PathParams)> {
        let method = route_method(method);
        let path = without_trailing_slash(path);
        let beside = self.statics.get(path);
        if let Some(endpoint) = beside {
            if let Some(found) = endpoint
                .variants(method)
                .and_then(|v| self.pick(v, &version))
            {
                return Some((found, PathParams::default()));
            }
        }
        self.find_dynamic(method, path, version, beside)
    }

    /// [`Router::find`] past the static paths: matchit's tree, then the
    /// path parameters. Out of line, so that a static route's lookup runs
    /// in little code.
    #[inline(never)]
    fn find_dynamic(
        &self,
        method: Option<RouteMethod>,
        path: &str,
        version: RequestedVersion<'_>,
        beside: Option<&Endpoint>,
    ) -> Option<(&Route, PathParams)> {
        let matched = self.dynamic.at(path).ok()?;
        let endpoint = &self.dynamic_endpoints[*matched.value];
        let handler = self.pick(endpoint.variants(method)?, &version)?;
        let base = path.as_ptr() as usize;
        let ranges = matched.params.iter().map(|(_, v)| {
            let start = v.as_ptr() as usize - base;
            (start, start + v.len())
        });
        let mut params = PathParams::new(endpoint.names, ranges);
        if let Some(endpoint) = beside {
            params.beside_static = self.fell_through(endpoint, &version);
        }
        Some((handler, params))
    }

    /// The `Allow` of the static `endpoint` a request fell through from,
    /// when it serves some method in `version` (see
    /// [`PathParams::beside_static`]). Off the hot path: only such
    /// requests get here.
    #[cold]
    fn fell_through(
        &self,
        endpoint: &Endpoint,
        version: &RequestedVersion<'_>,
    ) -> Option<Box<str>> {
        let methods = self.methods_of(endpoint, version);
        (!methods.is_empty()).then(|| methods.join(", ").into_boxed_str())
    }

    /// Version dispatch: the exact version, else a neutral route; a missing
    /// header asks for `default_version`, else an unversioned route.
    fn pick<'a>(
        &self,
        variants: &'a [Variant],
        version: &RequestedVersion<'_>,
    ) -> Option<&'a Route> {
        let wanted = match version {
            RequestedVersion::Any => return variants.first().map(|v| &v.route),
            RequestedVersion::Header(h) => h.map(str::trim).or(self.default_version.as_deref()),
            RequestedVersion::Unreadable(_) => return None,
        };
        let exact = variants.iter().find(|v| match (&v.version, wanted) {
            (Some(Version::Exact(have)), Some(want)) => have == want,
            (None, None) => true,
            _ => false,
        });
        exact
            .or_else(|| {
                variants
                    .iter()
                    .find(|v| v.version == Some(Version::Neutral))
            })
            .map(|v| &v.route)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::request::Request;
    use crate::pipeline::handler::HandlerFuture;
    use crate::response::body::IntoResponse;

    fn handler(tag: &'static str) -> Handler {
        Arc::new(move |_req| HandlerFuture::new(async move { Ok(tag.into_response()) }))
    }

    fn entry(
        method: RouteMethod,
        path: &str,
        version: Option<Version>,
        tag: &'static str,
    ) -> RouteEntry {
        RouteEntry {
            method,
            path: RoutePath::parse(path).unwrap(),
            version,
            route: Route::new(handler(tag), None, method, path.into()),
            label: tag.to_string(),
        }
    }

    fn v(s: &str) -> Option<Version> {
        Some(Version::Exact(s.to_string().into()))
    }

    async fn hit(
        router: &Router,
        method: http::Method,
        path: &str,
        version: RequestedVersion<'_>,
    ) -> Option<String> {
        use http_body_util::BodyExt;
        let (h, _) = router.find(&method, path, version)?;
        let (head, _) = http::Request::new(()).into_parts();
        let res = (h.handler)(Request::new(head, bytes::Bytes::new()))
            .await
            .unwrap();
        let body = res.into_body().collect().await.unwrap().to_bytes();
        Some(String::from_utf8(body.to_vec()).unwrap())
    }

    #[tokio::test]
    async fn static_before_dynamic_and_method_fallbacks() {
        let r = Router::build(
            vec![
                entry(RouteMethod::Get, "/users/me", None, "me"),
                entry(RouteMethod::Get, "/users/:id", None, "one"),
                entry(RouteMethod::Delete, "/users/:id", None, "del"),
                entry(RouteMethod::All, "/any", None, "all"),
            ],
            None,
        )
        .unwrap();
        use http::Method as M;
        let any = || RequestedVersion::Any;
        assert_eq!(hit(&r, M::GET, "/users/me", any()).await.unwrap(), "me");
        assert_eq!(hit(&r, M::GET, "/users/7/", any()).await.unwrap(), "one");
        assert_eq!(hit(&r, M::DELETE, "/users/me", any()).await.unwrap(), "del");
        assert_eq!(hit(&r, M::HEAD, "/users/me", any()).await.unwrap(), "me");
        assert_eq!(hit(&r, M::PATCH, "/any", any()).await.unwrap(), "all");
        // #[all] is the seven documented methods, not TRACE or an extension.
        assert!(hit(&r, M::TRACE, "/any", any()).await.is_none());
        assert!(hit(&r, M::from_bytes(b"PURGE").unwrap(), "/any", any())
            .await
            .is_none());
        assert_eq!(r.allowed_methods("/any", &any()).len(), 7);
        // Issue 33, item 1: `Allow` at a static path is its own path
        // item's; DELETE still falls through to `/users/:id`.
        assert_eq!(r.allowed_methods("/users/me", &any()), ["GET", "HEAD"]);
        assert_eq!(
            r.allowed_methods("/users/7", &any()),
            ["GET", "HEAD", "DELETE"]
        );
        assert!(r.serves(&M::DELETE, "/users/me"));
        // The fall-through carries the static path's `Allow`, for the `405`
        // of a segment `/:id` cannot read; a request to `/:id` carries none.
        let (_, fell) = r.find(&M::DELETE, "/users/me", any()).unwrap();
        assert_eq!(fell.beside_static.as_deref(), Some("GET, HEAD"));
        let (_, direct) = r.find(&M::DELETE, "/users/7", any()).unwrap();
        assert_eq!(direct.beside_static, None);
        assert!(!r.serves(&M::POST, "/users/me"));
        assert!(hit(&r, M::POST, "/users/me", any()).await.is_none());
        assert!(hit(&r, M::GET, "/nope", any()).await.is_none());
        let (_, params) = r.find(&M::GET, "/users/a%20b", any()).unwrap();
        assert_eq!(params.names, ["id"]);
        assert_eq!(params.range(0), Some((7, 12)));
        assert_eq!(params.range(1), None);
    }

    #[tokio::test]
    async fn a5_header_versioning_dispatch() {
        let r = Router::build(
            vec![
                entry(RouteMethod::Get, "/books", v("1"), "v1"),
                entry(RouteMethod::Get, "/books", v("2"), "v2"),
                entry(
                    RouteMethod::Get,
                    "/health",
                    Some(Version::Neutral),
                    "neutral",
                ),
            ],
            Some("1".into()),
        )
        .unwrap();
        use http::Method as M;
        let h = RequestedVersion::Header;
        assert_eq!(hit(&r, M::GET, "/books", h(Some("2"))).await.unwrap(), "v2");
        assert_eq!(hit(&r, M::GET, "/books", h(None)).await.unwrap(), "v1");
        assert!(hit(&r, M::GET, "/books", h(Some("3"))).await.is_none());
        assert_eq!(
            hit(&r, M::GET, "/health", h(Some("9"))).await.unwrap(),
            "neutral"
        );
        assert_eq!(
            hit(&r, M::GET, "/health", h(None)).await.unwrap(),
            "neutral"
        );
        // Issue 31: an unreadable header is no route, not the default.
        let unreadable = || RequestedVersion::Unreadable("not visible ASCII");
        assert!(hit(&r, M::GET, "/books", unreadable()).await.is_none());
        assert!(hit(&r, M::GET, "/health", unreadable()).await.is_none());
    }

    #[test]
    fn a5_a_version_header_is_read_only_when_readable_and_sent_once() {
        let read = |values: &[&[u8]]| {
            let mut headers = http::HeaderMap::new();
            for v in values {
                headers.append(VERSION_HEADER, http::HeaderValue::from_bytes(v).unwrap());
            }
            match RequestedVersion::from_headers(&headers) {
                RequestedVersion::Header(h) => Ok(h.map(str::to_string)),
                RequestedVersion::Unreadable(why) => Err(why),
                RequestedVersion::Any => unreachable!(),
            }
        };
        assert_eq!(read(&[]), Ok(None));
        assert_eq!(read(&[b" 2 "]), Ok(Some(" 2 ".into())));
        assert_eq!(read(&[b"\xc3\xa9"]), Err("not visible ASCII"));
        assert_eq!(read(&[b"1", b"2"]), Err("sent more than once"));
    }

    #[test]
    fn neutral_beside_versioned_is_refused_on_one_method_and_path() {
        let e = Router::build(
            vec![
                entry(RouteMethod::Get, "/notes", v("1"), "Notes::list"),
                entry(
                    RouteMethod::Get,
                    "/notes",
                    Some(Version::Neutral),
                    "Any::list",
                ),
            ],
            Some("1".into()),
        )
        .err()
        .unwrap();
        assert!(
            e.0.contains(
                "`Any::list` (#[version(neutral)]) and `Notes::list` both answer GET /notes"
            ),
            "{e}"
        );
        // One route with a version and neutral, and neutral on another method, are fine.
        Router::build(
            vec![
                entry(RouteMethod::Get, "/n", v("1"), "A::both"),
                entry(RouteMethod::Get, "/n", Some(Version::Neutral), "A::both"),
                entry(RouteMethod::Post, "/n", Some(Version::Neutral), "A::post"),
            ],
            Some("1".into()),
        )
        .unwrap();
    }

    #[test]
    fn conflicts_are_named() {
        let e = Router::build(
            vec![
                entry(RouteMethod::Get, "/a/:id", None, "A::one"),
                entry(RouteMethod::Get, "/a/:id", None, "B::two"),
            ],
            None,
        )
        .err()
        .unwrap();
        assert!(e.0.contains("A::one") && e.0.contains("B::two"), "{e}");
        let e = Router::build(
            vec![
                entry(RouteMethod::Get, "/a/:id", None, "A::one"),
                entry(RouteMethod::Get, "/a/:name", None, "B::two"),
            ],
            None,
        )
        .err()
        .unwrap();
        assert!(e.0.contains("B::two"), "{e}");
    }
}
