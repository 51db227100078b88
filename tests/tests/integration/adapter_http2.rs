//! SPEC F3: HTTP/2 beside HTTP/1.1 on one port, with real h2 clients:
//! reqwest with prior knowledge (h2c) and the `h2` crate's client, which
//! can reset a stream mid-request. (ALPN `h2` over TLS: `adapter_tls.rs`.)
//! On the multi-threaded runtime apps run on, where an HTTP/2 connection's
//! writes wait a turn of the scheduler (`runtime/src/h2_writes.rs`).

use h2::client::SendRequest;
use hyper::body::Bytes;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tether::response::sse::Sse;
use tether::{controller, App, NativeAdapter, Request};
use tether_tests::TestServer;
use tokio::sync::{Barrier, Notify};

#[derive(serde::Serialize)]
enum Tick {
    Tick(u32),
}

/// The length of `/h2/big`.
const BIG: usize = 4 * 1024 * 1024;

struct Streams {
    /// Met only when [`CONCURRENT`] requests are in their handlers at once.
    barrier: Arc<Barrier>,
    /// Told when an event stream's client is gone.
    gone: Arc<Notify>,
    /// Told when `/h2/slow` has begun.
    slow_began: Arc<Notify>,
}

const CONCURRENT: usize = 8;

#[controller("/h2")]
impl Streams {
    #[get("/version")]
    async fn version(&self, #[req] req: &Request) -> String {
        format!("{:?}", req.head().version)
    }

    #[post("/echo")]
    async fn echo(&self, #[body(text)] body: String) -> String {
        format!("got {} bytes", body.len())
    }

