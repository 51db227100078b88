//! The connection's bytes as hyper sees them: responses to pipelined
//! requests leave in one write, and nothing hyper wrote is lost.
//!
//! hyper's own `pipeline_flush` skips flushing while its read buffer holds
//! more bytes, and loses everything it held back when a malformed request
//! follows: the responses to the valid requests before it and its own
//! `400`. So hyper flushes every response here, and [`ConnIo`] decides when
//! bytes really go out. hyper reads the socket only when it holds no whole
//! request, and once more right after taking a request (to notice a
//! client leaving), before answering it. So an answer written while no
//! read has waited since bytes came is one of a pipelined batch: hyper
//! still holds requests it read. Such answers are copied and held, and
//! the batch ends at the flush after a read must wait (hyper has taken the
//! batch's last request): 16 pipelined requests are answered with one
//! write, and nothing is scanned to know it. One request at a time is
//! written at once (hyper's read after it waited): no copy and no extra
//! poll.
//!
//! Kept rather than hyper's `pipeline_flush` (BENCHMARKS.md, pipelined
//! plaintext): one write per batch of 16 (`strace -c`), as raw hyper, with
//! no answer lost to a malformed request that follows.
//!
//! Held bytes always leave soon: at the flush after hyper's read must wait
//! (with the batch's last answer, or without it while its handler still
//! runs), on a flush with nothing new written (hyper polls again while a
//! handler is still running), at the input's end, on shutdown, past
//! [`HOLD_LIMIT`] bytes; and a poll of the
//! connection that ends with bytes held wakes it once more so that such a
//! flush comes (the connection's [`Idle`](crate::server::idle::Idle) does,
//! once per poll). If hyper drops the connection after an error, what is
//! held is written without waiting as it goes.
//!
//! Its shutdown writes out what is held first; closing lingers in the
//! stream it wraps ([`crate::server::linger`]).

use std::io::{self, IoSlice};
use std::pin::Pin;
use std::task::{Context, Poll, Waker};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// At most this many response bytes wait for the rest of a batch.
const HOLD_LIMIT: usize = 64 * 1024;

/// A connection's stream with pipelined responses batched.
pub(crate) struct ConnIo<S: AsyncWrite + Unpin> {
    stream: S,
    /// Responses written but not yet sent.
    held: Vec<u8>,
    /// Bytes were read and no read has waited since: hyper holds requests
    /// it has not answered yet (see the module's documentation).
    unread: bool,
    /// In a pipelined batch: an answer was written while hyper held more
    /// requests. Responses are held meanwhile.
    pipelined: bool,
    /// The batch ends at the next flush: hyper read the socket and must
    /// wait, so it has no whole request left (it reads once more after
    /// taking the last one, before its answer is written).
    ending: bool,
    /// Whether something was written since the last flush.
    dirty: bool,
    /// Whether batches are held at all (`NativeAdapter::pipeline_flush`).
    batching: bool,
    /// What the header-read timeout watches (HTTP/1): written bytes count.
    activity: Option<std::sync::Arc<crate::server::idle::Activity>>,
}

impl<S: AsyncWrite + Unpin> ConnIo<S> {
    /// Wraps `stream`; with `batching` off every flush sends.
    pub(crate) fn new(
        stream: S,
        batching: bool,
        activity: Option<std::sync::Arc<crate::server::idle::Activity>>,
    ) -> Self {
        ConnIo {
            stream,
            held: Vec::new(),
            unread: false,
            pipelined: false,
            ending: false,
            dirty: false,
            batching,
            activity,
        }
    }

    /// Writes out everything held.
    fn poll_send_held(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.held.is_empty() {
            return Poll::Ready(Ok(()));
        }
        if let Some(activity) = &self.activity {
            activity.hold(false);
        }
        let mut sent = 0;
        let result = loop {
            if sent == self.held.len() {
                break Poll::Ready(Ok(()));
            }
            let wrote = Pin::new(&mut self.stream).poll_write(cx, &self.held[sent..]);
            self.count(&wrote);
            match wrote {
                Poll::Ready(Ok(0)) => break Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => sent += n,
                Poll::Ready(Err(e)) => break Poll::Ready(Err(e)),
                Poll::Pending => break Poll::Pending,
            }
        };
        self.held.drain(..sent);
        result
    }

    /// Tells the send and header-read timeouts what a write to the socket did: bytes left,
    /// or the socket was full (see `crate::server::idle`).
    #[inline]
    fn count(&self, wrote: &Poll<io::Result<usize>>) {
        if let Some(activity) = &self.activity {
            match wrote {
                Poll::Ready(Ok(n)) => activity.wrote(Some(*n)),
                Poll::Pending => activity.wrote(None),
                Poll::Ready(Err(_)) => {}
            }
        }
    }

