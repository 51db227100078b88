//! Guards, interceptors, pipes and exception filters, run in
//! Nest's order: guards → interceptors (before) → pipes → handler →
//! interceptors (after) → filters on error.
//!
//! Each is declared on a method or a controller with an attribute
//! (`#[use_guards(AuthGuard)]`, `#[use_interceptors(..)]`, `#[use_pipes(..)]`,
//! `#[use_filters(..)]`) or on the whole app (`app.use_guards(..)` …).
//! Guards, interceptors and pipes run app → controller → method; filters
//! run method → controller → app, and the first that catches an
//! [`Exception`] answers it.
//!
//! The per-route pipeline is built once at startup; a route without any of
//! them is called directly, with no pipeline at all.
//!
//! ```
//! use tether::pipeline::{Exception, ExceptionFilter, Guard, Host};
//! use tether::{HttpError, Request, Response, IntoResponse};
//!
//! struct ApiKey;
//!
//! impl Guard for ApiKey {
//!     async fn can_activate(&self, req: &mut Request) -> Result<bool, HttpError> {
//!         Ok(req.header("x-api-key") == Some("secret"))
//!     }
//! }
//!
//! struct Taken;
//! struct TakenAsConflict;
//!
//! impl ExceptionFilter for TakenAsConflict {
//!     fn catch(&self, e: Exception, _host: &Host) -> Result<Response, Exception> {
//!         match e.downcast_ref::<Taken>() {
//!             Some(_) => Ok(HttpError::conflict("already taken").into_response()),
//!             None => Err(e),
//!         }
//!     }
//! }
//! ```

use crate::extract::context::Requires;
use crate::extract::request::Request;
use crate::extract::state::StateMap;
use crate::pipeline::handler::Handler;
use crate::response::body::{IntoResponse, Response};
use crate::response::error::HttpError;
pub use crate::response::exception::Exception;
use http::{Method, StatusCode, Uri};
use std::any::Any;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Decides whether a request may reach its handler. A guard that answers
/// `Ok(false)` gives `403 Forbidden`; an `Err` gives that error.
///
/// ```
/// use tether::pipeline::Guard;
/// use tether::{HttpError, Request};
///
/// struct Roles(&'static str);
///
/// impl Guard for Roles {
///     async fn can_activate(&self, req: &mut Request) -> Result<bool, HttpError> {
///         match req.header("x-role") {
///             None => Err(HttpError::unauthorized("log in first")),
///             Some(role) => Ok(role == self.0),
///         }
///     }
/// }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tether guard",
    label = "used as a guard here",
    note = "implement `tether::pipeline::Guard` for it: `async fn can_activate(&self, req: &mut Request) -> Result<bool, HttpError>`"
)]
pub trait Guard: Send + Sync + 'static {
    /// `Ok(true)` lets the request through.
    fn can_activate(
        &self,
        req: &mut Request,
    ) -> impl Future<Output = Result<bool, HttpError>> + Send;

    /// The app state it reads (`deps.state::<Db>()`), checked at startup.
    fn requires(&self, deps: &mut Requires) {
        let _ = deps;
    }
}

/// Wraps the handler: code before `next.handle(req)` runs before it (after
/// the guards), code after runs on its outcome: `Ok` with its response, or
/// `Err` with the [`Exception`] of a handler's `Err`, a failed extraction
/// (400), a pipe or an inner interceptor, whether or not any exception
/// filter is registered (Nest's rule). `?` passes the exception on to the
/// filters.
///
/// ```
/// use tether::pipeline::{CallHandler, Exception, Interceptor};
/// use tether::{Request, Response};
///
/// struct Timing;
///
/// impl Interceptor for Timing {
///     async fn intercept(&self, req: Request, next: CallHandler) -> Result<Response, Exception> {
///         let start = std::time::Instant::now();
///         let mut res = next.handle(req).await?;
///         let ms = start.elapsed().as_millis().to_string();
///         res.headers_mut().insert("x-elapsed-ms", ms.parse().unwrap());
///         Ok(res)
///     }
/// }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tether interceptor",
    label = "used as an interceptor here",
    note = "implement `tether::pipeline::Interceptor` for it: `async fn intercept(&self, req: Request, next: CallHandler) -> Result<Response, Exception>`"
)]
pub trait Interceptor: Send + Sync + 'static {
    /// Calls `next.handle(req)` (or answers by itself).
    fn intercept(
        &self,
        req: Request,
        next: CallHandler,
    ) -> impl Future<Output = Result<Response, Exception>> + Send;

    /// The app state it reads (`deps.state::<Db>()`), checked at startup.
    fn requires(&self, deps: &mut Requires) {
        let _ = deps;
    }
}

