//! [`App`]: controllers, settings and the adapter that serves them (SPEC A1, A5).

use crate::adapter::{HttpAdapter, NativeAdapter};
use crate::controller::{Controller, FrameworkDef, RouteMethod, VersionDef};
use crate::error::HttpError;
use crate::request::{Request, RequestBody};
use crate::response::{IntoResponse, Response};
use crate::routing::{RequestedVersion, RouteConflict, RouteEntry, Router};
use std::future::Future;
use std::net::SocketAddr;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tether_model::{
    Framework, RoutePath, Version, VersionSpec, Versioning, VersioningKind, VERSION_HEADER,
};

/// The default body size limit: 1 MiB.
pub const DEFAULT_BODY_LIMIT: usize = 1024 * 1024;

/// A registered controller: its embedded settings and its bound routes.
struct Registered {
    name: &'static str,
    framework: FrameworkDef,
    routes: Vec<(
        RouteMethod,
        &'static str,
        VersionSpec,
        crate::routing::Handler,
        &'static str,
    )>,
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
}

/// Why an [`App`] could not start.
#[derive(Debug)]
pub enum AppError {
    /// Two routes claim the same method, path and version.
    Conflict(RouteConflict),
    /// Controllers from crates with different `tether.toml` settings.
    MixedConfig(String),
    /// The address could not be bound.
    Io(std::io::Error),
}

impl std::fmt::Display for AppError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AppError::Conflict(c) => write!(f, "route conflict: {c}"),
            AppError::MixedConfig(m) => f.write_str(m),
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

fn version_spec(defs: Option<&'static [VersionDef]>) -> VersionSpec {
    match defs {
        None => VersionSpec::Inherit,
        Some(list) => VersionSpec::Versions(
            list.iter()
                .map(|d| match d {
                    VersionDef::Exact(v) => Version::Exact(v.to_string()),
                    VersionDef::Neutral => Version::Neutral,
                })
                .collect(),
        ),
    }
}

