//! SPEC A6: HTTPS over rustls, with a certificate generated in the test;
//! SPEC F3: HTTP/2 chosen by ALPN.

use http_body_util::{BodyExt, Empty};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use std::sync::Arc;
use tether::server::tls::TlsConfig;
use tether::{controller, App, NativeAdapter};
use tokio_rustls::rustls::{self, pki_types::ServerName, RootCertStore};

struct Secure;

#[controller("/secure")]
impl Secure {
    #[get("/hello")]
    async fn hello(&self, #[req] req: &tether::Request) -> String {
        format!("hello over {:?}", req.head().version)
    }
}

/// A client trusting `cert_der` and offering these ALPN protocols.
fn client_config(cert_der: Vec<u8>, alpn: &[&[u8]]) -> Arc<rustls::ClientConfig> {
    let mut roots = RootCertStore::empty();
    roots.add(cert_der.into()).unwrap();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    config.alpn_protocols = alpn.iter().map(|p| p.to_vec()).collect();
    Arc::new(config)
}

/// An HTTPS server with a fresh self-signed certificate, and a TLS client
/// connection to it that offers `alpn`.
struct Running {
    addr: std::net::SocketAddr,
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Running {
    async fn start(
        adapter: NativeAdapter,
        alpn: &[&[u8]],
    ) -> (
        Running,
        tokio_rustls::client::TlsStream<tokio::net::TcpStream>,
    ) {
        let generated = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
        let tls = TlsConfig::from_pem(
            generated.cert.pem().as_bytes(),
            generated.signing_key.serialize_pem().as_bytes(),
        )
        .unwrap();
        let server = App::new(adapter.tls(tls))
            .controller(Secure)
            .bind("127.0.0.1:0")
            .await
            .unwrap();
        let addr = server.local_addr();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(server.serve_with_shutdown(async move {
            let _ = stopped.await;
        }));
        let connector =
            tokio_rustls::TlsConnector::from(client_config(generated.cert.der().to_vec(), alpn));
        let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
        let name = ServerName::try_from("localhost").unwrap();
        let tls_stream = connector.connect(name, tcp).await.expect("TLS handshake");
        (Running { addr, stop, task }, tls_stream)
    }

    async fn stop(self) {
        let _ = self.stop.send(());
        self.task.await.unwrap().unwrap();
    }
}

#[tokio::test]
async fn a6_https_request_succeeds_over_rustls() {
    let (server, tls_stream) = Running::start(NativeAdapter::new(), HTTP1).await;
    let addr = server.addr;
    let (_, session) = tls_stream.get_ref();
    assert_eq!(session.alpn_protocol(), Some(&b"http/1.1"[..]));
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(tls_stream))
        .await
        .unwrap();
    tokio::spawn(conn);
    let req = hyper::Request::get("/secure/hello")
        .header("host", "localhost")
        .body(Empty::<Bytes>::new())
        .unwrap();
    let res = sender.send_request(req).await.unwrap();
    assert_eq!(res.status(), 200);
    let body = res.into_body().collect().await.unwrap().to_bytes();
    assert_eq!(&body[..], b"hello over HTTP/1.1");

    // Plain HTTP on the TLS port is not served.
    let mut plain = tokio::net::TcpStream::connect(addr).await.unwrap();
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    plain
        .write_all(b"GET /secure/hello HTTP/1.1\r\nHost: a\r\n\r\n")
        .await
        .unwrap();
    let mut answer = Vec::new();
    let _ = plain.read_to_end(&mut answer).await;
    assert!(!String::from_utf8_lossy(&answer).contains("hello over"));

    server.stop().await;
}

/// Pipelined requests over TLS, the last one malformed: both valid ones
/// are answered in order, then hyper's 400, all through rustls (the
/// batching connection I/O sits under TLS too).
#[tokio::test]
async fn a11_pipelined_requests_then_a_malformed_one_over_tls() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (server, mut tls_stream) = Running::start(NativeAdapter::new(), HTTP1).await;
    tls_stream
        .write_all(
            b"GET /secure/hello HTTP/1.1\r\nHost: a\r\n\r\n\
              GET /secure/hello HTTP/1.1\r\nHost: a\r\n\r\n\
              Bad Header\r\n\r\n",
        )
        .await
        .unwrap();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(
        std::time::Duration::from_secs(5),
        tls_stream.read_to_end(&mut answer),
    )
    .await
    .expect("the server answers and closes");
    // rustls reports a close without close_notify as an error; the bytes
    // read before it are what counts.
    let _ = read;
    let text = String::from_utf8_lossy(&answer);
    let statuses: Vec<&str> = text
        .match_indices("HTTP/1.1 ")
        .map(|(i, _)| &text[i + 9..i + 12])
        .collect();
    assert_eq!(statuses, ["200", "200", "400"], "{text}");
    assert_eq!(text.matches("hello over HTTP/1.1").count(), 2, "{text}");

    server.stop().await;
}

const HTTP1: &[&[u8]] = &[b"http/1.1"];
const H2_FIRST: &[&[u8]] = &[b"h2", b"http/1.1"];

/// One GET of `/secure/hello` as HTTP/2 on `tls_stream`.
async fn h2_hello(tls_stream: tokio_rustls::client::TlsStream<tokio::net::TcpStream>) -> String {
    let (mut sender, conn) = hyper::client::conn::http2::handshake(
        hyper_util::rt::TokioExecutor::new(),
        TokioIo::new(tls_stream),
    )
    .await
    .unwrap();
    tokio::spawn(conn);
    let req = hyper::Request::get("https://localhost/secure/hello")
        .body(Empty::<Bytes>::new())
        .unwrap();
    let res = sender.send_request(req).await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.version(), hyper::Version::HTTP_2);
    let body = res.into_body().collect().await.unwrap().to_bytes();
    String::from_utf8(body.to_vec()).unwrap()
}

/// On the multi-threaded runtime, where an HTTP/2 connection's writes wait
/// a turn of the scheduler (`runtime/src/h2_writes.rs`), through TLS.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn f3_alpn_h2_over_tls() {
    let (server, tls_stream) = Running::start(NativeAdapter::new(), H2_FIRST).await;
    assert_eq!(tls_stream.get_ref().1.alpn_protocol(), Some(&b"h2"[..]));
    assert_eq!(h2_hello(tls_stream).await, "hello over HTTP/2.0");
    server.stop().await;
}

/// With HTTP/2 off, `h2` is not offered: a client that prefers it gets
/// HTTP/1.1.
#[tokio::test]
async fn f3_alpn_without_h2_when_http2_is_off() {
    let (server, tls_stream) = Running::start(NativeAdapter::new().http2(false), H2_FIRST).await;
    assert_eq!(
        tls_stream.get_ref().1.alpn_protocol(),
        Some(&b"http/1.1"[..])
    );
    server.stop().await;
}

#[test]
fn a6_tls_config_errors_are_clear() {
    let err = TlsConfig::from_pem(b"not pem", b"not pem").unwrap_err();
    assert!(
        err.to_string().contains("TLS: the certificate chain"),
        "{err}"
    );
    let generated = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
    let err = TlsConfig::from_pem(generated.cert.pem().as_bytes(), b"").unwrap_err();
    assert!(err.to_string().contains("private key"), "{err}");
}