/// Where an argument a [`Pipe`] sees was extracted from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgSource {
    /// `#[param]`
    Param,
    /// `#[query]`
    Query,
    /// `#[header(..)]`
    Header,
    /// `#[body]` of any kind.
    Body,
    /// `#[cookie(..)]`
    Cookie,
    /// An argument without attribute: a [`FromRequest`](crate::FromRequest) type.
    Extractor,
}

/// What a [`Pipe`] knows of the argument it transforms.
#[derive(Debug, Clone, Copy)]
pub struct ArgMeta<'a> {
    /// The handler argument's name.
    pub name: &'static str,
    /// Where it came from.
    pub source: ArgSource,
    /// Its Rust type, as `std::any::type_name` writes it.
    pub type_name: &'static str,
    state: Option<&'a StateMap>,
}

impl ArgMeta<'_> {
    /// A value given to [`App::provide`](crate::App::provide).
    pub fn state<T: Send + Sync + 'static>(&self) -> Result<&T, HttpError> {
        self.state
            .and_then(StateMap::get::<T>)
            .map(|a| &**a)
            .ok_or_else(crate::extract::state::not_provided::<T>)
    }
}

/// Validates or transforms each extracted argument before the handler
/// runs. The value is a `&mut dyn Any`: downcast to the types the pipe
/// cares about, leave the others alone. An `Err` answers the request.
///
/// ```
/// use std::any::Any;
/// use tether::pipeline::{ArgMeta, Pipe};
/// use tether::HttpError;
///
/// /// Trims every `String` argument; refuses empty ones.
/// struct Trim;
///
/// impl Pipe for Trim {
///     fn transform(&self, value: &mut dyn Any, meta: &ArgMeta) -> Result<(), HttpError> {
///         if let Some(s) = value.downcast_mut::<String>() {
///             *s = s.trim().to_string();
///             if s.is_empty() {
///                 return Err(HttpError::bad_request(format!("`{}` is empty", meta.name)));
///             }
///         }
///         Ok(())
///     }
/// }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tether pipe",
    label = "used as a pipe here",
    note = "implement `tether::pipeline::Pipe` for it: `fn transform(&self, value: &mut dyn Any, meta: &ArgMeta) -> Result<(), HttpError>`"
)]
pub trait Pipe: Send + Sync + 'static {
    /// Checks or changes `value` in place.
    fn transform(&self, value: &mut dyn Any, meta: &ArgMeta) -> Result<(), HttpError>;

    /// The app state it reads (`deps.state::<Db>()`), checked at startup.
    fn requires(&self, deps: &mut Requires) {
        let _ = deps;
    }
}

/// A [`Pipe`] for the arguments of one type `T`: `typed_pipe(|s: &mut
/// String, _| { s.make_ascii_lowercase(); Ok(()) })`.
pub fn typed_pipe<T, F>(f: F) -> TypedPipe<T, F>
where
    T: 'static,
    F: Fn(&mut T, &ArgMeta) -> Result<(), HttpError> + Send + Sync + 'static,
{
    TypedPipe(f, std::marker::PhantomData)
}

/// See [`typed_pipe`].
pub struct TypedPipe<T, F>(F, std::marker::PhantomData<fn(&mut T)>);

