//! SPEC A11: graceful shutdown, its deadline, panics turned into 500s,
//! the header-read timeout and the request timeout, on a live server.

use std::time::{Duration, Instant};
use tether::response::sse::Sse;
use tether::{controller, App, NativeAdapter, Next, Request};
use tether_tests::TestServer;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[derive(serde::Serialize)]
enum Beat {
    Beat,
}

/// Handlers that answer at once, late, never, or at length (also the
/// app of `rolling_deploy`).
pub(crate) struct Work;

const BIG: usize = 32 << 20;

#[controller("/work")]
impl Work {
    #[get("/fast")]
    async fn fast(&self) -> &'static str {
        "fast"
    }
    #[get("/slow")]
    async fn slow(&self) -> &'static str {
        tokio::time::sleep(Duration::from_millis(600)).await;
        "slow done"
    }
    #[get("/panic")]
    async fn panic(&self) -> &'static str {
        panic!("handler bug")
    }
    /// Quiet for 900 ms (no keep-alive comments), then one event, the end.
    #[get("/quiet")]
    async fn quiet(&self) -> Sse<Beat> {
        let beat = futures_util::stream::once(async {
            tokio::time::sleep(Duration::from_millis(900)).await;
            Beat::Beat
        });
        Sse::new(beat).keep_alive(None)
    }
    /// 32 MiB, more than the sockets' buffers hold.
    #[get("/big")]
    async fn big(&self) -> Vec<u8> {
        vec![b'x'; BIG]
    }
    /// Never ends by itself.
    #[get("/forever")]
    async fn forever(&self) -> Sse<Beat> {
        let beats = futures_util::stream::unfold((), |()| async {
            tokio::time::sleep(Duration::from_millis(20)).await;
            Some((Beat::Beat, ()))
        });
        Sse::new(beats)
    }
    /// Never ends by itself, and sends nothing (no keep-alive comments).
    #[get("/silent")]
    async fn silent(&self) -> Sse<Beat> {
        Sse::new(futures_util::stream::pending()).keep_alive(None)
    }
    /// A download that never ends: not SSE, so only the deadline cuts it.
    #[get("/endless")]
    async fn endless(&self) -> tether::Response {
        let chunks = futures_util::stream::unfold((), |()| async {
            tokio::time::sleep(Duration::from_millis(20)).await;
            let chunk = http_body::Frame::data(bytes::Bytes::from_static(b"x"));
            Some((Ok::<_, std::convert::Infallible>(chunk), ()))
        });
        let body = http_body_util::StreamBody::new(chunks);
        tether::Response::new(tether::response::Body::from_stream(body))
    }
}

