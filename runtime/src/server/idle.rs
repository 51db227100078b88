//! The header-read timeout of HTTP/1 connections, and the counting of
//! the idle timeout of HTTP/2 ones (`crate::server::h2_clock`): a connection
//! that waits longer than the timeout for its next request head — a
//! slowloris trickling a head that never ends, a keep-alive connection
//! left idle, a client that connects and sends nothing — is closed.
//!
//! hyper's own header-read timeout starts a deadline for every head and
//! reads once more after each request to do so: ~880 instructions a
//! request, a tenth of a small request's user-space cost. Here
//! nothing is timed per request. Each connection counts its [`Activity`]:
//! requests whose head came in and whose answer is not yet sent, and a
//! number that moves whenever one ends and whenever response
//! bytes are written. One tokio timer per connection fires every
//! `timeout`; [`Idle`] closes the connection when, at a firing, no request
//! is open and nothing moved since the firing before. So a connection is
//! closed after waiting between one and two timeouts for a head, never
//! while a handler runs, a body is read or an answer (a long SSE stream
//! included) is written.
//!
//! The same timer counts the body-read and send timeouts: it
//! fires every [`Limits::tick`], the shortest of the timeouts, and each is
//! counted in ticks (see [`crate::server::stall`]). An HTTP/1 request whose body
//! has been awaited without a byte for the body-read timeout is answered
//! `408` and the connection closed; a connection whose writes have been
//! blocked without a byte leaving for the send timeout (a client that
//! stopped reading) is closed, and what it held is freed.
//!
//! Kept rather than hyper's `header_read_timeout` with hyper-util's
//! `TokioTimer` because it measured cheaper (BENCHMARKS.md, "Framework
//! overhead"): theirs made and registered a boxed `Sleep` per request,
//! about 1,800 instructions, where this timer is registered once per
//! connection.

use crate::server::stall::{Limits, Wait};
use pin_project_lite::pin_project;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};

/// What a connection is doing, as its [`Idle`] reads it at each firing;
/// and the adapter's closing, which ends its SSE streams.
#[derive(Default)]
pub(crate) struct Activity {
    /// Requests whose head came in and whose answer is not yet sent.
    open: AtomicU32,
    /// Moves when a request ends (a request that started is open until
    /// then); bytes written move `written`, which counts as a move too.
    moves: AtomicU32,
    /// Changes (or its sender is dropped) when the adapter's listener
    /// closes at shutdown: SSE streams end then (`crate::response::sse`). `None` for
    /// a connection served on its own.
    closing: Option<tokio::sync::watch::Receiver<()>>,
    /// HTTP/1: moves when response bytes leave (the send timeout, and a
    /// move for the header-read timeout).
    written: AtomicU32,
    /// HTTP/1: the last write found the socket full.
    blocked: AtomicBool,
    /// HTTP/1: responses of a pipelined batch are held, waiting for a
    /// flush (`crate::server::conn_io`): the poll must not end without one.
    holding: AtomicBool,
    /// HTTP/2: the ticks of the connection's timer so far.
    epoch: AtomicU32,
    /// HTTP/2: the clock found the connection idle for the idle timeout.
    idle: AtomicBool,
    /// HTTP/2: who waits for the clock.
    sleepers: Mutex<Sleepers>,
}

/// HTTP/2: the tasks that the clock wakes (`crate::server::h2_clock`).
#[derive(Default)]
struct Sleepers {
    /// The tasks of streams that wait (for a body, or for the client to
    /// take an answer), woken at the next tick.
    streams: Vec<Waker>,
    /// The connection's task, woken when it is found idle, and when the
    /// adapter drains or closes.
    task: Option<Waker>,
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
    /// (Its start needs no move: a firing while it is open sees it open,
    /// and its end moves.)
    #[inline]
    pub(crate) fn start(self: &Arc<Self>) -> Open {
        self.open.fetch_add(1, Relaxed);
        Open(self.clone())
    }

    /// At a firing: whether no request is open, no answer waits for the
    /// socket, and nothing moved since `seen`, the count at the firing
    /// before; `seen` becomes the count now. (An answer whose writes are
    /// blocked is the send timeout's: a client that pauses its reading is
    /// not waiting for its next head.)
    pub(crate) fn settled(&self, seen: &mut u32) -> bool {
        // Bytes written count as moves (both counts only grow).
        let moves = (self.moves.load(Relaxed)).wrapping_add(self.written.load(Relaxed));
        let settled = moves == *seen && self.open.load(Relaxed) == 0 && !self.blocked.load(Relaxed);
        *seen = moves;
        settled
    }

