//! hyper's header-read timer, one per connection (issue 18).
//!
//! hyper starts a timer for every request head it reads and drops it once
//! the head is in: with hyper-util's `TokioTimer` that is a new tokio timer
//! per request, entered into the runtime's timer wheel when the read waits
//! and taken out again, about a quarter of a small request's user-space
//! cost. [`HeadTimer`] gives hyper the same deadlines, kept by one tokio
//! timer per connection, registered once and moved on only when it fires
//! before the deadline it now stands for.
//! When a deadline passes with the head still unread, hyper closes the
//! connection, as before.
//!
//! hyper asks for each deadline as a `Pin<Box<dyn Sleep>>`. The box would
//! be a heap allocation per request (SPEC A10), so the [`HeadSleep`] it
//! gets holds nothing: the deadline is kept by the connection's timer, and
//! the sleep finds that timer through [`Scoped`], the future that runs the
//! connection and makes its timer the thread's current one while it polls.
//! hyper creates, polls and drops the sleep only inside its connection's
//! poll, and has at most one at a time.

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

/// A connection's one tokio timer (made when first polled) and the
/// deadline hyper last asked for.
struct State {
    sleep: Option<Pin<Box<tokio::time::Sleep>>>,
    deadline: Instant,
}

type Shared = Arc<Mutex<State>>;

thread_local! {
    /// The timer of the connection being polled on this thread (see [`Scoped`]).
    static CURRENT: Cell<Option<Shared>> = const { Cell::new(None) };
}

/// A connection's header-read timer, as hyper's [`hyper::rt::Timer`].
#[derive(Clone)]
pub(crate) struct HeadTimer(Shared);

impl Default for HeadTimer {
    fn default() -> Self {
        HeadTimer(Arc::new(Mutex::new(State {
            sleep: None,
            deadline: Instant::now(),
        })))
    }
}

impl HeadTimer {
    /// `conn`, the connection hyper serves with this timer, polled with the
    /// timer as the thread's current one.
    pub(crate) fn scope<F: Future>(&self, conn: F) -> Scoped<F> {
        Scoped {
            conn,
            timer: Some(self.0.clone()),
        }
    }

    fn set_deadline(&self, deadline: Instant) {
        lock(&self.0).deadline = deadline;
    }
}

fn lock(shared: &Shared) -> std::sync::MutexGuard<'_, State> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

impl hyper::rt::Timer for HeadTimer {
    fn sleep(&self, duration: Duration) -> Pin<Box<dyn hyper::rt::Sleep>> {
        self.sleep_until(Instant::now() + duration)
    }

    fn sleep_until(&self, deadline: Instant) -> Pin<Box<dyn hyper::rt::Sleep>> {
        self.set_deadline(deadline);
        // A box of a zero-sized value allocates nothing.
        Box::pin(HeadSleep)
    }

    fn reset(&self, sleep: &mut Pin<Box<dyn hyper::rt::Sleep>>, new_deadline: Instant) {
        match sleep.as_mut().downcast_mut_pin::<HeadSleep>() {
            Some(_) => self.set_deadline(new_deadline),
            None => *sleep = self.sleep_until(new_deadline),
        }
    }
}

/// The deadline hyper last asked for, kept by the current connection's timer.
struct HeadSleep;

impl hyper::rt::Sleep for HeadSleep {}

impl Future for HeadSleep {
    type Output = ();

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        CURRENT.with(|current| {
            let Some(shared) = current.take() else {
                debug_assert!(false, "a HeadSleep polled outside its connection");
                return Poll::Pending;
            };
            let poll = poll_deadline(&mut lock(&shared), cx);
            current.set(Some(shared));
            poll
        })
    }
}

/// Whether `state`'s deadline has passed, the timer moved only when it
/// fires before the deadline (or would fire after it): deadlines grow with
/// every request, so most polls find it registered and early enough, and
/// leave it.
fn poll_deadline(state: &mut State, cx: &mut Context<'_>) -> Poll<()> {
    let deadline = tokio::time::Instant::from_std(state.deadline);
    let sleep = state
        .sleep
        .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
    if sleep.deadline() > deadline {
        sleep.as_mut().reset(deadline);
    }
    loop {
        std::task::ready!(sleep.as_mut().poll(cx));
        if sleep.deadline() >= deadline {
            return Poll::Ready(());
        }
        // Fired for an earlier request's deadline: on to this one.
        sleep.as_mut().reset(deadline);
    }
}

pin_project_lite::pin_project! {
    /// A connection, polled with its [`HeadTimer`] as the thread's current
    /// one (moved in and out of the thread-local: no reference count per poll).
    pub(crate) struct Scoped<F> {
        #[pin]
        conn: F,
        timer: Option<Shared>,
    }
}

impl<F: Future> Future for Scoped<F> {
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        let this = self.project();
        let outer = CURRENT.with(|current| current.replace(this.timer.take()));
        let _restore = Restore {
            timer: this.timer,
            outer,
        };
        this.conn.poll(cx)
    }
}

/// Gives the connection its timer back, and the thread the timer it had
/// before (none, unless connections are polled inside one another), also
/// when the poll panics.
struct Restore<'a> {
    timer: &'a mut Option<Shared>,
    outer: Option<Shared>,
}

impl Drop for Restore<'_> {
    fn drop(&mut self) {
        let outer = self.outer.take();
        *self.timer = CURRENT.with(|current| current.replace(outer));
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use hyper::rt::Timer;

    /// Polls `sleep` once, as hyper does: inside its connection's [`Scoped`].
    fn poll(timer: &HeadTimer, sleep: &mut Pin<Box<dyn hyper::rt::Sleep>>) -> Poll<()> {
        let mut cx = Context::from_waker(std::task::Waker::noop());
        let conn = std::future::poll_fn(|cx| sleep.as_mut().poll(cx));
        std::pin::pin!(timer.scope(conn)).poll(&mut cx)
    }

    #[tokio::test(start_paused = true)]
    async fn a11_deadlines_fire_once_due_also_after_moving_later() {
        let timer = HeadTimer::default();
        // The runtime's clock, paused: std's would run on meanwhile.
        let now = || tokio::time::Instant::now().into_std();
        let start = now();
        let mut first = timer.sleep_until(start + Duration::from_millis(100));
        assert!(poll(&timer, &mut first).is_pending());
        drop(first);
        // The next head's deadline, later: the same tokio timer moves.
        let mut second = timer.sleep_until(start + Duration::from_millis(300));
        assert!(poll(&timer, &mut second).is_pending());
        tokio::time::advance(Duration::from_millis(150)).await;
        assert!(poll(&timer, &mut second).is_pending(), "not due yet");
        tokio::time::advance(Duration::from_millis(200)).await;
        assert!(poll(&timer, &mut second).is_ready());
        // And earlier again (a reset by hyper).
        timer.reset(&mut second, now() + Duration::from_millis(50));
        assert!(poll(&timer, &mut second).is_pending());
        tokio::time::advance(Duration::from_millis(60)).await;
        assert!(poll(&timer, &mut second).is_ready());
    }

    /// SPEC A10: hyper's box for each head's deadline allocates nothing
    /// while the sleep holds nothing (the connection's count is asserted in
    /// `tests/a10_allocations.rs`).
    #[test]
    fn a10_a_deadline_is_zero_sized() {
        assert_eq!(std::mem::size_of::<HeadSleep>(), 0);
    }
}
