//! The header-read timeout of HTTP/1 connections (SPEC A11), and the idle
//! timeout of HTTP/2 ones ([`quiet`]): a connection
//! that waits longer than the timeout for its next request head — a
//! slowloris trickling a head that never ends, a keep-alive connection
//! left idle, a client that connects and sends nothing — is closed.
//!
//! hyper's own header-read timeout starts a deadline for every head and
//! reads once more after each request to do so: ~880 instructions a
//! request, a tenth of a small request's user-space cost (issue 18). Here
//! nothing is timed per request. Each connection counts its [`Activity`]:
//! requests whose head came in and whose answer is not yet sent, and a
//! number that moves whenever one starts or ends and whenever response
//! bytes are written. One tokio timer per connection fires every
//! `timeout`; [`Idle`] closes the connection when, at a firing, no request
//! is open and nothing moved since the firing before. So a connection is
//! closed after waiting between one and two timeouts for a head, never
//! while a handler runs, a body is read or an answer (a long SSE stream
//! included) is written.

use pin_project_lite::pin_project;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
use std::sync::Arc;
use std::task::{Context, Poll, Waker};
use std::time::Duration;

/// What a connection is doing, as its [`Idle`] reads it at each firing;
/// and the adapter's closing, which ends its SSE streams.
#[derive(Default)]
pub(crate) struct Activity {
    /// Requests whose head came in and whose answer is not yet sent.
    open: AtomicU32,
    /// Moves when a request starts or ends, and when bytes are written.
    moves: AtomicU32,
    /// Changes (or its sender is dropped) when the adapter's listener
    /// closes at shutdown: SSE streams end then (`crate::sse`). `None` for
    /// a connection served on its own.
    closing: Option<tokio::sync::watch::Receiver<()>>,
}

impl Activity {
    /// The activity of a connection of an adapter that closes with `closing`.
    pub(crate) fn new(closing: Option<tokio::sync::watch::Receiver<()>>) -> Self {
        Activity {
            closing,
            ..Activity::default()
        }
    }

    /// A request whose head came in: open until the guard is dropped.
    #[inline]
    pub(crate) fn start(self: &Arc<Self>) -> Open {
        self.open.fetch_add(1, Relaxed);
        self.moved();
        Open(self.clone())
    }

    /// At a firing: whether no request is open and nothing moved since
    /// `seen`, the count at the firing before; `seen` becomes the count now.
    fn settled(&self, seen: &mut u32) -> bool {
        let moves = self.moves.load(Relaxed);
        let settled = moves == *seen && self.open.load(Relaxed) == 0;
        *seen = moves;
        settled
    }

    /// Something happened on the connection (response bytes written).
    #[inline]
    pub(crate) fn moved(&self) {
        self.moves.fetch_add(1, Relaxed);
    }
}

/// One request, open from its head until its answer is sent (the response
/// future, then a streaming body while hyper writes it).
pub(crate) struct Open(Arc<Activity>);

impl Open {
    /// The adapter's closing, if the connection is an adapter's.
    pub(crate) fn closing(&self) -> Option<&tokio::sync::watch::Receiver<()>> {
        self.0.closing.as_ref()
    }
}

impl Drop for Open {
    #[inline]
    fn drop(&mut self) {
        self.0.open.fetch_sub(1, Relaxed);
        self.0.moved();
    }
}

pin_project! {
    /// `conn`, closed (dropped, with `None` as its output) when it has
    /// waited between one and two `timeout`s for a request head (see the
    /// module's documentation).
    pub(crate) struct Idle<F> {
        #[pin]
        conn: F,
        #[pin]
        timer: tokio::time::Sleep,
        activity: Arc<Activity>,
        timeout: Duration,
        // `moves` at the last firing.
        seen: u32,
        // The waker the timer holds: that of its last poll that reached it.
        waker: Option<Waker>,
    }
}

