//! SPEC F2: tower interop. Real tower-http and tower layers around a tether
//! app on a live server; the app as a `tower::Service` nested in an axum
//! router and served by hyper-util's own server.

use serde::{Deserialize, Serialize};
use std::io::Read;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tether::{controller, App, NativeAdapter, StatusCode};
use tether_tests::TestServer;

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
struct Row {
    id: u32,
    title: String,
}

struct Api {
    in_handler: Arc<AtomicUsize>,
    max_in_handler: Arc<AtomicUsize>,
}

impl Api {
    fn new() -> Self {
        Api {
            in_handler: Arc::default(),
            max_in_handler: Arc::default(),
        }
    }
}

#[controller("/api")]
impl Api {
    /// About 16 KiB of JSON.
    #[get("/rows")]
    async fn rows(&self) -> Vec<Row> {
        (0..500)
            .map(|id| Row {
                id,
                title: format!("row number {id}"),
            })
            .collect()
    }

    #[get("/slow")]
    async fn slow(&self, #[query("ms")] ms: u64) -> &'static str {
        let now = self.in_handler.fetch_add(1, Ordering::SeqCst) + 1;
        self.max_in_handler.fetch_max(now, Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(ms)).await;
        self.in_handler.fetch_sub(1, Ordering::SeqCst);
        "done"
    }

    #[get("/id")]
    async fn id(&self, #[header("x-request-id")] id: Option<String>) -> String {
        id.unwrap_or_else(|| "none".into())
    }

    #[post("/echo")]
    async fn echo(&self, #[body] row: Row) -> Row {
        row
    }
}

fn app() -> App {
    App::new(NativeAdapter::new()).controller(Api::new())
}

async fn raw(
    server: &TestServer,
    path: &str,
    encoding: &str,
) -> (reqwest::header::HeaderMap, Vec<u8>) {
    let res = server
        .client
        .get(server.url(path))
        .header("accept-encoding", encoding)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let headers = res.headers().clone();
    (headers, res.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn f2_compression_layer_gzip_br_zstd_decompress_to_the_plain_answer() {
    let server =
        TestServer::start(app().layer(tower_http::compression::CompressionLayer::new())).await;
    let (headers, plain) = raw(&server, "/api/rows", "identity").await;
    assert!(headers.get("content-encoding").is_none());
    assert!(plain.len() > 16_000, "the answer is {} bytes", plain.len());
    let rows: Vec<Row> = serde_json::from_slice(&plain).unwrap();
    assert_eq!(rows.len(), 500);

    let (headers, gz) = raw(&server, "/api/rows", "gzip").await;
    assert_eq!(headers["content-encoding"], "gzip");
    assert!(gz.len() < plain.len() / 4, "gzip: {} bytes", gz.len());
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_end(&mut out)
        .unwrap();
    assert_eq!(out, plain);

    let (headers, br) = raw(&server, "/api/rows", "br").await;
    assert_eq!(headers["content-encoding"], "br");
    let mut out = Vec::new();
    brotli_decompressor::Decompressor::new(&br[..], 4096)
        .read_to_end(&mut out)
        .unwrap();
    assert_eq!(out, plain);

    let (headers, zst) = raw(&server, "/api/rows", "zstd").await;
    assert_eq!(headers["content-encoding"], "zstd");
    assert_eq!(zstd::decode_all(&zst[..]).unwrap(), plain);
}

#[tokio::test]
async fn f2_timeout_layer_answers_the_configured_status() {
    use tower_http::timeout::TimeoutLayer;
    for status in [StatusCode::REQUEST_TIMEOUT, StatusCode::SERVICE_UNAVAILABLE] {
        let app = app().layer(TimeoutLayer::with_status_code(
            status,
            Duration::from_millis(100),
        ));
        let server = TestServer::start(app).await;
        assert_eq!(server.get("/api/slow?ms=2000").await.0, status.as_u16());
        assert_eq!(server.get("/api/slow?ms=1").await, (200, "done".into()));
    }
}

#[tokio::test]
async fn f2_request_id_is_set_seen_by_the_handler_and_propagated() {
    use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
    // Added last = outermost: the id is set, then propagated on the way out.
    let app = app()
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid));
    let server = TestServer::start(app).await;

    let res = server
        .client
        .get(server.url("/api/id"))
        .send()
        .await
        .unwrap();
    let header = res.headers()["x-request-id"].to_str().unwrap().to_string();
    let body = res.text().await.unwrap();
    assert_eq!(header.len(), 36, "a UUID: {header}");
    assert_eq!(body, header, "the handler saw the id the layer set");

    let res = server
        .client
        .get(server.url("/api/id"))
        .header("x-request-id", "abc-123")
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["x-request-id"], "abc-123");
    assert_eq!(res.text().await.unwrap(), "abc-123");
}

