//! [`App`]: controllers, settings and the adapter that serves them.

use crate::app::cors::Cors;
use crate::app::layer::{Inner, LayerFn};
use crate::app::middleware::{DynMiddleware, Middleware};
use crate::app::probes::{Draining, Probe};
use crate::app::service::{AppService, NotFoundHandler, ServiceParts};
use crate::extract::context::Requires;
use crate::extract::request::{Request, RequestBody};
use crate::extract::state::StateMap;
use crate::pipeline::stages::{
    CatchAll, Exception, ExceptionFilter, Guard, Host, Interceptor, Pipe, PipelineDef,
    RoutePipeline,
};
use crate::response::body::{BoxError, IntoResponse, Response};
use crate::routing::controller::{Controller, RouteMethod};
use crate::routing::router::{Route, RouteConflict, RouteEntry, Router};
use crate::server::adapter::{HttpAdapter, NativeAdapter};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use tether_model::{Framework, RoutePath, Version, VersionSpec, Versioning, VersioningKind};

pub use crate::extract::request::{
    DEFAULT_BODY_LIMIT, DEFAULT_MAX_FORM_PAIRS, DEFAULT_MAX_MESSAGES,
};

/// One bound route of a registered controller.
struct BoundRoute {
    method: RouteMethod,
    path: RoutePath,
    versions: VersionSpec,
    handler: crate::pipeline::handler::Handler,
    name: &'static str,
    pipeline: PipelineDef,
    /// See [`crate::routing::controller::RouteDef::reads_credential`].
    reads_credential: bool,
}

impl BoundRoute {
    /// Where this route is served under `framework`: the one place the
    /// runtime applies the prefix and versions (shared with tether-build).
    fn served(&self, framework: &Framework) -> Vec<tether_model::ServedRoute> {
        framework.served_paths(&self.path, self.method, &self.versions)
    }
}

/// One served route, as [`App::routes`] lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RouteInfo {
    /// The method (`All` for `#[all]`).
    pub method: RouteMethod,
    /// The full path in OpenAPI spelling: `/api/v1/books/{id}`.
    pub path: String,
    /// The version it answers to, if any.
    pub version: Option<String>,
    /// `Controller::method`.
    pub handler: String,
}

/// A registered controller: its embedded settings and its bound routes.
struct Registered {
    name: &'static str,
    /// [`Controller::FRAMEWORK`].
    framework: Framework,
    /// [`Controller::RUNTIME`].
    runtime: &'static str,
    pipeline: PipelineDef,
    routes: Vec<BoundRoute>,
}

/// A tether application: controllers plus settings, served by an adapter.
///
/// By default the global prefix and versioning come from the crate's
/// `tether.toml`, which `#[controller]` embeds at compile time, so the
/// served paths are the documented ones.
///
/// ```no_run
/// use tether::{controller, get, App, NativeAdapter};
///
/// struct Health;
///
/// #[controller("/health")]
/// impl Health {
///     #[get]
///     async fn check(&self) -> &'static str {
///         "ok"
///     }
/// }
///
/// #[tokio::main]
/// async fn main() -> std::io::Result<()> {
///     App::new(NativeAdapter::new())
///         .controller(Health)
///         .listen("127.0.0.1:3000")
///         .await
/// }
/// ```
pub struct App<A: HttpAdapter = NativeAdapter> {
    adapter: A,
    framework: Option<Framework>,
    controllers: Vec<Registered>,
    body_limit: usize,
    pair_limit: usize,
    message_limit: usize,
    cors: Option<Cors>,
    middleware: Vec<Box<dyn DynMiddleware>>,
    pipeline: PipelineDef,
    error_handler: Option<Arc<dyn ExceptionFilter>>,
    not_found: Option<NotFoundHandler>,
    layers: Vec<LayerFn>,
    state: StateMap,
    #[cfg(feature = "docs")]
    docs: Option<crate::docs::ApiDocs>,
    /// The readiness and liveness paths.
    probes: Vec<(Probe, RoutePath)>,
}

