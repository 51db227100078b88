//! A connection in memory: the same request `n` times, one per read, and
//! every response written swallowed. After each request the next read is
//! `Pending` until the response was written and the connection's task has
//! returned to the scheduler ([`Gated`] opens the gate then), as with a
//! socket whose next request arrives when the client has its answer: the
//! server's task is polled at least once per request, as in the real
//! benchmark, however often it retries the read, and a server that yields
//! mid-request pays for that poll.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// The request as `wrk` sends it (with `Accept-Encoding: gzip` for
/// `/api/big`, the gzip row of bench/extras.sh).
pub fn request_bytes(method: &str, path: &str, body: Option<&str>) -> Vec<u8> {
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:3000\r\n");
    if path == "/api/big" {
        req.push_str("Accept-Encoding: gzip\r\n");
    }
    if let Some(body) = body {
        req.push_str(&format!(
            "Content-Length: {}\r\nContent-Type: application/json\r\n",
            body.len()
        ));
    }
    req.push_str("\r\n");
    req.push_str(body.unwrap_or(""));
    req.into_bytes()
}

/// The client side of one keep-alive connection, played back.
pub struct Scripted {
    request: Vec<u8>,
    /// How much of the current request was read (a reader may take less).
    sent: usize,
    left: u64,
    wait: bool,
    /// The first bytes written: the first response's status line.
    head: Vec<u8>,
}

impl Scripted {
    /// `request` sent `n` times, then end of stream.
    pub fn new(request: Vec<u8>, n: u64) -> Self {
        Scripted {
            request,
            sent: 0,
            left: n,
            wait: false,
            head: Vec::with_capacity(16),
        }
    }
}

impl Scripted {
    /// Keeps the first `bytes` written, not 16, for [`first_response`]
    /// (the speed gate compares whole answers).
    #[allow(dead_code)] // Used by speed-gate/, which compiles this file too.
    pub fn keeping(mut self, bytes: usize) -> Self {
        self.head = Vec::with_capacity(bytes);
        self
    }
}

impl AsyncRead for Scripted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.left == 0 {
            return Poll::Ready(Ok(()));
        }
        if self.wait {
            if !GATE.with(|g| g.take_open()) {
                GATE.with(|g| g.park(cx.waker()));
                return Poll::Pending;
            }
            self.wait = false;
        }
        let this = &mut *self;
        let rest = &this.request[this.sent..];
        let n = rest.len().min(buf.remaining());
        buf.put_slice(&rest[..n]);
        this.sent += n;
        if this.sent == this.request.len() {
            this.sent = 0;
            this.left -= 1;
            this.wait = true;
        }
        Poll::Ready(Ok(()))
    }
}

impl Scripted {
    fn keep_head(&mut self, bytes: &[u8]) {
        GATE.with(|g| g.answered.set(true));
        let room = self.head.capacity() - self.head.len();
        self.head.extend_from_slice(&bytes[..bytes.len().min(room)]);
    }
}

impl AsyncWrite for Scripted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.keep_head(buf);
        Poll::Ready(Ok(buf.len()))
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let mut n = 0;
        for b in bufs {
            self.keep_head(b);
            n += b.len();
        }
        Poll::Ready(Ok(n))
    }

    /// As a `TcpStream`: hyper queues its buffers for one `writev`.
    fn is_write_vectored(&self) -> bool {
        true
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

impl Drop for Scripted {
    fn drop(&mut self) {
        FIRST.with(|f| *f.borrow_mut() = std::mem::take(&mut self.head));
    }
}

/// Whether the next request has "arrived", and who waits for it.
#[derive(Default)]
struct Gate {
    open: std::cell::Cell<bool>,
    /// A response was written since the gate last opened.
    answered: std::cell::Cell<bool>,
    waiting: std::cell::RefCell<Option<std::task::Waker>>,
}

impl Gate {
    fn take_open(&self) -> bool {
        self.open.replace(false)
    }

    fn park(&self, waker: &std::task::Waker) {
        *self.waiting.borrow_mut() = Some(waker.clone());
    }

    /// The task went back to the scheduler: if it answered, the next
    /// request arrives.
    fn release(&self) {
        if !self.answered.replace(false) {
            return;
        }
        self.open.set(true);
        if let Some(waker) = self.waiting.borrow_mut().take() {
            waker.wake();
        }
    }
}

pin_project_lite::pin_project! {
    /// The connection's future: counts its polls, and lets the next
    /// request in each time it returns `Pending`.
    pub struct Gated<F> {
        #[pin]
        inner: F,
        polls: u64,
    }
}

impl<F> Gated<F> {
    /// `inner`, gated.
    pub fn new(inner: F) -> Self {
        Gated { inner, polls: 0 }
    }
}

impl<F: std::future::Future<Output = ()>> std::future::Future for Gated<F> {
    /// How often the connection was polled.
    type Output = u64;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<u64> {
        let this = self.project();
        *this.polls += 1;
        match this.inner.poll(cx) {
            Poll::Ready(()) => Poll::Ready(*this.polls),
            Poll::Pending => {
                GATE.with(Gate::release);
                Poll::Pending
            }
        }
    }
}

thread_local! {
    static GATE: Gate = Gate::default();
    static FIRST: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The status line's start of the first response of the last connection.
pub fn first_response() -> Vec<u8> {
    FIRST.with(|f| f.borrow().clone())
}
