//! Closing lingers: when hyper shuts a connection down, the write side is
//! closed first (the answer and a FIN leave), then whatever the client
//! still sends is read and dropped until it closes its side, for at most
//! [`LINGER`]. Closing a socket with unread input makes the kernel answer
//! with a reset, and a client still sending a body the server did not want
//! (a guard's `401`, a `404`, a `413`) would lose the answer to it; the
//! time bound keeps an endless body from holding the connection.

use std::future::Future;
use std::io::{self, IoSlice};
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// How long a closing connection reads and drops what the client still
/// sends, waiting for it to close its side.
pub(crate) const LINGER: std::time::Duration = std::time::Duration::from_secs(2);

/// Where a closing connection is.
enum Closing {
    /// Not closing.
    Open,
    /// The write side is shut; input is dropped until this timer fires.
    Lingering(Pin<Box<tokio::time::Sleep>>),
    /// Done: the client closed, the timer fired, or the socket failed.
    Closed,
}

/// A connection's stream whose shutdown lingers; see the module.
pub(crate) struct Lingering<S> {
    stream: S,
    closing: Closing,
}

impl<S> Lingering<S> {
    /// Wraps `stream`.
    pub(crate) fn new(stream: S) -> Self {
        Lingering {
            stream,
            closing: Closing::Open,
        }
    }
}

impl<S: AsyncRead + Unpin> Lingering<S> {
    /// Reads and drops input until the client closes or [`LINGER`] passes;
    /// pending until then.
    fn poll_linger(&mut self, cx: &mut Context<'_>) -> Poll<()> {
        let Closing::Lingering(timer) = &mut self.closing else {
            return Poll::Ready(());
        };
        if timer.as_mut().poll(cx).is_ready() {
            self.closing = Closing::Closed;
            return Poll::Ready(());
        }
        let mut scratch = [0u8; 8 * 1024];
        // A few reads per poll, so that a fast sender cannot keep the
        // task (and the timer) from yielding.
        for _ in 0..16 {
            let mut buf = ReadBuf::new(&mut scratch);
            match Pin::new(&mut self.stream).poll_read(cx, &mut buf) {
                Poll::Ready(Ok(())) if !buf.filled().is_empty() => continue,
                Poll::Pending => return Poll::Pending,
                // The client closed its side, or the socket failed.
                Poll::Ready(_) => {
                    self.closing = Closing::Closed;
                    return Poll::Ready(());
                }
            }
        }
        cx.waker().wake_by_ref();
        Poll::Pending
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Lingering<S> {
    #[inline]
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncWrite for Lingering<S> {
    #[inline]
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, data)
    }

    #[inline]
    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    #[inline]
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        if let Closing::Open = this.closing {
            std::task::ready!(Pin::new(&mut this.stream).poll_shutdown(cx))?;
            this.closing = Closing::Lingering(Box::pin(tokio::time::sleep(LINGER)));
        }
        std::task::ready!(this.poll_linger(cx));
        Poll::Ready(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// Shutdown closes the write side, then drops what the client still
    /// sends until it closes its own.
    #[tokio::test]
    async fn shutdown_lingers_until_the_client_closes() {
        let (mut client, server) = tokio::io::duplex(4096);
        let mut io = Lingering::new(server);
        io.write_all(b"answer").await.unwrap();
        let mut cx = Context::from_waker(std::task::Waker::noop());
        assert!(Pin::new(&mut io).poll_shutdown(&mut cx).is_pending());
        let mut got = Vec::new();
        client.read_to_end(&mut got).await.unwrap();
        assert_eq!(got, b"answer", "the answer and the end of it arrive");
        client.write_all(&[b'x'; 3000]).await.unwrap();
        assert!(Pin::new(&mut io).poll_shutdown(&mut cx).is_pending());
        drop(client);
        assert!(Pin::new(&mut io).poll_shutdown(&mut cx).is_ready());
    }

    /// A client that never stops sending is left after [`LINGER`].
    #[tokio::test(start_paused = true)]
    async fn lingering_ends_after_its_time() {
        let (_client, server) = tokio::io::duplex(4096);
        let mut io = Lingering::new(server);
        let started = tokio::time::Instant::now();
        io.shutdown().await.unwrap();
        assert_eq!(started.elapsed(), LINGER);
    }
}