impl<T, F> Pipe for TypedPipe<T, F>
where
    T: 'static,
    F: Fn(&mut T, &ArgMeta) -> Result<(), HttpError> + Send + Sync + 'static,
{
    fn transform(&self, value: &mut dyn Any, meta: &ArgMeta) -> Result<(), HttpError> {
        match value.downcast_mut::<T>() {
            Some(v) => (self.0)(v, meta),
            None => Ok(()),
        }
    }
}

/// The request an exception filter answers.
#[derive(Debug, Clone)]
pub struct Host {
    /// The request's method.
    pub method: Method,
    /// The request's target.
    pub uri: Uri,
    /// The handler, as `Controller::method`.
    pub handler: Arc<str>,
    /// The app's `StateMap`, type-erased as in `Request`.
    state: Option<Arc<dyn Any + Send + Sync>>,
}

impl Host {
    /// A value given to [`App::provide`](crate::App::provide).
    pub fn state<T: Send + Sync + 'static>(&self) -> Result<&T, HttpError> {
        self.state
            .as_deref()
            .and_then(|s| s.downcast_ref::<StateMap>())
            .and_then(StateMap::get::<T>)
            .map(|a| &**a)
            .ok_or_else(crate::extract::state::not_provided::<T>)
    }
}

/// Answers exceptions: `Ok(response)` catches one, `Err(exception)` passes
/// it on to the next filter (and finally to its own response).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tether exception filter",
    label = "used as an exception filter here",
    note = "implement `tether::pipeline::ExceptionFilter` for it: `fn catch(&self, e: Exception, host: &Host) -> Result<Response, Exception>`"
)]
pub trait ExceptionFilter: Send + Sync + 'static {
    /// Answers `exception`, or hands it back.
    fn catch(&self, exception: Exception, host: &Host) -> Result<Response, Exception>;

    /// The app state it reads (`deps.state::<Db>()`), checked at startup.
    fn requires(&self, deps: &mut Requires) {
        let _ = deps;
    }
}

/// An app-wide error handler: a filter that catches everything.
pub(crate) struct CatchAll<F>(pub(crate) F);

impl<F> ExceptionFilter for CatchAll<F>
where
    F: Fn(Exception, &Host) -> Response + Send + Sync + 'static,
{
    fn catch(&self, exception: Exception, host: &Host) -> Result<Response, Exception> {
        Ok((self.0)(exception, host))
    }
}

trait DynGuard: Send + Sync {
    fn can_activate<'a>(&'a self, req: &'a mut Request) -> BoxFuture<'a, Result<bool, HttpError>>;
    fn requires(&self, deps: &mut Requires);
}

impl<G: Guard> DynGuard for G {
    fn can_activate<'a>(&'a self, req: &'a mut Request) -> BoxFuture<'a, Result<bool, HttpError>> {
        Box::pin(Guard::can_activate(self, req))
    }
    fn requires(&self, deps: &mut Requires) {
        Guard::requires(self, deps);
    }
}

trait DynInterceptor: Send + Sync {
    fn intercept(
        &self,
        req: Request,
        next: CallHandler,
    ) -> BoxFuture<'_, Result<Response, Exception>>;
    fn requires(&self, deps: &mut Requires);
}

impl<I: Interceptor> DynInterceptor for I {
    fn requires(&self, deps: &mut Requires) {
        Interceptor::requires(self, deps);
    }

    fn intercept(
        &self,
        req: Request,
        next: CallHandler,
    ) -> BoxFuture<'_, Result<Response, Exception>> {
        Box::pin(Interceptor::intercept(self, req, next))
    }
}

type MetaValue = Arc<dyn Any + Send + Sync>;

/// Guards, interceptors, pipes and filters of one level (app, controller
/// or method), as `#[use_guards(..)]` and its kin or `App::use_guards` list
/// them; with the level's `#[metadata(..)]` values and the app
/// state its extractors read.
#[derive(Clone, Default)]
#[doc(hidden)]
pub struct PipelineDef {
    guards: Vec<Arc<dyn DynGuard>>,
    interceptors: Vec<Arc<dyn DynInterceptor>>,
    pipes: Vec<Arc<dyn Pipe>>,
    filters: Vec<Arc<dyn ExceptionFilter>>,
    metadata: Vec<MetaValue>,
    requires: Requires,
}