    /// Something happened on the connection (response bytes written).
    #[inline]
    pub(crate) fn moved(&self) {
        self.moves.fetch_add(1, Relaxed);
    }

    /// Whether response bytes are held for a flush (see [`Idle`]).
    #[inline]
    pub(crate) fn hold(&self, held: bool) {
        self.holding.store(held, Relaxed);
    }

    /// A write to the socket: `Some(n)` bytes left, `None` it was full.
    #[inline]
    pub(crate) fn wrote(&self, sent: Option<usize>) {
        match sent {
            Some(0) => {}
            Some(_) => {
                self.written.fetch_add(1, Relaxed);
                self.blocked.store(false, Relaxed);
            }
            None => self.blocked.store(true, Relaxed),
        }
    }

    /// At a firing: whether writes are blocked and nothing left since
    /// `seen`, the count at the firing before; `seen` becomes the count now.
    fn send_stalled(&self, seen: &mut u32) -> bool {
        let written = self.written.load(Relaxed);
        let stalled = written == *seen && self.blocked.load(Relaxed);
        *seen = written;
        stalled
    }

    /// HTTP/2: the ticks of the connection's timer so far.
    pub(crate) fn epoch(&self) -> u32 {
        self.epoch.load(Relaxed)
    }

    /// HTTP/2: wakes `waker` at the next tick.
    pub(crate) fn wake_at_tick(&self, waker: &Waker) {
        self.sleepers().streams.push(waker.clone());
    }

    /// HTTP/2: one tick: the epoch moves and the streams that wait wake.
    pub(crate) fn tick(&self) {
        self.epoch.fetch_add(1, Relaxed);
        let streams = std::mem::take(&mut self.sleepers().streams);
        streams.into_iter().for_each(Waker::wake);
    }

    /// HTTP/2: the connection's task is polled with `waker`: the clock
    /// wakes it (see [`Activity::wake_task`]). Registered before the task
    /// reads what the clock says, so no word of the clock is missed.
    pub(crate) fn register_task(&self, waker: &Waker) {
        let mut sleepers = self.sleepers();
        if !sleepers.task.as_ref().is_some_and(|w| w.will_wake(waker)) {
            sleepers.task = Some(waker.clone());
        }
    }

    /// HTTP/2: wakes the connection's task, to read what the clock says.
    pub(crate) fn wake_task(&self) {
        if let Some(task) = &self.sleepers().task {
            task.wake_by_ref();
        }
    }

    /// HTTP/2: the clock found the connection idle (see `crate::server::h2_clock`).
    pub(crate) fn found_idle(&self) {
        self.idle.store(true, Relaxed);
    }

    /// HTTP/2: whether the clock found the connection idle.
    pub(crate) fn is_idle(&self) -> bool {
        self.idle.load(Relaxed)
    }

    /// Whether a request is open: its head came, its answer is not all sent.
    pub(crate) fn is_open(&self) -> bool {
        self.open.load(Relaxed) > 0
    }

    /// Whether a request has come on the connection.
    pub(crate) fn started(&self) -> bool {
        self.is_open() || self.moves.load(Relaxed) > 0
    }

