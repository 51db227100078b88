//! [`AppService`]: the compiled application that adapters call for every
//! request — middleware, then routing, then the route's handler or
//! pipeline. [`crate::App`] builds it.

use crate::app::layer::{LayerFn, Stack};
use crate::app::middleware::{DynMiddleware, Endpoint, Next};
use crate::app::response_future::ResponseFuture;
use crate::extract::request::{PathParams, Request, RequestBody};
use crate::response::body::{BoxError, IntoResponse, Response};
use crate::response::error::{codes, HttpError};
use crate::routing::router::{RequestedVersion, Router};
use bytes::Bytes;
use pin_project_lite::pin_project;
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tether_model::VERSION_HEADER;
use tower::util::BoxCloneSyncService;
use tower::Service;

/// Answers requests no route matches.
pub(crate) type NotFoundHandler = Box<dyn Fn(&Request) -> Response + Send + Sync>;

/// What [`crate::App::into_service`] compiles.
pub(crate) struct ServiceParts {
    pub(crate) router: Router,
    pub(crate) header_versioning: bool,
    pub(crate) body_limit: usize,
    /// The most `key=value` pairs of a query string or form body.
    pub(crate) pair_limit: u32,
    /// The most messages of a validation `400`.
    pub(crate) message_limit: u32,
    /// Empty when none is registered: then there is no chain at all.
    pub(crate) middleware: Box<[Box<dyn DynMiddleware>]>,
    pub(crate) not_found: Option<NotFoundHandler>,
    /// The provided values (a `state::StateMap`); `None` when nothing is
    /// provided: no reference count per request.
    pub(crate) state: Option<Arc<dyn std::any::Any + Send + Sync>>,
    /// The docs page and documents, answered when no route matches.
    #[cfg(feature = "docs")]
    pub(crate) docs: Option<crate::docs::ApiDocs>,
    /// Set when shutdown begins.
    pub(crate) draining: crate::app::probes::Draining,
}

/// The compiled application: turns a request into a response future.
/// Adapters call [`AppService::call`] for every request.
///
/// It is also a [`tower::Service`] (see [`crate::app::layer`]), so it can be
/// nested in an axum router or served by any hyper-based server.
#[derive(Clone)]
pub struct AppService {
    inner: Arc<ServiceParts>,
    /// The tower layers around it, when [`crate::App::layer`] added any.
    layered: Option<Stack>,
    /// Whether [`AppService::call`] opens the request span: not for the
    /// app inside its own layer stack, whose outer call opened it.
    traced: bool,
}

impl AppService {
    /// The compiled app, wrapped in `layers` (first added innermost).
    pub(crate) fn new(parts: ServiceParts, layers: Vec<LayerFn>) -> Self {
        let plain = AppService {
            inner: Arc::new(parts),
            layered: None,
            traced: true,
        };
        if layers.is_empty() {
            return plain;
        }
        let inner = plain.inner.clone();
        let untraced = AppService {
            traced: false,
            ..plain
        };
        AppService {
            inner,
            layered: Some(stack(untraced, layers)),
            traced: true,
        }
    }

    /// Routes and handles one request (through the tower layers first,
    /// when there are any), inside its request span when a `tracing`
    /// subscriber wants it (see [`crate::trace`]).
    #[inline]
    pub fn call(&self, req: http::Request<impl Into<RequestBody>>) -> ResponseFuture {
        let (head, body) = req.into_parts();
        self.call_parts(head, body.into(), false)
    }

    /// [`AppService::call`] with the request in its parts: hyper's adapter
    /// splits it once, where it gets it (each move of a whole request is a
    /// copy). `host_rule`: HTTP/1's `Host` rule is enforced
    /// first (see [`crate::server::host_header`]); checked here, where the head is
    /// read anyway, as a check before the call copied it.
    #[inline]
    pub(crate) fn call_parts(
        &self,
        head: http::request::Parts,
        body: RequestBody,
        host_rule: bool,
    ) -> ResponseFuture {
        if host_rule {
            if let Some(problem) = crate::server::host_header::problem(head.version, &head.headers)
            {
                return crate::server::host_header::refusal(problem);
            }
        }
        if self.layered.is_some() || !self.inner.middleware.is_empty() {
            return self.call_chain(head, body);
        }
        // Looked up once, for the span's name and for dispatch.
        let found = self
            .inner
            .find(&head.method, head.uri.path(), &head.headers);
        let trace = match self.traced {
            true => crate::trace::start(&head, found.as_ref().map(|(route, _)| *route)),
            false => None,
        };
        let vary = self.inner.header_versioning;
        match found {
            // The usual case, spelled out so the request is built where the
            // handler takes it: each move of it is a copy (issue 18).
            Some((route, params)) if route.pipeline.is_none() => {
                let request = self.inner.request(head, body, params);
                ResponseFuture::handler(call_in(&trace, route, request), vary, trace)
            }
            found => {
                let request = self.inner.request(head, body, PathParams::default());
                self.inner.answer(request, found, trace)
            }
        }
    }