impl<F: Future> Idle<F> {
    /// `conn`, whose requests and writes `activity` counts, closed after
    /// waiting about `timeout` for a head. Within a tokio runtime.
    pub(crate) fn new(conn: F, activity: Arc<Activity>, timeout: Duration) -> Self {
        Idle {
            conn,
            timer: tokio::time::sleep(timeout),
            activity,
            timeout,
            seen: 0,
            waker: None,
        }
    }
}

impl<F: Future> Future for Idle<F> {
    type Output = Option<F::Output>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let mut this = self.project();
        if let Poll::Ready(out) = this.conn.poll(cx) {
            return Poll::Ready(Some(out));
        }
        loop {
            // Registered with this task's waker and not fired: it will wake
            // the task when due, and polling it again would only register
            // the same waker anew.
            let holds = this.waker.as_ref().is_some_and(|w| w.will_wake(cx.waker()));
            if holds && !this.timer.is_elapsed() {
                return Poll::Pending;
            }
            // A poll the task's budget refuses returns `Pending` without
            // reaching the timer, which then holds no waker.
            let reaches = tokio::task::coop::has_budget_remaining();
            if this.timer.as_mut().poll(cx).is_pending() {
                *this.waker = reaches.then(|| cx.waker().clone());
                return Poll::Pending;
            }
            if this.activity.settled(this.seen) {
                return Poll::Ready(None);
            }
            let next = tokio::time::Instant::now() + *this.timeout;
            this.timer.as_mut().reset(next);
        }
    }
}

