//! The body-read and send timeouts of HTTP/2 streams (items 2
//! and 3), on the connection's one timer (`crate::server::idle::ticking`).
//!
//! hyper runs each stream as a task it hands to the connection's executor;
//! [`StreamExec`] runs it inside [`Watched`], which polls it through
//! [`crate::server::stall::watching`] and so learns when the stream waits for its
//! request body or for the client to take its answer. Only a stream that
//! waits asks to be woken at the connection's next tick. A body awaited
//! without a byte for the body-read timeout is answered `408`; an answer
//! the client has not taken for the send timeout (its flow-control window
//! stayed closed) ends the stream: dropping hyper's task resets it
//! (`RST_STREAM`, `CANCEL`) and frees what it held.
//!
//! A large answer is handed to hyper in [`CHUNK`]s ([`SendWatch`]), so that
//! each chunk counts as progress and h2 never queues much more than the
//! client's window (hyper hands h2 a whole frame as soon as any window is
//! open).

use crate::response::body::{Body, BoxError};
use crate::server::idle::{Activity, Open};
use crate::server::stall::{StreamLimits, Wait};
use bytes::Bytes;
use http_body::{Frame, SizeHint};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

/// The largest piece of an answer handed to hyper at once on HTTP/2.
pub(crate) const CHUNK: usize = 64 * 1024;

/// The executor of one HTTP/2 connection's streams: tokio's, each stream
/// [`Watched`].
#[derive(Clone)]
pub(crate) struct StreamExec {
    pub(crate) activity: Arc<Activity>,
    pub(crate) limits: StreamLimits,
}

impl<F> hyper::rt::Executor<F> for StreamExec
where
    F: Future<Output = ()> + Send + 'static,
{
    fn execute(&self, fut: F) {
        tokio::spawn(Watched {
            fut,
            activity: self.activity.clone(),
            limits: self.limits,
            body: Wait::default(),
            send: Wait::default(),
            registered: None,
        });
    }
}

pin_project_lite::pin_project! {
    /// A stream's task, ended when its sending stalls; see the module.
    struct Watched<F> {
        #[pin]
        fut: F,
        activity: Arc<Activity>,
        limits: StreamLimits,
        // Since when the request body is awaited without a byte.
        body: Wait,
        // Since when an answer waits for the client.
        send: Wait,
        // The tick at which the task last asked to be woken.
        registered: Option<u32>,
    }
}

impl<F: Future<Output = ()>> Future for Watched<F> {
    type Output = ();

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let this = self.project();
        let now = this.activity.epoch();
        if this.send.expired(now, this.limits.send) {
            // Dropped as it returns: h2 resets the stream.
            return Poll::Ready(());
        }
        let expired = this.body.expired(now, this.limits.body);
        let (poll, report) = crate::server::stall::watching(expired, || this.fut.poll(cx));
        if poll.is_ready() {
            return Poll::Ready(());
        }
        *this.body = report.body_wait(*this.body, now);
        *this.send = report.send_wait(*this.send, now);
        let waits = this.body.is_waiting() || this.send.is_waiting();
        if waits && *this.registered != Some(now) {
            this.activity.wake_at_tick(cx.waker());
            *this.registered = Some(now);
        }
        Poll::Pending
    }
}

pin_project_lite::pin_project! {
    /// An HTTP/2 answer handed to hyper in [`CHUNK`]s, telling the send
    /// timeout of each ([`crate::server::stall::chunk_sent`]) and of the times the
    /// app has nothing to send ([`crate::server::stall::paced`]); holding the
    /// request open (the idle timeout waits for it) until it ends.
    pub(crate) struct SendWatch {
        #[pin]
        inner: Body,
        rest: Option<Bytes>,
        _open: Option<Open>,
    }
}

impl SendWatch {
    /// `inner`, as a body handed over in chunks, holding `open`.
    pub(crate) fn wrap(inner: Body, open: Option<Open>) -> Body {
        Body::from_stream(SendWatch {
            inner,
            rest: None,
            _open: open,
        })
    }
}

/// The first [`CHUNK`] of `data`; the rest goes to `rest`.
fn first_chunk(mut data: Bytes, rest: &mut Option<Bytes>) -> Bytes {
    if data.len() > CHUNK {
        *rest = Some(data.split_off(CHUNK));
    }
    crate::server::stall::chunk_sent();
    data
}

impl http_body::Body for SendWatch {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        let this = self.project();
        if let Some(rest) = this.rest.take() {
            return Poll::Ready(Some(Ok(Frame::data(first_chunk(rest, this.rest)))));
        }
        match this.inner.poll_frame(cx) {
            Poll::Pending => {
                crate::server::stall::paced();
                Poll::Pending
            }
            Poll::Ready(Some(Ok(frame))) => match frame.into_data() {
                Ok(data) => Poll::Ready(Some(Ok(Frame::data(first_chunk(data, this.rest))))),
                Err(frame) => {
                    crate::server::stall::chunk_sent();
                    Poll::Ready(Some(Ok(frame)))
                }
            },
            other => other,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.rest.is_none() && self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        let inner = self.inner.size_hint();
        let rest = self.rest.as_ref().map_or(0, |r| r.len() as u64);
        let mut hint = SizeHint::new();
        hint.set_lower(inner.lower() + rest);
        if let Some(upper) = inner.upper() {
            hint.set_upper(upper + rest);
        }
        hint
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt;

    #[tokio::test]
    async fn a_large_answer_is_handed_over_in_chunks_with_its_length() {
        let data = Bytes::from(vec![7u8; 2 * CHUNK + 5]);
        let mut body = SendWatch::wrap(Body::from(data.clone()), None);
        assert_eq!(
            http_body::Body::size_hint(&body).exact(),
            Some(data.len() as u64)
        );
        let mut lens = Vec::new();
        let mut got = Vec::new();
        while let Some(frame) = body.frame().await {
            let chunk = frame.unwrap().into_data().unwrap();
            lens.push(chunk.len());
            got.extend_from_slice(&chunk);
        }
        assert_eq!(lens, [CHUNK, CHUNK, 5]);
        assert_eq!(got, data);
    }
}
