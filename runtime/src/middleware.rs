//! Middleware (SPEC A6): functions around the whole request, before
//! routing, registered in order with `App::use_middleware`. Each can read
//! and change the request, call the rest of the chain with
//! [`Next::run`], change the response, or answer by itself without
//! calling it (short-circuit).
//!
//! With no middleware registered there is no chain at all: the adapter
//! calls the router directly (SPEC A10).
//!
//! ```no_run
//! use tether::middleware::Next;
//! use tether::{App, HttpError, IntoResponse, NativeAdapter, Request};
//!
//! # async fn run() -> std::io::Result<()> {
//! App::new(NativeAdapter::new())
//!     .use_middleware(|req: Request, next: Next| async move {
//!         if req.header("x-blocked").is_some() {
//!             return HttpError::forbidden("blocked").into_response();
//!         }
//!         let mut res = next.run(req).await;
//!         res.headers_mut().insert("x-served-by", "tether".parse().unwrap());
//!         res
//!     })
//!     .listen("127.0.0.1:3000")
//!     .await
//! # }
//! ```

use crate::app::{AppService, ResponseFuture};
use crate::request::Request;
use crate::response::Response;
use std::future::Future;
use std::pin::Pin;

type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A middleware: a closure `|req: Request, next: Next| async move { … }`
/// or a type implementing this trait.
///
/// ```
/// use tether::middleware::{Middleware, Next};
/// use tether::{Request, Response};
///
/// struct RequestId;
///
/// impl Middleware for RequestId {
///     async fn handle(&self, mut req: Request, next: Next) -> Response {
///         let id = req.header("x-request-id").unwrap_or("generated").to_string();
///         req.headers_mut().insert("x-request-id", id.parse().unwrap());
///         let mut res = next.run(req).await;
///         res.headers_mut().insert("x-request-id", id.parse().unwrap());
///         res
///     }
/// }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tether middleware",
    label = "used as a middleware here",
    note = "pass `|req: Request, next: Next| async move {{ next.run(req).await }}` or implement `tether::middleware::Middleware`"
)]
pub trait Middleware: Send + Sync + 'static {
    /// Handles `req`, usually by calling `next.run(req)`.
    fn handle(&self, req: Request, next: Next) -> impl Future<Output = Response> + Send;
}

impl<F, Fut> Middleware for F
where
    F: Fn(Request, Next) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Response> + Send,
{
    fn handle(&self, req: Request, next: Next) -> impl Future<Output = Response> + Send {
        self(req, next)
    }
}

/// The object-safe form every middleware is stored as.
pub(crate) trait DynMiddleware: Send + Sync {
    fn call(&self, req: Request, next: Next) -> BoxFuture<'_, Response>;
}

impl<M: Middleware> DynMiddleware for M {
    fn call(&self, req: Request, next: Next) -> BoxFuture<'_, Response> {
        Box::pin(Middleware::handle(self, req, next))
    }
}

/// The rest of the middleware chain, ending in the router.
pub struct Next {
    service: AppService,
    index: usize,
}

impl Next {
    pub(crate) fn start(service: AppService) -> Next {
        Next { service, index: 0 }
    }

    /// Runs the rest of the chain (then routing and the handler).
    pub fn run(self, req: Request) -> ResponseFuture {
        let Next { service, index } = self;
        if index >= service.middleware().len() {
            return service.dispatch(req);
        }
        ResponseFuture::boxed(Box::pin(async move {
            let next = Next {
                service: service.clone(),
                index: index + 1,
            };
            service.middleware()[index].call(req, next).await
        }))
    }
}
