//! An HTTP/2 connection's writes, one per turn of the scheduler.
//!
//! hyper runs every HTTP/2 stream as a task of its own. When one finishes,
//! it wakes the connection's task, which tokio's multi-threaded scheduler
//! runs next (its LIFO slot), so the connection wrote each response as it
//! came: 0.59 `writev` per request under `h2load -m10`, against 0.10 on the
//! per-core runtime, whose scheduler runs the other streams first. So the
//! first write of a round waits for one turn: the connection's task wakes
//! itself and yields (tokio puts a task that woke itself at the back of its
//! queue); the streams that are ready run and answer; then one write sends
//! all their frames. A flush ends the round. On a current-thread runtime
//! (the per-core one) the other streams run first anyway: nothing waits.
//!
//! Kept because hyper has no such batching and it measured better
//! (BENCHMARKS.md, "HTTP/2 writes by the round"): 0.11 `writev` and
//! 5.6–6.8 µs of CPU per request under `h2load -m10`, against 0.59 and
//! 10–11 µs before it and 0.40 and 9.3–10.7 µs for axum.

use std::io::{self, IoSlice};
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// A stream whose first write of each round yields once; see the module.
pub(crate) struct TurnWrites<S> {
    stream: S,
    /// Whether writes wait a turn at all (not on a current-thread runtime).
    waits: bool,
    /// Whether this round's write has yielded its turn already.
    yielded: bool,
}

impl<S> TurnWrites<S> {
    /// Wraps `stream`, for the runtime it is polled on.
    pub(crate) fn new(stream: S) -> Self {
        let current_thread = tokio::runtime::Handle::try_current()
            .is_ok_and(|h| h.runtime_flavor() == tokio::runtime::RuntimeFlavor::CurrentThread);
        TurnWrites {
            stream,
            waits: !current_thread,
            yielded: false,
        }
    }

    /// `Pending` (with the task woken) the first time in a round.
    fn take_turn(&mut self, cx: &mut Context<'_>) -> Poll<()> {
        if self.yielded || !self.waits {
            return Poll::Ready(());
        }
        self.yielded = true;
        cx.waker().wake_by_ref();
        Poll::Pending
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for TurnWrites<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for TurnWrites<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        std::task::ready!(self.take_turn(cx));
        Pin::new(&mut self.stream).poll_write(cx, data)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        std::task::ready!(self.take_turn(cx));
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let flushed = Pin::new(&mut self.stream).poll_flush(cx);
        if flushed.is_ready() {
            self.yielded = false;
        }
        flushed
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::task::{Wake, Waker};

    /// Counts the wakes of the task.
    struct Count(AtomicUsize);

    impl Wake for Count {
        fn wake(self: Arc<Self>) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    #[test]
    fn the_first_write_of_a_round_yields_once_and_a_flush_ends_the_round() {
        let wakes = Arc::new(Count(AtomicUsize::new(0)));
        let waker = Waker::from(wakes.clone());
        let mut cx = Context::from_waker(&waker);
        // Outside a runtime writes wait, as on the multi-threaded one.
        let mut io = TurnWrites::new(Vec::<u8>::new());
        let mut io = Pin::new(&mut io);
        assert!(io.as_mut().poll_write(&mut cx, b"a").is_pending());
        assert_eq!(wakes.0.load(Ordering::SeqCst), 1, "the task woke itself");
        assert!(matches!(
            io.as_mut().poll_write(&mut cx, b"b"),
            Poll::Ready(Ok(1))
        ));
        assert!(matches!(
            io.as_mut().poll_write(&mut cx, b"c"),
            Poll::Ready(Ok(1))
        ));
        assert!(io.as_mut().poll_flush(&mut cx).is_ready());
        let bufs = [IoSlice::new(b"d")];
        assert!(io.as_mut().poll_write_vectored(&mut cx, &bufs).is_pending());
        assert!(io.as_mut().poll_write_vectored(&mut cx, &bufs).is_ready());
        assert_eq!(wakes.0.load(Ordering::SeqCst), 2);
        assert_eq!(io.stream, b"bcd");
    }

    #[test]
    fn on_a_current_thread_runtime_nothing_waits() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let mut io = rt.block_on(async { TurnWrites::new(Vec::<u8>::new()) });
        let mut cx = Context::from_waker(Waker::noop());
        assert!(Pin::new(&mut io).poll_write(&mut cx, b"a").is_ready());
        assert_eq!(io.stream, b"a");
    }
}
