//! Middleware: functions around the whole request, before
//! routing, registered in order with `App::use_middleware`. Each can read
//! and change the request, call the rest of the chain with
//! [`Next::run`], change the response, or answer by itself without
//! calling it (short-circuit).
//!
//! With no middleware registered there is no chain at all: the adapter
//! calls the router directly.
//!
//! ```no_run
//! use tether::app::middleware::Next;
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

use crate::app::response_future::ResponseFuture;
use crate::extract::request::Request;
use crate::response::body::Response;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A middleware: a closure `|req: Request, next: Next| async move { … }`
/// or a type implementing this trait.
///
/// ```
/// use tether::app::middleware::{Middleware, Next};
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
    note = "pass `|req: Request, next: Next| async move {{ next.run(req).await }}` or implement `tether::app::middleware::Middleware`"
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

/// What a middleware chain runs through and ends in: the compiled app
/// (`service.rs`), named here so this module needs nothing above it.
pub(crate) trait Endpoint: Send + Sync + 'static {
    /// The middleware, in order.
    fn middleware(&self) -> &[Box<dyn DynMiddleware>];
    /// Routing and the handler, after the last middleware.
    fn dispatch(&self, req: Request) -> ResponseFuture;
}

/// The rest of the middleware chain, ending in the router.
pub struct Next {
    chain: Arc<dyn Endpoint>,
    index: usize,
}

impl Next {
    pub(crate) fn start(chain: Arc<dyn Endpoint>) -> Next {
        Next { chain, index: 0 }
    }

    /// Runs the rest of the chain (then routing and the handler).
    pub fn run(self, req: Request) -> ResponseFuture {
        let Next { chain, index } = self;
        if index >= chain.middleware().len() {
            return chain.dispatch(req);
        }
        ResponseFuture::boxed(
            Box::pin(async move {
                let next = Next {
                    chain: chain.clone(),
                    index: index + 1,
                };
                chain.middleware()[index].call(req, next).await
            }),
            false,
            None,
        )
    }
}