    /// Through the tower layers or the middleware chain: they run before
    /// routing (and may change the request), so the span is named by a
    /// lookup of its own, of the request as it came.
    fn call_chain(&self, head: http::request::Parts, body: RequestBody) -> ResponseFuture {
        let trace = match self.traced {
            true => {
                let found = self
                    .inner
                    .find(&head.method, head.uri.path(), &head.headers);
                crate::trace::start(&head, found.as_ref().map(|(route, _)| *route))
            }
            false => None,
        };
        let mut future = match &self.layered {
            Some(stack) => {
                crate::app::layer::call_stack(stack, http::Request::from_parts(head, body))
            }
            None => {
                let request = self.inner.request(head, body, PathParams::default());
                Next::start(self.inner.clone()).run(request)
            }
        };
        future.set_trace(trace);
        future
    }

    /// Marks the app as draining: its readiness probe answers
    /// `503`, and the [`NativeAdapter`](crate::NativeAdapter) answers
    /// HTTP/1.1 requests with `Connection: close`. The adapter calls it
    /// when shutdown begins; call it yourself when serving the service
    /// with another server.
    pub fn begin_draining(&self) {
        self.inner.draining.begin();
    }

    /// Whether [`AppService::begin_draining`] was called.
    pub fn is_draining(&self) -> bool {
        self.inner.draining.is_draining()
    }

    /// How many middleware run before routing (CORS counts as one); `0`
    /// means [`AppService::call`] goes straight to the router, with no chain.
    pub fn middleware_count(&self) -> usize {
        self.inner.middleware.len()
    }
}

impl Endpoint for ServiceParts {
    fn middleware(&self) -> &[Box<dyn DynMiddleware>] {
        &self.middleware
    }

    /// Routing and the handler: the end of the middleware chain.
    fn dispatch(&self, request: Request) -> ResponseFuture {
        let head = &request.head;
        let found = self.find(&head.method, head.uri.path(), &head.headers);
        self.answer(request, found, None)
    }
}

/// `route`'s handler called with `request` inside the request span, if
/// any: it reads its `#[param]`, `#[query]`, `#[header]` and `#[cookie]`
/// arguments right away, and a panic there is logged in the span.
#[inline(always)]
fn call_in(
    trace: &Option<crate::trace::Trace>,
    route: &crate::routing::router::Route,
    request: Request,
) -> crate::pipeline::handler::HandlerFuture {
    let _entered = trace.as_ref().map(crate::trace::Trace::enter);
    (route.handler)(request)
}

impl ServiceParts {
    /// The request handlers and middleware see, from hyper's parts.
    #[inline(always)]
    fn request(
        &self,
        head: http::request::Parts,
        body: RequestBody,
        params: PathParams,
    ) -> Request {
        Request {
            head,
            body,
            params,
            body_limit: self.body_limit,
            pair_limit: self.pair_limit,
            message_limit: self.message_limit,
            pipeline: None,
            state: self.state.clone(),
        }
    }

    /// The answer of `found`, the route `request` matches (and its path
    /// parameters), or of no route; inside `trace`, the request span.
    /// The future is built where it is returned: each move copies it.
    /// Out of line: the usual request (a route without pipeline, no
    /// middleware) does not run it, and its code stays small.
    #[inline(never)]
    fn answer(
        &self,
        mut request: Request,
        found: Option<(&crate::routing::router::Route, PathParams)>,
        trace: Option<crate::trace::Trace>,
    ) -> ResponseFuture {
        let vary = self.header_versioning;
        let Some((route, params)) = found else {
            return ResponseFuture::ready(self.unrouted(&request), vary, trace);
        };
        request.params = params;
        match &route.pipeline {
            None => ResponseFuture::handler(call_in(&trace, route, request), vary, trace),
            Some(pipeline) => {
                request.pipeline = Some(pipeline.clone());
                let run = crate::pipeline::stages::run(pipeline.clone(), request);
                ResponseFuture::boxed(Box::pin(run), vary, trace)
            }
        }
    }

    /// The route for `method` and `path` (and, under HEADER versioning,
    /// the version header), with its path parameters.
    fn find(
        &self,
        method: &http::Method,
        path: &str,
        headers: &http::HeaderMap,
    ) -> Option<(&crate::routing::router::Route, PathParams)> {
        self.router
            .find(method, path, self.requested_version(headers))
    }