    #[get("/slow")]
    async fn slow(&self) -> &'static str {
        self.slow_began.notify_one();
        tokio::time::sleep(Duration::from_millis(600)).await;
        "slow done"
    }

    #[get("/together")]
    async fn together(&self) -> &'static str {
        self.barrier.wait().await;
        "together"
    }

    /// Ticks every 10 ms until the client goes, then says so.
    /// 4 MiB in one piece.
    #[get("/big")]
    async fn big(&self) -> Vec<u8> {
        vec![b'x'; BIG]
    }

    #[get("/ticks")]
    async fn ticks(&self) -> Sse<Tick> {
        let (tx, sse) = Sse::channel(1);
        let gone = self.gone.clone();
        tokio::spawn(async move {
            for i in 0.. {
                if tx.send(Tick::Tick(i)).await.is_err() {
                    gone.notify_one();
                    return;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        });
        sse
    }
}

/// What the handlers tell the test.
#[derive(Clone)]
struct Signals {
    gone: Arc<Notify>,
    slow_began: Arc<Notify>,
}

async fn start(adapter: NativeAdapter) -> (TestServer, Signals) {
    let signals = Signals {
        gone: Arc::new(Notify::new()),
        slow_began: Arc::new(Notify::new()),
    };
    let controller = Streams {
        barrier: Arc::new(Barrier::new(CONCURRENT)),
        gone: signals.gone.clone(),
        slow_began: signals.slow_began.clone(),
    };
    let server = TestServer::start(App::new(adapter).controller(controller)).await;
    (server, signals)
}

fn h2c_client() -> reqwest::Client {
    reqwest::Client::builder()
        .http2_prior_knowledge()
        .build()
        .unwrap()
}

/// One HTTP/2 connection by the `h2` crate's client.
async fn h2_connect(addr: SocketAddr) -> (SendRequest<Bytes>, tokio::task::JoinHandle<()>) {
    let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let (client, connection) = h2::client::handshake(tcp).await.expect("h2 handshake");
    let task = tokio::spawn(async move {
        let _ = connection.await;
    });
    (client, task)
}

fn h2_get(addr: SocketAddr, path: &str) -> http::Request<()> {
    http::Request::get(format!("http://{addr}{path}"))
        .body(())
        .unwrap()
}

/// Sends a GET on `client` and reads the whole answer.
async fn h2_fetch(
    client: &SendRequest<Bytes>,
    addr: SocketAddr,
    path: &str,
) -> Result<(u16, String), h2::Error> {
    let mut client = client.clone().ready().await?;
    let (response, _) = client.send_request(h2_get(addr, path), true)?;
    let res = response.await?;
    let status = res.status().as_u16();
    let mut body = res.into_body();
    let mut text = Vec::new();
    while let Some(chunk) = body.data().await {
        let chunk = chunk?;
        let _ = body.flow_control().release_capacity(chunk.len());
        text.extend_from_slice(&chunk);
    }
    Ok((status, String::from_utf8(text).unwrap()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn f3_h2c_with_prior_knowledge_beside_http1_on_one_port() {
    let (server, _) = start(NativeAdapter::new()).await;
    let client = h2c_client();
    let res = client.get(server.url("/h2/version")).send().await.unwrap();
    assert_eq!(res.version(), reqwest::Version::HTTP_2);
    assert_eq!(res.text().await.unwrap(), "HTTP/2.0");
    let body = "x".repeat(100_000);
    let res = client
        .post(server.url("/h2/echo"))
        .header("content-type", "text/plain")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.version(), reqwest::Version::HTTP_2);
    assert_eq!(res.text().await.unwrap(), "got 100000 bytes");
    // HTTP/1.1 on the same port, as before.
    let res = server.client.get(server.url("/h2/version")).send().await;
    let res = res.unwrap();
    assert_eq!(res.version(), reqwest::Version::HTTP_11);
    assert_eq!(res.text().await.unwrap(), "HTTP/1.1");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn f3_http2_off_serves_http1_only() {
    let (server, _) = start(NativeAdapter::new().http2(false)).await;
    let err = h2c_client().get(server.url("/h2/version")).send().await;
    assert!(err.is_err(), "h2c was served with HTTP/2 off: {err:?}");
    assert_eq!(server.get("/h2/version").await, (200, "HTTP/1.1".into()));
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn f3_sse_over_h2() {
    let (server, signals) = start(NativeAdapter::new()).await;
    let res = h2c_client()
        .get(server.url("/h2/ticks"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.version(), reqwest::Version::HTTP_2);
    assert_eq!(res.headers()["content-type"], "text/event-stream");
    let mut stream = res.bytes_stream();
    let mut seen = String::new();
    while !seen.contains("data: 2\n\n") {
        use futures_util::StreamExt;
        let chunk = tokio::time::timeout(Duration::from_secs(5), stream.next())
            .await
            .expect("events keep coming")
            .expect("the stream is open")
            .unwrap();
        seen.push_str(std::str::from_utf8(&chunk).unwrap());
    }
    assert!(
        seen.starts_with("event: Tick\ndata: 0\n\nevent: Tick\ndata: 1\n\n"),
        "{seen}"
    );
    // Dropping the response resets the stream: the producer learns it.
    drop(stream);
    tokio::time::timeout(Duration::from_secs(5), signals.gone.notified())
        .await
        .expect("the event producer saw the client go");
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn f3_concurrent_streams_on_one_connection() {
    let (server, _) = start(NativeAdapter::new()).await;
    let (client, _conn) = h2_connect(server.addr).await;
    // Each handler waits until all of them are running: they finish only
    // if the one connection carries them at the same time.
    let requests = (0..CONCURRENT).map(|_| {
        let client = client.clone();
        let addr = server.addr;
        tokio::spawn(async move { h2_fetch(&client, addr, "/h2/together").await })
    });
    let answers = tokio::time::timeout(
        Duration::from_secs(5),
        futures_util::future::join_all(requests),
    )
    .await
    .expect("the streams ran concurrently");
    for answer in answers {
        assert_eq!(answer.unwrap().unwrap(), (200, "together".to_string()));
    }
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn f3_stream_reset_mid_request_leaves_the_server_healthy() {
    let (server, signals) = start(NativeAdapter::new()).await;
    let (client, conn) = h2_connect(server.addr).await;
    // A body that has started and is reset before its end.
    let mut sender = client.clone().ready().await.unwrap();
    let req = http::Request::post(format!("http://{}/h2/echo", server.addr))
        .header("content-type", "text/plain")
        .body(())
        .unwrap();
    let (response, mut body) = sender.send_request(req, false).unwrap();
    body.send_data(Bytes::from(vec![b'x'; 4096]), false)
        .unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    body.send_reset(h2::Reason::CANCEL);
    let _ = response.await;

    // An event stream reset while the server is sending it.
    let mut sender = client.clone().ready().await.unwrap();
    let (response, mut send) = sender
        .send_request(h2_get(server.addr, "/h2/ticks"), true)
        .unwrap();
    let res = response.await.unwrap();
    let mut events = res.into_body();
    let first = events.data().await.unwrap().unwrap();
    assert!(first.starts_with(b"event: Tick"), "{first:?}");
    send.send_reset(h2::Reason::CANCEL);
    tokio::time::timeout(Duration::from_secs(5), signals.gone.notified())
        .await
        .expect("the event producer saw the reset");

    // The same connection still serves, and so does a new one.
    let fetched = h2_fetch(&client, server.addr, "/h2/version").await;
    assert_eq!(fetched.unwrap(), (200, "HTTP/2.0".to_string()));
    assert!(!conn.is_finished(), "the connection was closed");
    let (other, _) = h2_connect(server.addr).await;
    let fetched = h2_fetch(&other, server.addr, "/h2/version").await;
    assert_eq!(fetched.unwrap(), (200, "HTTP/2.0".to_string()));
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn f3_limits_are_sent_in_settings_and_enforced() {
    let (server, _) = start(NativeAdapter::new().http2_max_concurrent_streams(3)).await;
    let (client, _conn) = h2_connect(server.addr).await;
    let fetched = h2_fetch(&client, server.addr, "/h2/version").await;
    assert_eq!(fetched.unwrap().0, 200);
    assert_eq!(client.current_max_send_streams(), 3);
    server.stop().await.unwrap();

    // The default header list limit, 16 KiB: a larger list is refused.
    let (server, _) = start(NativeAdapter::new()).await;
    let (client, _conn) = h2_connect(server.addr).await;
    let status = big_headers(&client, server.addr).await;
    assert_eq!(status.unwrap(), 431);
    // The default of 100 streams, advertised.
    assert_eq!(client.current_max_send_streams(), 100);
    server.stop().await.unwrap();

    // A larger limit, set on the adapter, lets the same list through.
    let adapter = NativeAdapter::new().http2_max_header_list_size(64 * 1024);
    let (server, _) = start(adapter).await;
    let (client, _conn) = h2_connect(server.addr).await;
    assert_eq!(big_headers(&client, server.addr).await.unwrap(), 200);
    server.stop().await.unwrap();
}

/// A GET with a 20 KiB header: the status it is answered with.
async fn big_headers(client: &SendRequest<Bytes>, addr: SocketAddr) -> Result<u16, h2::Error> {
    let mut big = h2_get(addr, "/h2/version");
    let value = http::HeaderValue::from_str(&"v".repeat(20 * 1024)).unwrap();
    big.headers_mut().insert("x-big", value);
    let mut sender = client.clone().ready().await?;
    let (response, _) = sender.send_request(big, true)?;
    response.await.map(|res| res.status().as_u16())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn f3_graceful_shutdown_sends_goaway_and_finishes_in_flight_streams() {
    let (mut server, signals) = start(NativeAdapter::new()).await;
    let (client, conn) = h2_connect(server.addr).await;
    let slow = {
        let (client, addr) = (client.clone(), server.addr);
        tokio::spawn(async move { h2_fetch(&client, addr, "/h2/slow").await })
    };
    signals.slow_began.notified().await;
    server.begin_shutdown();
    tokio::time::sleep(Duration::from_millis(100)).await;
    // GOAWAY came: a new stream on this connection is not served.
    let late = h2_fetch(&client, server.addr, "/h2/version").await;
    assert!(late.is_err(), "a stream opened after GOAWAY was served");
    let finished = slow.await.unwrap().expect("the in-flight stream completes");
    assert_eq!(finished, (200, "slow done".to_string()));
    tokio::time::timeout(Duration::from_secs(5), server.stop())
        .await
        .expect("shutdown ends once the stream is done")
        .unwrap();
    tokio::time::timeout(Duration::from_secs(5), conn)
        .await
        .expect("the server closed the connection")
        .unwrap();
}

/// Whether the server ends `conn` (an `h2` client connection task) within
/// `limit`.
async fn ended_within(conn: tokio::task::JoinHandle<()>, limit: Duration) -> bool {
    tokio::time::timeout(limit, conn).await.is_ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn f6_draining_sends_goaway_to_h2_connections_before_the_listener_closes() {
    let drain = Duration::from_secs(3);
    let (mut server, signals) = start(NativeAdapter::new().drain_period(drain)).await;
    let addr = server.addr;
    let (early, early_conn) = h2_connect(addr).await;
    assert_eq!(h2_fetch(&early, addr, "/h2/version").await.unwrap().0, 200);
    let slow = {
        let early = early.clone();
        tokio::spawn(async move { h2_fetch(&early, addr, "/h2/slow").await })
    };
    signals.slow_began.notified().await;
    let began = std::time::Instant::now();
    server.begin_shutdown();
    tokio::time::sleep(Duration::from_millis(150)).await;

    // Draining, long before the listener closes: the connection from
    // before is told to go away; its stream in flight still completes.
    let late = h2_fetch(&early, addr, "/h2/version").await;
    assert!(late.is_err(), "a stream opened after GOAWAY was served");
    let finished = slow.await.unwrap().expect("the in-flight stream completes");
    assert_eq!(finished, (200, "slow done".to_string()));
    assert!(
        ended_within(early_conn, Duration::from_secs(1)).await,
        "the connection from before the drain stayed open"
    );

    // A connection made while draining gets its first request answered,
    // then GOAWAY, as an HTTP/1.1 one gets `Connection: close`.
    let (fresh, fresh_conn) = h2_connect(addr).await;
    assert_eq!(
        h2_fetch(&fresh, addr, "/h2/version").await.unwrap(),
        (200, "HTTP/2.0".to_string())
    );
    assert!(
        ended_within(fresh_conn, Duration::from_secs(1)).await,
        "the connection made while draining stayed open after its request"
    );
    assert!(
        began.elapsed() < drain,
        "the checks ran past the drain period: they proved nothing"
    );
    tokio::time::timeout(drain + Duration::from_secs(5), server.stop())
        .await
        .expect("shutdown ends after the drain period")
        .unwrap();
}

/// Opens `streams` streams and resets each at once, all in one burst (the
/// "rapid reset" attack); whether the server then ends the connection.
async fn rapid_resets(addr: SocketAddr, streams: usize) -> Option<h2::Reason> {
    let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let (client, connection) = h2::client::handshake(tcp).await.unwrap();
    let mut connection = Box::pin(connection);
    // Let SETTINGS be exchanged, then queue the burst without polling the
    // connection, so that it leaves in as few writes as possible.
    let mut client = tokio::select! {
        ready = client.ready() => ready.unwrap(),
        _ = &mut connection => panic!("the connection ended early"),
    };
    for _ in 0..streams {
        let (_, mut send) = client.send_request(h2_get(addr, "/h2/slow"), true).unwrap();
        send.send_reset(h2::Reason::CANCEL);
    }
    let ended = tokio::time::timeout(Duration::from_millis(500), connection).await;
    match ended {
        Ok(Err(e)) => e.reason(),
        Ok(Ok(())) => Some(h2::Reason::NO_ERROR),
        Err(_) => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn f3_a_rapid_reset_flood_ends_the_connection() {
    let (server, _) = start(NativeAdapter::new()).await;
    assert_eq!(
        rapid_resets(server.addr, 50).await,
        Some(h2::Reason::ENHANCE_YOUR_CALM),
        "50 streams reset at once are more than the 20 allowed by default"
    );
    let fetched = h2_fetch(&h2_connect(server.addr).await.0, server.addr, "/h2/version").await;
    assert_eq!(fetched.unwrap().0, 200, "other connections are served");
    server.stop().await.unwrap();

    let adapter = NativeAdapter::new().http2_max_pending_accept_reset_streams(1000);
    let (server, _) = start(adapter).await;
    assert_eq!(
        rapid_resets(server.addr, 50).await,
        None,
        "a raised limit holds"
    );
    server.stop().await.unwrap();
}

/// Asserts that `client`'s connection serves a request.
async fn served(client: &SendRequest<Bytes>, addr: SocketAddr) {
    assert_eq!(h2_fetch(client, addr, "/h2/version").await.unwrap().0, 200);
}

/// An HTTP/2 connection without a stream for the idle timeout is sent
/// `GOAWAY` and closed; one with a stream open (SSE) is kept, however long.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn f3_an_idle_http2_connection_is_sent_goaway() {
    let idle = Duration::from_millis(300);
    let (server, _) = start(NativeAdapter::new().http2_idle_timeout(Some(idle))).await;
    let (client, conn) = h2_connect(server.addr).await;
    served(&client, server.addr).await;
    let began = std::time::Instant::now();
    assert!(
        ended_within(conn, Duration::from_secs(5)).await,
        "the idle connection stayed open"
    );
    let waited = began.elapsed();
    assert!(
        waited >= idle && waited < 3 * idle,
        "closed after {waited:?}"
    );
    assert!(
        h2_fetch(&client, server.addr, "/h2/version").await.is_err(),
        "a stream on the closed connection was served"
    );

    // A stream open longer than the timeout keeps its connection.
    let (client, conn) = h2_connect(server.addr).await;
    let mut sender = client.clone().ready().await.unwrap();
    let (response, _) = sender
        .send_request(h2_get(server.addr, "/h2/ticks"), true)
        .unwrap();
    let mut body = response.await.unwrap().into_body();
    let until = tokio::time::Instant::now() + 4 * idle;
    while tokio::time::Instant::now() < until {
        let chunk = tokio::time::timeout(Duration::from_secs(2), body.data())
            .await
            .expect("events keep coming")
            .expect("the stream is open")
            .unwrap();
        let _ = body.flow_control().release_capacity(chunk.len());
    }
    assert!(!conn.is_finished(), "closed with a stream open");
    // Once it ends, the connection goes idle and is closed in turn.
    drop(body);
    assert!(
        ended_within(conn, Duration::from_secs(5)).await,
        "the connection stayed open"
    );
    server.stop().await.unwrap();

    // Off: the connection stays.
    let (server, _) = start(NativeAdapter::new().http2_idle_timeout(None)).await;
    let (client, conn) = h2_connect(server.addr).await;
    served(&client, server.addr).await;
    assert!(
        !ended_within(conn, Duration::from_millis(900)).await,
        "closed with the timeout off"
    );
    served(&client, server.addr).await;
    server.stop().await.unwrap();
}

/// Issue 31, item 2: a stream whose request body stops arriving is
/// answered `408` after the body-read timeout, and the connection goes on
/// serving (it is the stream that ends, not the connection); a body that
/// keeps trickling in, slower than the timeout in all, is read to its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue31_a_stalled_request_body_stream_is_answered_408() {
    let timeout = Duration::from_millis(300);
    let (server, _) = start(NativeAdapter::new().body_read_timeout(timeout)).await;
    let (client, conn) = h2_connect(server.addr).await;
    let post = || {
        http::Request::post(format!("http://{}/h2/echo", server.addr))
            .header("content-type", "text/plain")
            .header("content-length", "10")
            .body(())
            .unwrap()
    };
    let mut sender = client.clone().ready().await.unwrap();
    let (response, mut body) = sender.send_request(post(), false).unwrap();
    body.send_data(Bytes::from_static(b"hello"), false).unwrap();
    let began = std::time::Instant::now();
    let res = tokio::time::timeout(Duration::from_secs(5), response)
        .await
        .expect("the stalled stream was neither answered nor reset");
    let waited = began.elapsed();
    assert_eq!(res.expect("answered").status(), 408);
    assert!(waited >= timeout, "answered after {waited:?}");
    served(&client, server.addr).await;
    assert!(!conn.is_finished(), "the connection ended with the stream");

    // Progress is progress: five bytes 100 ms apart (500 ms in all).
    let mut sender = client.clone().ready().await.unwrap();
    let (response, mut body) = sender.send_request(post(), false).unwrap();
    for piece in [&b"he"[..], b"ll", b"o ", b"wo", b"rl"] {
        tokio::time::sleep(Duration::from_millis(100)).await;
        body.send_data(Bytes::from_static(piece), false).unwrap();
    }
    body.send_data(Bytes::new(), true).unwrap();
    let res = response.await.unwrap();
    assert_eq!(res.status(), 201);
    server.stop().await.unwrap();
}

/// Issue 31, item 3: a client that opens with a flow-control window of 0
/// (and answers `PING`s) never takes its answers: each stream is reset
/// after the send timeout, which frees what it held, and the connection,
/// its streams gone, is closed by the idle timeout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue31_streams_a_client_never_opens_a_window_for_are_reset() {
    let send = Duration::from_millis(300);
    let adapter = NativeAdapter::new()
        .send_timeout(send)
        .http2_idle_timeout(Some(Duration::from_millis(500)))
        .http2_keep_alive(Some(Duration::from_millis(100)), Duration::from_secs(5));
    let (server, _) = start(adapter).await;
    let tcp = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let (client, connection) = h2::client::Builder::new()
        .initial_window_size(0)
        .handshake::<_, Bytes>(tcp)
        .await
        .unwrap();
    let conn = tokio::spawn(async move {
        let _ = connection.await;
    });
    let mut bodies = Vec::new();
    for path in ["/h2/big", "/h2/big", "/h2/version"] {
        let mut sender = client.clone().ready().await.unwrap();
        let (response, _) = sender
            .send_request(h2_get(server.addr, path), true)
            .unwrap();
        let res = response.await.expect("the head is not flow-controlled");
        assert_eq!(res.status(), 200);
        bodies.push(res.into_body());
    }
    for mut body in bodies {
        let end = tokio::time::timeout(Duration::from_secs(5), body.data())
            .await
            .expect("a stream without a window was kept");
        let err = end
            .expect("the stream ended instead of being reset")
            .unwrap_err();
        assert_eq!(err.reason(), Some(h2::Reason::CANCEL), "{err}");
    }
    assert!(
        ended_within(conn, Duration::from_secs(5)).await,
        "the connection stayed open with every stream stalled"
    );
    server.stop().await.unwrap();
}

/// Keep-alive `PING`s off: hyper is given no timer (nothing else of its
/// HTTP/2 uses one), and the connection serves as with them on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn f3_http2_without_keep_alive_pings_serves() {
    let adapter = NativeAdapter::new().http2_keep_alive(None, Duration::from_secs(5));
    let (server, _) = start(adapter).await;
    let (client, _conn) = h2_connect(server.addr).await;
    served(&client, server.addr).await;
    served(&client, server.addr).await;
    server.stop().await.unwrap();
}

/// An app that drops the server's future (no shutdown) drops its HTTP/2
/// connections with it, as its HTTP/1.1 ones: they are not left served
/// without their timeouts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn f3_http2_connections_end_with_the_servers_future() {
    let (mut server, _) = start(NativeAdapter::new()).await;
    let (client, conn) = h2_connect(server.addr).await;
    served(&client, server.addr).await;
    server.abort();
    assert!(
        ended_within(conn, Duration::from_secs(2)).await,
        "the connection outlived the server's future"
    );
}