impl PipelineDef {
    /// An empty level.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a guard.
    pub fn guard<G: Guard>(&mut self, guard: G) {
        self.guards.push(Arc::new(guard));
    }

    /// Adds an interceptor.
    pub fn interceptor<I: Interceptor>(&mut self, interceptor: I) {
        self.interceptors.push(Arc::new(interceptor));
    }

    /// Adds a pipe.
    pub fn pipe<P: Pipe>(&mut self, pipe: P) {
        self.pipes.push(Arc::new(pipe));
    }

    /// Adds an exception filter.
    pub fn filter<F: ExceptionFilter>(&mut self, filter: F) {
        self.filters.push(Arc::new(filter));
    }

    /// Adds a metadata value, read by guards with `req.metadata::<T>()`;
    /// a value of the same type given again replaces the first.
    pub fn metadata<T: Send + Sync + 'static>(&mut self, value: T) {
        self.metadata.retain(|v| !v.is::<T>());
        self.metadata.push(Arc::new(value));
    }

    /// The app state this level's extractors read, to declare it:
    /// `E::requires(def.requires_mut())`.
    pub fn requires_mut(&mut self) -> &mut Requires {
        &mut self.requires
    }

    pub(crate) fn filter_arc(&mut self, filter: Arc<dyn ExceptionFilter>) {
        self.filters.push(filter);
    }

    /// Everything this level needs provided: its extractors', guards',
    /// interceptors', pipes' and filters' declarations.
    pub(crate) fn requires(&self, deps: &mut Requires) {
        for (id, name) in &self.requires.types {
            if !deps.types.iter().any(|(t, _)| t == id) {
                deps.types.push((*id, name));
            }
        }
        self.guards.iter().for_each(|g| g.requires(deps));
        self.interceptors.iter().for_each(|i| i.requires(deps));
        self.pipes.iter().for_each(|p| p.requires(deps));
        self.filters.iter().for_each(|f| f.requires(deps));
    }

    fn is_empty(&self) -> bool {
        self.guards.is_empty()
            && self.interceptors.is_empty()
            && self.pipes.is_empty()
            && self.filters.is_empty()
            && self.metadata.is_empty()
    }
}

impl fmt::Debug for PipelineDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PipelineDef")
            .field("guards", &self.guards.len())
            .field("interceptors", &self.interceptors.len())
            .field("pipes", &self.pipes.len())
            .field("filters", &self.filters.len())
            .field("metadata", &self.metadata.len())
            .finish()
    }
}

/// One route's whole pipeline, merged from its three levels at startup.
pub(crate) struct RoutePipeline {
    guards: Vec<Arc<dyn DynGuard>>,
    interceptors: Vec<Arc<dyn DynInterceptor>>,
    pipes: Vec<Arc<dyn Pipe>>,
    /// Method → controller → app order.
    filters: Vec<Arc<dyn ExceptionFilter>>,
    /// Method → controller → app order: the first of a type wins.
    metadata: Vec<MetaValue>,
    handler: Handler,
    label: Arc<str>,
}

impl crate::extract::request::RouteMetadata for RoutePipeline {
    fn metadata_values(&self) -> &[Arc<dyn Any + Send + Sync>] {
        &self.metadata
    }
}

impl RoutePipeline {
    /// The route's metadata of type `T`: the method's, else the
    /// controller's, else the app's.
    pub(crate) fn metadata<T: 'static>(&self) -> Option<&T> {
        self.metadata.iter().find_map(|v| v.downcast_ref::<T>())
    }

    /// Whether any level has a guard.
    pub(crate) fn has_guards(&self) -> bool {
        !self.guards.is_empty()
    }
}

