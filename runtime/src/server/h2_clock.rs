//! One timer for all of an adapter's HTTP/2 connections: their idle
//! timeout, the ticks their streams' body-read and send timeouts count,
//! and the word that the adapter drains or closes.
//!
//! Each connection counts its [`Activity`] (streams open, streams ended)
//! and enters the [`Clock`] for its life. The clock's task ([`Clock::run`])
//! fires every [`Limits::tick`]; at each firing, for each connection, it
//! moves the epoch (the streams that wait wake and count it,
//! `crate::server::h2_streams`) and counts the firings in a row at which
//! no stream was open and none started or ended. After `limits.header`
//! of them the connection is idle: its task is woken and sends `GOAWAY`
//! (`crate::server::h2_connection`; hyper has no HTTP/2 idle timeout of its
//! own, and keep-alive `PING`s are not activity). The first firing after a
//! connection entered does not count, so it is idle after between one and
//! two idle timeouts without a stream, never sooner.
//!
//! One timer rather than one per connection: an idle connection's task
//! then holds no timer and no watch of its own, 0.75 KiB less a
//! connection (BENCHMARKS.md, "Many idle connections"); a firing costs a
//! few atomic operations a connection.
//!
//! The clock also cuts the connections still open at the shutdown
//! deadline ([`Clock::cut`]): their tasks are spawned on their own, not in
//! the adapter's set of tasks (whose entry would cost another 64 bytes a
//! connection), so the set's drop does not abort them.

use crate::server::idle::{Activity, Streak};
use crate::server::stall::Limits;
use slab::Slab;
use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::watch;

/// The HTTP/2 connections of an adapter and their one timer; see the module.
pub(crate) struct Clock {
    limits: Limits,
    entries: Mutex<Slab<Entry>>,
    /// The app drains: connections go away.
    draining: AtomicBool,
    /// The listener closed: connections accepted while draining go away too.
    closing: AtomicBool,
    /// The shutdown deadline passed: what still runs is cut.
    cut: AtomicBool,
}

/// A connection on the clock.
struct Entry {
    activity: Arc<Activity>,
    /// Its counts at the firing before.
    seen: u32,
    /// Firings in a row with no stream open and none started or ended.
    quiet: Streak,
    /// No firing has passed since it entered.
    fresh: bool,
}

/// A connection's place on its [`Clock`], left when dropped.
pub(crate) struct Slot {
    clock: Arc<Clock>,
    key: usize,
}

impl Slot {
    /// The clock the connection is on.
    pub(crate) fn clock(&self) -> &Clock {
        &self.clock
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.clock.entries().try_remove(self.key);
    }
}

/// Cuts its clock's connections when dropped ([`Clock::cut_on_drop`]).
pub(crate) struct CutOnDrop(Arc<Clock>);

impl Drop for CutOnDrop {
    fn drop(&mut self) {
        self.0.cut();
    }
}

impl Clock {
    /// A clock firing every `limits.tick`, idle after `limits.header` firings.
    pub(crate) fn new(limits: Limits) -> Arc<Self> {
        Arc::new(Clock {
            limits,
            entries: Mutex::new(Slab::new()),
            draining: AtomicBool::new(false),
            closing: AtomicBool::new(false),
            cut: AtomicBool::new(false),
        })
    }

    /// The timeouts the clock counts.
    pub(crate) fn limits(&self) -> Limits {
        self.limits
    }

    /// Puts a connection, whose streams `activity` counts, on the clock.
    pub(crate) fn enter(self: &Arc<Self>, activity: Arc<Activity>) -> Slot {
        let key = self.entries().insert(Entry {
            activity,
            seen: 0,
            quiet: Streak::default(),
            fresh: true,
        });
        Slot {
            clock: self.clone(),
            key,
        }
    }

    /// Whether the app drains.
    pub(crate) fn draining(&self) -> bool {
        self.draining.load(SeqCst)
    }

    /// Whether the listener closed.
    pub(crate) fn closing(&self) -> bool {
        self.closing.load(SeqCst)
    }