    /// Whether a flush may leave what is held waiting for the rest of the
    /// batch: something is held, and less than [`HOLD_LIMIT`].
    #[inline]
    fn holds_room(&self) -> bool {
        !self.held.is_empty() && self.held.len() < HOLD_LIMIT
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncRead for ConnIo<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        let before = buf.filled().len();
        let read = Pin::new(&mut this.stream).poll_read(cx, buf);
        let fresh = &buf.filled()[before..];
        if let Poll::Ready(Ok(())) = read {
            if !fresh.is_empty() {
                // More requests while in a batch: answered in it too.
                this.unread = this.batching;
                this.ending = false;
                return Poll::Ready(Ok(()));
            }
        }
        // hyper reads the socket only when it holds no whole request: the
        // batch's last answer is written next (or its handler still runs),
        // and the next flush sends the batch. At the input's end, or when
        // not batching, what is held leaves now.
        this.unread = false;
        if this.pipelined && read.is_pending() {
            this.ending = true;
        } else if !this.held.is_empty() {
            std::task::ready!(this.poll_send_held(cx))?;
        }
        read
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncWrite for ConnIo<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.as_mut().poll_write_vectored(cx, &[IoSlice::new(data)])
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        let len = bufs.iter().map(|b| b.len()).sum::<usize>();
        // An answer while hyper still holds requests it read: a batch.
        this.pipelined |= this.unread;
        // Large writes are not copied: what is held goes first, then they.
        if this.pipelined && this.held.len() + len > HOLD_LIMIT {
            std::task::ready!(this.poll_send_held(cx))?;
        }
        if !this.pipelined || len > HOLD_LIMIT {
            if !this.held.is_empty() {
                std::task::ready!(this.poll_send_held(cx))?;
            }
            let wrote = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
            this.count(&wrote);
            let written = std::task::ready!(wrote)?;
            this.dirty = true;
            return Poll::Ready(Ok(written));
        }
        this.held.reserve(len);
        for b in bufs {
            this.held.extend_from_slice(b);
        }
        this.dirty = true;
        Poll::Ready(Ok(len))
    }

