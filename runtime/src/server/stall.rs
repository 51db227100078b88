//! The body-read and send timeouts (items 2 and 3), counted like
//! the header-read timeout of [`crate::server::idle`]: one timer per connection,
//! nothing timed per request.
//!
//! The connection's timer fires every [`Limits::tick`]. Whoever polls a
//! request (HTTP/1: the connection's task, [`crate::server::idle::Idle`]; HTTP/2:
//! each stream's task, [`crate::server::h2_streams`]) polls it through
//! [`watching`], which collects what happened in that poll from a
//! thread-local [`Report`]: the request body was awaited ([`body_polled`]
//! saw it pending) or brought bytes, an answer was handed over
//! ([`responded`]), a response chunk left ([`chunk_sent`]) or the app has
//! nothing to send yet ([`paced`]). The poller keeps the tick at which the
//! wait began; a wait longer than its limit (in ticks) expires. An expired
//! body wait is answered `408` by the request itself ([`body_expired`],
//! read in `crate::server::adapter`), a stalled send ends the stream or the
//! connection. Nothing is reported by a body polled outside the request's
//! task (a handler that spawns its reading): such a body never expires.

use std::cell::Cell;
use std::time::Duration;

/// The timeouts of a connection, in ticks of its one timer.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    /// How often the connection's timer fires.
    pub(crate) tick: Duration,
    /// Ticks of silence before a connection waiting for a head is closed.
    pub(crate) header: u32,
    /// Ticks without a body byte before an awaited body expires.
    pub(crate) body: u32,
    /// Ticks without write progress before a send stalls.
    pub(crate) send: u32,
}

impl Limits {
    /// The limits for these timeouts (`first`: the header-read timeout of
    /// HTTP/1, the idle timeout of HTTP/2), one tick the shortest of them.
    pub(crate) fn new(first: Option<Duration>, body: Duration, send: Duration) -> Self {
        let floor = Duration::from_millis(1);
        let tick = first
            .map_or(body.min(send), |f| f.min(body).min(send))
            .max(floor);
        let ticks = |d: Duration| (d.as_nanos().div_ceil(tick.as_nanos())).clamp(1, 1 << 20) as u32;
        Limits {
            tick,
            header: first.map_or(u32::MAX, ticks),
            body: ticks(body),
            send: ticks(send),
        }
    }
}

/// The timeouts an HTTP/2 stream counts, in ticks (see [`Limits`]): four
/// words fewer than [`Limits`] in every connection and stream.
#[derive(Debug, Clone, Copy)]
pub(crate) struct StreamLimits {
    /// Ticks without a body byte before an awaited body expires.
    pub(crate) body: u32,
    /// Ticks without write progress before a send stalls.
    pub(crate) send: u32,
}

impl From<Limits> for StreamLimits {
    fn from(limits: Limits) -> Self {
        StreamLimits {
            body: limits.body,
            send: limits.send,
        }
    }
}

/// A wait that began at a tick (`None`: nothing is awaited).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Wait(Option<u32>);

impl Wait {
    /// Whether the wait began more than `limit` ticks before tick `now`,
    /// so it lasted at least `limit` whole ticks.
    pub(crate) fn expired(self, now: u32, limit: u32) -> bool {
        self.0.is_some_and(|since| now.wrapping_sub(since) > limit)
    }

    /// Whether something is awaited.
    pub(crate) fn is_waiting(self) -> bool {
        self.0.is_some()
    }
}

/// What one poll of a request did, as [`watching`] collects it.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Report {
    /// The request body brought bytes (or ended) in this poll.
    body_moved: bool,
    /// The last poll of the request body was pending.
    body_waiting: bool,
    /// The last word on sending: `Some(true)` an answer or a chunk was
    /// handed over and waits for the client, `Some(false)` the app has
    /// nothing to send yet.
    sending: Option<bool>,
    /// Set by the poller: the body wait expired, answer `408`.
    expired: bool,
}

impl Report {
    /// The body wait after this poll, given the one before, at tick `now`.
    pub(crate) fn body_wait(self, before: Wait, now: u32) -> Wait {
        match (self.body_waiting, self.body_moved) {
            (false, _) => Wait(None),
            (true, true) => Wait(Some(now)),
            (true, false) => Wait(before.0.or(Some(now))),
        }
    }