#[tokio::test]
async fn a11_graceful_shutdown_finishes_in_flight_and_refuses_new_connections() {
    let mut server = TestServer::start(App::new(NativeAdapter::new()).controller(Work)).await;
    let slow = tokio::spawn(server.client.get(server.url("/work/slow")).send());
    tokio::time::sleep(Duration::from_millis(150)).await;
    server.begin_shutdown();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let refused = tokio::net::TcpStream::connect(server.addr).await;
    assert!(
        refused.is_err(),
        "a new connection was accepted after shutdown began"
    );
    let res = slow
        .await
        .unwrap()
        .expect("the in-flight request completes");
    assert_eq!(res.status(), 200);
    assert_eq!(res.text().await.unwrap(), "slow done");
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a11_shutdown_deadline_ends_endless_streams() {
    deadline_cuts_an_endless_download(reqwest::Client::new(), reqwest::Version::HTTP_11).await;
}

/// HTTP/2 connections are cut by the adapter's clock, not by aborting
/// their tasks: the same deadline holds.
#[tokio::test]
async fn a11_shutdown_deadline_ends_endless_http2_streams() {
    let client = reqwest::Client::builder()
        .http2_prior_knowledge()
        .build()
        .unwrap();
    deadline_cuts_an_endless_download(client, reqwest::Version::HTTP_2).await;
}

/// An endless download over `client` is cut at a shutdown deadline of
/// 300 ms, and the adapter returns then.
async fn deadline_cuts_an_endless_download(client: reqwest::Client, version: reqwest::Version) {
    let adapter = NativeAdapter::new().shutdown_deadline(Duration::from_millis(300));
    let mut server = TestServer::start(App::new(adapter).controller(Work)).await;
    let mut res = client
        .get(server.url("/work/endless"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.version(), version);
    let started = Instant::now();
    server.begin_shutdown();
    server.stop().await.unwrap();
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(250) && took < Duration::from_secs(3),
        "{took:?}"
    );
    // And the stream is cut, although this runtime goes on running the
    // adapter's tasks: the download does not end cleanly, it stops.
    let read_on = async { while let Ok(Some(_)) = res.chunk().await {} };
    tokio::time::timeout(Duration::from_secs(2), read_on)
        .await
        .expect("the endless download is cut at the deadline");
}

/// SPEC F6: when the listener closes at shutdown, open SSE streams end
/// (their last chunk is sent) rather than holding the instance until the
/// shutdown deadline: the client reconnects elsewhere at once.
async fn sse_ends_when_the_listener_closes(client: reqwest::Client, path: &str, compressed: bool) {
    let adapter = NativeAdapter::new().shutdown_deadline(Duration::from_secs(20));
    let app = App::new(adapter).controller(Work);
    let app = match compressed {
        // tower-http leaves `text/event-stream` alone by default: compress
        // everything, so that the stream is inside the layer's body.
        true => app.layer(
            tower_http::compression::CompressionLayer::new()
                .compress_when(tower_http::compression::predicate::SizeAbove::new(0)),
        ),
        false => app,
    };
    let mut server = TestServer::start(app).await;
    let mut req = client.get(server.url(path));
    if compressed {
        req = req.header("accept-encoding", "gzip");
    }
    let mut res = req.send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "text/event-stream");
    if compressed {
        assert_eq!(res.headers()["content-encoding"], "gzip");
    }
    let mut body = Vec::new();
    if path == "/work/forever" {
        let first = res.chunk().await.unwrap().expect("a first chunk");
        assert!(!first.is_empty());
        body.extend_from_slice(&first);
    }
    let started = Instant::now();
    server.begin_shutdown();
    // Read to the end: a clean end of the stream, not an error, and soon
    // (the deadline is 20 s away; the adapter's connection tasks outlive
    // it in this runtime, so without the end the read would not return).
    let read_to_end = async {
        while let Some(chunk) = res.chunk().await.expect("the stream ends cleanly") {
            body.extend_from_slice(&chunk);
        }
    };
    tokio::time::timeout(Duration::from_secs(3), read_to_end)
        .await
        .expect("the SSE stream ends when the listener closes");
    if compressed {
        // The gzip stream was finished too (its trailer sent).
        let mut text = String::new();
        std::io::Read::read_to_string(&mut flate2::read::MultiGzDecoder::new(&body[..]), &mut text)
            .expect("a complete gzip stream");
        assert!(text.starts_with("event: Beat\n"), "{text:?}");
    }
    server.stop().await.unwrap();
    let took = started.elapsed();
    assert!(took < Duration::from_secs(3), "{took:?}");
}

#[tokio::test]
async fn f6_sse_streams_end_when_the_listener_closes() {
    sse_ends_when_the_listener_closes(reqwest::Client::new(), "/work/forever", false).await;
    sse_ends_when_the_listener_closes(reqwest::Client::new(), "/work/silent", false).await;
}

#[tokio::test]
async fn f6_sse_streams_end_when_the_listener_closes_over_http2() {
    let h2 = || {
        reqwest::Client::builder()
            .http2_prior_knowledge()
            .build()
            .unwrap()
    };
    sse_ends_when_the_listener_closes(h2(), "/work/forever", false).await;
    sse_ends_when_the_listener_closes(h2(), "/work/silent", false).await;
}

