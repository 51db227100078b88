//! The counting global allocator of tether's test binaries (one copy: the
//! tether-tests lib has it as `tether_tests::counting_alloc`, and
//! `runtime/tests/a10_allocations.rs` takes this same file by `#[path]`).
//!
//! [`Counting`] forwards every call to `System` unchanged and counts two
//! ways at once:
//!
//! - per thread: the allocations (`alloc`, `alloc_zeroed`, `realloc`) and
//!   the bytes they asked for ([`thread_allocations`], [`thread_bytes`]),
//!   exact for code that runs on the measuring thread, whatever the other
//!   threads of the process do;
//! - for the whole process: the bytes live now and the bytes ever
//!   allocated ([`live`], [`total`]), which only a test alone in its
//!   process can read as its own (see `tether_tests::ran_alone`).
//!
//! A binary installs it with
//! `#[global_allocator] static COUNTING: Counting = Counting;`.

// Counting allocations needs a global allocator, an `unsafe` trait.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicIsize, AtomicUsize, Ordering};

/// The system allocator, counting (see the module docs).
pub struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    /// The bytes those allocations asked for.
    static BYTES: Cell<u64> = const { Cell::new(0) };
}

static LIVE: AtomicIsize = AtomicIsize::new(0);
static TOTAL: AtomicUsize = AtomicUsize::new(0);

fn count(size: usize) {
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
    let _ = BYTES.try_with(|c| c.set(c.get() + size as u64));
}

fn allocated(size: usize) {
    LIVE.fetch_add(size as isize, Ordering::Relaxed);
    TOTAL.fetch_add(size, Ordering::Relaxed);
}

// SAFETY: every call is forwarded to `System` unchanged; the process-wide
// counters are only updated for calls that succeeded.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: the caller's contract, passed on to `System` unchanged.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            allocated(layout.size());
        }
        ptr
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: as in `alloc`.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            allocated(layout.size());
        }
        ptr
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        // SAFETY: as in `alloc`; `ptr` came from `System` through `alloc`.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            let old = layout.size();
            LIVE.fetch_add(new_size as isize - old as isize, Ordering::Relaxed);
            TOTAL.fetch_add(new_size.saturating_sub(old), Ordering::Relaxed);
        }
        new
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as in `realloc`.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
    }
}

/// The allocations made on this thread so far.
pub fn thread_allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// The bytes the allocations of this thread asked for so far.
pub fn thread_bytes() -> u64 {
    BYTES.with(Cell::get)
}

/// The bytes live now in the whole process.
pub fn live() -> isize {
    LIVE.load(Ordering::Relaxed)
}

/// The bytes ever allocated in the whole process (a `realloc` adds what it
/// grew by).
pub fn total() -> usize {
    TOTAL.load(Ordering::Relaxed)
}