/// Completes when an HTTP/2 connection has had no stream for between one
/// and two `timeout`s: at a firing of its one timer, no request is open
/// and none started or ended since the firing before (the same counting
/// as [`Idle`], nothing timed per stream). The adapter then sends `GOAWAY`
/// (hyper has no HTTP/2 idle timeout of its own; keep-alive `PING`s are
/// not activity).
pub(crate) async fn quiet(activity: Arc<Activity>, timeout: Duration) {
    let mut seen = activity.moves.load(Relaxed);
    loop {
        tokio::time::sleep(timeout).await;
        if activity.settled(&mut seen) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use tokio::time::advance;

    const T: Duration = Duration::from_millis(100);

    /// Polls `idle` once with `waker`.
    fn poll<F: Future>(idle: Pin<&mut Idle<F>>, waker: &Waker) -> Poll<Option<F::Output>> {
        idle.poll(&mut Context::from_waker(waker))
    }

    fn pending_conn() -> Idle<std::future::Pending<()>> {
        Idle::new(std::future::pending(), Arc::default(), T)
    }

    #[tokio::test(start_paused = true)]
    async fn a11_a_connection_that_sends_nothing_is_closed_after_the_timeout() {
        let mut idle = std::pin::pin!(pending_conn());
        let waker = Waker::noop();
        assert!(poll(idle.as_mut(), waker).is_pending());
        advance(T - Duration::from_millis(1)).await;
        assert!(poll(idle.as_mut(), waker).is_pending(), "closed early");
        advance(Duration::from_millis(1)).await;
        assert!(matches!(poll(idle.as_mut(), waker), Poll::Ready(None)));
    }

    #[tokio::test(start_paused = true)]
    async fn a11_an_idle_connection_is_closed_between_one_and_two_timeouts_after_its_last_answer() {
        let mut idle = std::pin::pin!(pending_conn());
        let activity = idle.activity.clone();
        let waker = Waker::noop();
        assert!(poll(idle.as_mut(), waker).is_pending());
        // Requests keep it open, however long it lives.
        for _ in 0..5 {
            advance(T / 2).await;
            drop(activity.start());
            assert!(poll(idle.as_mut(), waker).is_pending());
        }
        // Then silence: closed after at least one timeout, at most two.
        let mut waited = Duration::ZERO;
        while poll(idle.as_mut(), waker).is_pending() {
            advance(Duration::from_millis(5)).await;
            waited += Duration::from_millis(5);
            assert!(waited <= 2 * T, "still open after {waited:?}");
        }
        assert!(waited >= T, "closed after {waited:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn a11_an_open_request_keeps_the_connection_and_its_end_starts_the_wait() {
        let mut idle = std::pin::pin!(pending_conn());
        let activity = idle.activity.clone();
        let waker = Waker::noop();
        let open = activity.start();
        assert!(poll(idle.as_mut(), waker).is_pending());
        // A handler (or a quiet SSE stream) open for ten timeouts.
        for _ in 0..20 {
            advance(T / 2).await;
            assert!(poll(idle.as_mut(), waker).is_pending(), "closed while open");
        }
        // Its answer sent: the client gets a full timeout for its next head.
        drop(open);
        let mut waited = Duration::ZERO;
        while poll(idle.as_mut(), waker).is_pending() {
            advance(Duration::from_millis(5)).await;
            waited += Duration::from_millis(5);
        }
        assert!(waited >= T && waited <= 2 * T, "closed after {waited:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn a11_writes_keep_a_slow_download_open() {
        let mut idle = std::pin::pin!(pending_conn());
        let activity = idle.activity.clone();
        let waker = Waker::noop();
        assert!(poll(idle.as_mut(), waker).is_pending());
        for _ in 0..20 {
            advance(T / 2).await;
            activity.moved();
            assert!(
                poll(idle.as_mut(), waker).is_pending(),
                "closed while writing"
            );
        }
    }

    struct Count(AtomicUsize);

    impl std::task::Wake for Count {
        fn wake(self: Arc<Self>) {
            self.0.fetch_add(1, Relaxed);
        }
    }

    /// The poll that skips the timer (it holds this task's waker) must not
    /// skip it for another waker: that one is woken when the timer fires.
    #[tokio::test(start_paused = true)]
    async fn a11_the_timer_wakes_the_waker_of_the_latest_poll() {
        let mut idle = std::pin::pin!(pending_conn());
        let (first, second) = (Arc::new(Count(0.into())), Arc::new(Count(0.into())));
        let (first_waker, second_waker) = (Waker::from(first.clone()), Waker::from(second.clone()));
        assert!(poll(idle.as_mut(), &first_waker).is_pending());
        assert!(poll(idle.as_mut(), &first_waker).is_pending());
        assert!(poll(idle.as_mut(), &second_waker).is_pending());
        advance(T).await;
        assert_eq!((first.0.load(Relaxed), second.0.load(Relaxed)), (0, 1));
        assert!(matches!(
            poll(idle.as_mut(), &second_waker),
            Poll::Ready(None)
        ));
    }

    /// A connection that ends is not held: its output comes through.
    #[tokio::test(start_paused = true)]
    async fn a11_a_connection_that_ends_gives_its_output() {
        let idle = Idle::new(async { 7 }, Arc::default(), T);
        assert_eq!(idle.await, Some(7));
    }

    #[tokio::test(start_paused = true)]
    async fn f3_an_http2_connection_is_quiet_after_one_to_two_timeouts_without_a_stream() {
        let activity = Arc::new(Activity::default());
        let quiet = tokio::spawn(quiet(activity.clone(), T));
        // Streams keep it busy, however long it lives.
        for _ in 0..5 {
            advance(T / 2).await;
            drop(activity.start());
            tokio::task::yield_now().await;
            assert!(!quiet.is_finished());
        }
        // An open stream (a long SSE answer) too.
        let open = activity.start();
        advance(5 * T).await;
        tokio::task::yield_now().await;
        assert!(!quiet.is_finished(), "quiet with a stream open");
        drop(open);
        // Then silence: quiet after at least one timeout, at most two.
        let mut waited = Duration::ZERO;
        while !quiet.is_finished() {
            advance(Duration::from_millis(5)).await;
            tokio::task::yield_now().await;
            waited += Duration::from_millis(5);
            assert!(
                waited <= 2 * T + Duration::from_millis(5),
                "still busy after {waited:?}"
            );
        }
        assert!(waited >= T, "quiet after {waited:?}");
    }
}
