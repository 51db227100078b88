//! Issue 12 item 7 (SPEC A6, A11): an answer sent before the request body
//! is read — a guard's 401, a 404, a 405, a 413 — reaches a client that is
//! still sending, and a client that never stops sending cannot hold the
//! connection: the server closes it within its lingering time.
//!
//! The clients are real and keep sending while the answer comes: node's
//! `fetch` with a `FormData` body (`tests/e2e/early_answer.mjs`) and raw TCP.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};
use tether::extract::multipart::Multipart;
use tether::pipeline::Guard;
use tether::{controller, App, HttpError, NativeAdapter, Request};
use tether_tests::TestServer;

const ATTEMPTS: usize = 100;

struct Deny;

impl Guard for Deny {
    async fn can_activate(&self, _req: &mut Request) -> Result<bool, HttpError> {
        Err(HttpError::unauthorized("sign in first"))
    }
}

struct Uploads;

#[controller("/uploads")]
impl Uploads {
    #[post("/guarded")]
    #[use_guards(Deny)]
    async fn guarded(&self, #[body(multipart)] _form: Multipart) -> &'static str {
        "never"
    }

    #[get("/read-only")]
    async fn read_only(&self) -> &'static str {
        "get only"
    }

    #[post("/small")]
    async fn small(&self, #[body(bytes)] raw: Vec<u8>) -> String {
        raw.len().to_string()
    }
}

async fn server() -> TestServer {
    TestServer::start(
        App::new(NativeAdapter::new())
            .controller(Uploads)
            .body_limit(64 * 1024),
    )
    .await
}

/// The early answers under test: the status each path is answered with.
const CASES: [(u16, &str); 4] = [
    (401, "/uploads/guarded"),
    (404, "/uploads/nowhere"),
    (405, "/uploads/read-only"),
    (413, "/uploads/small"),
];

/// Sends an 8 MiB body in full, whatever comes back meanwhile, and only
/// then reads the answer: the status code, or what went wrong as text.
fn raw_attempt(addr: SocketAddr, path: &str) -> String {
    const BODY: usize = 8 * 1024 * 1024;
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: t\r\nContent-Type: application/octet-stream\r\nContent-Length: {BODY}\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).unwrap();
    let chunk = vec![b'x'; 64 * 1024];
    for _ in 0..BODY / chunk.len() {
        if let Err(e) = stream.write_all(&chunk) {
            return format!("write error {:?}", e.kind());
        }
    }
    let mut got = Vec::new();
    let mut buf = [0u8; 1024];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return format!("closed after {:?}", String::from_utf8_lossy(&got)),
            Ok(n) => {
                got.extend_from_slice(&buf[..n]);
                if let Some(end) = got.windows(2).position(|w| w == b"\r\n") {
                    let line = String::from_utf8_lossy(&got[..end]).to_string();
                    return line.split(' ').nth(1).unwrap_or(&line).to_string();
                }
            }
            Err(e) => return format!("read error {:?}", e.kind()),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a11_early_answers_reach_a_raw_tcp_client_still_sending() {
    let server = server().await;
    let addr = server.addr;
    for (status, path) in CASES {
        let outcomes = tokio::task::spawn_blocking(move || {
            (0..ATTEMPTS)
                .map(|_| raw_attempt(addr, path))
                .collect::<Vec<_>>()
        })
        .await
        .unwrap();
        let wrong: Vec<_> = outcomes
            .iter()
            .filter(|o| **o != status.to_string())
            .collect();
        assert!(
            wrong.is_empty(),
            "POST {path}: {} of {ATTEMPTS} attempts did not see {status}: {wrong:?}",
            wrong.len()
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a11_early_answers_reach_node_fetch_sending_form_data() {
    let server = server().await;
    let args: Vec<String> = CASES
        .iter()
        .map(|(status, path)| format!("{status}={}", server.url(path)))
        .collect();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/e2e/early_answer.mjs");
    let output = tokio::process::Command::new("node")
        .arg(script)
        .args(&args)
        .env("ATTEMPTS", ATTEMPTS.to_string())
        .output()
        .await
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "node failed: {stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let seen: serde_json::Value = serde_json::from_str(stdout.trim()).expect("node prints JSON");
    for arg in &args {
        let status = arg.split('=').next().unwrap();
        let expected = serde_json::json!({ status: ATTEMPTS });
        assert_eq!(seen[arg], expected, "{arg}: all of {ATTEMPTS} see {status}");
    }
}

/// A client that keeps sending a chunked body forever gets the guard's 401
/// with `Connection: close`, and the server closes the connection within
/// its lingering time (2 s), not when the client stops.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a11_an_endless_body_does_not_hold_the_connection() {
    let server = server().await;
    let addr = server.addr;
    let (head, held_for) = tokio::task::spawn_blocking(move || {
        let mut stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        stream
            .write_all(b"POST /uploads/guarded HTTP/1.1\r\nHost: t\r\nContent-Type: multipart/form-data; boundary=x\r\nTransfer-Encoding: chunked\r\n\r\n")
            .unwrap();
        let mut writer = stream.try_clone().unwrap();
        let started = Instant::now();
        let sender = std::thread::spawn(move || {
            let chunk = format!("4000\r\n{}\r\n", "y".repeat(0x4000));
            // Never the last chunk: this body has no end.
            while writer.write_all(chunk.as_bytes()).is_ok() {
                std::thread::sleep(Duration::from_millis(1));
            }
            started.elapsed()
        });
        let mut got = Vec::new();
        let _ = stream.read_to_end(&mut got);
        let held_for = sender.join().unwrap();
        (String::from_utf8_lossy(&got).to_string(), held_for)
    })
    .await
    .unwrap();
    assert!(head.starts_with("HTTP/1.1 401"), "{head}");
    assert!(
        head.to_ascii_lowercase().contains("connection: close"),
        "{head}"
    );
    assert!(
        held_for < Duration::from_secs(10),
        "the server kept reading for {held_for:?}"
    );
}
