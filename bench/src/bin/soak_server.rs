//! `soak_server [addr]`: the server of `bench/soak.sh` (issue 31): a large
//! download, a validated form, an SSE stream and a small JSON route, with
//! the adapter's defaults (the connection limit derived from the file
//! limit, or `SOAK_MAX_CONNECTIONS`) except its timeouts (`SOAK_TIMEOUT_SECS` for the header-read,
//! body-read and send timeouts, default 5, so a 60 s soak sees many of
//! them fire). Prints `listening <addr>` once bound.

use serde::Deserialize;
use serde_valid::Validate;
use std::time::Duration;
use tether::sse::Sse;
use tether::{controller, App, NativeAdapter};

/// The length of `GET /soak/big`.
const BIG: usize = 16 * 1024 * 1024;

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

    #[get("/big")]
    async fn big(&self) -> Vec<u8> {
        vec![b'x'; BIG]
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
