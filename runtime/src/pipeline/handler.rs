//! [`HandlerFuture`]: a route handler's future, in a heap block reused from
//! one request to the next on each thread, so answering a request needs no
//! heap allocation of its own and what the runtime moves around
//! is a pointer, not the future. A future too large for a block
//! is boxed on its own.

use crate::extract::request::Request;
use crate::response::body::Response;
use crate::response::exception::Exception;
use std::cell::RefCell;
use std::future::Future;
use std::marker::PhantomData;
use std::mem::{align_of, size_of, MaybeUninit};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

/// A type-erased handler: the controller instance bound to its route fn.
pub(crate) type Handler = Arc<dyn Fn(Request) -> HandlerFuture + Send + Sync>;

type Output = Result<Response, Exception>;

/// Bytes of a block: the futures `#[controller]` generates for common
/// handlers fit (request head, body, extracted arguments). A JSON body
/// handler's is 776 bytes since the request carries its pair and message
/// limits (`App::max_form_pairs`, `App::max_validation_messages`).
const BLOCK: usize = 800;

/// The room for one handler's future. Only its address matters once a
/// future is in it: the future is never moved out, only dropped in place.
/// `!Unpin` like the (often self-referential) futures it holds, so that a
/// `Box<Block>` is not taken for a unique pointer to plain bytes while
/// such a future holds pointers into itself (as `Pin<Box<F>>` is not).
#[repr(C, align(16))]
struct Block(MaybeUninit<[u8; BLOCK]>, std::marker::PhantomPinned);

/// Blocks of finished futures a thread keeps for its next ones: enough for
/// that many handlers waiting at once; past that, blocks are freed.
const SPARE_BLOCKS: usize = 32;

thread_local! {
    /// This thread's spare blocks (empty: they hold no future). Boxes, not
    /// the blocks themselves: each is handed out whole, at its own address.
    #[allow(clippy::vec_box)]
    static SPARE: RefCell<Vec<Box<Block>>> = const { RefCell::new(Vec::new()) };
}

/// An empty block: a spare one of this thread's, or a new one.
fn take_block() -> Box<Block> {
    SPARE
        .try_with(|spare| spare.borrow_mut().pop())
        .ok()
        .flatten()
        .unwrap_or_else(|| Box::new(Block(MaybeUninit::uninit(), std::marker::PhantomPinned)))
}

/// Keeps `block`, empty again, for this thread's next future (or frees it:
/// the thread keeps enough, or its spares are gone as it exits).
fn give_back(block: Box<Block>) {
    let _ = SPARE.try_with(|spare| {
        let mut spare = spare.borrow_mut();
        if spare.len() < SPARE_BLOCKS {
            spare.push(block);
        }
    });
}

/// How to poll and drop the future in a block.
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
    /// `block` holds a live future, of the type `vtable` was made for.
    InBlock {
        vtable: &'static VTable,
        block: Box<Block>,
    },
    Boxed(Pin<Box<dyn Future<Output = Output> + Send>>),
    Done,
}

/// The future a route handler returns: its response, or an exception for
/// the route's filters. Built by the code `#[controller]` generates.
///
/// `Send`, not `Sync`, like the `Pin<Box<dyn Future + Send>>` it replaces:
/// - `Send`: the runtime moves it between worker threads. A block's bytes
///   do not say what they hold, so the compiler would call them `Send`
///   whatever they are; [`HandlerFuture::new`] makes that true by taking
///   only `F: Send` futures (the boxed ones are `dyn Future + Send`).
///   A block may be given back to another thread's spares than the one it
///   came from: it is plain memory by then.
/// - `!Sync`: the future is not required to be `Sync` (an `async` block
///   holding a `Cell` or a `&mut` across an `.await` is not), so a shared
///   `&HandlerFuture` must not cross threads. `NotSync` says so explicitly
///   instead of leaning on the boxed variant's `dyn` type.
///
/// The assertions below this type keep both facts from changing unseen.
///
/// The future in a block stays at its address until it is dropped in
/// place (a `Box`'s contents do not move with it), so `HandlerFuture`
/// itself may move after it was polled: it is `Unpin`.
pub struct HandlerFuture {
    repr: Repr,
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
    /// Stores `fut` in a block when it fits, else boxes it.
    #[inline]
    pub fn new<F>(fut: F) -> Self
    where
        F: Future<Output = Output> + Send + 'static,
    {
        let repr = if size_of::<F>() <= BLOCK && align_of::<F>() <= align_of::<Block>() {
            let mut block = take_block();
            // SAFETY: the block is large and aligned enough for an `F`, and
            // empty (a spare's future was dropped before it was given back).
            unsafe { block.0.as_mut_ptr().cast::<F>().write(fut) };
            Repr::InBlock {
                vtable: Erased::<F>::VTABLE,
                block,
            }
        } else {
            Repr::Boxed(Box::pin(fut))
        };
        HandlerFuture {
            repr,
            _not_sync: PhantomData,
        }
    }

    /// A handler that answered before its future was made: an argument read
    /// up front could not be (see [`crate::extract::args::read_args`]).
    pub fn ready(output: Output) -> Self {
        Self::new(std::future::ready(output))
    }

    /// Whether the future is in a reused block rather than boxed on its own
    /// (for the allocation tests).
    #[doc(hidden)]
    pub fn is_inline(&self) -> bool {
        matches!(self.repr, Repr::InBlock { .. })
    }

