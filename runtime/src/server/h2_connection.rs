//! An HTTP/2 connection's task: hyper's connection, sent `GOAWAY` (its
//! streams in flight finished first) when the [`Clock`] finds it idle or
//! the adapter drains, the counterpart of HTTP/1.1's `Connection: close`.
//!
//! It goes away as soon as draining begins; if it was accepted while
//! draining, once its first request came (so that request is served, as
//! an HTTP/1.1 one would be) or at the latest when the listener closes.
//! Going away because it was idle, it has at most the send timeout to
//! finish once no request is open (nothing of the app is left then; at
//! most answers h2 queued for a client that stopped taking them). A stream
//! the client opened as the `GOAWAY` left is served to its end first. Its
//! streams' timeouts go on counting the clock's ticks until it ends.
//!
//! At the shutdown deadline the clock cuts it: it ends at once, dropping
//! the connection.
//!
//! A future of its own rather than an `async` block: every open HTTP/2
//! connection holds one in its task, and here it holds hyper's connection
//! and a few words beside it; no timer, no watch, nothing kept from
//! setting it up (BENCHMARKS.md, "Many idle connections").

use crate::server::h2_clock::{Clock, Slot};
use crate::server::idle::Activity;
use pin_project_lite::pin_project;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

/// A connection that can be asked to go away: hyper's HTTP/2 connection,
/// whose `graceful_shutdown` sends `GOAWAY` and lets its streams finish.
pub(crate) trait GoesAway: Future {
    /// Starts going away; the connection is polled on until it ends.
    fn go_away(self: Pin<&mut Self>);
}

impl<I, B, S, E> GoesAway for hyper::server::conn::http2::Connection<I, S, E>
where
    S: hyper::service::HttpService<hyper::body::Incoming, ResBody = B>,
    S::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    I: hyper::rt::Read + hyper::rt::Write + Unpin,
    B: http_body::Body + 'static,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    E: hyper::rt::bounds::Http2ServerConnExec<S::Future, B>,
{
    fn go_away(self: Pin<&mut Self>) {
        self.graceful_shutdown();
    }
}

/// Where the connection is.
#[derive(Clone, Copy)]
enum Phase {
    /// Serving; `accepted_draining`: it came while the app drained.
    Serving { accepted_draining: bool },
    /// Sent `GOAWAY` because the app drains: served until it ends (the
    /// shutdown deadline cuts it at the latest).
    Draining,
    /// Sent `GOAWAY` because it was idle; `since`: the clock's tick at
    /// which no request was last seen open.
    Idle { since: u32 },
}

pin_project! {
    /// An HTTP/2 connection served to its end; see the module.
    pub(crate) struct Http2Task<C, G, P> {
        // Dropped first: the socket closes before its slot under the
        // connection limit is freed.
        #[pin]
        conn: C,
        activity: Arc<Activity>,
        slot: Slot,
        // The adapter's shutdown waits for it.
        _watcher: G,
        // Its slot under the connection limit.
        _permit: P,
        phase: Phase,
    }
}

impl<C, G, P> Http2Task<C, G, P> {
    /// Serves `conn`, whose streams `activity` counts, on the clock
    /// `slot`; `watcher` and `permit` are held until it ends.
    pub(crate) fn new(
        conn: C,
        activity: Arc<Activity>,
        slot: Slot,
        watcher: G,
        permit: P,
        accepted_draining: bool,
    ) -> Self {
        Http2Task {
            conn,
            activity,
            slot,
            _watcher: watcher,
            _permit: permit,
            phase: Phase::Serving { accepted_draining },
        }
    }
}

impl<C: GoesAway, G, P> Future for Http2Task<C, G, P> {
    type Output = ();

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let mut this = self.project();
        // Past the shutdown deadline: dropped unfinished.
        if this.slot.clock().is_cut() {
            return Poll::Ready(());
        }
        if this.conn.as_mut().poll(cx).is_ready() {
            return Poll::Ready(());
        }
        // Before reading what the clock says: a word after it wakes us.
        this.activity.register_task(cx.waker());
        let clock: &Clock = this.slot.clock();
        match *this.phase {
            Phase::Serving { accepted_draining } => {
                let draining = clock.closing()
                    || (clock.draining() && (!accepted_draining || this.activity.started()));
                let idle = this.activity.is_idle();
                if !(draining || idle) {
                    return Poll::Pending;
                }
                *this.phase = if draining {
                    Phase::Draining
                } else {
                    Phase::Idle {
                        since: this.activity.epoch(),
                    }
                };
                this.conn.as_mut().go_away();
                if this.conn.as_mut().poll(cx).is_ready() {
                    return Poll::Ready(());
                }
            }
            Phase::Idle { since } => {
                let now = this.activity.epoch();
                if this.activity.is_open() {
                    // A stream that crossed the `GOAWAY`: served to its
                    // end (its own timeouts hold), the bound counted after.
                    *this.phase = Phase::Idle { since: now };
                } else if now.wrapping_sub(since) > clock.limits().send {
                    return Poll::Ready(());
                }
            }
            Phase::Draining => {}
        }
        Poll::Pending
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::stall::Limits;
    use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
    use std::time::Duration;
    use tokio::sync::watch;
    use tokio::time::advance;

    const T: Duration = Duration::from_millis(100);