/// Why an [`App`] could not start.
#[derive(Debug)]
pub enum AppError {
    /// Two routes claim the same method, path and version.
    Conflict(RouteConflict),
    /// Controllers from crates with different `tether.toml` settings.
    MixedConfig(String),
    /// The CORS policy is one browsers refuse (credentials with any origin).
    Cors(String),
    /// The address could not be bound.
    Io(std::io::Error),
    /// A route, guard, interceptor, pipe or filter reads app state no
    /// [`App::provide`] gave.
    MissingProvider(String),
}

impl std::fmt::Display for AppError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AppError::Conflict(c) => write!(f, "route conflict: {c}"),
            AppError::MixedConfig(m) | AppError::Cors(m) | AppError::MissingProvider(m) => {
                f.write_str(m)
            }
            AppError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for AppError {}

impl From<AppError> for std::io::Error {
    fn from(e: AppError) -> Self {
        match e {
            AppError::Io(e) => e,
            other => std::io::Error::other(other.to_string()),
        }
    }
}

impl<A: HttpAdapter> App<A> {
    /// An app served by `adapter`, with no controllers yet.
    pub fn new(adapter: A) -> Self {
        Self {
            adapter,
            framework: None,
            controllers: Vec::new(),
            body_limit: DEFAULT_BODY_LIMIT,
            pair_limit: DEFAULT_MAX_FORM_PAIRS,
            message_limit: DEFAULT_MAX_MESSAGES,
            cors: None,
            middleware: Vec::new(),
            pipeline: PipelineDef::new(),
            error_handler: None,
            not_found: None,
            layers: Vec::new(),
            state: StateMap::default(),
            #[cfg(feature = "docs")]
            docs: None,
            probes: Vec::new(),
        }
    }