impl RoutePipeline {
    /// `None` when no level has anything: the route is then called directly.
    pub(crate) fn merge(
        app: &PipelineDef,
        controller: &PipelineDef,
        method: &PipelineDef,
        handler: &Handler,
        label: &str,
    ) -> Option<Arc<RoutePipeline>> {
        if app.is_empty() && controller.is_empty() && method.is_empty() {
            return None;
        }
        let levels = [app, controller, method];
        let outer_first =
            |pick: fn(&PipelineDef) -> usize| pick(app) + pick(controller) + pick(method);
        let mut p = RoutePipeline {
            guards: Vec::with_capacity(outer_first(|l| l.guards.len())),
            interceptors: Vec::with_capacity(outer_first(|l| l.interceptors.len())),
            pipes: Vec::with_capacity(outer_first(|l| l.pipes.len())),
            filters: Vec::with_capacity(outer_first(|l| l.filters.len())),
            metadata: Vec::with_capacity(outer_first(|l| l.metadata.len())),
            handler: handler.clone(),
            label: Arc::from(label),
        };
        for level in levels {
            p.guards.extend(level.guards.iter().cloned());
            p.interceptors.extend(level.interceptors.iter().cloned());
            p.pipes.extend(level.pipes.iter().cloned());
        }
        for level in levels.into_iter().rev() {
            p.filters.extend(level.filters.iter().cloned());
            p.metadata.extend(level.metadata.iter().cloned());
        }
        Some(Arc::new(p))
    }
}

/// The rest of the pipeline an [`Interceptor`] wraps: the inner
/// interceptors, the pipes and the handler.
pub struct CallHandler {
    pipeline: Arc<RoutePipeline>,
    index: usize,
}

impl CallHandler {
    /// Runs the rest of the pipeline.
    pub fn handle(self, req: Request) -> impl Future<Output = Result<Response, Exception>> + Send {
        let pipeline = self.pipeline;
        let index = self.index;
        let fut: BoxFuture<'static, Result<Response, Exception>> =
            if index < pipeline.interceptors.len() {
                Box::pin(async move {
                    let next = CallHandler {
                        pipeline: pipeline.clone(),
                        index: index + 1,
                    };
                    pipeline.interceptors[index].intercept(req, next).await
                })
            } else {
                Box::pin((pipeline.handler)(req))
            };
        fut
    }
}

/// Runs a route with a pipeline: guards, interceptors around the handler
/// (which applies the pipes), filters on an exception.
pub(crate) async fn run(pipeline: Arc<RoutePipeline>, mut req: Request) -> Response {
    let host = (!pipeline.filters.is_empty()).then(|| Host {
        method: req.method().clone(),
        uri: req.uri().clone(),
        handler: pipeline.label.clone(),
        state: req.state.clone(),
    });
    // SPEC E4: no credential of a required scheme is a 401 before guards.
    let denied = pipeline
        .metadata::<crate::pipeline::security::Security>()
        .and_then(|s| s.check(&req).err());
    let challenge = denied.as_ref().and_then(|(_, c)| *c);
    let result = async {
        if let Some((error, _)) = denied {
            return Err(Exception::from(error));
        }
        for guard in &pipeline.guards {
            match guard.can_activate(&mut req).await {
                Ok(true) => {}
                Ok(false) => return Err(HttpError::forbidden("Forbidden resource").into()),
                Err(e) => return Err(Exception::from(e)),
            }
        }
        let next = CallHandler {
            pipeline: pipeline.clone(),
            index: 0,
        };
        next.handle(req).await
    }
    .await;
    let mut res = match (result, host) {
        (Ok(res), _) => return res,
        (Err(exception), None) => exception.into_response(),
        (Err(mut exception), Some(host)) => 'caught: {
            for filter in &pipeline.filters {
                match filter.catch(exception, &host) {
                    Ok(res) => break 'caught res,
                    Err(e) => exception = e,
                }
            }
            exception.into_response()
        }
    };
    if let Some(challenge) = challenge {
        if res.status() == StatusCode::UNAUTHORIZED {
            res.headers_mut()
                .entry(http::header::WWW_AUTHENTICATE)
                .or_insert(http::HeaderValue::from_static(challenge));
        }
    }
    res
}

/// The pipeline of the route `req` matched, if it has one. The request holds
/// it type-erased so that `request` sits below this module.
#[inline]
fn route_pipeline(req: &Request) -> Option<&RoutePipeline> {
    let pipeline: &dyn Any = req.pipeline.as_deref()?;
    pipeline.downcast_ref()
}

