//! The many-connections run (`bench/connections.sh`), switched on by one
//! environment variable so the main run stays as it is:
//!
//! - `BENCH_IDLE_SECS=<s>`: every server's idle timeouts set to `s`
//!   seconds (tether: the header-read timeout of HTTP/1 and the HTTP/2 idle
//!   timeout, HTTP/2 `PING`s off, no connection limit but the file
//!   limit; axum: hyper's `header_read_timeout` on
//!   hyper-util's timer, HTTP/2 without `PING`s, as hyper's default;
//!   actix-web: `keep_alive` and `client_request_timeout`), actix-web bound
//!   with `bind_auto_h2c` (HTTP/2 with prior knowledge beside HTTP/1.1,
//!   as tether and axum serve by default), and on each one more route,
//!   `GET /api/events`: a `text/event-stream` answer that sends one event,
//!   [`SSE_EVENT`], and then stays open without keep-alive comments.

use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

/// The event `GET /api/events` sends on every server.
pub const SSE_EVENT: &str = "event: hello\ndata: null\n\n";

/// `BENCH_IDLE_SECS`, the idle timeouts of the many-connections run.
pub fn idle_timeout() -> Option<Duration> {
    let secs = std::env::var("BENCH_IDLE_SECS").ok()?;
    secs.trim().parse().ok().map(Duration::from_secs)
}

/// A stream of one item that then stays open forever: the SSE answer.
pub struct OnceThenPending<T>(pub Option<T>);

impl<T: Unpin> futures_core::Stream for OnceThenPending<T> {
    type Item = T;

    fn poll_next(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<T>> {
        match self.get_mut().0.take() {
            Some(item) => Poll::Ready(Some(item)),
            // Never woken again: the stream ends when the client goes.
            None => Poll::Pending,
        }
    }
}
