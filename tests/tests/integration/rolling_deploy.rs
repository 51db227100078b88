//! SPEC F6: rolling deploys on a live server. Once shutdown begins the
//! readiness probe answers 503 while liveness stays 200, every HTTP/1.1
//! answer carries `Connection: close` (and the connection then closes),
//! new connections are still served during the drain period, and the
//! listener closes after it.

use crate::adapter_shutdown::Work;
use std::time::Duration;
use tether::{App, NativeAdapter};
use tether_tests::TestServer;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// One answer read off a keep-alive connection: its head, lower-cased.
async fn exchange(conn: &mut TcpStream, path: &str) -> String {
    let request = format!("GET {path} HTTP/1.1\r\nHost: test\r\n\r\n");
    conn.write_all(request.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        let n = conn.read(&mut byte).await.unwrap();
        assert_eq!(n, 1, "the connection closed mid-answer: {head:?}");
        head.push(byte[0]);
    }
    let head = String::from_utf8(head).unwrap().to_ascii_lowercase();
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length: "))
        .map(|v| v.trim().parse().unwrap())
        .unwrap_or(0);
    let mut body = vec![0u8; length];
    conn.read_exact(&mut body).await.unwrap();
    head
}

/// The server closed the connection: EOF within a second.
async fn closed_by_server(conn: &mut TcpStream) -> bool {
    let mut buf = [0u8; 64];
    matches!(
        tokio::time::timeout(Duration::from_secs(1), conn.read(&mut buf)).await,
        Ok(Ok(0)) | Ok(Err(_))
    )
}

fn probes(adapter: NativeAdapter) -> App {
    App::new(adapter)
        .controller(Work)
        .readiness("/ready")
        .liveness("/live")
}

#[tokio::test]
async fn f6_draining_readiness_503_liveness_200_and_connection_close() {
    let drain = Duration::from_millis(1500);
    let mut server = TestServer::start(probes(NativeAdapter::new().drain_period(drain))).await;
    assert_eq!(
        server.get("/ready").await,
        (200, r#"{"status":"ok"}"#.into())
    );
    assert_eq!(
        server.get("/live").await,
        (200, r#"{"status":"ok"}"#.into())
    );
    // A keep-alive connection opened before the shutdown.
    let mut early = TcpStream::connect(server.addr).await.unwrap();
    let head = exchange(&mut early, "/work/fast").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(!head.contains("connection: close"), "{head}");

    server.begin_shutdown();
    tokio::time::sleep(Duration::from_millis(100)).await;

    // Draining: new connections are still served, readiness says 503.
    let ready = server
        .client
        .get(server.url("/ready"))
        .send()
        .await
        .unwrap();
    assert_eq!(ready.status(), 503);
    assert_eq!(ready.headers()["cache-control"], "no-store");
    assert_eq!(ready.text().await.unwrap(), r#"{"status":"draining"}"#);
    assert_eq!(server.get("/live").await.0, 200);
    let fast = server
        .client
        .get(server.url("/work/fast"))
        .send()
        .await
        .unwrap();
    assert_eq!(fast.status(), 200);
    assert_eq!(fast.headers()["connection"], "close");
    // HTTP/2 has no `Connection` header (it is sent GOAWAY instead:
    // adapter_http2.rs); readiness says 503 there too.
    let h2 = reqwest::Client::builder()
        .http2_prior_knowledge()
        .build()
        .unwrap();
    let ready = h2.get(server.url("/ready")).send().await.unwrap();
    assert_eq!(ready.version(), reqwest::Version::HTTP_2);
    assert_eq!(ready.status(), 503);
    assert!(ready.headers().get("connection").is_none());

    // The connection from before: answered once more, with close, then closed.
    let head = exchange(&mut early, "/work/fast").await;
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains("connection: close"), "{head}");
    assert!(
        closed_by_server(&mut early).await,
        "the server kept the connection open"
    );

    // After the drain period the listener is closed.
    tokio::time::sleep(drain).await;
    assert!(
        TcpStream::connect(server.addr).await.is_err(),
        "a new connection was accepted after the drain period"
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn f6_in_flight_answer_at_shutdown_carries_connection_close() {
    let mut server = TestServer::start(probes(NativeAdapter::new())).await;
    let mut conn = TcpStream::connect(server.addr).await.unwrap();
    let addr = server.addr;
    let in_flight = tokio::spawn(async move {
        let head = exchange(&mut conn, "/work/slow").await;
        (head, closed_by_server(&mut conn).await)
    });
    tokio::time::sleep(Duration::from_millis(150)).await;
    server.begin_shutdown();
    let (head, closed) = in_flight.await.unwrap();
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains("connection: close"), "{head}");
    assert!(closed, "the server kept the connection open");
    assert!(TcpStream::connect(addr).await.is_err());
    server.stop().await.unwrap();
}

#[tokio::test]
async fn f6_probes_answer_at_their_own_path_beside_prefix_and_versions() {
    // bookstore: global prefix `api`, URI versioning.
    let server = TestServer::start(bookstore::app().readiness("/ready").liveness("/healthz")).await;
    assert_eq!(server.get("/ready").await.0, 200);
    assert_eq!(server.get("/healthz").await.0, 200);
    assert_eq!(server.get("/api/ready").await.0, 404);
    assert_eq!(server.get("/api/v1/ready").await.0, 404);
    let head = server
        .client
        .head(server.url("/ready"))
        .send()
        .await
        .unwrap();
    assert_eq!(head.status(), 200);
    server.stop().await.unwrap();
    // newsroom: HEADER versioning with a default version.
    let server = TestServer::start(newsroom::app().readiness("/ready")).await;
    assert_eq!(server.get("/ready").await.0, 200);
    let versioned = server
        .client
        .get(server.url("/ready"))
        .header("x-api-version", "2");
    assert_eq!(server.send(versioned).await.0, 200);
    server.stop().await.unwrap();
}

#[tokio::test]
async fn f6_a_probe_on_a_controller_path_is_a_conflict_at_startup() {
    let app = App::new(NativeAdapter::new())
        .controller(Work)
        .readiness("/work/fast");
    let error = app.into_service().err().expect("a route conflict");
    let message = error.to_string();
    assert!(message.contains("App::readiness"), "{message}");
    assert!(message.contains("Work::fast"), "{message}");
}