    /// The send wait after this poll, given the one before, at tick `now`.
    /// A poll that neither handed data over nor found the app idle (a
    /// stream's task waiting for the client's flow-control window) keeps
    /// the wait it had.
    pub(crate) fn send_wait(self, before: Wait, now: u32) -> Wait {
        match self.sending {
            None => before,
            Some(true) => Wait(Some(now)),
            Some(false) => Wait(None),
        }
    }
}

thread_local! {
    static REPORT: Cell<Option<Report>> = const { Cell::new(None) };
}

/// Restores the report of an enclosing poll, also when the poll unwinds.
struct Restore(Option<Report>);

impl Drop for Restore {
    fn drop(&mut self) {
        REPORT.set(self.0);
    }
}

/// Runs `poll` (one poll of a request), collecting its [`Report`];
/// `expired`: the request's body wait has expired.
#[inline]
pub(crate) fn watching<R>(expired: bool, poll: impl FnOnce() -> R) -> (R, Report) {
    let fresh = Report {
        expired,
        ..Report::default()
    };
    let restore = Restore(REPORT.replace(Some(fresh)));
    let out = poll();
    let report = REPORT.get().unwrap_or_default();
    drop(restore);
    (out, report)
}

/// Updates the report of the poll under way, if any.
#[inline]
fn report(update: impl FnOnce(&mut Report)) {
    REPORT.with(|cell| {
        if let Some(mut r) = cell.get() {
            update(&mut r);
            cell.set(Some(r));
        }
    });
}

/// The request body was polled: `pending`, or it gave a frame or its end.
#[inline]
pub(crate) fn body_polled(pending: bool) {
    report(|r| {
        r.body_waiting = pending;
        r.body_moved |= !pending;
    });
}

/// Whether the request polled now has waited too long for its body.
#[inline]
pub(crate) fn body_expired() -> bool {
    REPORT.get().is_some_and(|r| r.expired)
}

/// An answer was handed over: it waits for the client now.
#[inline]
pub(crate) fn responded() {
    report(|r| r.sending = Some(true));
}

/// A response chunk was handed over (the one before it left).
#[inline]
pub(crate) fn chunk_sent() {
    report(|r| r.sending = Some(true));
}

/// The app has nothing to send yet (a quiet SSE stream).
#[inline]
pub(crate) fn paced() {
    report(|r| r.sending = Some(false));
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Duration = Duration::from_secs(1);

    #[test]
    fn one_tick_is_the_shortest_timeout_and_the_others_are_counted_in_it() {
        let l = Limits::new(Some(10 * S), 60 * S, 60 * S);
        assert_eq!((l.tick, l.header, l.body, l.send), (10 * S, 1, 6, 6));
        let l = Limits::new(Some(10 * S), S, 3 * S / 2);
        assert_eq!((l.tick, l.header, l.body, l.send), (S, 10, 1, 2));
        let l = Limits::new(None, 2 * S, 5 * S);
        assert_eq!((l.tick, l.header, l.body, l.send), (2 * S, u32::MAX, 1, 3));
    }

    #[test]
    fn a_wait_expires_after_its_limit_in_whole_ticks() {
        let wait = Wait(Some(4));
        assert!(!wait.expired(5, 1), "one tick may be partly over");
        assert!(wait.expired(6, 1));
        assert!(!Wait(None).expired(100, 1));
    }

    #[test]
    fn the_body_wait_begins_at_the_first_pending_poll_and_restarts_on_bytes() {
        let waiting = |moved| Report {
            body_waiting: true,
            body_moved: moved,
            ..Report::default()
        };
        let w = waiting(false).body_wait(Wait(None), 3);
        assert_eq!(w.0, Some(3));
        assert_eq!(waiting(false).body_wait(w, 7).0, Some(3));
        assert_eq!(waiting(true).body_wait(w, 7).0, Some(7));
        assert_eq!(Report::default().body_wait(w, 7).0, None, "not awaited");
    }

    #[test]
    fn reports_reach_the_poll_under_way_only() {
        body_polled(true);
        let ((), r) = watching(false, || {
            assert!(!body_expired());
            let ((), inner) = watching(true, || {
                assert!(body_expired());
                chunk_sent();
            });
            assert_eq!(inner.sending, Some(true));
            body_polled(true);
            paced();
        });
        assert!(r.body_waiting && !r.body_moved);
        assert_eq!(r.send_wait(Wait(Some(1)), 2).0, None);
        assert!(REPORT.get().is_none());
    }
}
