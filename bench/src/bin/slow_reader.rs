//! `slow-reader [MIB]`: what one client costs a server when it asks twice
//! for a large streamed answer, the two requests pipelined, and reads
//! nothing (bench/README.md; BENCHMARKS.md, "Pipelined plaintext against
//! raw hyper").
//!
//! Three servers answer `GET /api/stream` with MIB MiB (default 256) in
//! 64 KiB chunks, each in a child process of its own
//! (`slow-reader serve <server> <addr>`):
//!
//! - `hyper`: raw hyper with `pipeline_flush`, as the bench's `hyper` peer;
//! - `hyper-default`: raw hyper with its defaults (each answer flushed);
//! - `tether`: tether's `NativeAdapter` with its defaults.
//!
//! The client sends the two requests in one write, then waits. After 3 s
//! the server's resident memory (`VmRSS`) is read and printed with its
//! growth since before the requests. A server that keeps polling an
//! answer's body while the socket is full holds all of it: hyper's
//! `pipeline_flush` buffers without a cap while its read buffer holds the
//! next request.

use bytes::Bytes;
use http_body::{Body, Frame, SizeHint};
use std::convert::Infallible;
use std::io::{Read, Write};
use std::pin::Pin;
use std::process::{Command, Stdio};
use std::task::{Context, Poll};
use std::time::Duration;

/// The size of each chunk of the streamed answer.
const CHUNK: usize = 64 * 1024;

static FILLER: [u8; CHUNK] = [b'x'; CHUNK];

/// A body of `left` chunks, each ready at once (a fast producer).
struct Chunks {
    left: usize,
}

impl Body for Chunks {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        if self.left == 0 {
            return Poll::Ready(None);
        }
        self.left -= 1;
        Poll::Ready(Some(Ok(Frame::data(Bytes::from_static(&FILLER)))))
    }

    fn is_end_stream(&self) -> bool {
        self.left == 0
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact((self.left * CHUNK) as u64)
    }
}

/// How many chunks make `mib` MiB.
fn chunks(mib: usize) -> Chunks {
    Chunks {
        left: mib * 1024 * 1024 / CHUNK,
    }
}

/// Raw hyper answering every request with the stream.
async fn hyper_server(addr: &str, mib: usize, pipeline_flush: bool) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.pipeline_flush(pipeline_flush).keep_alive(true);
    loop {
        let (stream, _) = listener.accept().await?;
        let conn = builder.serve_connection(
            hyper_util::rt::TokioIo::new(stream),
            hyper::service::service_fn(move |_req| async move {
                Ok::<_, Infallible>(hyper::Response::new(chunks(mib)))
            }),
        );
        tokio::spawn(conn);
    }
}

/// tether's stream route.
struct StreamController {
    mib: usize,
}

#[tether::controller("/stream")]
impl StreamController {
    #[get]
    async fn stream(&self) -> tether::Response {
        tether::Response::new(tether::Body::from_stream(chunks(self.mib)))
    }
}

/// Serves `server` on `addr` until killed.
fn serve(server: &str, addr: &str, mib: usize) -> std::io::Result<()> {
    if server == "tether" {
        return tether::App::new(tether::NativeAdapter::new())
            .controller(StreamController { mib })
            .run(addr);
    }
    let pipeline_flush = match server {
        "hyper" => true,
        "hyper-default" => false,
        other => return Err(std::io::Error::other(format!("unknown server {other:?}"))),
    };
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(hyper_server(addr, mib, pipeline_flush))
}

/// `VmRSS` of `pid`, in KiB.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// One server: started, asked, measured, killed. Returns (before, after) KiB.
fn measure(server: &str, port: u16, mib: usize) -> std::io::Result<(u64, u64)> {
    let addr = format!("127.0.0.1:{port}");
    let mut child = Command::new(std::env::current_exe()?)
        .args(["serve", server, &addr, &mib.to_string()])
        .stdout(Stdio::null())
        .spawn()?;
    let result = (|| {
        let mut stream = loop {
            match std::net::TcpStream::connect(&addr) {
                Ok(s) => break s,
                Err(_) => std::thread::sleep(Duration::from_millis(20)),
            }
        };
        // The server idle, with the connection open.
        let request = b"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
        std::thread::sleep(Duration::from_millis(300));
        let before = rss_kib(child.id());
        let mut two = request.to_vec();
        two.extend_from_slice(request);
        stream.write_all(&two)?;
        std::thread::sleep(Duration::from_secs(3));
        let after = rss_kib(child.id());
        // The answer did start: its head came.
        let mut head = [0u8; 12];
        stream.read_exact(&mut head)?;
        if &head != b"HTTP/1.1 200" {
            return Err(std::io::Error::other(format!(
                "{server}: unexpected answer {:?}",
                String::from_utf8_lossy(&head)
            )));
        }
        Ok((before, after))
    })();
    let _ = child.kill();
    let _ = child.wait();
    result
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("serve") {
        let mib = args.get(3).and_then(|m| m.parse().ok()).unwrap_or(256);
        return serve(&args[1], &args[2], mib);
    }
    let mib: usize = args.first().and_then(|m| m.parse().ok()).unwrap_or(256);
    println!("two pipelined requests for a {mib} MiB streamed answer, nothing read for 3 s:");
    println!("| server | VmRSS before, MiB | after, MiB | growth, MiB |");
    println!("|---|--:|--:|--:|");
    let port = 24000 + (std::process::id() % 1000) as u16;
    for (i, server) in ["hyper", "hyper-default", "tether"].iter().enumerate() {
        let (before, after) = measure(server, port + i as u16, mib)?;
        println!(
            "| {server} | {:.1} | {:.1} | {:.1} |",
            before as f64 / 1024.0,
            after as f64 / 1024.0,
            (after as f64 - before as f64) / 1024.0
        );
    }
    Ok(())
}