/// The settings `#[controller]` embedded from `tether.toml`.
fn framework_of(def: &FrameworkDef) -> Framework {
    Framework {
        global_prefix: def.global_prefix.map(str::to_string),
        versioning: def.versioning.map(|v| Versioning {
            kind: if v.header {
                VersioningKind::Header
            } else {
                VersioningKind::Uri
            },
            default_version: v.default_version.map(str::to_string),
            prefix: v.prefix.to_string(),
        }),
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
        }
    }

    /// Registers a controller instance; its routes come from its `#[controller]` impl.
    pub fn controller<C: Controller>(mut self, controller: C) -> Self {
        let instance = Arc::new(controller);
        let controller_versions = version_spec(C::VERSIONS);
        let routes = C::routes()
            .iter()
            .map(|def| {
                let this = instance.clone();
                let call = def.handler;
                let handler: crate::routing::Handler = Arc::new(move |req| call(this.clone(), req));
                let spec = version_spec(def.versions).or(&controller_versions);
                (def.method, def.path, spec, handler, def.name)
            })
            .collect();
        self.controllers.push(Registered {
            name: C::NAME,
            framework: C::FRAMEWORK,
            routes,
        });
        self
    }

    /// Overrides the global prefix from `tether.toml` (the generated document
    /// will not know: prefer the config file).
    pub fn global_prefix(mut self, prefix: &str) -> Self {
        let prefix = prefix.trim_matches('/');
        self.framework_mut().global_prefix = (!prefix.is_empty()).then(|| prefix.to_string());
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

    fn framework_mut(&mut self) -> &mut Framework {
        if self.framework.is_none() {
            let embedded = self.embedded_framework().unwrap_or_default();
            self.framework = Some(embedded);
        }
        self.framework.as_mut().expect("set above")
    }

    fn embedded_framework(&self) -> Result<Framework, AppError> {
        let mut found: Option<(&str, FrameworkDef)> = None;
        for c in &self.controllers {
            match &found {
                Some((first, def)) if def.global_prefix != c.framework.global_prefix || def.versioning != c.framework.versioning => {
                    return Err(AppError::MixedConfig(format!(
                        "controllers {first} and {} were compiled with different `[framework]` settings in tether.toml; set them on the app with `.global_prefix(..)` and `.versioning(..)`",
                        c.name
                    )))
                }
                Some(_) => {}
                None => found = Some((c.name, c.framework)),
            }
        }
        Ok(found.map(|(_, d)| framework_of(&d)).unwrap_or_default())
    }

    /// The path settings in effect: explicit ones, else `tether.toml`'s.
    pub fn framework(&self) -> Result<Framework, AppError> {
        match &self.framework {
            Some(f) => Ok(f.clone()),
            None => self.embedded_framework(),
        }
    }

    /// Compiles the routes into the service the adapter runs.
    pub fn into_service(self) -> Result<(A, AppService), AppError> {
        let framework = self.framework()?;
        let mut entries = Vec::new();
        for c in self.controllers {
            for (method, path, spec, handler, fn_name) in c.routes {
                let route = RoutePath::parse(path).expect("#[controller] checked the path");
                for served in framework.served_paths(&route, &spec) {
                    let version = match framework.versioning.as_ref().map(|v| v.kind) {
                        Some(VersioningKind::Header) => served.version,
                        _ => None,
                    };
                    entries.push(RouteEntry {
                        method,
                        path: served.path,
                        version,
                        handler: handler.clone(),
                        label: format!("{}::{fn_name}", c.name),
                    });
                }
            }
        }
        let header = matches!(
            framework.versioning.as_ref().map(|v| v.kind),
            Some(VersioningKind::Header)
        );
        let default_version = framework
            .versioning
            .as_ref()
            .and_then(|v| v.default_version.clone());
        let router = Router::build(entries, default_version).map_err(AppError::Conflict)?;
        let service = AppService {
            inner: Arc::new(ServiceInner {
                router,
                header_versioning: header,
                body_limit: self.body_limit,
            }),
        };
        Ok((self.adapter, service))
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

    /// Serves until `signal` completes, then lets in-flight requests finish.
    pub async fn serve_with_shutdown(
        self,
        signal: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        self.adapter
            .serve(self.listener, self.service, Box::pin(signal))
            .await
    }
}

struct ServiceInner {
    router: Router,
    header_versioning: bool,
    body_limit: usize,
}

/// The compiled application: turns a request into a response future.
/// Adapters call [`AppService::call`] for every request.
#[derive(Clone)]
pub struct AppService {
    inner: Arc<ServiceInner>,
}

impl AppService {
    /// Routes and handles one request.
    pub fn call(&self, req: http::Request<impl Into<RequestBody>>) -> ResponseFuture {
        let inner = &self.inner;
        let (head, body) = req.into_parts();
        let version = if inner.header_versioning {
            RequestedVersion::Header(
                head.headers
                    .get(VERSION_HEADER)
                    .and_then(|v| v.to_str().ok()),
            )
        } else {
            RequestedVersion::Any
        };
        match inner.router.find(&head.method, head.uri.path(), version) {
            Some((handler, params)) => {
                let request = Request {
                    head,
                    body: body.into(),
                    params,
                    body_limit: inner.body_limit,
                };
                ResponseFuture::handler(handler(request))
            }
            None => ResponseFuture::ready(not_found(&head)),
        }
    }
}

fn not_found(head: &http::request::Parts) -> Response {
    HttpError::not_found(format!("Cannot {} {}", head.method, head.uri.path())).into_response()
}

/// The future of one response; a panicking handler becomes a `500`.
pub struct ResponseFuture(State);

enum State {
    Ready(Option<Response>),
    Handler(crate::controller::HandlerFuture),
}

impl ResponseFuture {
    fn ready(res: Response) -> Self {
        ResponseFuture(State::Ready(Some(res)))
    }

    fn handler(fut: crate::controller::HandlerFuture) -> Self {
        ResponseFuture(State::Handler(fut))
    }
}

impl Future for ResponseFuture {
    type Output = Response;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Response> {
        match &mut self.get_mut().0 {
            State::Ready(res) => Poll::Ready(res.take().expect("polled after completion")),
            State::Handler(fut) => {
                match std::panic::catch_unwind(AssertUnwindSafe(|| fut.as_mut().poll(cx))) {
                    Ok(poll) => poll,
                    Err(_) => {
                        Poll::Ready(HttpError::internal("Internal server error").into_response())
                    }
                }
            }
        }
    }
}
