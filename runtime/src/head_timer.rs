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

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

/// The one tokio timer of a connection, made when first polled.
type Shared = Arc<Mutex<Option<Pin<Box<tokio::time::Sleep>>>>>;

/// A connection's header-read timer, as hyper's [`hyper::rt::Timer`].
#[derive(Clone, Default)]
pub(crate) struct HeadTimer(Shared);

impl hyper::rt::Timer for HeadTimer {
    fn sleep(&self, duration: Duration) -> Pin<Box<dyn hyper::rt::Sleep>> {
        self.sleep_until(Instant::now() + duration)
    }

    fn sleep_until(&self, deadline: Instant) -> Pin<Box<dyn hyper::rt::Sleep>> {
        Box::pin(HeadSleep {
            timer: self.0.clone(),
            deadline,
        })
    }

    fn reset(&self, sleep: &mut Pin<Box<dyn hyper::rt::Sleep>>, new_deadline: Instant) {
        match sleep.as_mut().downcast_mut_pin::<HeadSleep>() {
            Some(mut sleep) => sleep.deadline = new_deadline,
            None => *sleep = self.sleep_until(new_deadline),
        }
    }
}

/// One deadline, kept by the connection's timer.
struct HeadSleep {
    timer: Shared,
    deadline: Instant,
}

impl hyper::rt::Sleep for HeadSleep {}

impl Future for HeadSleep {
    type Output = ();

    /// The timer is moved only when it fires before this deadline (or
    /// would fire after it): deadlines grow with every request, so most
    /// polls find it registered and early enough, and leave it.
    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let deadline = tokio::time::Instant::from_std(self.deadline);
        let mut timer = self.timer.lock().unwrap_or_else(PoisonError::into_inner);
        let sleep = timer.get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use hyper::rt::Timer;

    #[tokio::test(start_paused = true)]
    async fn a11_deadlines_fire_once_due_also_after_moving_later() {
        let timer = HeadTimer::default();
        // The runtime's clock, paused: std's would run on meanwhile.
        let now = || tokio::time::Instant::now().into_std();
        let start = now();
        let mut first = timer.sleep_until(start + Duration::from_millis(100));
        let waker = std::task::Waker::noop();
        let mut cx = Context::from_waker(waker);
        assert!(first.as_mut().poll(&mut cx).is_pending());
        drop(first);
        // The next head's deadline, later: the same tokio timer moves.
        let mut second = timer.sleep_until(start + Duration::from_millis(300));
        assert!(second.as_mut().poll(&mut cx).is_pending());
        tokio::time::advance(Duration::from_millis(150)).await;
        assert!(second.as_mut().poll(&mut cx).is_pending(), "not due yet");
        tokio::time::advance(Duration::from_millis(200)).await;
        assert!(second.as_mut().poll(&mut cx).is_ready());
        // And earlier again (a reset by hyper).
        timer.reset(&mut second, now() + Duration::from_millis(50));
        assert!(second.as_mut().poll(&mut cx).is_pending());
        tokio::time::advance(Duration::from_millis(60)).await;
        assert!(second.as_mut().poll(&mut cx).is_ready());
    }
}
