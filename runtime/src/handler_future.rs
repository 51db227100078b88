//! [`HandlerFuture`]: a route handler's future, stored inline rather than
//! boxed, so answering a request needs no heap allocation of its own
//! (SPEC A10). A future too large for the inline space is boxed.

use crate::exception::Exception;
use crate::request::Request;
use crate::response::Response;
use std::future::Future;
use std::marker::{PhantomData, PhantomPinned};
use std::mem::{align_of, size_of, MaybeUninit};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

/// A type-erased handler: the controller instance bound to its route fn.
pub(crate) type Handler = Arc<dyn Fn(Request) -> HandlerFuture + Send + Sync>;

type Output = Result<Response, Exception>;

/// Bytes of inline space: the futures `#[controller]` generates for common
/// handlers fit (request head, body, extracted arguments).
const INLINE: usize = 768;

#[repr(C, align(16))]
struct Storage(MaybeUninit<[u8; INLINE]>);

/// How to poll and drop the future in the inline space.
struct VTable {
    poll: unsafe fn(*mut (), &mut Context<'_>) -> Poll<Output>,
    drop: unsafe fn(*mut ()),
}

struct Erased<F>(F);

impl<F: Future<Output = Output>> Erased<F> {
    const VTABLE: &'static VTable = &VTable {
        poll: Self::poll,
        drop: Self::drop,
    };

    /// # Safety
    /// `ptr` points to a live, pinned `F`.
    unsafe fn poll(ptr: *mut (), cx: &mut Context<'_>) -> Poll<Output> {
        // SAFETY: the caller's promise: a live `F`, pinned where it is.
        unsafe { Pin::new_unchecked(&mut *ptr.cast::<F>()) }.poll(cx)
    }

    /// # Safety
    /// `ptr` points to a live `F`, never used again.
    unsafe fn drop(ptr: *mut ()) {
        // SAFETY: the caller's promise: a live `F`, not used after this.
        unsafe { std::ptr::drop_in_place(ptr.cast::<F>()) }
    }
}

enum Repr {
    Inline(&'static VTable),
    Boxed(Pin<Box<dyn Future<Output = Output> + Send>>),
    Done,
}

/// The future a route handler returns: its response, or an exception for
/// the route's filters. Built by the code `#[controller]` generates.
///
/// `Send`, not `Sync`, like the `Pin<Box<dyn Future + Send>>` it replaces:
/// - `Send`: the runtime moves it between worker threads. The inline bytes
///   do not say what they hold, so the compiler would call them `Send`
///   whatever they are; [`HandlerFuture::new`] makes that true by taking
///   only `F: Send` futures (the boxed ones are `dyn Future + Send`).
/// - `!Sync`: the future is not required to be `Sync` (an `async` block
///   holding a `Cell` or a `&mut` across an `.await` is not), so a shared
///   `&HandlerFuture` must not cross threads. `NotSync` says so explicitly
///   instead of leaning on the boxed variant's `dyn` type.
///
/// The assertions below this type keep both facts from changing unseen.
pub struct HandlerFuture {
    repr: Repr,
    storage: Storage,
    _pinned: PhantomPinned,
    _not_sync: NotSync,
}

/// `Send` and `!Sync` (a `Cell` is both).
type NotSync = PhantomData<std::cell::Cell<()>>;

// Compile-time checks of the reasoning above.
const _: () = {
    const fn assert_send<T: Send>() {}
    assert_send::<HandlerFuture>();

    // `!Sync`: were `HandlerFuture` `Sync`, both impls would apply and the
    // call below would be ambiguous (a compile error).
    trait AmbiguousIfSync<A> {
        const OK: () = ();
    }
    impl<T: ?Sized> AmbiguousIfSync<()> for T {}
    impl<T: ?Sized + Sync> AmbiguousIfSync<u8> for T {}
    <HandlerFuture as AmbiguousIfSync<_>>::OK
};

impl HandlerFuture {
    /// Stores `fut` inline when it fits, else boxes it.
    pub fn new<F>(fut: F) -> Self
    where
        F: Future<Output = Output> + Send + 'static,
    {
        let mut storage = Storage(MaybeUninit::uninit());
        if size_of::<F>() <= INLINE && align_of::<F>() <= align_of::<Storage>() {
            // SAFETY: the space is large and aligned enough for an `F`; the
            // future is not polled yet, so moving it with `self` is fine.
            unsafe { storage.0.as_mut_ptr().cast::<F>().write(fut) };
            HandlerFuture {
                repr: Repr::Inline(Erased::<F>::VTABLE),
                storage,
                _pinned: PhantomPinned,
                _not_sync: PhantomData,
            }
        } else {
            HandlerFuture {
                repr: Repr::Boxed(Box::pin(fut)),
                storage,
                _pinned: PhantomPinned,
                _not_sync: PhantomData,
            }
        }
    }