    /// A connection that never ends on its own and tells when it is asked
    /// to go away.
    struct Endless(Arc<AtomicBool>);

    impl Future for Endless {
        type Output = ();
        fn poll(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<()> {
            Poll::Pending
        }
    }

    impl GoesAway for Endless {
        fn go_away(self: Pin<&mut Self>) {
            self.0.store(true, SeqCst);
        }
    }

    struct Setup {
        clock: Arc<Clock>,
        task: tokio::task::JoinHandle<()>,
        went: Arc<AtomicBool>,
        activity: Arc<Activity>,
        draining: watch::Sender<bool>,
        closing: watch::Sender<()>,
    }

    /// A task serving an [`Endless`] connection on a running clock (idle
    /// timeout `T`, send timeout `3 * T`).
    async fn serving(accepted_draining: bool) -> Setup {
        let clock = Clock::new(Limits::new(Some(T), 1000 * T, 3 * T));
        let (draining, draining_rx) = watch::channel(false);
        let (closing, closing_rx) = watch::channel(());
        tokio::spawn(clock.clone().run(draining_rx, closing_rx));
        let went = Arc::new(AtomicBool::new(false));
        let activity = Arc::new(Activity::default());
        let slot = clock.enter(activity.clone());
        let conn = Endless(went.clone());
        let task = Http2Task::new(conn, activity.clone(), slot, (), (), accepted_draining);
        let task = tokio::spawn(task);
        tokio::task::yield_now().await;
        Setup {
            clock,
            task,
            went,
            activity,
            draining,
            closing,
        }
    }

    /// Lets the clock's task and the connection's task run.
    async fn settle() {
        tokio::task::yield_now().await;
        tokio::task::yield_now().await;
    }

    async fn pass(by: Duration) {
        advance(by).await;
        tokio::task::yield_now().await;
    }

    /// Idle: `GOAWAY`, then at most the send timeout for the connection to
    /// finish (a client that stopped reading cannot hold it).
    #[tokio::test(start_paused = true)]
    async fn f3_an_idle_connection_goes_away_and_ends_within_the_send_timeout() {
        let s = serving(false).await;
        pass(T).await;
        assert!(!s.went.load(SeqCst), "gone at the first firing");
        pass(T).await;
        assert!(s.went.load(SeqCst), "not gone after two idle firings");
        for _ in 0..3 {
            pass(T).await;
            assert!(!s.task.is_finished(), "ended before the send timeout");
        }
        pass(T).await;
        assert!(s.task.is_finished(), "held past the send timeout");
    }

    /// Idle, but a stream came as the `GOAWAY` left: it is served however
    /// long it takes; the send timeout's bound counts from its end.
    #[tokio::test(start_paused = true)]
    async fn f3_a_stream_crossing_the_idle_goaway_is_served_to_its_end() {
        let s = serving(false).await;
        pass(T).await;
        pass(T).await;
        assert!(s.went.load(SeqCst), "not gone after two idle firings");
        let open = s.activity.start();
        for _ in 0..20 {
            pass(T).await;
            assert!(!s.task.is_finished(), "cut while a request was open");
        }
        drop(open);
        for _ in 0..3 {
            pass(T).await;
            assert!(!s.task.is_finished(), "ended before the send timeout");
        }
        pass(T).await;
        pass(T).await;
        assert!(s.task.is_finished(), "held past the send timeout");
    }

    /// Draining: `GOAWAY` at once, and the connection is served to its end.
    #[tokio::test(start_paused = true)]
    async fn f6_draining_sends_goaway_and_serves_to_the_end() {
        let s = serving(false).await;
        let open = s.activity.start();
        s.draining.send(true).unwrap();
        settle().await;
        assert!(s.went.load(SeqCst), "not told to go away");
        pass(20 * T).await;
        assert!(!s.task.is_finished(), "cut while draining");
        drop(open);
    }

    /// The shutdown deadline: the task ends at once, the connection dropped.
    #[tokio::test(start_paused = true)]
    async fn a11_a_cut_ends_the_task_whatever_its_phase() {
        for phase in ["serving", "draining"] {
            let s = serving(false).await;
            let clock = s.clock.clone();
            if phase == "draining" {
                let _open = s.activity.start();
                s.draining.send(true).unwrap();
                settle().await;
                assert!(s.went.load(SeqCst));
            }
            assert!(!s.task.is_finished());
            clock.cut();
            settle().await;
            assert!(s.task.is_finished(), "{phase}: not cut");
            assert_eq!(
                Arc::strong_count(&s.went),
                1,
                "{phase}: the connection is kept"
            );
        }
    }

    /// Accepted while draining: `GOAWAY` after its first request, or when
    /// the listener closes, whichever comes first.
    #[tokio::test(start_paused = true)]
    async fn f6_a_connection_accepted_while_draining_goes_after_its_first_request() {
        let s = serving(true).await;
        let _open = s.activity.start();
        s.draining.send(true).unwrap();
        settle().await;
        assert!(s.went.load(SeqCst), "kept after its first request");

        let s = serving(true).await;
        s.draining.send(true).unwrap();
        settle().await;
        assert!(!s.went.load(SeqCst), "gone before its first request");
        drop(s.closing);
        settle().await;
        assert!(s.went.load(SeqCst), "kept after the listener closed");
    }
}
