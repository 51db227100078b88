//! SPEC A10: what tether itself allocates per request, between the request
//! hyper parsed and the response hyper writes. Counted exactly by a global
//! allocator on this test's thread (the handlers complete on first poll).

use serde::{Deserialize, Serialize};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll, Waker};
use tether::{controller, App, AppService, NativeAdapter};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

// Counting allocations needs a global allocator, an `unsafe` trait.
// SAFETY: every call is forwarded to `System`.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller's contract, passed on to `System` unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: as in `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        count();
        // SAFETY: as in `alloc`; `ptr` came from `System` through `alloc`.
        unsafe { System.realloc(ptr, layout, size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as in `realloc`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

#[derive(Serialize)]
struct Message {
    message: &'static str,
}

#[derive(Serialize, Deserialize)]
struct NewUser {
    name: String,
    age: u32,
}

struct Bench;

#[controller("/")]
impl Bench {
    #[get("/plaintext")]
    async fn plaintext(&self) -> &'static str {
        "Hello, World!"
    }

    #[get("/json")]
    async fn json(&self) -> Message {
        Message {
            message: "Hello, World!",
        }
    }

    #[get("/users/:id")]
    async fn user(&self, #[param] id: u64) -> Message {
        let _ = id;
        Message { message: "user" }
    }

    #[post("/users")]
    async fn create(&self, #[body] user: NewUser) -> NewUser {
        user
    }
}

fn service() -> AppService {
    App::new(NativeAdapter::new())
        .controller(Bench)
        .into_service()
        .expect("routes")
        .1
}

/// Allocations from `AppService::call` to the finished response.
fn allocations(service: &AppService, req: http::Request<bytes::Bytes>) -> u64 {
    let mut cx = Context::from_waker(Waker::noop());
    let before = ALLOCATIONS.with(Cell::get);
    let mut fut = std::pin::pin!(service.call(req));
    let res = match fut.as_mut().poll(&mut cx) {
        Poll::Ready(res) => res,
        Poll::Pending => panic!("the handler should finish on first poll"),
    };
    let after = ALLOCATIONS.with(Cell::get);
    assert!(res.status().is_success(), "{}", res.status());
    after - before
}

fn get(path: &str) -> http::Request<bytes::Bytes> {
    http::Request::get(path).body(bytes::Bytes::new()).unwrap()
}

#[test]
fn a10_dispatch_allocates_only_the_response() {
    check_counts();
}

/// SPEC F1: a subscriber that does not want the request span (a filter
/// on `tether::request`) costs no allocation either.
#[test]
fn f1_a10_filtered_out_request_span_allocates_nothing() {
    let subscriber = WithoutRequests(AtomicU64::new(1));
    tracing::subscriber::with_default(subscriber, check_counts);
}

/// A subscriber that wants every span and event except tether's requests.
struct WithoutRequests(AtomicU64);

impl tracing::Subscriber for WithoutRequests {
    fn enabled(&self, metadata: &tracing::Metadata<'_>) -> bool {
        metadata.target() != tether::trace::TARGET
    }
    fn new_span(&self, _: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        tracing::span::Id::from_u64(self.0.fetch_add(1, Ordering::Relaxed))
    }
    fn record(&self, _: &tracing::span::Id, _: &tracing::span::Record<'_>) {}
    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}
    fn event(&self, _: &tracing::Event<'_>) {}
    fn enter(&self, _: &tracing::span::Id) {}
    fn exit(&self, _: &tracing::span::Id) {}
}

fn check_counts() {
    let service = service();
    let post = || {
        http::Request::post("/users")
            .header("content-type", "application/json")
            .body(bytes::Bytes::from_static(br#"{"name":"Ada","age":36}"#))
            .unwrap()
    };
    // Warm the per-thread JSON buffer first.
    allocations(&service, get("/json"));
    // The content-type header of the response map (entries and index).
    let headers = allocations(&service, get("/plaintext"));
    assert_eq!(headers, 2, "plaintext");
    // Plus the JSON body, copied out of the reused buffer once.
    assert_eq!(allocations(&service, get("/json")), headers + 1);
    assert_eq!(allocations(&service, get("/users/42")), headers + 1);
    // Plus the JSON body and the parsed `name` string: the handler's
    // future, body reading included, fits the inline space (it was boxed,
    // one more, while body readers took the argument's name).
    assert_eq!(allocations(&service, post()), headers + 2);
}