    fn is_write_vectored(&self) -> bool {
        true
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        let dirty = std::mem::replace(&mut this.dirty, false);
        if this.pipelined {
            if dirty && !this.ending && this.holds_room() {
                // hyper flushes again on the next poll if nothing else
                // comes: the connection's `Idle` wakes the task when a poll
                // ends with bytes held, once per poll (without one, every
                // hold wakes it).
                match &this.activity {
                    Some(activity) => activity.hold(true),
                    None => cx.waker().wake_by_ref(),
                }
                return Poll::Ready(Ok(()));
            }
            // The batch is over after this flush.
            (this.pipelined, this.ending) = (!this.ending, false);
        }
        if !this.held.is_empty() {
            std::task::ready!(this.poll_send_held(cx))?;
        }
        Pin::new(&mut this.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        std::task::ready!(this.poll_send_held(cx))?;
        Pin::new(&mut this.stream).poll_shutdown(cx)
    }
}

impl<S: AsyncWrite + Unpin> Drop for ConnIo<S> {
    /// hyper drops a connection after an error without flushing again:
    /// what is held (answers to earlier pipelined requests, hyper's own
    /// `400`) is written if the socket takes it now.
    fn drop(&mut self) {
        if self.held.is_empty() {
            return;
        }
        let mut cx = Context::from_waker(Waker::noop());
        let _ = self.poll_send_held(&mut cx);
        let _ = Pin::new(&mut self.stream).poll_flush(&mut cx);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// Four pipelined requests in one read: their four flushes wait, and
    /// all four answers leave together once hyper waits for input again.
    #[tokio::test]
    async fn a_pipelined_batch_leaves_in_one_write() {
        let (client, server) = tokio::io::duplex(4096);
        let mut io = ConnIo::new(server, true, None);
        let (mut client_read, mut client_write) = tokio::io::split(client);
        client_write
            .write_all(&b"GET / HTTP/1.1\r\n\r\n".repeat(4))
            .await
            .unwrap();
        let mut buf = [0u8; 1024];
        let n = io.read(&mut buf).await.unwrap();
        assert_eq!(n, 4 * 18);
        let mut cx = Context::from_waker(Waker::noop());
        let mut more = [0u8; 64];
        let mut more = ReadBuf::new(&mut more);
        for i in 0..4 {
            if i == 3 {
                // hyper reads once more after taking the last request,
                // before answering it: nothing there yet.
                assert!(Pin::new(&mut io).poll_read(&mut cx, &mut more).is_pending());
                assert_eq!(io.held.len(), 27, "still held");
            }
            io.write_all(format!("answer {i};").as_bytes())
                .await
                .unwrap();
            if i < 3 {
                io.flush().await.unwrap();
                assert_eq!(io.held.len(), (i + 1) * 9, "answer {i} is held");
            }
        }
        // The flush of the last answer sends the batch.
        assert!(Pin::new(&mut io).poll_flush(&mut cx).is_ready());
        assert!(io.held.is_empty());
        let mut got = [0u8; 36];
        client_read.read_exact(&mut got).await.unwrap();
        assert_eq!(&got, b"answer 0;answer 1;answer 2;answer 3;");
    }

    /// A batching stream that has read three pipelined requests, and the
    /// client's end, over a pipe of `capacity` bytes.
    async fn three_requests_read(
        capacity: usize,
    ) -> (tokio::io::DuplexStream, ConnIo<tokio::io::DuplexStream>) {
        let (mut client, server) = tokio::io::duplex(capacity);
        let mut io = ConnIo::new(server, true, None);
        client
            .write_all(&b"GET / HTTP/1.1\r\n\r\n".repeat(3))
            .await
            .unwrap();
        let mut buf = [0u8; 3 * 18];
        io.read_exact(&mut buf).await.unwrap();
        (client, io)
    }

    /// When the last request of a batch is still being handled, the
    /// answers so far leave at hyper's next flush (with nothing new
    /// written), and the last one, once ready, goes straight out.
    #[tokio::test]
    async fn a_wait_for_input_mid_batch_sends_what_is_held() {
        let (mut client, mut io) = three_requests_read(4096).await;
        for answer in [&b"one;"[..], b"two;"] {
            io.write_all(answer).await.unwrap();
            io.flush().await.unwrap();
        }
        assert_eq!(io.held, b"one;two;");
        let mut cx = Context::from_waker(Waker::noop());
        let mut more = [0u8; 64];
        let mut more = ReadBuf::new(&mut more);
        assert!(Pin::new(&mut io).poll_read(&mut cx, &mut more).is_pending());
        assert_eq!(io.held, b"one;two;", "held until the flush");
        assert!(Pin::new(&mut io).poll_flush(&mut cx).is_ready());
        assert!(io.held.is_empty(), "sent while the last handler runs");
        io.write_all(b"three;").await.unwrap();
        assert!(io.held.is_empty(), "the last answer is not held");
        let mut got = [0u8; 14];
        client.read_exact(&mut got).await.unwrap();
        assert_eq!(&got, b"one;two;three;");
    }

    /// A large answer mid-batch is not copied: what is held leaves first,
    /// then the large write goes straight to the stream, in order.
    #[tokio::test]
    async fn a_large_write_mid_batch_goes_straight_out() {
        let (mut client, mut io) = three_requests_read(4 * HOLD_LIMIT).await;
        io.write_all(b"small;").await.unwrap();
        io.flush().await.unwrap();
        assert_eq!(io.held, b"small;");
        let large = vec![b'x'; HOLD_LIMIT + 1];
        io.write_all(&large).await.unwrap();
        assert!(io.held.is_empty(), "nothing of the large write is held");
        let mut got = vec![0u8; 6 + large.len()];
        client.read_exact(&mut got).await.unwrap();
        assert_eq!(&got[..6], b"small;");
        assert!(got[6..].iter().all(|&b| b == b'x'));
    }

    /// One request at a time: nothing is ever held.
    #[tokio::test]
    async fn a_single_request_is_answered_at_once() {
        let (mut client, server) = tokio::io::duplex(4096);
        let mut io = ConnIo::new(server, true, None);
        client.write_all(b"GET / HTTP/1.1\r\n\r\n").await.unwrap();
        let mut buf = [0u8; 18];
        io.read_exact(&mut buf).await.unwrap();
        // hyper reads once more after taking the request: nothing there.
        let mut cx = Context::from_waker(Waker::noop());
        let mut more = [0u8; 64];
        let mut more = ReadBuf::new(&mut more);
        assert!(Pin::new(&mut io).poll_read(&mut cx, &mut more).is_pending());
        io.write_all(b"answer").await.unwrap();
        assert!(io.held.is_empty());
        io.flush().await.unwrap();
        let mut got = [0u8; 6];
        client.read_exact(&mut got).await.unwrap();
        assert_eq!(&got, b"answer");
    }

    /// A second flush with nothing new written sends what is held (hyper
    /// flushes again while a handler is still running), and so does a drop.
    #[tokio::test]
    async fn held_bytes_leave_on_an_idle_flush_and_on_drop() {
        let (mut client, mut io) = three_requests_read(4096).await;
        io.write_all(b"one;").await.unwrap();
        io.flush().await.unwrap();
        assert_eq!(io.held, b"one;");
        io.flush().await.unwrap();
        assert!(io.held.is_empty(), "an idle flush sends");
        io.write_all(b"two;").await.unwrap();
        io.flush().await.unwrap();
        assert_eq!(io.held, b"two;");
        drop(io);
        let mut got = Vec::new();
        client.read_to_end(&mut got).await.unwrap();
        assert_eq!(got, b"one;two;");
    }
}
