//! [`AppService`]: the compiled application that adapters call for every
//! request — middleware, then routing, then the route's handler or
//! pipeline (SPEC A5, A6, A10). [`crate::App`] builds it.

use crate::error::HttpError;
use crate::layer::{LayerFn, Stack};
use crate::middleware::{DynMiddleware, Endpoint, Next};
use crate::request::{PathParams, Request, RequestBody};
use crate::response::{IntoResponse, Response};
use crate::response_future::ResponseFuture;
use crate::routing::{RequestedVersion, Router};
use std::sync::Arc;
use tether_model::VERSION_HEADER;

/// Answers requests no route matches.
pub(crate) type NotFoundHandler = Box<dyn Fn(&Request) -> Response + Send + Sync>;

/// What [`crate::App::into_service`] compiles.
pub(crate) struct ServiceParts {
    pub(crate) router: Router,
    pub(crate) header_versioning: bool,
    pub(crate) body_limit: usize,
    /// Empty when none is registered: then there is no chain at all.
    pub(crate) middleware: Box<[Box<dyn DynMiddleware>]>,
    pub(crate) not_found: Option<NotFoundHandler>,
    /// The provided values (a `state::StateMap`); `None` when nothing is
    /// provided: no reference count per request.
    pub(crate) state: Option<Arc<dyn std::any::Any + Send + Sync>>,
    /// The docs page and documents, answered when no route matches.
    #[cfg(feature = "docs")]
    pub(crate) docs: Option<crate::docs::ApiDocs>,
    /// Set when shutdown begins (SPEC F6).
    pub(crate) draining: crate::probes::Draining,
}

/// The compiled application: turns a request into a response future.
/// Adapters call [`AppService::call`] for every request.
///
/// It is also a [`tower::Service`] (see [`crate::layer`]), so it can be
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
            layered: Some(crate::layer::stack(untraced, layers)),
            traced: true,
        }
    }

    /// Routes and handles one request (through the tower layers first,
    /// when there are any), inside its request span when a `tracing`
    /// subscriber wants it (see [`crate::trace`]).
    pub fn call(&self, req: http::Request<impl Into<RequestBody>>) -> ResponseFuture {
        if self.traced {
            let span = crate::trace::request_span(&req);
            if !span.is_disabled() {
                // Named before it is first entered: an OpenTelemetry span
                // starts then, and keeps the name it has.
                let route = self
                    .inner
                    .find(req.method(), req.uri().path(), req.headers());
                crate::trace::record_route(&span, req.method(), route.map(|(r, _)| &*r.template));
                let future = span.in_scope(|| self.call_untraced(req));
                return ResponseFuture::boxed(Box::pin(crate::trace::Traced::new(future, span)));
            }
        }
        self.call_untraced(req)
    }

    fn call_untraced(&self, req: http::Request<impl Into<RequestBody>>) -> ResponseFuture {
        if let Some(stack) = &self.layered {
            return crate::layer::call_stack(stack, req.map(Into::into));
        }
        let (head, body) = req.into_parts();
        let request = Request {
            head,
            body: body.into(),
            params: PathParams::default(),
            body_limit: self.inner.body_limit,
            pipeline: None,
            state: self.inner.state.clone(),
        };
        if self.inner.middleware.is_empty() {
            self.inner.dispatch(request)
        } else {
            Next::start(self.inner.clone()).run(request)
        }
    }

    /// Marks the app as draining (SPEC F6): its readiness probe answers
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
    fn dispatch(&self, mut request: Request) -> ResponseFuture {
        let head = &request.head;
        let future = match self.find(&head.method, head.uri.path(), &head.headers) {
            Some((route, params)) => {
                request.params = params;
                match &route.pipeline {
                    None => ResponseFuture::handler((route.handler)(request)),
                    Some(pipeline) => {
                        request.pipeline = Some(pipeline.clone());
                        ResponseFuture::boxed(Box::pin(crate::pipeline::run(
                            pipeline.clone(),
                            request,
                        )))
                    }
                }
            }
            None => ResponseFuture::ready(self.unrouted(&request)),
        };
        future.vary_on_version(self.header_versioning)
    }
}

impl ServiceParts {
    /// The route for `method` and `path` (and, under HEADER versioning,
    /// the version header), with its path parameters.
    fn find(
        &self,
        method: &http::Method,
        path: &str,
        headers: &http::HeaderMap,
    ) -> Option<(&crate::routing::Route, PathParams)> {
        let version = if self.header_versioning {
            RequestedVersion::Header(headers.get(VERSION_HEADER).and_then(|v| v.to_str().ok()))
        } else {
            RequestedVersion::Any
        };
        self.router.find(method, path, version)
    }

    /// The answer when no route matches: `405` when the path exists under
    /// another method, else the not-found handler's or Nest's `404`.
    fn unrouted(&self, request: &Request) -> Response {
        let head = &request.head;
        #[cfg(feature = "docs")]
        if let Some(res) = self
            .docs
            .as_ref()
            .and_then(|docs| docs.answer(&head.method, head.uri.path()))
        {
            return res;
        }
        let allowed = self.router.allowed_methods(head.uri.path());
        let method_known = allowed.contains(&head.method.as_str());
        match &self.not_found {
            _ if !allowed.is_empty() && !method_known => method_not_allowed(head, &allowed),
            Some(handler) => handler(request),
            None => not_found(head),
        }
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

fn not_found(head: &http::request::Parts) -> Response {
    HttpError::not_found(format!("Cannot {} {}", head.method, head.uri.path())).into_response()
}