    /// Provides `value` to every handler (`db: State<Db>`), guard and
    /// interceptor (`req.state::<Db>()`), pipe (`meta.state::<Db>()`) and
    /// exception filter (`host.state::<Db>()`). One value per
    /// type; providing a type again replaces it. What routes read but no
    /// call provides stops [`App::bind`] with [`AppError::MissingProvider`].
    pub fn provide<T: Send + Sync + 'static>(self, value: T) -> Self {
        self.provide_arc(Arc::new(value))
    }

    /// [`App::provide`] for a value already in an `Arc`.
    pub fn provide_arc<T: Send + Sync + 'static>(mut self, value: Arc<T>) -> Self {
        self.state.insert(value);
        self
    }

    /// Registers a controller instance; its routes come from its `#[controller]` impl.
    pub fn controller<C: Controller>(mut self, controller: C) -> Self {
        let instance = Arc::new(controller);
        let routes = C::routes()
            .iter()
            .map(|def| {
                let this = instance.clone();
                let call = def.handler;
                let handler: crate::pipeline::handler::Handler =
                    Arc::new(move |req| call(this.clone(), req));
                BoundRoute {
                    method: def.method,
                    path: def.path.clone(),
                    versions: def.versions.or(&C::VERSIONS),
                    handler,
                    name: def.name,
                    pipeline: def.pipeline.map(|build| build()).unwrap_or_default(),
                    reads_credential: def.reads_credential,
                }
            })
            .collect();
        self.controllers.push(Registered {
            name: C::NAME,
            framework: C::FRAMEWORK,
            runtime: C::RUNTIME,
            pipeline: C::pipeline().unwrap_or_default(),
            routes,
        });
        self
    }

    /// Adds a middleware; they run in the order added, before routing.
    /// See [`crate::app::middleware`].
    pub fn use_middleware<M: Middleware>(mut self, middleware: M) -> Self {
        self.middleware.push(Box::new(middleware));
        self
    }

    /// Wraps the whole app (middleware, routing, handlers) in a
    /// [`tower::Layer`] over `http::Request`/`http::Response`: tower-http's
    /// `CompressionLayer`, `TimeoutLayer`, `SetRequestIdLayer`, `TraceLayer`,
    /// tower's `ConcurrencyLimitLayer`…. The layer added last is
    /// the outermost, as with axum's `Router::layer`. A layer's error
    /// answers `503` for tower's timeout and load shedding, else `500`
    /// (see [`crate::app::layer::error_response`]). See [`crate::app::layer`].
    pub fn layer<L, ResBody, E>(mut self, layer: L) -> Self
    where
        L: tower::Layer<Inner> + Send + 'static,
        L::Service: tower::Service<
                http::Request<RequestBody>,
                Response = http::Response<ResBody>,
                Error = E,
            > + Clone
            + Send
            + Sync
            + 'static,
        <L::Service as tower::Service<http::Request<RequestBody>>>::Future: Send + 'static,
        ResBody: http_body::Body<Data = bytes::Bytes> + Send + 'static,
        ResBody::Error: Into<BoxError>,
        E: Into<BoxError>,
    {
        self.layers.push(crate::app::layer::boxed(layer));
        self
    }

    /// Serves the OpenAPI document(s) and the API reference page (feature
    /// `docs`); see [`crate::docs`].
    #[cfg(feature = "docs")]
    pub fn docs(mut self, docs: crate::docs::ApiDocs) -> Self {
        self.docs = Some(docs);
        self
    }

    /// Answers `GET path` (and `HEAD`) with `200 {"status":"ok"}` while
    /// serving and `503 {"status":"draining"}` once shutdown has begun, so
    /// a load balancer or Kubernetes' `readinessProbe` stops sending new
    /// requests. The path is taken as written: no global prefix,
    /// no version. See [`NativeAdapter::drain_period`](crate::NativeAdapter::drain_period).
    ///
    /// # Panics
    /// When `path` is not a static route path such as `/ready`.
    pub fn readiness(self, path: &str) -> Self {
        self.probe(Probe::Readiness, path)
    }

    /// Answers `GET path` (and `HEAD`) with `200 {"status":"ok"}` for as
    /// long as the process serves, draining or not: Kubernetes'
    /// `livenessProbe`, which restarts a container that stops answering it.
    ///
    /// # Panics
    /// When `path` is not a static route path such as `/live`.
    pub fn liveness(self, path: &str) -> Self {
        self.probe(Probe::Liveness, path)
    }

    fn probe(mut self, probe: Probe, path: &str) -> Self {
        let parsed = RoutePath::parse(path)
            .ok()
            .filter(|p| path.starts_with('/') && p.is_static())
            .unwrap_or_else(|| {
                panic!(
                    "{}({path:?}): write a static path such as \"/ready\"",
                    probe.label()
                )
            });
        self.probes.push((probe, parsed));
        self
    }

    /// Enables CORS with `policy`; it runs before every other middleware.
    /// A policy browsers refuse (credentials with any origin) makes
    /// [`App::bind`] fail. See [`crate::app::cors`].
    pub fn enable_cors(mut self, policy: Cors) -> Self {
        self.cors = Some(policy);
        self
    }

    /// Adds an app-wide guard; it runs before controller and method guards.
    pub fn use_guards<G: Guard>(mut self, guard: G) -> Self {
        self.pipeline.guard(guard);
        self
    }

    /// Adds an app-wide interceptor; it wraps controller and method ones.
    pub fn use_interceptors<I: Interceptor>(mut self, interceptor: I) -> Self {
        self.pipeline.interceptor(interceptor);
        self
    }

    /// Adds an app-wide pipe; it runs before controller and method pipes.
    pub fn use_pipes<P: Pipe>(mut self, pipe: P) -> Self {
        self.pipeline.pipe(pipe);
        self
    }

    /// Adds an app-wide exception filter; method and controller filters get
    /// an exception first.
    pub fn use_filters<F: ExceptionFilter>(mut self, filter: F) -> Self {
        self.pipeline.filter(filter);
        self
    }

    /// Answers every exception no filter caught: a handler's or guard's
    /// error, a failed extraction (custom error handler).
    ///
    /// ```no_run
    /// use tether::pipeline::{Exception, Host};
    /// use tether::{App, HttpError, IntoResponse, NativeAdapter};
    ///
    /// let app = App::new(NativeAdapter::new()).error_handler(|e: Exception, host: &Host| {
    ///     let status = e.downcast_ref::<HttpError>().map_or(500, |h| h.status().as_u16());
    ///     format!("{status} at {}", host.uri.path()).into_response()
    /// });
    /// ```
    pub fn error_handler<F>(mut self, handler: F) -> Self
    where
        F: Fn(Exception, &Host) -> Response + Send + Sync + 'static,
    {
        self.error_handler = Some(Arc::new(CatchAll(handler)));
        self
    }

    /// Answers requests no route matches (default: Nest's `404` JSON). The
    /// value is sent with status `404` unless it carries its own.
    ///
    /// ```no_run
    /// use tether::{App, NativeAdapter, Request};
    ///
    /// let app = App::new(NativeAdapter::new())
    ///     .not_found_handler(|req: &Request| format!("nothing at {}", req.path()));
    /// ```
    pub fn not_found_handler<F, R>(mut self, handler: F) -> Self
    where
        F: Fn(&Request) -> R + Send + Sync + 'static,
        R: IntoResponse,
    {
        self.not_found = Some(Box::new(move |req: &Request| {
            handler(req).into_response_with(http::StatusCode::NOT_FOUND)
        }));
        self
    }

    /// Overrides the global prefix from `tether.toml` (the generated document
    /// will not know: prefer the config file).
    pub fn global_prefix(mut self, prefix: &str) -> Self {
        let prefix = prefix.trim_matches('/');
        self.framework_mut().global_prefix =
            (!prefix.is_empty()).then(|| prefix.to_string().into());
        self
    }

    /// Overrides the versioning from `tether.toml` (prefer the config file).
    pub fn versioning(mut self, versioning: Option<Versioning>) -> Self {
        self.framework_mut().versioning = versioning;
        self
    }

    /// The largest request body read, in bytes (default 1 MiB); larger is `413`.
    pub fn body_limit(mut self, bytes: usize) -> Self {
        self.body_limit = bytes;
        self
    }

    /// The most `key=value` pairs a query string or an urlencoded form
    /// body may carry when a handler reads it (`#[query]`, `#[query("k")]`,
    /// `#[body(form)]`), and the most parts of a multipart body (default
    /// 1,000); more is a `400` naming the limit, before any pair is decoded.
    pub fn max_form_pairs(mut self, pairs: usize) -> Self {
        self.pair_limit = pairs;
        self
    }

    /// The most messages a validation `400` lists (default 100): past
    /// them, one last message says how many more rules were broken
    /// (`and 99900 more`), counted without being written.
    pub fn max_validation_messages(mut self, messages: usize) -> Self {
        self.message_limit = messages;
        self
    }

    fn framework_mut(&mut self) -> &mut Framework {
        if self.framework.is_none() {
            let embedded = self.embedded_framework().unwrap_or_default();
            self.framework = Some(embedded);
        }
        self.framework.as_mut().expect("set above")
    }

    fn embedded_framework(&self) -> Result<Framework, AppError> {
        let mut found: Option<(&str, &Framework)> = None;
        for c in &self.controllers {
            match &found {
                Some((first, framework)) if **framework != c.framework => {
                    return Err(AppError::MixedConfig(format!(
                        "controllers {first} and {} were compiled with different `[framework]` settings in tether.toml; set them on the app with `.global_prefix(..)` and `.versioning(..)`",
                        c.name
                    )))
                }
                Some(_) => {}
                None => found = Some((c.name, &c.framework)),
            }
        }
        Ok(found.map(|(_, f)| f.clone()).unwrap_or_default())
    }

    /// `runtime` of the first controller's `tether.toml` (see [`App::run`]).
    pub(crate) fn embedded_runtime(&self) -> Option<&'static str> {
        self.controllers.first().map(|c| c.runtime)
    }

    /// The path settings in effect: explicit ones, else `tether.toml`'s.
    pub fn framework(&self) -> Result<Framework, AppError> {
        match &self.framework {
            Some(f) => Ok(f.clone()),
            None => self.embedded_framework(),
        }
    }

    /// Every route as it will be served: method, full path (global prefix
    /// and URI version applied, in OpenAPI spelling `/api/v1/books/{id}`),
    /// version and handler. The contract test compares it with the
    /// generated OpenAPI document.
    pub fn routes(&self) -> Result<Vec<RouteInfo>, AppError> {
        let framework = self.framework()?;
        let mut out = Vec::new();
        for c in &self.controllers {
            for r in &c.routes {
                for served in r.served(&framework) {
                    out.push(RouteInfo {
                        method: r.method,
                        path: served.path.to_openapi(),
                        version: match served.version {
                            Some(Version::Exact(v)) => Some(v.into_owned()),
                            _ => None,
                        },
                        handler: format!("{}::{}", c.name, r.name),
                    });
                }
            }
        }
        Ok(out)
    }

    /// Compiles the routes into the service the adapter runs.
    pub fn into_service(self) -> Result<(A, AppService), AppError> {
        let framework = self.framework()?;
        let mut app_pipeline = self.pipeline;
        if let Some(handler) = self.error_handler {
            app_pipeline.filter_arc(handler);
        }
        let mut entries = Vec::new();
        for c in self.controllers {
            for r in c.routes {
                let label = format!("{}::{}", c.name, r.name);
                check_provided(
                    &self.state,
                    [&app_pipeline, &c.pipeline, &r.pipeline],
                    &label,
                )?;
                let pipeline = RoutePipeline::merge(
                    &app_pipeline,
                    &c.pipeline,
                    &r.pipeline,
                    &r.handler,
                    &label,
                );
                let served = r.served(&framework);
                crate::pipeline::stages::warn_if_unchecked(
                    pipeline.as_deref(),
                    r.reads_credential,
                    &label,
                    &served_list(r.method, &served),
                );
                for served in served {
                    let version = match framework.versioning.as_ref().map(|v| v.kind) {
                        Some(VersioningKind::Header) => served.version,
                        _ => None,
                    };
                    let template = served.path.to_openapi();
                    entries.push(RouteEntry {
                        method: r.method,
                        path: served.path,
                        version,
                        route: Route::new(r.handler.clone(), pipeline.clone(), r.method, template),
                        label: label.clone(),
                    });
                }
            }
        }
        let header = matches!(
            framework.versioning.as_ref().map(|v| v.kind),
            Some(VersioningKind::Header)
        );
        let draining = Draining::default();
        entries.extend(
            self.probes
                .into_iter()
                .map(|(probe, path)| probe_entry(probe, path, header, &draining)),
        );
        let mut middleware: Vec<Box<dyn DynMiddleware>> = Vec::new();
        let cors_enabled = self.cors.is_some();
        if let Some(cors) = self.cors {
            cors.validate().map_err(AppError::Cors)?;
            middleware.push(Box::new(cors));
        }
        middleware.extend(self.middleware);
        let default_version = framework
            .versioning
            .as_ref()
            .and_then(|v| v.default_version.as_deref().map(str::to_string));
        let mut router = Router::build(entries, default_version).map_err(AppError::Conflict)?;
        router.cors = cors_enabled;
        let parts = ServiceParts {
            router,
            header_versioning: header,
            body_limit: self.body_limit,
            // `u32`s in each request, converted once here.
            pair_limit: u32::try_from(self.pair_limit).unwrap_or(u32::MAX),
            message_limit: u32::try_from(self.message_limit).unwrap_or(u32::MAX),
            middleware: middleware.into_boxed_slice(),
            not_found: self.not_found,
            state: (!self.state.is_empty()).then(|| Arc::new(self.state) as _),
            #[cfg(feature = "docs")]
            docs: self.docs,
            draining,
        };
        let service = AppService::new(parts, self.layers);
        Ok((self.adapter, service))
    }

    /// Compiles the app into its [`AppService`], without an adapter, to
    /// serve it elsewhere: it is a [`tower::Service`], so it can be nested
    /// in an axum router (`nest_service`) or served by any hyper-based
    /// server.
    pub fn build(self) -> Result<AppService, AppError> {
        self.into_service().map(|(_, service)| service)
    }

    /// Binds `addr` and serves until the process ends.
    pub async fn listen(self, addr: impl tokio::net::ToSocketAddrs) -> std::io::Result<()> {
        self.bind(addr).await?.serve().await
    }

    /// Binds `addr` (port 0 picks a free port) without serving yet.
    pub async fn bind(self, addr: impl tokio::net::ToSocketAddrs) -> std::io::Result<Server<A>> {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        let (adapter, service) = self.into_service()?;
        Ok(Server {
            adapter,
            service,
            listener,
        })
    }
}

