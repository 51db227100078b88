//! SPEC A11 under hostile HTTP: malformed request lines and headers,
//! oversized headers and bodies, broken percent-encoding, deeply nested JSON,
//! wrong content types and panicking handlers each get their documented
//! status, and the server keeps serving afterwards. Raw TCP, so nothing
//! between the test and the server tidies the bytes up.

use serde::Deserialize;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tether::{controller, App, NativeAdapter};
use tether_tests::TestServer;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

#[derive(Deserialize)]
struct Payload {
    #[allow(dead_code)]
    value: serde_json::Value,
}

struct EchoController;

#[controller("/echo")]
impl EchoController {
    #[get("/:word")]
    async fn word(&self, #[param] word: String) -> String {
        word
    }

    #[get]
    async fn query(&self, #[query("q")] q: String) -> String {
        q
    }

    #[post]
    async fn json(&self, #[body] payload: Payload) -> &'static str {
        let _ = payload;
        "parsed"
    }

    #[get("/slow/:ms")]
    async fn slow(&self, #[param] ms: u64) -> String {
        tokio::time::sleep(Duration::from_millis(ms)).await;
        format!("slept {ms}")
    }

    #[get("/panic/now")]
    async fn panics(&self) -> String {
        panic!("handler bug")
    }
}

async fn server() -> TestServer {
    serve(NativeAdapter::new()).await
}

/// With pipelined batching off: one write per response.
async fn strict_server() -> TestServer {
    serve(NativeAdapter::new().pipeline_flush(false)).await
}

async fn serve(adapter: NativeAdapter) -> TestServer {
    let app = App::new(adapter)
        .body_limit(64 * 1024)
        .controller(EchoController);
    TestServer::start(app).await
}

/// Sends raw bytes, returns the status line's code (0 when the server
/// closed without answering) and the whole response text.
async fn raw(server: &TestServer, request: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    stream.write_all(request).await.unwrap();
    let mut buf = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut buf)).await;
    assert!(read.is_ok(), "server neither answered nor closed");
    let text = String::from_utf8_lossy(&buf).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, text)
}

async fn still_serving(server: &TestServer) {
    assert_eq!(server.get("/echo/alive").await, (200, "alive".into()));
}

