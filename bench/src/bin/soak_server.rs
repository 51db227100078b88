//! `soak_server [addr]`: the server of `bench/soak.sh` (issue 31): a large
//! streamed download, a validated form, an SSE stream and a small JSON route, with
//! the adapter's defaults (the connection limit derived from the file
//! limit, or `SOAK_MAX_CONNECTIONS`) except its timeouts (`SOAK_TIMEOUT_SECS` for the header-read,
//! body-read and send timeouts, default 5, so a 60 s soak sees many of
//! them fire). Prints `listening <addr>` once bound.

use hyper::body::{Frame, SizeHint};
use serde::Deserialize;
use serde_valid::Validate;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tether::response::sse::Sse;
use tether::{controller, App, Attachment, Body, NativeAdapter};

/// The length of `GET /soak/big`.
const BIG: usize = 16 * 1024 * 1024;

/// `left` bytes of `x`, 64 KiB a frame.
struct Pieces {
    left: usize,
}

impl hyper::body::Body for Pieces {
    type Data = bytes::Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<bytes::Bytes>, Self::Error>>> {
        static PIECE: [u8; 65536] = [b'x'; 65536];
        let n = self.left.min(PIECE.len());
        if n == 0 {
            return Poll::Ready(None);
        }
        self.left -= n;
        Poll::Ready(Some(Ok(Frame::data(bytes::Bytes::from_static(
            &PIECE[..n],
        )))))
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.left as u64)
    }
}

#[derive(Deserialize, Validate)]
struct Form {
    #[validate(min_length = 3)]
    name: String,
}

#[derive(serde::Serialize)]
enum Event {
    Tick(u64),
}

struct Soak;

#[controller("/soak")]
impl Soak {
    #[get("/ping")]
    async fn ping(&self) -> &'static str {
        "pong"
    }

    /// 16 MiB streamed in 64 KiB pieces, as a download of a file or an
    /// export is: a client that stops reading holds one piece and the
    /// socket's buffers, not the whole answer.
    #[get("/big")]
    async fn big(&self) -> Attachment {
        Attachment::new(Body::from_stream(Pieces { left: BIG })).filename("big.bin")
    }

    #[post("/form")]
    async fn form(&self, #[body(form)] form: Form) -> String {
        form.name
    }

    #[get("/events")]
    async fn events(&self) -> Sse<Event> {
        let (tx, sse) = Sse::channel(4);
        tokio::spawn(async move {
            for i in 0.. {
                if tx.send(Event::Tick(i)).await.is_err() {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        });
        sse
    }
}

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:0".into());
    let timeout = Duration::from_secs(env_or("SOAK_TIMEOUT_SECS", 5));
    let mut adapter = NativeAdapter::new()
        .header_read_timeout(timeout)
        .body_read_timeout(timeout)
        .send_timeout(timeout)
        .http2_idle_timeout(Some(timeout));
    if let Ok(Ok(limit)) = std::env::var("SOAK_MAX_CONNECTIONS").map(|v| v.parse()) {
        adapter = adapter.max_connections(limit);
    }
    let server = App::new(adapter).controller(Soak).bind(addr).await?;
    println!("listening {}", server.local_addr());
    server.serve_until_ctrl_c().await
}