/// A bound, not yet serving, application.
pub struct Server<A: HttpAdapter> {
    adapter: A,
    service: AppService,
    listener: tokio::net::TcpListener,
}

impl<A: HttpAdapter> Server<A> {
    /// The bound address (useful with port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound TCP listener has an address")
    }

    /// Serves until the process ends.
    pub async fn serve(self) -> std::io::Result<()> {
        self.serve_with_shutdown(std::future::pending()).await
    }

    /// Serves until Ctrl-C or `SIGTERM`, then lets in-flight requests
    /// finish (see [`crate::shutdown_signal`]).
    pub async fn serve_until_ctrl_c(self) -> std::io::Result<()> {
        self.serve_with_shutdown(crate::server::adapter::shutdown_signal())
            .await
    }

    /// Serves until `signal` completes, then stops accepting and lets
    /// in-flight requests and streams finish, within the adapter's
    /// shutdown deadline.
    pub async fn serve_with_shutdown(
        self,
        signal: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        self.adapter
            .serve(self.listener, self.service, Box::pin(signal))
            .await
    }
}

/// `GET /v1/notes, /v2/notes`: where a route is served, for messages.
fn served_list(method: RouteMethod, served: &[tether_model::ServedRoute]) -> String {
    let mut paths: Vec<String> = served.iter().map(|s| s.path.to_openapi()).collect();
    paths.dedup();
    format!("{} {}", method.as_str(), paths.join(", "))
}

/// The route of a readiness or liveness probe: `GET`, at its path as
/// written, for every version under HEADER versioning.
fn probe_entry(probe: Probe, path: RoutePath, header: bool, draining: &Draining) -> RouteEntry {
    RouteEntry {
        method: RouteMethod::Get,
        version: header.then_some(Version::Neutral),
        route: Route::new(
            probe.handler(draining.clone()),
            None,
            RouteMethod::Get,
            path.to_openapi(),
        )
        .quiet(),
        path,
        label: probe.label().to_string(),
    }
}

/// The startup check: everything a route's levels read is
/// provided, else an error naming the type, the route and the fix.
fn check_provided(
    provided: &StateMap,
    levels: [&PipelineDef; 3],
    label: &str,
) -> Result<(), AppError> {
    let mut deps = Requires::default();
    levels.iter().for_each(|l| l.requires(&mut deps));
    match deps.missing(provided) {
        None => Ok(()),
        Some(ty) => Err(AppError::MissingProvider(format!(
            "{label} reads app state of type `{ty}`, which nothing provides: add `.provide(value)` with a `{ty}` to the App"
        ))),
    }
}
