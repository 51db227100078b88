//! [`ResponseFuture`]: the future of one response, whatever produced it; a
//! panicking handler, middleware or pipeline becomes a `500`.

use crate::pipeline::handler::HandlerFuture;
use crate::response::body::Response;
use crate::trace::panicked;
use pin_project_lite::pin_project;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::task::{Context, Poll};

pin_project! {
    /// The future of one response; a panicking handler becomes a `500`.
    pub struct ResponseFuture {
        #[pin]
        state: State,
        // Under HEADER versioning: `Vary: X-API-Version` on the answer.
        vary_version: bool,
        // The request span, while a subscriber wants it: entered on every
        // poll, closed with the outcome (inline: no box per traced request).
        trace: Option<crate::trace::Trace>,
    }
}

pin_project! {
    // The handler's future is in a reused block: no box per request (SPEC A10).
    #[project = StateProj]
    enum State {
        // A route without pipeline: the handler's own future (or a ready
        // answer, in a block too: the state stays small, and each move of
        // the future copies it).
        Handler { #[pin] future: HandlerFuture },
        // Middleware or a route pipeline.
        Boxed { future: Pin<Box<dyn Future<Output = Response> + Send>> },
    }
}

impl ResponseFuture {
    /// `response`, at once. `vary_version`: the answer depends on
    /// `X-API-Version` (HEADER versioning), so caches are told to key on it
    /// with `Vary`; `trace`: see [`ResponseFuture::set_trace`].
    pub(crate) fn ready(
        response: Response,
        vary_version: bool,
        trace: Option<crate::trace::Trace>,
    ) -> Self {
        Self::handler(HandlerFuture::ready(Ok(response)), vary_version, trace)
    }

    /// A handler's future (see [`ResponseFuture::ready`]).
    #[inline(always)]
    pub(crate) fn handler(
        future: HandlerFuture,
        vary_version: bool,
        trace: Option<crate::trace::Trace>,
    ) -> Self {
        ResponseFuture {
            state: State::Handler { future },
            vary_version,
            trace,
        }
    }

    /// Middleware's or a pipeline's future (see [`ResponseFuture::ready`]).
    pub(crate) fn boxed(
        future: Pin<Box<dyn Future<Output = Response> + Send>>,
        vary_version: bool,
        trace: Option<crate::trace::Trace>,
    ) -> Self {
        ResponseFuture {
            state: State::Boxed { future },
            vary_version,
            trace,
        }
    }

    /// Polled inside the request span `trace`, which records the outcome.
    pub(crate) fn set_trace(&mut self, trace: Option<crate::trace::Trace>) {
        self.trace = trace;
    }
}

fn with_vary_version(mut res: Response) -> Response {
    crate::response::headers::add_vary(
        res.headers_mut(),
        http::HeaderValue::from_static(tether_model::VERSION_HEADER),
    );
    res
}

/// Polls `poll`, turning a panic into a `500`.
fn catching(poll: impl FnOnce() -> Poll<Response>) -> Poll<Response> {
    std::panic::catch_unwind(AssertUnwindSafe(poll))
        .unwrap_or_else(|payload| Poll::Ready(panicked(&*payload)))
}

impl Future for ResponseFuture {
    type Output = Response;

    #[inline]
    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Response> {
        let this = self.project();
        let _entered = this.trace.as_ref().map(crate::trace::Trace::enter);
        let mut res = std::task::ready!(poll_state(this.state, cx));
        if *this.vary_version {
            res = with_vary_version(res);
        }
        if let Some(trace) = this.trace.as_ref() {
            trace.finish(&res);
        }
        Poll::Ready(res)
    }
}

/// The response once `state` has produced it.
#[inline(always)]
fn poll_state(state: Pin<&mut State>, cx: &mut Context<'_>) -> Poll<Response> {
    match state.project() {
        StateProj::Handler { mut future } => catching(|| {
            future.as_mut().poll(cx).map(|result| match result {
                Ok(res) => res,
                Err(exception) => exception.into_response(),
            })
        }),
        StateProj::Boxed { future } => catching(|| future.as_mut().poll(cx)),
    }
}
