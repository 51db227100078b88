//! A `tracing` subscriber for one test's thread, in a binary whose tests
//! share a process.
//!
//! tracing caches, per callsite and for the whole process, whether any
//! subscriber wants it. When at most one dispatcher is registered,
//! tracing-core asks only the *registering thread's* default: a test with
//! no subscriber that reaches a callsite first, while another test's
//! thread-local subscriber is the only one registered, caches the callsite
//! as wanted by nobody, and the capturing test never sees its event (this
//! failed `adapter_cors::a6_cors_predicate_with_credentials_warns_at_startup`
//! once in CI). A second dispatcher, registered for the life of the process
//! and never anyone's default, makes tracing ask every registered one.

use std::sync::OnceLock;
use tracing::subscriber::DefaultGuard;
use tracing::{Dispatch, Subscriber};

/// Registers the process-long second dispatcher (once).
fn ask_every_dispatcher() {
    static SECOND: OnceLock<Dispatch> = OnceLock::new();
    SECOND.get_or_init(|| Dispatch::new(tracing_subscriber::registry()));
}

/// `tracing::subscriber::set_default`, safe beside tests without one.
pub(crate) fn set_default(subscriber: impl Subscriber + Send + Sync) -> DefaultGuard {
    ask_every_dispatcher();
    tracing::subscriber::set_default(subscriber)
}

/// `tracing::subscriber::with_default`, safe beside tests without one.
pub(crate) fn with_default<T>(
    subscriber: impl Subscriber + Send + Sync,
    f: impl FnOnce() -> T,
) -> T {
    ask_every_dispatcher();
    tracing::subscriber::with_default(subscriber, f)
}

/// The callsite the test below reaches from two threads.
fn warn_once_here() {
    tracing::warn!(target: "tether_tests::thread_subscriber", "reached");
}

/// A callsite first reached on a thread without a subscriber, while this
/// thread's subscriber is installed, still reaches this thread's
/// subscriber afterwards (without the second dispatcher, it did not when
/// this subscriber was the only one registered).
#[test]
fn a_callsite_first_reached_elsewhere_still_reaches_this_threads_subscriber() {
    use std::sync::{Arc, Mutex};
    use tracing_subscriber::layer::SubscriberExt;
    #[derive(Clone, Default)]
    struct Count(Arc<Mutex<usize>>);
    impl<S: Subscriber> tracing_subscriber::Layer<S> for Count {
        fn on_event(&self, _: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
            *self.0.lock().unwrap() += 1;
        }
    }
    let count = Count::default();
    with_default(tracing_subscriber::registry().with(count.clone()), || {
        std::thread::spawn(warn_once_here).join().unwrap();
        warn_once_here();
    });
    assert_eq!(*count.0.lock().unwrap(), 1);
}