#[tokio::test]
async fn f6_a_compressed_sse_stream_ends_with_its_gzip_trailer() {
    sse_ends_when_the_listener_closes(reqwest::Client::new(), "/work/forever", true).await;
}

#[tokio::test]
async fn a11_panics_become_500_and_the_server_keeps_serving() {
    let app = App::new(NativeAdapter::new())
        .controller(Work)
        .use_middleware(|req: Request, next: Next| async move {
            if req.header("x-panic-in-middleware").is_some() {
                panic!("middleware bug");
            }
            next.run(req).await
        });
    let server = TestServer::start(app).await;
    for _ in 0..2 {
        let (status, body) = server.get("/work/panic").await;
        assert_eq!(status, 500);
        assert!(body.contains("Internal server error"), "{body}");
        assert_eq!(server.get("/work/fast").await, (200, "fast".to_string()));
    }
    let (status, _) = server
        .send(
            server
                .client
                .get(server.url("/work/fast"))
                .header("x-panic-in-middleware", "1"),
        )
        .await;
    assert_eq!(status, 500);
    assert_eq!(server.get("/work/fast").await, (200, "fast".to_string()));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a11_header_read_timeout_closes_slow_clients() {
    let adapter = NativeAdapter::new().header_read_timeout(Duration::from_millis(300));
    let server = TestServer::start(App::new(adapter).controller(Work)).await;
    let mut slow = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    // Headers that never end.
    slow.write_all(b"GET /work/fast HTTP/1.1\r\nHost: a\r\n")
        .await
        .unwrap();
    let started = Instant::now();
    let mut rest = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), slow.read_to_end(&mut rest)).await;
    let took = started.elapsed();
    assert!(read.is_ok(), "the slow connection was never closed");
    assert!(
        took >= Duration::from_millis(250),
        "closed too early: {took:?}"
    );
    assert!(!String::from_utf8_lossy(&rest).contains("200 OK"));
    // A client that sends its headers in time is served.
    let mut ok = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    ok.write_all(b"GET /work/fast HTTP/1.1\r\nHost: a\r\n")
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    ok.write_all(b"Connection: close\r\n\r\n").await.unwrap();
    let mut answer = String::new();
    ok.read_to_string(&mut answer).await.unwrap();
    assert!(
        answer.starts_with("HTTP/1.1 200 OK") && answer.ends_with("fast"),
        "{answer}"
    );
    server.stop().await.unwrap();
}

/// The README's security table: an idle keep-alive connection is closed
/// once the header-read timeout passes with no next request (within a
/// second timeout: `runtime/src/idle.rs`), and a client that asks again in
/// time keeps its connection.
#[tokio::test]
async fn a11_idle_keep_alive_connection_is_closed_after_the_header_read_timeout() {
    let adapter = NativeAdapter::new().header_read_timeout(Duration::from_millis(1000));
    let server = TestServer::start(App::new(adapter).controller(Work)).await;
    let mut conn = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let request = b"GET /work/fast HTTP/1.1\r\nHost: a\r\n\r\n";
    // Asked again within the timeout, twice: served on the same connection,
    // the deadline moving with each request.
    for _ in 0..3 {
        conn.write_all(request).await.unwrap();
        let answer = read_answer(&mut conn).await;
        assert!(answer.starts_with("http/1.1 200 ok"), "{answer}");
        assert!(!answer.contains("connection: close"), "{answer}");
        // Well within the timeout, with room for a busy machine.
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    // Then silence: the server closes the connection, without an answer.
    let started = Instant::now();
    let mut rest = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(8), conn.read_to_end(&mut rest)).await;
    let idle = started.elapsed() + Duration::from_millis(300);
    assert!(read.is_ok(), "the idle connection was never closed");
    assert!(rest.is_empty(), "{}", String::from_utf8_lossy(&rest));
    assert!(
        idle >= Duration::from_millis(900) && idle < Duration::from_secs(6),
        "closed after {idle:?} idle"
    );
    server.stop().await.unwrap();
}

