//! SPEC A11, issue 8: memory returns to its baseline afterwards. After
//! rounds of hostile HTTP (malformed request lines, oversized heads and
//! bodies, broken percent-encoding, deeply nested JSON, wrong content
//! types, panicking and never-returning handlers, slowloris clients) the
//! server's live heap comes back to where it was before them: no
//! connection, request, timer or panic leaves memory behind.
//!
//! The server runs in this process, so a counting global allocator sees
//! every byte it holds (`tether_tests::counting_alloc`, the binary's). The
//! test runs alone in a process of its own (`tether_tests::ran_alone`):
//! nothing else allocates while it measures. The traffic is raw TCP (no
//! reqwest, whose connection pool would keep memory of its own alive).

use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tether::{controller, App, NativeAdapter};
use tether_tests::counting_alloc::{live, total};
use tether_tests::TestServer;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const BODY_LIMIT: usize = 64 * 1024;
/// Rounds of the barrage before the baseline, so that lazily grown
/// structures (tokio's driver and timer, hyper's and std's first-use
/// state) reach their steady size first. A safeguard: with tokio 1.54 and
/// hyper 1.12 even a baseline taken before any traffic held.
const WARMUP_ROUNDS: usize = 2;
/// Rounds measured against the baseline.
const ROUNDS: usize = 20;
/// Each case is sent this many times per round, all at once.
const COPIES: usize = 2;
/// How far above the baseline the live heap may end. The measured window
/// is 14 cases × 2 copies × 20 rounds = 560 connections, so a leak of
/// 1 KiB per connection (520 KiB) fails this bound many times over, and so
/// does one of 128 B per connection (66,560 B); so does a 4 KiB leak in
/// any one kind of request (40 of them). The noise seen in practice is
/// none: the heap comes back to the byte.
const LEAK_BOUND: isize = 64 * 1024;
/// The length of `/hostile/big`.
const BIG: usize = 16 * 1024 * 1024;
const HANDLER_PANIC: &str = "hostile memory: handler bug";

#[derive(Deserialize)]
struct Payload {
    #[allow(dead_code)]
    value: serde_json::Value,
}

struct Hostile;

#[controller("/hostile")]
impl Hostile {
    #[get("/echo/:word")]
    async fn echo(&self, #[param] word: String) -> String {
        word
    }

    #[get("/search")]
    async fn search(&self, #[query("q")] q: String) -> String {
        q
    }

    #[post("/json")]
    async fn json(&self, #[body] payload: Payload) -> &'static str {
        let _ = payload;
        "parsed"
    }

    #[get("/panic")]
    async fn panics(&self) -> String {
        panic!("hostile memory: handler bug")
    }

    /// A download larger than any socket buffer.
    #[get("/big")]
    async fn big(&self) -> Vec<u8> {
        vec![b'x'; BIG]
    }

    /// Never answers by itself: the request timeout does.
    #[get("/hang")]
    async fn hang(&self) -> String {
        std::future::pending().await
    }
}

/// One hostile (or valid) exchange and what must come of it.
struct Case {
    name: &'static str,
    request: Vec<u8>,
    /// Accepted status codes; 0 means "closed without an answer".
    statuses: &'static [u16],
    /// Text the answer must contain.
    contains: &'static str,
    /// The server must have answered or closed within this.
    within: Duration,
}

fn case(name: &'static str, request: impl Into<Vec<u8>>, statuses: &'static [u16]) -> Case {
    Case {
        name,
        request: request.into(),
        statuses,
        contains: "",
        within: Duration::from_secs(5),
    }
}