    /// The version `headers` ask for under HEADER versioning; any otherwise.
    fn requested_version<'a>(&self, headers: &'a http::HeaderMap) -> RequestedVersion<'a> {
        if self.header_versioning {
            RequestedVersion::from_headers(headers)
        } else {
            RequestedVersion::Any
        }
    }

    /// The answer when no route matches: `400` for an `X-API-Version` no
    /// version can be read from (HEADER versioning), `405` when the path
    /// exists under another method, else the not-found handler's or
    /// Nest's `404`.
    fn unrouted(&self, request: &Request) -> Response {
        let head = &request.head;
        let version = self.requested_version(&head.headers);
        if let RequestedVersion::Unreadable(why) = version {
            return HttpError::bad_request(format!("invalid header `{VERSION_HEADER}`: {why}"))
                .with_code(codes::INVALID_PARAMETER)
                .into_response();
        }
        #[cfg(feature = "docs")]
        if let Some(res) = self
            .docs
            .as_ref()
            .and_then(|docs| docs.answer(&head.method, head.uri.path(), &head.headers))
        {
            return res;
        }
        let allowed = self.router.allowed_methods(head.uri.path(), &version);
        let method_known = self.router.serves(&head.method, head.uri.path());
        // CORS answers `OPTIONS` at every path (and `Allow` lists it).
        let cors_options = self.router.cors && head.method == http::Method::OPTIONS;
        match &self.not_found {
            _ if !allowed.is_empty() && !method_known && cors_options => options_answer(&allowed),
            _ if !allowed.is_empty() && !method_known => method_not_allowed(head, &allowed),
            Some(handler) => handler(request),
            None if self.header_versioning => self.version_not_served(head),
            None => not_found(head),
        }
    }

    /// Nest's `404` under HEADER versioning, saying which versions the
    /// route is served in when it is served in others than the one asked
    /// for (or none was asked for): an unknown version read as a missing
    /// route (trial 6 F7).
    fn version_not_served(&self, head: &http::request::Parts) -> Response {
        let versions = self.router.versions_at(&head.method, head.uri.path());
        if versions.is_empty() {
            return not_found(head);
        }
        // `unrouted` answered an unreadable header already.
        let asked = match head.headers.get(VERSION_HEADER).map(|v| v.to_str()) {
            Some(Ok(v)) => format!("in version {} ({VERSION_HEADER})", v.trim()),
            _ => format!("without {VERSION_HEADER}"),
        };
        let message = format!(
            "Cannot {} {} {asked}: it is served in version{} {}",
            head.method,
            head.uri.path(),
            if versions.len() == 1 { "" } else { "s" },
            versions.join(", ")
        );
        HttpError::not_found(message)
            .with_code(codes::ROUTE_NOT_FOUND)
            .into_response()
    }
}

/// `405` with the `Allow` header: the path exists, the method does not.
fn method_not_allowed(head: &http::request::Parts, allowed: &[&str]) -> Response {
    let mut res = HttpError::new(
        http::StatusCode::METHOD_NOT_ALLOWED,
        format!("Cannot {} {}", head.method, head.uri.path()),
    )
    .into_response();
    if let Ok(value) = http::HeaderValue::from_str(&allowed.join(", ")) {
        res.headers_mut().insert(http::header::ALLOW, value);
    }
    res
}

/// `204` with the `Allow` header: an `OPTIONS` that no route answers, at a
/// path CORS answers it at (as Nest's `enableCors()` does, and Express's
/// own answer to `OPTIONS`).
fn options_answer(allowed: &[&str]) -> Response {
    let mut res = crate::response::body::IntoResponse::into_response(http::StatusCode::NO_CONTENT);
    if let Ok(value) = http::HeaderValue::from_str(&allowed.join(", ")) {
        res.headers_mut().insert(http::header::ALLOW, value);
    }
    res
}

fn not_found(head: &http::request::Parts) -> Response {
    HttpError::not_found(format!("Cannot {} {}", head.method, head.uri.path()))
        .with_code(codes::ROUTE_NOT_FOUND)
        .into_response()
}

/// The stack of `layers` (first added innermost) around `service`.
fn stack(service: AppService, layers: Vec<LayerFn>) -> Stack {
    layers
        .into_iter()
        .fold(BoxCloneSyncService::new(service), |stack, layer| {
            layer(stack)
        })
}

impl<B> Service<http::Request<B>> for AppService
where
    B: http_body::Body<Data = Bytes> + Send + 'static,
    B::Error: Into<BoxError>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = ServiceFuture;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, req: http::Request<B>) -> Self::Future {
        ServiceFuture {
            inner: AppService::call(self, req.map(RequestBody::from_body)),
        }
    }
}

pin_project! {
    /// [`AppService`]'s future as a [`tower::Service`]: its response, never
    /// an error.
    pub struct ServiceFuture {
        #[pin]
        inner: ResponseFuture,
    }
}

impl Future for ServiceFuture {
    type Output = Result<Response, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        self.project().inner.poll(cx).map(Ok)
    }
}
