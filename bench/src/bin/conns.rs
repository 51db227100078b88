//! `conns <h1|h2|sse> <n> <port> [addresses] [close]`: opens `n`
//! connections to a benchmark server, does one request on each, and holds
//! them all open (bench/connections.sh).
//!
//! - `h1`: HTTP/1.1 `GET /api/plaintext`, the answer read, the connection
//!   left idle (keep-alive).
//! - `h2`: HTTP/2 with prior knowledge (the `h2` crate: preface, SETTINGS,
//!   one `GET /api/plaintext` stream read to its end), the connection left
//!   idle; its task keeps answering the server's frames.
//! - `sse`: HTTP/1.1 `GET /api/events`, read up to the first event, the
//!   stream left open.
//!
//! The connections go to `127.0.0.1` … `127.0.0.<addresses>` (default 8)
//! in turn, so that no one destination runs out of ephemeral ports: the
//! server listens on `0.0.0.0`. At most 256 are being opened at once.
//! When all are open the line `ready ok=<n> failed=<m>` is printed; then
//! the process holds them until it is killed (or, with `close`, exits).

use std::io;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// What is held open: a socket, or an HTTP/2 connection's handle.
enum Held {
    Tcp(#[allow(dead_code)] TcpStream),
    H2(#[allow(dead_code)] h2::client::SendRequest<bytes::Bytes>),
}

const PLAINTEXT: &[u8] = b"GET /api/plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n";
const EVENTS: &[u8] =
    b"GET /api/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n";

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Reads until `done` says the answer in `buf` is complete.
async fn read_until(tcp: &mut TcpStream, done: impl Fn(&[u8]) -> bool) -> io::Result<()> {
    let mut buf = Vec::with_capacity(512);
    let mut chunk = [0u8; 512];
    while !done(&buf) {
        let n = tcp.read(&mut chunk).await?;
        if n == 0 {
            return Err(io::Error::other(format!(
                "closed after {:?}",
                String::from_utf8_lossy(&buf)
            )));
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    if !buf.starts_with(b"HTTP/1.1 200") {
        return Err(io::Error::other(format!(
            "unexpected answer {:?}",
            String::from_utf8_lossy(&buf)
        )));
    }
    Ok(())
}

/// Whether `buf` holds a whole answer with a `content-length` body.
fn whole_answer(buf: &[u8]) -> bool {
    let Some(end) = find(buf, b"\r\n\r\n") else {
        return false;
    };
    let head = String::from_utf8_lossy(&buf[..end]).to_ascii_lowercase();
    let length = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok())
        .unwrap_or(0);
    buf.len() >= end + 4 + length
}

async fn open(kind: &str, addr: SocketAddr) -> io::Result<Held> {
    let mut tcp = TcpStream::connect(addr).await?;
    tcp.set_nodelay(true)?;
    match kind {
        "h1" => {
            tcp.write_all(PLAINTEXT).await?;
            read_until(&mut tcp, whole_answer).await?;
            Ok(Held::Tcp(tcp))
        }
        "sse" => {
            tcp.write_all(EVENTS).await?;
            read_until(&mut tcp, |b| find(b, b"data: null\n\n").is_some()).await?;
            Ok(Held::Tcp(tcp))
        }
        "h2" => {
            let (send, conn) = h2::client::handshake(tcp).await.map_err(io::Error::other)?;
            tokio::spawn(async move {
                let _ = conn.await;
            });
            let mut send = send.ready().await.map_err(io::Error::other)?;
            let req = http::Request::get(format!("http://localhost:{}/api/plaintext", addr.port()))
                .body(())
                .map_err(io::Error::other)?;
            let (answer, _) = send.send_request(req, true).map_err(io::Error::other)?;
            let answer = answer.await.map_err(io::Error::other)?;
            if answer.status() != 200 {
                return Err(io::Error::other(format!("status {}", answer.status())));
            }
            let mut body = answer.into_body();
            while let Some(data) = body.data().await {
                let data = data.map_err(io::Error::other)?;
                let _ = body.flow_control().release_capacity(data.len());
            }
            Ok(Held::H2(send))
        }
        other => Err(io::Error::other(format!("unknown kind {other:?}"))),
    }
}

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || io::Error::other("usage: conns <h1|h2|sse> <n> <port> [addresses] [close]");
    let kind = args.first().ok_or_else(usage)?.clone();
    let n: usize = args.get(1).and_then(|a| a.parse().ok()).ok_or_else(usage)?;
    let port: u16 = args.get(2).and_then(|a| a.parse().ok()).ok_or_else(usage)?;
    let addresses: u8 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(8).max(1);
    let close = args.get(4).is_some_and(|a| a == "close");
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(async move {
            let gate = Arc::new(tokio::sync::Semaphore::new(256));
            let mut tasks = tokio::task::JoinSet::new();
            for i in 0..n {
                let ip = Ipv4Addr::new(127, 0, 0, 1 + (i % addresses as usize) as u8);
                let addr = SocketAddr::from((ip, port));
                let permit = gate
                    .clone()
                    .acquire_owned()
                    .await
                    .map_err(io::Error::other)?;
                let kind = kind.clone();
                tasks.spawn(async move {
                    let held = open(&kind, addr).await;
                    drop(permit);
                    held
                });
            }
            let (mut held, mut failed, mut first_error) = (Vec::with_capacity(n), 0, None);
            while let Some(done) = tasks.join_next().await {
                match done.map_err(io::Error::other)? {
                    Ok(h) => held.push(h),
                    Err(e) => {
                        failed += 1;
                        first_error.get_or_insert(e);
                    }
                }
            }
            if let Some(e) = first_error {
                eprintln!("conns: {failed} failed, the first: {e}");
            }
            println!("ready ok={} failed={failed}", held.len());
            if close {
                return Ok(());
            }
            std::future::pending::<()>().await;
            drop(held);
            Ok(())
        })
}