#[tokio::test]
async fn a11_malformed_request_line_is_400() {
    let s = server().await;
    for request in [
        &b"GARBAGE\r\n\r\n"[..],
        b"GET\r\n\r\n",
        b"GET /echo/x HTTP/9.9\r\n\r\n",
        b"GET /echo/\x01x HTTP/1.1\r\nHost: a\r\n\r\n",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",
    ] {
        let (status, text) = raw(&s, request).await;
        assert_eq!(status, 400, "{request:?} -> {text}");
    }
    still_serving(&s).await;
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a11_malformed_and_oversized_headers() {
    let huge = format!(
        "GET /echo/x HTTP/1.1\r\nHost: a\r\nX-Big: {}\r\n\r\n",
        "a".repeat(1024 * 1024)
    );
    let many: String = (0..500).map(|i| format!("X-H{i}: v\r\n")).collect();
    let many = format!("GET /echo/x HTTP/1.1\r\nHost: a\r\n{many}\r\n");
    let bad_header = &b"GET /echo/x HTTP/1.1\r\nBad Header\r\n\r\n"[..];
    let bad_path = &b"GET /echo/\xff\xfe HTTP/1.1\r\nHost: a\r\n\r\n"[..];
    // hyper's own answers, with pipelined batching on (the default) and off.
    for s in [server().await, strict_server().await] {
        assert_eq!(raw(&s, bad_header).await.0, 400);
        assert_eq!(raw(&s, bad_path).await.0, 400);
        assert_eq!(raw(&s, huge.as_bytes()).await.0, 431);
        assert_eq!(raw(&s, many.as_bytes()).await.0, 431);
        still_serving(&s).await;
        s.stop().await.unwrap();
    }
}

/// RFC 9112, section 3.2: no `Host` in HTTP/1.1, two `Host` lines, or a
/// value that is no host is a `400` naming it, and the connection closes;
/// the app never sees the request.
#[tokio::test]
async fn a11_host_header_rules_of_rfc_9112() {
    let refused: [(&[u8], &str); 5] = [
        (b"GET /echo/x HTTP/1.1\r\n\r\n", "needs a Host header"),
        (
            b"GET /echo/x HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n",
            "more than one Host",
        ),
        (
            b"GET /echo/x HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n",
            "more than one Host",
        ),
        (
            b"GET /echo/x HTTP/1.1\r\nHost: evil.example/x?\r\n\r\n",
            "not a host",
        ),
        (
            b"POST /echo HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{\"value\": 1}\n",
            "needs a Host header",
        ),
    ];
    for s in [server().await, strict_server().await] {
        for (request, problem) in refused {
            let (status, text) = raw(&s, request).await;
            assert_eq!(
                status,
                400,
                "{:?} -> {text}",
                String::from_utf8_lossy(request)
            );
            assert!(text.contains(problem), "{text}");
            assert!(
                text.to_ascii_lowercase().contains("connection: close"),
                "{text}"
            );
        }
        // What is allowed: HTTP/1.0 without Host, an empty Host, a port, IPv6.
        for request in [
            &b"GET /echo/ok HTTP/1.0\r\n\r\n"[..],
            b"GET /echo/ok HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n",
            b"GET /echo/ok HTTP/1.1\r\nHost: [::1]:8080\r\nConnection: close\r\n\r\n",
        ] {
            let (status, text) = raw(&s, request).await;
            assert_eq!(
                status,
                200,
                "{:?} -> {text}",
                String::from_utf8_lossy(request)
            );
        }
        // A good request before a bad one in the same batch keeps its answer.
        let (_, text) = raw(
            &s,
            b"GET /echo/first HTTP/1.1\r\nHost: a\r\n\r\nGET /echo/second HTTP/1.1\r\n\r\n",
        )
        .await;
        assert!(text.starts_with("HTTP/1.1 200"), "{text}");
        assert!(text.contains("first"), "{text}");
        assert!(
            text.contains("HTTP/1.1 400") && !text.contains("second"),
            "{text}"
        );
        still_serving(&s).await;
        s.stop().await.unwrap();
    }
    // Behind a proxy that checks it already, the rule can be left to it.
    let lax = serve(NativeAdapter::new().strict_host(false)).await;
    let (status, text) = raw(
        &lax,
        b"GET /echo/lax HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert_eq!(status, 200, "{text}");
    lax.stop().await.unwrap();
}

#[tokio::test]
async fn a11_broken_percent_encoding_and_utf8() {
    let s = server().await;
    let (status, body) = s.get("/echo/%FF%FE").await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("path parameter `word`"), "{body}");
    // A stray `%` is not an escape: it is kept as written.
    assert_eq!(s.get("/echo/100%").await, (200, "100%".into()));
    let (status, body) = s.get("/echo?q=%FF").await;
    assert_eq!(status, 200, "lossy decoding keeps the request: {body}");
    still_serving(&s).await;
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a11_deeply_nested_json_is_400_not_a_stack_overflow() {
    let s = server().await;
    let depth = 20_000;
    let body = format!("{{\"value\":{}{}}}", "[".repeat(depth), "]".repeat(depth));
    let (status, text) = s.send(s.post("/echo", "application/json", body)).await;
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("recursion limit"), "{text}");
    still_serving(&s).await;
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a11_oversized_body_and_wrong_content_type() {
    let s = server().await;
    let body = format!("{{\"value\":\"{}\"}}", "x".repeat(100 * 1024));
    let (status, text) = s.send(s.post("/echo", "application/json", body)).await;
    assert_eq!(status, 413, "{text}");
    assert!(
        text.contains("larger than the limit of 65536 bytes"),
        "{text}"
    );
    let (status, text) = s.send(s.post("/echo", "application/xml", "<a/>")).await;
    assert_eq!(status, 415, "{text}");
    let (status, text) = s
        .send(s.post("/echo", "application/json", "{\"value\":"))
        .await;
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("invalid JSON body"), "{text}");
    still_serving(&s).await;
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a11_panicking_handler_is_500_and_server_survives() {
    let s = server().await;
    for _ in 0..3 {
        let (status, body) = s.get("/echo/panic/now").await;
        assert_eq!(status, 500);
        assert_eq!(
            body,
            r#"{"statusCode":500,"message":"Internal server error","error":"Internal Server Error","code":"INTERNAL_SERVER_ERROR"}"#
        );
        still_serving(&s).await;
    }
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a11_connection_limit_holds_idle_clients_back() {
    let s = serve(NativeAdapter::new().max_connections(2)).await;
    let idle1 = TcpStream::connect(s.addr).await.unwrap();
    let idle2 = TcpStream::connect(s.addr).await.unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    // A third client is not served while two connections hold the slots …
    let mut third = TcpStream::connect(s.addr).await.unwrap();
    third
        .write_all(b"GET /echo/third HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut buf = Vec::new();
    let early = tokio::time::timeout(Duration::from_millis(300), third.read_to_end(&mut buf)).await;
    assert!(early.is_err() && buf.is_empty(), "served past the limit");
    // … and is served as soon as one of them leaves.
    drop(idle1);
    tokio::time::timeout(Duration::from_secs(5), third.read_to_end(&mut buf))
        .await
        .expect("served once a slot is free")
        .unwrap();
    assert!(String::from_utf8_lossy(&buf).ends_with("third"));
    drop(idle2);
    s.stop().await.unwrap();
}

/// A malformed request after valid pipelined ones: every valid one is
/// answered, in order, then hyper's 400 closes the connection, with
/// batching on (the default) and off.
#[tokio::test]
async fn a11_malformed_request_after_pipelined_ones_loses_no_answer() {
    for s in [server().await, strict_server().await] {
        let (_, text) = raw(
            &s,
            b"GET /echo/one HTTP/1.1\r\nHost: a\r\n\r\n\
              GET /echo/two HTTP/1.1\r\nHost: a\r\n\r\n\
              Bad Header\r\n\r\n",
        )
        .await;
        let statuses: Vec<&str> = text
            .match_indices("HTTP/1.1 ")
            .map(|(i, _)| &text[i + 9..i + 12])
            .collect();
        assert_eq!(statuses, ["200", "200", "400"], "{text}");
        let one = text.find("\r\n\r\none").expect("first answer");
        let two = text.find("\r\n\r\ntwo").expect("second answer");
        assert!(one < two, "{text}");
        still_serving(&s).await;
        s.stop().await.unwrap();
    }
}

/// Sixteen pipelined requests in one write, one of them waiting on a timer
/// mid-batch: all answered, in order, with batching on and off.
#[tokio::test]
async fn a11_pipelined_batch_is_answered_in_order() {
    let mut batch = String::new();
    for i in 0..16 {
        let path = if i == 7 {
            "/echo/slow/50".to_string()
        } else {
            format!("/echo/w{i}")
        };
        batch.push_str(&format!("GET {path} HTTP/1.1\r\nHost: a\r\n\r\n"));
    }
    batch.push_str("GET /echo/last HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n");
    for s in [server().await, strict_server().await] {
        let (_, text) = raw(&s, batch.as_bytes()).await;
        let bodies: Vec<&str> = text
            .split("HTTP/1.1 200 OK")
            .skip(1)
            .map(|r| r.rsplit("\r\n\r\n").next().unwrap())
            .collect();
        let mut want: Vec<String> = (0..16).map(|i| format!("w{i}")).collect();
        want[7] = "slept 50".into();
        want.push("last".into());
        assert_eq!(bodies, want, "{text}");
        s.stop().await.unwrap();
    }
}

/// A streamed answer of `left` chunks of 64 KiB that counts what hyper
/// pulls.
struct Counted {
    left: usize,
    pulled: Arc<std::sync::atomic::AtomicUsize>,
}

impl http_body::Body for Counted {
    type Data = bytes::Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        _cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<bytes::Bytes>, Self::Error>>> {
        static CHUNK: [u8; 64 * 1024] = [b'x'; 64 * 1024];
        if self.left == 0 {
            return std::task::Poll::Ready(None);
        }
        self.left -= 1;
        self.pulled
            .fetch_add(CHUNK.len(), std::sync::atomic::Ordering::Relaxed);
        let chunk = bytes::Bytes::from_static(&CHUNK);
        std::task::Poll::Ready(Some(Ok(http_body::Frame::data(chunk))))
    }
}

/// `GET /stream`: 64 MiB, produced as fast as it is pulled.
struct StreamController {
    pulled: Arc<std::sync::atomic::AtomicUsize>,
}

#[controller("/stream")]
impl StreamController {
    #[get]
    async fn stream(&self) -> tether::Response {
        let body = Counted {
            left: 1024,
            pulled: self.pulled.clone(),
        };
        tether::Response::new(tether::Body::from_stream(body))
    }
}

/// H1: a client that pipelines two requests for a large streamed answer
/// and reads nothing makes the server hold no more than its buffers: the
/// answer is pulled only as far as the socket takes it (hyper's own
/// `pipeline_flush` would pull all of it into memory while the second
/// request waits in its read buffer), with batching on and off.
#[tokio::test]
async fn h1_a_pipelined_stream_to_a_client_that_reads_nothing_is_not_buffered() {
    for batching in [true, false] {
        let pulled = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let app =
            App::new(NativeAdapter::new().pipeline_flush(batching)).controller(StreamController {
                pulled: pulled.clone(),
            });
        let s = TestServer::start(app).await;
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(64 * 1024).unwrap();
        let mut stream = socket.connect(s.addr).await.unwrap();
        let request = "GET /stream HTTP/1.1\r\nHost: a\r\n\r\n".repeat(2);
        stream.write_all(request.as_bytes()).await.unwrap();
        let read = |pulled: &std::sync::atomic::AtomicUsize| {
            pulled.load(std::sync::atomic::Ordering::Relaxed)
        };
        // Until the socket is full: the count stops moving.
        let mut last = 0;
        for _ in 0..40 {
            tokio::time::sleep(Duration::from_millis(50)).await;
            let now = read(&pulled);
            if now == last && now > 0 {
                break;
            }
            last = now;
        }
        // The kernel's buffers (a send buffer of at most 4 MiB here, the
        // client's receive buffer) and the server's own (hyper's and
        // tether's, well under 1 MiB) hold what was pulled.
        let held = read(&pulled);
        assert!(held > 0, "the answer started (batching {batching})");
        assert!(
            held <= 16 * 1024 * 1024,
            "{held} bytes of the two 64 MiB answers pulled with nothing read (batching {batching})"
        );
        // Reading takes the rest: both answers, whole.
        let mut total = 0;
        let mut buf = vec![0; 1 << 20];
        while total < 2 * 64 * 1024 * 1024 {
            let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut buf))
                .await
                .expect("the answers keep coming")
                .unwrap();
            assert!(n > 0, "closed after {total} bytes (batching {batching})");
            total += n;
        }
        assert_eq!(read(&pulled), 2 * 64 * 1024 * 1024);
        s.stop().await.unwrap();
    }
}

/// A POST head promising a body that never comes (the first bytes of it,
/// then nothing).
const STALLED_POST: &[u8] = b"POST /echo HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"val";

/// Issue 31, item 2: a request body that stops arriving is answered `408`
/// after the body-read timeout and the connection is closed; one that
/// keeps trickling in is read to its end, however long it takes in all.
#[tokio::test]
async fn issue31_a_stalled_body_is_answered_408_and_the_connection_closed() {
    let s = serve(NativeAdapter::new().body_read_timeout(Duration::from_millis(300))).await;
    let (status, text) = raw(&s, STALLED_POST).await;
    assert_eq!(status, 408, "{text}");
    assert!(text.contains("body-read timeout"), "{text}");
    assert!(
        text.to_ascii_lowercase().contains("connection: close"),
        "{text}"
    );

    // Two bytes every 100 ms: slower in all than the timeout, never idle for it.
    let body = br#"{"value":[1,2,3]}"#;
    let mut stream = TcpStream::connect(s.addr).await.unwrap();
    let head = format!(
        "POST /echo HTTP/1.1\r\nHost: a\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    for piece in body.chunks(2) {
        tokio::time::sleep(Duration::from_millis(100)).await;
        stream.write_all(piece).await.unwrap();
    }
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
    still_serving(&s).await;
    s.stop().await.unwrap();
}

/// The `message` of each event, as a `tracing` layer sees it.
struct Messages(Arc<Mutex<Vec<String>>>);

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Messages {
    fn on_event(&self, event: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
        struct Message<'a>(&'a mut String);
        impl tracing::field::Visit for Message<'_> {
            fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
                if field.name() == "message" {
                    *self.0 = format!("{value:?}");
                }
            }
        }
        let mut text = String::new();
        event.record(&mut Message(&mut text));
        self.0.lock().unwrap().push(text);
    }
}

