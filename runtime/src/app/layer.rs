//! tower interop: [`App::layer`](crate::App::layer) wraps the app
//! in any [`tower::Layer`] over `http::Request`/`http::Response` —
//! tower-http's compression, timeout, request id and trace layers, tower's
//! concurrency and rate limits — and [`AppService`](crate::AppService) is itself a
//! [`tower::Service`], so it can be nested in an axum router or served by
//! any hyper-based server.
//!
//! ```no_run
//! use std::time::Duration;
//! use tether::{App, NativeAdapter, StatusCode};
//! use tower_http::{compression::CompressionLayer, timeout::TimeoutLayer};
//!
//! # async fn run() -> std::io::Result<()> {
//! App::new(NativeAdapter::new())
//!     .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, Duration::from_secs(10)))
//!     .layer(CompressionLayer::new())
//!     .listen("127.0.0.1:3000")
//!     .await
//! # }
//! ```
//!
//! With no layer added, none of this is on the request path: the adapter
//! calls the middleware and router directly, as before.

use crate::app::response_future::ResponseFuture;
use crate::extract::request::RequestBody;
use crate::response::body::{Body, BoxError, IntoResponse, Response};
use crate::response::error::HttpError;
use bytes::Bytes;
use pin_project_lite::pin_project;
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use tower::util::BoxCloneSyncService;
use tower::{Layer, Service, ServiceExt};

/// The app with the layers added so far, as the next layer wraps it.
pub(crate) type Stack = BoxCloneSyncService<http::Request<RequestBody>, Response, Infallible>;

/// One added layer, applied when the app is compiled.
pub(crate) type LayerFn = Box<dyn FnOnce(Stack) -> Stack + Send>;

/// What a layer added with [`App::layer`](crate::App::layer) wraps: the
/// app (with the layers added before). It takes a request with any body
/// and always answers (its error is [`Infallible`]).
#[derive(Clone)]
pub struct Inner(Stack);

impl<B> Service<http::Request<B>> for Inner
where
    B: http_body::Body<Data = Bytes> + Send + 'static,
    B::Error: Into<BoxError>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = <Stack as Service<http::Request<RequestBody>>>::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.0.poll_ready(cx)
    }

    fn call(&mut self, req: http::Request<B>) -> Self::Future {
        self.0.call(req.map(RequestBody::from_body))
    }
}

/// `layer` as a step of the stack: it wraps what came before; its answer
/// body becomes a [`Body`] and its errors answers (see [`error_response`]).
pub(crate) fn boxed<L, ResBody, E>(layer: L) -> LayerFn
where
    L: Layer<Inner> + Send + 'static,
    L::Service: Service<http::Request<RequestBody>, Response = http::Response<ResBody>, Error = E>
        + Clone
        + Send
        + Sync
        + 'static,
    <L::Service as Service<http::Request<RequestBody>>>::Future: Send + 'static,
    ResBody: http_body::Body<Data = Bytes> + Send + 'static,
    ResBody::Error: Into<BoxError>,
    E: Into<BoxError>,
{
    Box::new(move |stack| {
        BoxCloneSyncService::new(Answering {
            inner: layer.layer(Inner(stack)),
            ready_error: None,
        })
    })
}

/// A layered service that always answers: a [`Body`] for whatever body the
/// layer gives, a response for its errors, also those of `poll_ready`
/// (a fresh clone serves each request, so one is kept for its call).
struct Answering<S> {
    inner: S,
    ready_error: Option<BoxError>,
}

impl<S: Clone> Clone for Answering<S> {
    fn clone(&self) -> Self {
        Answering {
            inner: self.inner.clone(),
            ready_error: None,
        }
    }
}

impl<S, ResBody> Service<http::Request<RequestBody>> for Answering<S>
where
    S: Service<http::Request<RequestBody>, Response = http::Response<ResBody>>,
    S::Error: Into<BoxError>,
    ResBody: http_body::Body<Data = Bytes> + Send + 'static,
    ResBody::Error: Into<BoxError>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = AnsweringFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx).map(|ready| {
            if let Err(e) = ready {
                self.ready_error = Some(e.into());
            }
            Ok(())
        })
    }

    fn call(&mut self, req: http::Request<RequestBody>) -> Self::Future {
        match self.ready_error.take() {
            Some(error) => AnsweringFuture::Failed { error: Some(error) },
            None => AnsweringFuture::Called {
                future: self.inner.call(req),
            },
        }
    }
}

pin_project! {
    /// [`Answering`]'s future.
    #[project = AnsweringProj]
    enum AnsweringFuture<F> {
        Failed { error: Option<BoxError> },
        Called { #[pin] future: F },
    }
}

impl<F, ResBody, E> Future for AnsweringFuture<F>
where
    F: Future<Output = Result<http::Response<ResBody>, E>>,
    E: Into<BoxError>,
    ResBody: http_body::Body<Data = Bytes> + Send + 'static,
    ResBody::Error: Into<BoxError>,
{
    type Output = Result<Response, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.project() {
            AnsweringProj::Failed { error } => {
                let error = error.take().expect("polled after completion");
                Poll::Ready(Ok(error_response(error)))
            }
            AnsweringProj::Called { future } => future.poll(cx).map(|result| {
                Ok(match result {
                    Ok(res) => res.map(Body::from_stream),
                    Err(e) => error_response(e.into()),
                })
            }),
        }
    }
}

/// The answer for a layer's error: `503` for tower's `Elapsed` (timeout)
/// and `Overloaded` (load shed), like the adapter's own request timeout;
/// `500` for anything else.
pub fn error_response(error: BoxError) -> Response {
    if error.is::<tower::timeout::error::Elapsed>() {
        return HttpError::new(
            http::StatusCode::SERVICE_UNAVAILABLE,
            "the request took too long",
        )
        .with_code(crate::response::error::codes::TIMEOUT)
        .into_response();
    }
    if error.is::<tower::load_shed::error::Overloaded>() {
        return HttpError::new(http::StatusCode::SERVICE_UNAVAILABLE, "the server is busy")
            .with_code(crate::response::error::codes::OVERLOADED)
            .into_response();
    }
    HttpError::internal("Internal server error").into_response()
}

/// The stack's answer to one request, as a [`ResponseFuture`].
pub(crate) fn call_stack(stack: &Stack, req: http::Request<RequestBody>) -> ResponseFuture {
    let call = stack.clone().oneshot(req);
    ResponseFuture::boxed(
        Box::pin(async move {
            match call.await {
                Ok(res) => res,
                Err(never) => match never {},
            }
        }),
        false,
        None,
    )
}
