//! SPEC A11 under load with a fault: a bounded burst (256 connections, up
//! to 10,000 keep-alive requests) while shutdown begins midway. Every
//! request the server accepted gets a complete response — zero lost — and
//! the server then exits cleanly. Loopback only, bounded in count and time.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tether::{controller, App, NativeAdapter};
use tether_tests::TestServer;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

struct Load;

#[controller("/load")]
impl Load {
    #[get("/:n")]
    async fn echo(&self, #[param] n: u32) -> String {
        tokio::time::sleep(Duration::from_millis(u64::from(n % 3))).await;
        format!("n={n}")
    }
}

#[derive(Default)]
struct Counts {
    complete: AtomicUsize,
    refused: AtomicUsize,
    lost: AtomicUsize,
}

/// What became of one request on a keep-alive connection.
enum Outcome {
    Complete,
    /// The connection was closed before the request was read: not accepted.
    Refused,
    /// A response began but did not finish: a lost request.
    Lost,
}

async fn one(stream: &mut BufReader<TcpStream>, n: u32) -> Outcome {
    let request = format!("GET /load/{n} HTTP/1.1\r\nHost: t\r\n\r\n");
    if stream
        .get_mut()
        .write_all(request.as_bytes())
        .await
        .is_err()
    {
        return Outcome::Refused;
    }
    let mut status = String::new();
    match stream.read_line(&mut status).await {
        Ok(0) | Err(_) => return Outcome::Refused,
        Ok(_) => {}
    }
    let mut length = None;
    loop {
        let mut line = String::new();
        match stream.read_line(&mut line).await {
            Ok(0) | Err(_) => return Outcome::Lost,
            Ok(_) if line == "\r\n" => break,
            Ok(_) => {
                if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                    length = v.trim().parse::<usize>().ok();
                }
            }
        }
    }
    let mut body = vec![0; length.unwrap_or(0)];
    if stream.read_exact(&mut body).await.is_err() {
        return Outcome::Lost;
    }
    if status.starts_with("HTTP/1.1 200") && body == format!("n={n}").as_bytes() {
        Outcome::Complete
    } else {
        Outcome::Lost
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a11_no_accepted_request_is_lost_when_shutdown_begins_under_load() {
    let adapter = NativeAdapter::new().shutdown_deadline(Duration::from_secs(10));
    let server = TestServer::start(App::new(adapter).controller(Load)).await;
    let addr = server.addr;
    let counts = Arc::new(Counts::default());
    let mut clients = Vec::new();
    for c in 0..256u32 {
        let counts = counts.clone();
        clients.push(tokio::spawn(async move {
            let Ok(stream) = TcpStream::connect(addr).await else {
                counts.refused.fetch_add(40, Ordering::Relaxed);
                return;
            };
            let mut stream = BufReader::new(stream);
            for i in 0..40u32 {
                match one(&mut stream, c * 100 + i).await {
                    Outcome::Complete => counts.complete.fetch_add(1, Ordering::Relaxed),
                    Outcome::Lost => counts.lost.fetch_add(1, Ordering::Relaxed),
                    Outcome::Refused => {
                        // The rest of this connection's requests are never sent.
                        counts.refused.fetch_add(40 - i as usize, Ordering::Relaxed);
                        return;
                    }
                };
            }
        }));
    }
    // Shutdown begins once a good part of the burst is served.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while counts.complete.load(Ordering::Relaxed) < 3_000 {
        assert!(tokio::time::Instant::now() < deadline, "the burst stalled");
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    let stopped = tokio::time::timeout(Duration::from_secs(30), server.stop()).await;
    assert!(
        matches!(stopped, Ok(Ok(()))),
        "server did not exit cleanly: {stopped:?}"
    );
    for client in clients {
        tokio::time::timeout(Duration::from_secs(30), client)
            .await
            .expect("clients finish")
            .unwrap();
    }
    let complete = counts.complete.load(Ordering::Relaxed);
    let refused = counts.refused.load(Ordering::Relaxed);
    let lost = counts.lost.load(Ordering::Relaxed);
    println!("complete {complete}, refused after shutdown {refused}, lost {lost}");
    assert_eq!(lost, 0, "accepted requests without a complete response");
    assert_eq!(complete + refused, 256 * 40);
    assert!(complete >= 3_000);
}