    fn sleepers(&self) -> std::sync::MutexGuard<'_, Sleepers> {
        self.sleepers.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Consecutive firings at which a condition held.
#[derive(Default, Clone, Copy)]
pub(crate) struct Streak(u32);

impl Streak {
    /// Counts a firing; whether the condition has held `limit` in a row.
    pub(crate) fn count(&mut self, held: bool, limit: u32) -> bool {
        self.0 = if held { self.0.saturating_add(1) } else { 0 };
        self.0 >= limit
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
    /// waited about the header-read timeout for a request head, or its
    /// writes have been blocked for the send timeout; its request answered
    /// `408` when its body stalled (see the module's documentation).
    pub(crate) struct Idle<F> {
        #[pin]
        conn: F,
        #[pin]
        timer: tokio::time::Sleep,
        activity: Arc<Activity>,
        limits: Limits,
        // Firings so far.
        now: u32,
        // `moves` and `written` at the last firing.
        seen: u32,
        seen_written: u32,
        // Firings in a row with nothing open and nothing moving, and with
        // writes blocked and nothing leaving.
        quiet: Streak,
        stalled: Streak,
        // Since when the request's body is awaited without a byte.
        body: Wait,
        // The waker the timer holds: that of its last poll that reached it.
        waker: Option<Waker>,
    }
}

impl<F: Future> Idle<F> {
    /// `conn`, whose requests and writes `activity` counts, watched with
    /// these `limits`. Within a tokio runtime.
    pub(crate) fn new(conn: F, activity: Arc<Activity>, limits: Limits) -> Self {
        Idle {
            conn,
            timer: tokio::time::sleep(limits.tick),
            activity,
            limits,
            now: 0,
            seen: 0,
            seen_written: 0,
            quiet: Streak::default(),
            stalled: Streak::default(),
            body: Wait::default(),
            waker: None,
        }
    }
}

impl<F: Future> Future for Idle<F> {
    type Output = Option<F::Output>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let mut this = self.project();
        let (limits, now) = (*this.limits, &mut *this.now);
        if let Poll::Ready(out) = poll_watched(this.conn.as_mut(), cx, this.body, *now, limits) {
            return Poll::Ready(Some(out));
        }
        // Held responses wait for a flush: the next poll brings one.
        if this.activity.holding.load(Relaxed) {
            cx.waker().wake_by_ref();
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
            *now = now.wrapping_add(1);
            let settled = this.activity.settled(this.seen);
            let stalled = this.activity.send_stalled(this.seen_written);
            if this.quiet.count(settled, limits.header) || this.stalled.count(stalled, limits.send)
            {
                return Poll::Ready(None);
            }
            // The body wait expired: the request answers `408` now.
            if this.body.expired(*now, limits.body) {
                if let Poll::Ready(out) =
                    poll_watched(this.conn.as_mut(), cx, this.body, *now, limits)
                {
                    return Poll::Ready(Some(out));
                }
            }
            let next = tokio::time::Instant::now() + limits.tick;
            this.timer.as_mut().reset(next);
        }
    }
}

/// Polls `conn` collecting what its request did ([`crate::server::stall`]), and
/// keeps the body wait up to date; an expired wait is told to the request.
fn poll_watched<F: Future>(
    conn: Pin<&mut F>,
    cx: &mut Context<'_>,
    body: &mut Wait,
    now: u32,
    limits: Limits,
) -> Poll<F::Output> {
    let expired = body.expired(now, limits.body);
    let (poll, report) = crate::server::stall::watching(expired, || conn.poll(cx));
    if poll.is_pending() {
        *body = report.body_wait(*body, now);
    }
    poll
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use std::time::Duration;
    use tokio::time::advance;

    const T: Duration = Duration::from_millis(100);

    /// A header-read (or idle) timeout of `T`, the others far off.
    fn limits() -> Limits {
        Limits::new(Some(T), 1000 * T, 1000 * T)
    }

    /// Polls `idle` once with `waker`.
    fn poll<F: Future>(idle: Pin<&mut Idle<F>>, waker: &Waker) -> Poll<Option<F::Output>> {
        idle.poll(&mut Context::from_waker(waker))
    }

    fn pending_conn() -> Idle<std::future::Pending<()>> {
        Idle::new(std::future::pending(), Arc::default(), limits())
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

    /// An answer handed to hyper whose writes the client stopped taking
    /// (it paused its reading) is the send timeout's, not the header-read
    /// timeout's: it is closed after the send timeout, not the header one.
    #[tokio::test(start_paused = true)]
    async fn a11_a_blocked_answer_is_left_to_the_send_timeout() {
        let limits = Limits::new(Some(T), 1000 * T, 10 * T);
        let mut idle = std::pin::pin!(Idle::new(
            std::future::pending::<()>(),
            Arc::default(),
            limits
        ));
        let activity = idle.activity.clone();
        let waker = Waker::noop();
        drop(activity.start());
        activity.wrote(Some(1 << 20));
        activity.wrote(None);
        assert!(poll(idle.as_mut(), waker).is_pending());
        let mut waited = Duration::ZERO;
        while poll(idle.as_mut(), waker).is_pending() {
            advance(T / 2).await;
            waited += T / 2;
            assert!(waited <= 12 * T, "still open after {waited:?}");
        }
        assert!(
            waited >= 10 * T,
            "closed after {waited:?}, before the send timeout"
        );
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
        let idle = Idle::new(async { 7 }, Arc::default(), limits());
        assert_eq!(idle.await, Some(7));
    }
}