/// The generated handler's error path: an exception when the route has
/// interceptors or filters (Nest's rule: an interceptor's after-part sees
/// an error as an error, with or without filters), else the error's own
/// response (no boxing). `route` is the request, or its [`Raise`].
#[doc(hidden)]
pub fn raise<E: IntoResponse + Send + 'static>(
    route: impl Into<Raise>,
    error: E,
    status: StatusCode,
) -> Result<Response, Exception> {
    match route.into().to_filters {
        true => Err(Exception::with_status(error, status)),
        false => Ok(error.into_response_with(status)),
    }
}

/// How a request's route [`raise`]s an error, decided before the handler
/// runs: the generated handler keeps this instead of the request, so a
/// handler that needs nothing more of the request lets it go when its
/// future is made (hyper's read buffer is then free again when hyper reads
/// on).
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct Raise {
    to_filters: bool,
}

impl Raise {
    /// How `req`'s route raises an error.
    #[inline]
    pub fn of(req: &Request) -> Self {
        let to_filters = matches!(route_pipeline(req),
            Some(p) if !p.filters.is_empty() || !p.interceptors.is_empty());
        Raise { to_filters }
    }
}

impl From<&Request> for Raise {
    #[inline]
    fn from(req: &Request) -> Self {
        Raise::of(req)
    }
}

/// The generated handler's step for one extracted argument: the route's
/// pipes on success, [`raise`] on failure.
#[inline]
// The `Err` is the handler's response, returned as is: boxing it would
// allocate on every failed extraction.
#[allow(clippy::result_large_err)]
#[doc(hidden)]
pub fn piped<T: 'static>(
    extracted: Result<T, HttpError>,
    req: &Request,
    name: &'static str,
    source: ArgSource,
    status: StatusCode,
) -> Result<T, Result<Response, Exception>> {
    let mut value = extracted.map_err(|e| raise(req, e, status))?;
    match pipe(req, &mut value, name, source) {
        Ok(()) => Ok(value),
        Err(e) => Err(raise(req, e, status)),
    }
}

/// Runs the route's pipes over one argument.
#[inline]
fn pipe<T: 'static>(
    req: &Request,
    value: &mut T,
    name: &'static str,
    source: ArgSource,
) -> Result<(), HttpError> {
    let Some(pipeline) = route_pipeline(req) else {
        return Ok(());
    };
    if pipeline.pipes.is_empty() {
        return Ok(());
    }
    let meta = ArgMeta {
        name,
        source,
        type_name: std::any::type_name::<T>(),
        state: crate::extract::request::state_map(req),
    };
    for p in &pipeline.pipes {
        p.transform(value, &meta)?;
    }
    Ok(())
}

/// Warns, at startup, when the route `label` served at `served` requires
/// a scheme but has no guard and no argument that may check the
/// credential (`reads_credential`, decided by `#[controller]`): tether
/// checks only that a credential is present and well formed, so such a
/// route admits any token while its document says it is secured.
pub(crate) fn warn_if_unchecked(
    pipeline: Option<&RoutePipeline>,
    reads_credential: bool,
    label: &str,
    served: &str,
) {
    let Some(pipeline) = pipeline else { return };
    let Some(security) = pipeline.metadata::<crate::pipeline::security::Security>() else {
        return;
    };
    if security.is_public() || reads_credential || pipeline.has_guards() {
        return;
    }
    let schemes = security
        .schemes
        .iter()
        .map(|s| format!("`{}`", s.name))
        .collect::<Vec<_>>()
        .join(" or ");
    tracing::warn!(
        target: crate::pipeline::security::TARGET,
        "{served} ({label}) requires {schemes} but nothing checks the credential: tether only checks that one is present and well formed, so any is let in; add a guard (`#[use_guards(..)]` or `App::use_guards`) or an argument that checks it (`BearerToken`, `BasicAuth` or your own `FromRequest` type such as a current user)"
    );
}