fn post_json(path: &str, content_type: &str, body: &str) -> Vec<u8> {
    format!(
        "POST {path} HTTP/1.1\r\nHost: a\r\nConnection: close\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

fn get(path: &str) -> Vec<u8> {
    format!("GET {path} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n").into_bytes()
}

fn cases() -> Vec<Case> {
    let depth = 20_000;
    let nested = format!("{{\"value\":{}{}}}", "[".repeat(depth), "]".repeat(depth));
    let oversized = format!("{{\"value\":\"{}\"}}", "x".repeat(100 * 1024));
    // Past hyper's ~400 KiB limit on the request head.
    let huge_head = format!(
        "GET /hostile/echo/x HTTP/1.1\r\nHost: a\r\nX-Big: {}\r\n\r\n",
        "a".repeat(512 * 1024)
    );
    let many: String = (0..500).map(|i| format!("X-H{i}: v\r\n")).collect();
    let many_headers = format!("GET /hostile/echo/x HTTP/1.1\r\nHost: a\r\n{many}\r\n");
    vec![
        Case {
            contains: "\r\n\r\nhello",
            ..case("valid path parameter", get("/hostile/echo/hello"), &[200])
        },
        Case {
            contains: "\r\n\r\ntether",
            ..case("valid query", get("/hostile/search?q=tether"), &[200])
        },
        Case {
            contains: "\r\n\r\nparsed",
            ..case(
                "valid JSON body",
                post_json("/hostile/json", "application/json", "{\"value\":[1,2,3]}"),
                &[201],
            )
        },
        case("malformed request line", "GARBAGE\r\n\r\n", &[400]),
        case("oversized header", huge_head, &[431]),
        case("too many headers", many_headers, &[431]),
        Case {
            contains: "path parameter `word`",
            ..case(
                "broken percent-encoding",
                get("/hostile/echo/%FF%FE"),
                &[400],
            )
        },
        Case {
            contains: "recursion limit",
            ..case(
                "deeply nested JSON",
                post_json("/hostile/json", "application/json", &nested),
                &[400],
            )
        },
        Case {
            contains: "larger than the limit of 65536 bytes",
            ..case(
                "oversized body",
                post_json("/hostile/json", "application/json", &oversized),
                &[413],
            )
        },
        case(
            "wrong content type",
            post_json("/hostile/json", "application/xml", "<a/>"),
            &[415],
        ),
        Case {
            contains: "Internal server error",
            ..case("panicking handler", get("/hostile/panic"), &[500])
        },
        Case {
            contains: "longer than 200 ms",
            ..case("never-returning handler", get("/hostile/hang"), &[503])
        },
        // A body that stops arriving: answered by the 200 ms body-read
        // timeout (issue 31, item 2) or the request timeout, whichever
        // fires first.
        Case {
            within: Duration::from_secs(2),
            ..case(
                "stalled body",
                "POST /hostile/json HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"va",
                &[408, 503],
            )
        },
        // A head that never ends: closed by the 200 ms header-read timeout
        // (closed without an answer, or with a 408).
        Case {
            within: Duration::from_secs(1),
            ..case(
                "slowloris",
                "GET /hostile/echo/slow HTTP/1.1\r\nHost: a\r\nX-Slow: 1\r\n",
                &[0, 408],
            )
        },
    ]
}

/// Sends `case` on a fresh connection while reading the answer to its end
/// (the server may close before it has read everything, so the write may
/// fail), and checks the status and text.
async fn exchange(addr: SocketAddr, case: &Case) {
    let started = Instant::now();
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let (mut rd, mut wr) = stream.split();
    let write = async {
        let _ = wr.write_all(&case.request).await;
    };
    let read = async {
        let mut answer = Vec::new();
        let mut chunk = [0u8; 4096];
        loop {
            match rd.read(&mut chunk).await {
                Ok(0) | Err(_) => break answer,
                Ok(n) => answer.extend_from_slice(&chunk[..n]),
            }
        }
    };
    let both = async { tokio::join!(write, read).1 };
    let answer = tokio::time::timeout(case.within, both)
        .await
        .unwrap_or_else(|_| {
            panic!(
                "{}: neither answered nor closed within {:?}",
                case.name, case.within
            )
        });
    let text = String::from_utf8_lossy(&answer);
    let status: u16 = text
        .strip_prefix("HTTP/1.1 ")
        .and_then(|rest| rest.get(..3))
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    let head = &text[..text.len().min(300)];
    assert!(
        case.statuses.contains(&status),
        "{}: status {status}, expected one of {:?}, after {:?}: {head}",
        case.name,
        case.statuses,
        started.elapsed()
    );
    assert!(text.contains(case.contains), "{}: {head}", case.name);
}

/// Every case `COPIES` times, all connections at once.
async fn barrage(addr: SocketAddr, cases: &Arc<Vec<Case>>) {
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..COPIES {
        for i in 0..cases.len() {
            let cases = Arc::clone(cases);
            tasks.spawn(async move { exchange(addr, &cases[i]).await });
        }
    }
    while let Some(done) = tasks.join_next().await {
        if let Err(e) = done {
            std::panic::resume_unwind(e.into_panic());
        }
    }
}

/// Lets closing connections finish, then waits until the live heap stops
/// moving (three equal readings 50 ms apart) and returns it.
async fn settle() -> isize {
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut last = live();
    let mut equal = 0;
    for _ in 0..60 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        let now = live();
        if now == last {
            equal += 1;
            if equal == 2 {
                return now;
            }
        } else {
            equal = 0;
            last = now;
        }
    }
    panic!("the live heap never settled: last {last} bytes");
}

/// The panicking route panics on purpose: keep its messages out of the
/// output; every other panic is reported as usual.
fn quiet_handler_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if info.payload_as_str() != Some(HANDLER_PANIC) {
            default(info);
        }
    }));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a11_memory_returns_to_baseline_after_hostile_traffic() {
    if tether_tests::ran_alone(
        "hostile_memory::a11_memory_returns_to_baseline_after_hostile_traffic",
    ) {
        return;
    }
    let started = Instant::now();
    quiet_handler_panics();
    let adapter = NativeAdapter::new()
        .header_read_timeout(Duration::from_millis(200))
        .request_timeout(Duration::from_millis(200))
        .body_read_timeout(Duration::from_millis(200))
        .send_timeout(Duration::from_millis(300));
    let app = App::new(adapter).body_limit(BODY_LIMIT).controller(Hostile);
    let server = TestServer::start(app).await;
    let cases = Arc::new(cases());
    let measured_connections = ROUNDS * COPIES * cases.len();
    assert!(
        measured_connections as isize * 1024 > LEAK_BOUND,
        "a leak of 1 KiB per connection must fail the bound"
    );

    for _ in 0..WARMUP_ROUNDS {
        barrage(server.addr, &cases).await;
    }
    let baseline = settle().await;
    let total_before = total();
    for _ in 0..ROUNDS {
        barrage(server.addr, &cases).await;
    }
    let after = settle().await;
    let allocated = total() - total_before;
    eprintln!(
        "live heap: baseline {baseline} B, after {ROUNDS} rounds ({measured_connections} connections) \
         {after} B ({:+} B); allocated during them {allocated} B ({} MiB); {:?} so far",
        after - baseline,
        allocated / (1024 * 1024),
        started.elapsed()
    );
    assert!(
        after - baseline < LEAK_BOUND,
        "the live heap grew by {} B over {ROUNDS} rounds of hostile traffic \
         (baseline {baseline} B, after {after} B)",
        after - baseline
    );
    // The traffic was real: the process went through far more memory than
    // the bound (about 43 MiB over the 20 rounds; the requests are built
    // before the window, so nearly all of it is the server's) and still
    // came back.
    assert!(
        allocated > 100 * LEAK_BOUND as usize,
        "only {allocated} B allocated: the barrage did not reach the server"
    );

    non_readers_are_closed_and_their_answers_freed(server.addr).await;

    // Still serving.
    exchange(server.addr, &cases[0]).await;
    server.stop().await.unwrap();
}

/// Issue 31, item 3: clients that ask for a download and never read it
/// are closed by the send timeout (300 ms), and the answers they held
/// (16 MiB each) are freed.
async fn non_readers_are_closed_and_their_answers_freed(addr: SocketAddr) {
    const CLIENTS: usize = 4;
    let before = settle().await;
    let mut clients = Vec::new();
    for _ in 0..CLIENTS {
        let mut stream = TcpStream::connect(addr).await.expect("connect");
        stream.write_all(&get("/hostile/big")).await.unwrap();
        clients.push(stream);
    }
    // Well past the send timeout and one tick of the connection's timer.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let held = settle().await - before;
    eprintln!("{CLIENTS} clients not reading a {BIG} B download: {held} B held");
    assert!(
        held < 1024 * 1024,
        "{CLIENTS} clients that read nothing hold {held} B of the server's memory"
    );
    for mut stream in clients {
        let mut got = Vec::new();
        let read = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut got)).await;
        assert!(read.is_ok(), "a client that read nothing was kept open");
        assert!(
            got.len() < BIG,
            "the whole download arrived: {} B",
            got.len()
        );
    }
}