/// Issue 31, item 2: clients that send a head and stall their bodies fill
/// every connection slot, and still a normal client is served soon after:
/// the body-read timeout frees the slots. Reaching the limit is logged
/// once, however often it is reached within the warning period.
#[tokio::test]
async fn issue31_stalled_bodies_at_the_connection_limit_do_not_lock_others_out() {
    use tracing_subscriber::layer::SubscriberExt;
    let messages = Arc::new(Mutex::new(Vec::new()));
    let subscriber = tracing_subscriber::registry().with(Messages(messages.clone()));
    // This test's runtime is the current thread: the server logs here.
    let _default = crate::thread_subscriber::set_default(subscriber);
    let adapter = NativeAdapter::new()
        .max_connections(4)
        .body_read_timeout(Duration::from_millis(300));
    let s = serve(adapter).await;
    let mut stalled = Vec::new();
    for _ in 0..12 {
        let mut stream = TcpStream::connect(s.addr).await.unwrap();
        stream.write_all(STALLED_POST).await.unwrap();
        stalled.push(stream);
    }
    let served = tokio::time::timeout(Duration::from_secs(10), s.get("/echo/through")).await;
    assert_eq!(
        served.expect("a normal client was locked out"),
        (200, "through".into())
    );
    let messages = messages.lock().unwrap().clone();
    let full: Vec<_> = messages
        .iter()
        .filter(|m| m.starts_with("connection limit reached: 4 connections open"))
        .collect();
    assert_eq!(full.len(), 1, "{messages:?}");
    drop(stalled);
    s.stop().await.unwrap();
}