#[tokio::test]
async fn f2_trace_layer_and_body_through_the_stack() {
    let app = app()
        .layer(tower_http::trace::TraceLayer::new_for_http())
        // Changes the request body type: the app reads it all the same.
        .layer(tower_http::limit::RequestBodyLimitLayer::new(64));
    let server = TestServer::start(app).await;
    let row = Row {
        id: 7,
        title: "seven".into(),
    };
    let res = server
        .client
        .post(server.url("/api/echo"))
        .json(&row)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    assert_eq!(res.json::<Row>().await.unwrap(), row);
    let big = Row {
        id: 8,
        title: "x".repeat(200),
    };
    let res = server
        .client
        .post(server.url("/api/echo"))
        .json(&big)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 413, "RequestBodyLimitLayer answered");
}

#[tokio::test]
async fn f2_concurrency_limit_and_load_shed() {
    let api = Api::new();
    let max = api.max_in_handler.clone();
    let limited = App::new(NativeAdapter::new())
        .controller(api)
        .layer(tower::limit::ConcurrencyLimitLayer::new(1));
    let server = TestServer::start(limited).await;
    let (a, b, c) = tokio::join!(
        server.get("/api/slow?ms=150"),
        server.get("/api/slow?ms=150"),
        server.get("/api/slow?ms=150"),
    );
    assert_eq!((a.0, b.0, c.0), (200, 200, 200));
    assert_eq!(
        max.load(Ordering::SeqCst),
        1,
        "one request at a time in the handler"
    );

    // With load shedding outside the limit, the request past it is refused.
    let app = app()
        .layer(tower::limit::ConcurrencyLimitLayer::new(1))
        .layer(tower::load_shed::LoadShedLayer::new());
    let server = TestServer::start(app).await;
    let (a, b) = tokio::join!(server.get("/api/slow?ms=300"), async {
        tokio::time::sleep(Duration::from_millis(100)).await;
        server.get("/api/slow?ms=1").await
    });
    assert_eq!(a.0, 200);
    assert_eq!(b.0, 503, "{}", b.1);
}

#[tokio::test]
async fn f2_rate_limit_behind_a_buffer() {
    // tower's RateLimit is not Clone: as in axum, a Buffer in front shares it.
    let app = app().layer(
        tower::ServiceBuilder::new()
            .layer(tower::buffer::BufferLayer::new(16))
            .layer(tower::limit::RateLimitLayer::new(
                2,
                Duration::from_millis(400),
            )),
    );
    let server = TestServer::start(app).await;
    let start = std::time::Instant::now();
    for _ in 0..3 {
        assert_eq!(server.get("/api/slow?ms=1").await.0, 200);
    }
    assert!(
        start.elapsed() >= Duration::from_millis(350),
        "the third request waited for the next window: {:?}",
        start.elapsed()
    );
}

#[tokio::test]
async fn f2_app_nested_in_an_axum_router() {
    let service = app().build().unwrap();
    let router = axum::Router::new()
        .route("/", axum::routing::get(|| async { "axum root" }))
        .nest_service("/tether", service);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let task = tokio::spawn(async move { axum::serve(listener, router).await });
    let client = reqwest::Client::new();
    let url = |p: &str| format!("http://{addr}{p}");
    assert_eq!(
        client
            .get(url("/"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap(),
        "axum root"
    );
    let rows: Vec<Row> = client
        .get(url("/tether/api/rows"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(rows[3].title, "row number 3");
    // A body arrives as axum's own body type.
    let row = Row {
        id: 1,
        title: "one".into(),
    };
    let res = client
        .post(url("/tether/api/echo"))
        .json(&row)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    assert_eq!(res.json::<Row>().await.unwrap(), row);
    let res = client.get(url("/tether/api/none")).send().await.unwrap();
    assert_eq!(res.status(), 404, "tether's own not-found answer");
    task.abort();
}

#[tokio::test]
async fn f2_app_served_by_hyper_util_with_layers() {
    use hyper_util::rt::{TokioExecutor, TokioIo};
    use hyper_util::service::TowerToHyperService;
    let service = app()
        .layer(tower_http::compression::CompressionLayer::new())
        .build()
        .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let task = tokio::spawn(async move {
        loop {
            let (stream, _) = listener.accept().await.unwrap();
            let service = TowerToHyperService::new(service.clone());
            tokio::spawn(async move {
                let _ = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new())
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
            });
        }
    });
    let res = reqwest::Client::new()
        .get(format!("http://{addr}/api/rows"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-encoding"], "gzip");
    let gz = res.bytes().await.unwrap();
    let mut out = String::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_string(&mut out)
        .unwrap();
    assert!(
        out.starts_with(r#"[{"id":0,"title":"row number 0"}"#),
        "{out:.40}"
    );
    task.abort();
}
