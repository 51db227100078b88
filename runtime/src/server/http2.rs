//! HTTP/2 beside HTTP/1.1 in the [`crate::NativeAdapter`]: h2c
//! with prior knowledge on plain TCP, ALPN `h2` over TLS, and hyper's h2
//! limits set to explicit defaults.
//!
//! A plain connection is given to HTTP/2 when its first bytes are the
//! client preface (`PRI * HTTP/2.0…`). They are looked at with one
//! `MSG_PEEK` read, which leaves them in the socket for hyper: per
//! connection one system call, no allocation, and nothing per request. Over
//! TLS the protocol is the one ALPN chose; nothing is peeked.
//!
//! hyper-util's auto builder makes the same choice, but it reads the first
//! 24 bytes itself (an HTTP/1.1 request then arrives in two reads and a
//! copy), with no time limit (a silent client would hold its connection
//! until shutdown), and on TLS connections too; so the adapter chooses and
//! hands the connection to hyper's `http1` or `http2` builder.

use hyper::server::conn::http2;
use hyper_util::rt::TokioTimer;
use std::time::Duration;
use tokio::net::TcpStream;

/// The client connection preface of HTTP/2 (RFC 9113, section 3.4).
const PREFACE: &[u8; 24] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

/// hyper's h2 settings as the adapter sets them; see the README's
/// security table.
#[derive(Debug, Clone)]
pub(crate) struct Http2Settings {
    pub(crate) enabled: bool,
    pub(crate) max_concurrent_streams: u32,
    pub(crate) max_header_list_size: u32,
    pub(crate) max_pending_accept_reset_streams: usize,
    pub(crate) max_local_error_reset_streams: usize,
    pub(crate) keep_alive_interval: Option<Duration>,
    pub(crate) keep_alive_timeout: Duration,
    /// `GOAWAY` after this long without a stream (see `crate::server::h2_clock`).
    pub(crate) idle_timeout: Option<Duration>,
}

impl Default for Http2Settings {
    fn default() -> Self {
        Http2Settings {
            enabled: true,
            // RFC 9113 asks for no fewer than 100; nginx allows 128.
            max_concurrent_streams: 100,
            max_header_list_size: 16 * 1024,
            // h2's own default: more early resets than this is a GOAWAY
            // (the "rapid reset" attack, CVE-2023-44487).
            max_pending_accept_reset_streams: 20,
            // hyper's default (RUSTSEC-2024-0003).
            max_local_error_reset_streams: 1024,
            keep_alive_interval: Some(Duration::from_secs(20)),
            keep_alive_timeout: Duration::from_secs(20),
            // nginx's `keepalive_timeout`, which its HTTP/2 connections use.
            idle_timeout: Some(Duration::from_secs(75)),
        }
    }
}

impl Http2Settings {
    /// hyper's HTTP/2 connection builder with these settings, its streams
    /// run by `exec`.
    pub(crate) fn builder<E>(&self, exec: E) -> http2::Builder<E> {
        let mut builder = http2::Builder::new(exec);
        // Only keep-alive `PING`s use hyper's timer, and hyper allocates
        // one per connection: none when they are off.
        if self.keep_alive_interval.is_some() {
            builder.timer(TokioTimer::new());
        }
        builder
            .max_concurrent_streams(self.max_concurrent_streams)
            .max_header_list_size(self.max_header_list_size)
            .max_pending_accept_reset_streams(self.max_pending_accept_reset_streams)
            .max_local_error_reset_streams(self.max_local_error_reset_streams)
            .keep_alive_interval(self.keep_alive_interval)
            .keep_alive_timeout(self.keep_alive_timeout);
        builder
    }
}

/// Whether the client opens with HTTP/2's preface (h2c with prior
/// knowledge). Waits for its first bytes, for at most `timeout`; a client
/// that sends nothing, or closes, is `None`: the connection is dropped.
/// The bytes stay in the socket.
pub(crate) async fn starts_with_preface(stream: &TcpStream, timeout: Duration) -> Option<bool> {
    tokio::time::timeout(timeout, peek_preface(stream))
        .await
        .ok()
        .flatten()
}

async fn peek_preface(stream: &TcpStream) -> Option<bool> {
    let mut buf = [0u8; PREFACE.len()];
    loop {
        let n = stream.peek(&mut buf).await.ok()?;
        if n == 0 {
            return None;
        }
        if buf[..n] != PREFACE[..n] {
            return Some(false);
        }
        if n == PREFACE.len() {
            return Some(true);
        }
        // A preface cut short (or a request starting with `P`, `PR`…):
        // the rest is on its way, and a peek would see the same bytes.
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    async fn pair() -> (TcpStream, TcpStream) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let client = TcpStream::connect(listener.local_addr().unwrap())
            .await
            .unwrap();
        let (server, _) = listener.accept().await.unwrap();
        (client, server)
    }

    #[tokio::test]
    async fn f3_the_preface_picks_http2_and_stays_in_the_socket() {
        let (mut client, server) = pair().await;
        client.write_all(PREFACE).await.unwrap();
        let limit = Duration::from_secs(5);
        assert_eq!(starts_with_preface(&server, limit).await, Some(true));
        let mut buf = [0u8; 24];
        assert_eq!(server.peek(&mut buf).await.unwrap(), 24, "nothing consumed");
    }

    #[tokio::test]
    async fn f3_http1_and_a_preface_in_pieces() {
        let limit = Duration::from_secs(5);
        let (mut client, server) = pair().await;
        client.write_all(b"POST / HTTP/1.1\r\n").await.unwrap();
        assert_eq!(starts_with_preface(&server, limit).await, Some(false));

        let (mut client, server) = pair().await;
        client.write_all(&PREFACE[..5]).await.unwrap();
        let sniff = tokio::spawn(async move { starts_with_preface(&server, limit).await });
        tokio::time::sleep(Duration::from_millis(20)).await;
        client.write_all(&PREFACE[5..]).await.unwrap();
        assert_eq!(sniff.await.unwrap(), Some(true));
    }

    #[tokio::test]
    async fn f3_a_silent_or_closing_client_is_none() {
        let (client, server) = pair().await;
        let limit = Duration::from_millis(50);
        assert_eq!(starts_with_preface(&server, limit).await, None);
        drop(client);
        assert_eq!(starts_with_preface(&server, limit).await, None);
    }
}