/// The header-read timeout watches only the wait for a head: a handler
/// running for twice the timeout, a quiet SSE stream three times as long,
/// and a download read slowly for several timeouts keep their connection,
/// and a request sent right after a slow answer is served on it.
#[tokio::test]
async fn a11_the_header_read_timeout_never_cuts_a_request_or_its_answer() {
    let adapter = NativeAdapter::new().header_read_timeout(Duration::from_millis(300));
    let server = TestServer::start(App::new(adapter).controller(Work)).await;
    let mut conn = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    // 600 ms in the handler, then the next request at once.
    for path in ["/work/slow", "/work/fast"] {
        let request = format!("GET {path} HTTP/1.1\r\nHost: a\r\n\r\n");
        conn.write_all(request.as_bytes()).await.unwrap();
        let answer = read_answer(&mut conn).await;
        assert!(answer.starts_with("http/1.1 200 ok"), "{answer}");
    }
    // An SSE stream quiet for 900 ms, with no keep-alive comments.
    let mut sse = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    sse.write_all(b"GET /work/quiet HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut stream = String::new();
    sse.read_to_string(&mut stream).await.unwrap();
    assert!(stream.contains("event: Beat"), "{stream}");
    // 32 MiB read 256 KiB every 10 ms: about 1.3 s of writing.
    let mut download = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    download
        .write_all(b"GET /work/big HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let started = Instant::now();
    let mut received = 0;
    let mut buf = vec![0u8; 256 << 10];
    loop {
        let n = download.read(&mut buf).await.unwrap();
        if n == 0 {
            break;
        }
        received += n;
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(received > BIG, "cut after {received} bytes");
    assert!(
        started.elapsed() > Duration::from_millis(600),
        "read too fast to show anything: {:?}",
        started.elapsed()
    );
    server.stop().await.unwrap();
}

/// One HTTP/1.1 answer with a `content-length` body, read off `conn`,
/// lower-cased.
async fn read_answer(conn: &mut tokio::net::TcpStream) -> String {
    let mut answer = Vec::new();
    let mut buf = [0u8; 1024];
    loop {
        let n = conn.read(&mut buf).await.unwrap();
        assert!(
            n > 0,
            "closed mid-answer: {}",
            String::from_utf8_lossy(&answer)
        );
        answer.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&answer).to_ascii_lowercase();
        if let Some(end) = text.find("\r\n\r\n") {
            let length = text[..end]
                .lines()
                .find_map(|l| l.strip_prefix("content-length: "))
                .and_then(|v| v.trim().parse::<usize>().ok())
                .expect("a content-length");
            if answer.len() >= end + 4 + length {
                return text;
            }
        }
    }
}

#[tokio::test]
async fn a11_request_timeout_is_503() {
    let adapter = NativeAdapter::new().request_timeout(Duration::from_millis(200));
    let server = TestServer::start(App::new(adapter).controller(Work)).await;
    let (status, body) = server.get("/work/slow").await;
    assert_eq!(status, 503);
    assert!(body.contains("longer than 200 ms"), "{body}");
    assert_eq!(server.get("/work/fast").await, (200, "fast".to_string()));
    // A stream outlives the timeout once its response has started.
    let res = server
        .client
        .get(server.url("/work/forever"))
        .send()
        .await
        .unwrap();
    let mut body = res.bytes_stream();
    let started = Instant::now();
    let mut seen = 0;
    while started.elapsed() < Duration::from_millis(400) {
        use futures_util::StreamExt;
        seen += body.next().await.unwrap().unwrap().len();
    }
    assert!(seen > 0);
    drop(body);
    server.stop().await.unwrap();
}