    /// A handler that answered before its future was made: an argument read
    /// up front could not be (see [`crate::extract::read_args`]).
    pub fn ready(output: Output) -> Self {
        Self::new(std::future::ready(output))
    }

    /// Whether the future is stored inline (tests of SPEC A10).
    #[doc(hidden)]
    pub fn is_inline(&self) -> bool {
        matches!(self.repr, Repr::Inline(_))
    }
}

impl Future for HandlerFuture {
    type Output = Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Output> {
        // SAFETY: nothing is moved out of `self`; the inline future stays
        // where it is until it is dropped in place.
        let this = unsafe { self.get_unchecked_mut() };
        match &mut this.repr {
            Repr::Inline(vtable) => {
                let vtable: &VTable = vtable;
                let ptr = this.storage.0.as_mut_ptr().cast::<()>();
                // SAFETY: `Inline` means the space holds the live future
                // this vtable was made for, pinned with `self`.
                let poll = unsafe { (vtable.poll)(ptr, cx) };
                if poll.is_ready() {
                    this.repr = Repr::Done;
                    // SAFETY: as above; `Done` makes sure it is dropped once.
                    unsafe { (vtable.drop)(ptr) };
                }
                poll
            }
            Repr::Boxed(fut) => fut.as_mut().poll(cx),
            Repr::Done => panic!("HandlerFuture polled after completion"),
        }
    }
}

impl Drop for HandlerFuture {
    fn drop(&mut self) {
        if let Repr::Inline(vtable) = self.repr {
            self.repr = Repr::Done;
            // SAFETY: `Inline` means the space holds the live future.
            unsafe { (vtable.drop)(self.storage.0.as_mut_ptr().cast::<()>()) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::response::IntoResponse;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    struct CountDrop(Arc<AtomicUsize>);

    impl Drop for CountDrop {
        fn drop(&mut self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    #[tokio::test]
    async fn a10_small_futures_inline_large_boxed_each_dropped_once() {
        let drops = Arc::new(AtomicUsize::new(0));
        let guard = CountDrop(drops.clone());
        let fut = HandlerFuture::new(async move {
            tokio::task::yield_now().await;
            let _keep = &guard;
            Ok("ok".into_response())
        });
        assert!(fut.is_inline());
        let res = fut.await.unwrap();
        assert_eq!(res.status(), 200);
        assert_eq!(drops.load(Ordering::SeqCst), 1);

        let big = [0u8; 4096];
        let guard = CountDrop(drops.clone());
        let fut = HandlerFuture::new(async move {
            let _keep = (&guard, big);
            Ok(().into_response())
        });
        assert!(!fut.is_inline());
        drop(fut);
        assert_eq!(drops.load(Ordering::SeqCst), 2);

        // Dropped before completion, while pending.
        let guard = CountDrop(drops.clone());
        let mut fut = Box::pin(HandlerFuture::new(async move {
            let _keep = &guard;
            std::future::pending::<()>().await;
            Ok(().into_response())
        }));
        let waker = std::task::Waker::noop();
        assert!(fut
            .as_mut()
            .poll(&mut Context::from_waker(waker))
            .is_pending());
        drop(fut);
        assert_eq!(drops.load(Ordering::SeqCst), 3);
    }
}