    /// Whether the shutdown deadline passed.
    pub(crate) fn is_cut(&self) -> bool {
        self.cut.load(SeqCst)
    }

    /// The shutdown deadline passed: every connection's task ends at its
    /// next poll (it is woken now), dropping the connection.
    pub(crate) fn cut(&self) {
        self.tell(&self.cut);
    }

    /// A guard that cuts the clock's connections when dropped: the
    /// adapter holds it while it serves, so they end with it however it
    /// ends (returning past the shutdown deadline, or its future dropped).
    pub(crate) fn cut_on_drop(self: &Arc<Self>) -> CutOnDrop {
        CutOnDrop(self.clone())
    }

    /// Fires every tick, and tells the connections when `draining` turns
    /// `true` and when `closing` changes (a dropped sender counts as both),
    /// until dropped.
    pub(crate) async fn run(
        self: Arc<Self>,
        mut draining: watch::Receiver<bool>,
        mut closing: watch::Receiver<()>,
    ) {
        let start = tokio::time::Instant::now() + self.limits.tick;
        let mut ticks = tokio::time::interval_at(start, self.limits.tick);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = ticks.tick() => self.fire(),
                _ = draining.wait_for(|draining| *draining), if !self.draining() => {
                    self.tell(&self.draining);
                }
                _ = closing.changed(), if !self.closing() => self.tell(&self.closing),
            }
        }
    }

    /// One firing; see the module.
    fn fire(&self) {
        let header = self.limits.header;
        for (_, entry) in self.entries().iter_mut() {
            let activity = &entry.activity;
            activity.tick();
            if activity.is_idle() {
                // Going away: its task counts the ticks since.
                activity.wake_task();
                continue;
            }
            let fresh = std::mem::replace(&mut entry.fresh, false);
            let settled = activity.settled(&mut entry.seen) && !fresh;
            if entry.quiet.count(settled, header) {
                activity.found_idle();
                activity.wake_task();
            }
        }
    }

    /// Raises `flag` and wakes every connection's task to read it.
    fn tell(&self, flag: &AtomicBool) {
        flag.store(true, SeqCst);
        for (_, entry) in self.entries().iter() {
            entry.activity.wake_task();
        }
    }

    fn entries(&self) -> MutexGuard<'_, Slab<Entry>> {
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use tokio::time::advance;

    const T: Duration = Duration::from_millis(100);

    /// The clock of an idle timeout of `T`, running from now, and its senders.
    async fn running() -> (Arc<Clock>, watch::Sender<bool>, watch::Sender<()>) {
        let clock = Clock::new(Limits::new(Some(T), 1000 * T, 1000 * T));
        let (draining, draining_rx) = watch::channel(false);
        let (closing, closing_rx) = watch::channel(());
        tokio::spawn(clock.clone().run(draining_rx, closing_rx));
        tokio::task::yield_now().await;
        (clock, draining, closing)
    }

    /// Advances the paused time by `by` and lets the clock's task run.
    async fn pass(by: Duration) {
        advance(by).await;
        tokio::task::yield_now().await;
    }

    /// How long until the clock finds `activity` idle (at most `3 * T`).
    async fn until_idle(activity: &Activity) -> Duration {
        let mut waited = Duration::ZERO;
        while !activity.is_idle() && waited <= 3 * T {
            pass(Duration::from_millis(5)).await;
            waited += Duration::from_millis(5);
        }
        waited
    }

    #[tokio::test(start_paused = true)]
    async fn f3_an_http2_connection_is_idle_after_one_to_two_timeouts_without_a_stream() {
        let (clock, _draining, _closing) = running().await;
        // Entered just before a firing: that firing does not count.
        pass(T - Duration::from_millis(1)).await;
        let activity = Arc::new(Activity::default());
        let _slot = clock.enter(activity.clone());
        pass(Duration::from_millis(1)).await;
        assert!(!activity.is_idle(), "idle within a millisecond of entering");
        // Streams keep it busy, however long it lives.
        for _ in 0..10 {
            pass(T / 2).await;
            drop(activity.start());
            assert!(!activity.is_idle());
        }
        // An open stream (a long SSE answer) too.
        let open = activity.start();
        pass(5 * T).await;
        assert!(!activity.is_idle(), "idle with a stream open");
        drop(open);
        // Then silence: idle after at least one timeout, at most two.
        let waited = until_idle(&activity).await;
        assert!(waited >= T && waited <= 2 * T, "idle after {waited:?}");
    }

    /// A connection whose first stream ended before the first firing is
    /// idle one to two timeouts after it, not later: the firing that does
    /// not count is the first one whatever it sees.
    #[tokio::test(start_paused = true)]
    async fn f3_a_stream_before_the_first_firing_is_counted_from_its_end() {
        let (clock, _draining, _closing) = running().await;
        pass(T / 2).await;
        let activity = Arc::new(Activity::default());
        let _slot = clock.enter(activity.clone());
        drop(activity.start());
        let waited = until_idle(&activity).await;
        assert!(waited >= T && waited <= 2 * T, "idle after {waited:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn f3_each_firing_moves_the_epoch_and_wakes_the_waiting_streams() {
        let (clock, _draining, _closing) = running().await;
        let activity = Arc::new(Activity::default());
        let _slot = clock.enter(activity.clone());
        let (woken, waker) = counting_waker();
        activity.wake_at_tick(&waker);
        pass(T).await;
        assert_eq!(activity.epoch(), 1);
        assert_eq!(woken.load(SeqCst), 1, "the waiting stream woke");
        pass(T).await;
        assert_eq!(activity.epoch(), 2);
        assert_eq!(woken.load(SeqCst), 1, "woken once per wait");
    }

    #[tokio::test(start_paused = true)]
    async fn f3_draining_and_closing_wake_every_connection() {
        let (clock, draining, closing) = running().await;
        let activities: Vec<_> = (0..3).map(|_| Arc::new(Activity::default())).collect();
        let _slots: Vec<_> = activities.iter().map(|a| clock.enter(a.clone())).collect();
        let (woken, waker) = counting_waker();
        activities.iter().for_each(|a| a.register_task(&waker));
        draining.send(true).unwrap();
        tokio::task::yield_now().await;
        assert!(clock.draining() && !clock.closing());
        assert_eq!(woken.load(SeqCst), 3);
        drop(closing);
        tokio::task::yield_now().await;
        assert!(clock.closing());
        assert_eq!(woken.load(SeqCst), 6);
    }

    #[tokio::test(start_paused = true)]
    async fn a_connection_leaves_the_clock_with_its_slot() {
        let (clock, _draining, _closing) = running().await;
        let activity = Arc::new(Activity::default());
        let slot = clock.enter(activity.clone());
        assert_eq!(Arc::strong_count(&activity), 2);
        drop(slot);
        assert_eq!(Arc::strong_count(&activity), 1, "the clock let it go");
        assert!(clock.entries().is_empty());
    }

    #[tokio::test(start_paused = true)]
    async fn a11_dropping_the_guard_cuts_every_connection() {
        let (clock, _draining, _closing) = running().await;
        let activity = Arc::new(Activity::default());
        let _slot = clock.enter(activity.clone());
        let (woken, waker) = counting_waker();
        activity.register_task(&waker);
        let guard = clock.cut_on_drop();
        assert!(!clock.is_cut());
        drop(guard);
        assert!(clock.is_cut());
        assert_eq!(woken.load(SeqCst), 1, "the connection's task was not woken");
    }

    /// A waker, and how many times it was woken.
    fn counting_waker() -> (Arc<std::sync::atomic::AtomicUsize>, std::task::Waker) {
        let woken = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        (
            woken.clone(),
            std::task::Waker::from(Arc::new(Count(woken))),
        )
    }

    struct Count(Arc<std::sync::atomic::AtomicUsize>);

    impl std::task::Wake for Count {
        fn wake(self: Arc<Self>) {
            self.0.fetch_add(1, SeqCst);
        }
    }
}