    /// Drops the future in its block and gives the block back.
    fn finish(&mut self) {
        if let Repr::InBlock { vtable, mut block } = std::mem::replace(&mut self.repr, Repr::Done) {
            // Should the future's drop panic, the block is freed, not reused.
            // SAFETY: `InBlock` means the block holds the live future this
            // vtable was made for; `repr` is `Done` now, so it is dropped
            // once.
            unsafe { (vtable.drop)(block.0.as_mut_ptr().cast::<()>()) };
            give_back(block);
        }
    }
}

impl Future for HandlerFuture {
    type Output = Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Output> {
        let this = self.get_mut();
        let poll = match &mut this.repr {
            Repr::InBlock { vtable, block } => {
                let ptr = block.0.as_mut_ptr().cast::<()>();
                // SAFETY: `InBlock` means the block holds the live future
                // this vtable was made for; it is pinned there (never moved
                // out, dropped in place).
                unsafe { (vtable.poll)(ptr, cx) }
            }
            Repr::Boxed(fut) => return fut.as_mut().poll(cx),
            Repr::Done => panic!("HandlerFuture polled after completion"),
        };
        if poll.is_ready() {
            this.finish();
        }
        poll
    }
}

impl Drop for HandlerFuture {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::response::body::IntoResponse;
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

    /// The spare blocks of this thread (each test runs on a thread of its own).
    fn spares() -> Vec<*const Block> {
        SPARE.with(|spare| {
            spare
                .borrow()
                .iter()
                .map(|b| &**b as *const Block)
                .collect()
        })
    }

    fn block_of(fut: &HandlerFuture) -> *const Block {
        match &fut.repr {
            Repr::InBlock { block, .. } => &**block,
            _ => panic!("not in a block"),
        }
    }

    /// A finished, dropped, panicked or pending-and-dropped future gives its
    /// block back, and the next future on the thread is made in it.
    #[test]
    fn a10_blocks_are_reused_after_every_end() {
        let waker = std::task::Waker::noop();
        let mut cx = Context::from_waker(waker);
        let first = HandlerFuture::new(async { Ok(().into_response()) });
        let block = block_of(&first);
        assert!(spares().is_empty());
        let mut first = first;
        assert!(Pin::new(&mut first).poll(&mut cx).is_ready());
        // Given back as soon as it finished, before `first` is dropped.
        assert_eq!(spares(), [block]);
        drop(first);
        assert_eq!(spares(), [block]);

        // Pending, then dropped (a client gone mid-request).
        let drops = Arc::new(AtomicUsize::new(0));
        let guard = CountDrop(drops.clone());
        let mut pending = HandlerFuture::new(async move {
            let _keep = &guard;
            std::future::pending::<()>().await;
            Ok(().into_response())
        });
        assert_eq!(block_of(&pending), block);
        assert!(spares().is_empty());
        assert!(Pin::new(&mut pending).poll(&mut cx).is_pending());
        // Moving it after its first poll leaves its future where it is.
        let moved = Box::new(pending);
        assert_eq!(block_of(&moved), block);
        drop(moved);
        assert_eq!(drops.load(Ordering::SeqCst), 1);
        assert_eq!(spares(), [block]);

        // A panicking handler: its future is dropped after the panic.
        let guard = CountDrop(drops.clone());
        let mut panics = HandlerFuture::new(async move {
            let _keep = &guard;
            let mut yielded = false;
            std::future::poll_fn(|_| match std::mem::replace(&mut yielded, true) {
                false => Poll::Pending,
                true => Poll::Ready(()),
            })
            .await;
            panic!("handler panics");
        });
        assert_eq!(block_of(&panics), block);
        assert!(Pin::new(&mut panics).poll(&mut cx).is_pending());
        let polled = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            Pin::new(&mut panics).poll(&mut cx)
        }));
        assert!(polled.is_err());
        assert_eq!(drops.load(Ordering::SeqCst), 2, "dropped while unwinding");
        drop(panics);
        assert_eq!(spares(), [block]);

        // A future whose drop panics: its block is freed, not reused.
        struct PanicOnDrop;
        impl Drop for PanicOnDrop {
            fn drop(&mut self) {
                panic!("drop panics");
            }
        }
        let bomb = PanicOnDrop;
        let pending = HandlerFuture::new(async move {
            let _keep = &bomb;
            std::future::pending::<()>().await;
            Ok(().into_response())
        });
        assert!(std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| drop(pending))).is_err());
        assert!(spares().is_empty());
    }

    /// Handlers waiting at once each have a block; a thread keeps at most
    /// `SPARE_BLOCKS` of them afterwards.
    #[test]
    fn a10_waiting_futures_have_blocks_of_their_own() {
        let waiting: Vec<HandlerFuture> = (0..SPARE_BLOCKS + 8)
            .map(|_| {
                HandlerFuture::new(async {
                    std::future::pending::<()>().await;
                    Ok(().into_response())
                })
            })
            .collect();
        let mut blocks: Vec<_> = waiting.iter().map(block_of).collect();
        blocks.sort();
        blocks.dedup();
        assert_eq!(blocks.len(), SPARE_BLOCKS + 8);
        drop(waiting);
        assert_eq!(spares().len(), SPARE_BLOCKS);
    }
}
