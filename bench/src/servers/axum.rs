//! axum 0.8 with its own `serve`, `TCP_NODELAY` set on every connection.

use crate::conns::OnceThenPending;
use crate::model::{Message, NewUser, User, STATUS};
use crate::PLAINTEXT;
use axum::extract::Path;
use axum::http::StatusCode;
use axum::routing::get;
use axum::serve::ListenerExt;
use axum::{Json, Router};
use std::convert::Infallible;

async fn plaintext() -> &'static str {
    PLAINTEXT
}

async fn json() -> Json<Message> {
    Json(Message { message: PLAINTEXT })
}

async fn user(Path(id): Path<u64>) -> Json<User> {
    Json(User::with_id(id))
}

async fn create(Json(user): Json<NewUser>) -> (StatusCode, Json<NewUser>) {
    (StatusCode::CREATED, Json(user))
}

async fn status() -> Json<crate::model::Status> {
    Json(STATUS)
}

async fn big() -> Json<Vec<User>> {
    Json(crate::extras::big())
}

async fn allocs() -> String {
    crate::alloc::allocations().to_string()
}

/// The benchmark routes.
pub fn router(count_allocs: bool) -> Router {
    let router = Router::new()
        .route("/api/plaintext", get(plaintext))
        .route("/api/json", get(json))
        .route("/api/users/{id}", get(user))
        .route("/api/users", axum::routing::post(create))
        .route("/api/v1/status", get(status))
        .route("/api/big", get(big));
    if count_allocs {
        router.route(crate::alloc::ALLOCS_PATH, get(allocs))
    } else {
        router
    }
}

/// The routes with tower-http's `TraceLayer` at `INFO` (under
/// `BENCH_TRACE_LOG`; its default span, or with `BENCH_TRACE_OTEL=1` the
/// OpenTelemetry span of [`otel`]) and `CompressionLayer` (under
/// `BENCH_GZIP=1`); also used by `bench-harness/`.
pub fn layered(router: Router, traced: bool) -> Router {
    use tower_http::trace::{DefaultMakeSpan, DefaultOnResponse, TraceLayer};
    let router = match (traced, crate::extras::otel_fields()) {
        (false, _) => router,
        (true, false) => router.layer(
            TraceLayer::new_for_http()
                .make_span_with(DefaultMakeSpan::new().level(tracing::Level::INFO))
                .on_response(DefaultOnResponse::new().level(tracing::Level::INFO)),
        ),
        #[cfg(feature = "matched-path")]
        (true, true) => router.layer(
            TraceLayer::new_for_http()
                .make_span_with(otel::make_span)
                .on_response(otel::on_response)
                .on_failure(()),
        ),
        #[cfg(not(feature = "matched-path"))]
        (true, true) => {
            panic!("BENCH_TRACE_OTEL=1 needs the bench built with `--features matched-path`")
        }
    };
    if crate::extras::gzip() {
        router.layer(tower_http::compression::CompressionLayer::new())
    } else {
        router
    }
}

/// `TraceLayer` opening the span tether opens (SPEC F1): OpenTelemetry's
/// HTTP fields, the route from axum's `MatchedPath`, and the status and
/// latency recorded into the span before a `response` event, as an axum
/// user who wants OpenTelemetry HTTP spans writes it (what the
/// `axum-tracing-opentelemetry` crate does). The bench's "same fields"
/// peer of tether's request log. Needs axum's `matched-path` feature.
#[cfg(feature = "matched-path")]
pub mod otel {
    use axum::extract::MatchedPath;
    use axum::http::{Request, Response, Version};
    use std::time::Duration;
    use tracing::field::Empty;
    use tracing::Span;

    /// The request span: the fields of tether's `runtime/src/trace.rs`.
    pub fn make_span<B>(req: &Request<B>) -> Span {
        let route = req
            .extensions()
            .get::<MatchedPath>()
            .map(MatchedPath::as_str);
        let name = match route {
            Some(route) => format!("{} {route}", req.method()),
            None => req.method().to_string(),
        };
        let (host, port) = server_address(req);
        tracing::info_span!(
            target: "bench::request",
            "request",
            otel.name = name.as_str(),
            otel.kind = "server",
            otel.status_code = Empty,
            http.request.method = req.method().as_str(),
            http.route = route,
            url.path = req.uri().path(),
            network.protocol.version = protocol_version(req.version()),
            server.address = host,
            server.port = port,
            http.response.status_code = Empty,
            latency_ms = Empty,
            error.type = Empty,
        )
    }

    /// Records the status and latency into the span (and the error of a
    /// 5xx), then logs the `response` event in it.
    pub fn on_response<B>(res: &Response<B>, latency: Duration, span: &Span) {
        let status = res.status().as_u16();
        let latency_ms = latency.as_secs_f64() * 1000.0;
        if res.status().is_server_error() {
            tracing::record_all!(
                span,
                http.response.status_code = status,
                latency_ms = latency_ms,
                otel.status_code = "ERROR",
                error.type = res.status().as_str(),
            );
            tracing::error!(target: "bench::request", { http.response.status_code = status, latency_ms }, "response");
        } else {
            tracing::record_all!(
                span,
                http.response.status_code = status,
                latency_ms = latency_ms
            );
            tracing::info!(target: "bench::request", { http.response.status_code = status, latency_ms }, "response");
        }
    }

    fn protocol_version(version: Version) -> &'static str {
        match version {
            Version::HTTP_10 => "1.0",
            Version::HTTP_2 => "2",
            Version::HTTP_3 => "3",
            _ => "1.1",
        }
    }

    /// The host and port of the URI (HTTP/2) or the `Host` header.
    fn server_address<B>(req: &Request<B>) -> (Option<&str>, Option<u16>) {
        if let Some(host) = req.uri().host() {
            return (Some(host), req.uri().port_u16());
        }
        let Some(host) = req.headers().get("host").and_then(|h| h.to_str().ok()) else {
            return (None, None);
        };
        match host.rsplit_once(':') {
            Some((name, port)) => (Some(name), port.parse().ok()),
            None => (Some(host), None),
        }
    }
}

/// `GET /api/events`: one event, then open (the many-connections run).
async fn events() -> impl axum::response::IntoResponse {
    use axum::response::sse::{Event, Sse};
    let hello = Event::default().event("hello").data("null");
    (
        [("x-accel-buffering", "no")],
        Sse::new(OnceThenPending(Some(Ok::<_, Infallible>(hello)))),
    )
}

/// Serves the routes on tokio's multi-threaded runtime: with `axum::serve`,
/// or under `BENCH_IDLE_SECS` with hyper-util's builder, as axum's docs
/// show for settings `serve` has not: hyper's header-read timeout (on
/// hyper-util's timer) set to the idle timeout, and `GET /api/events`.
pub fn run(addr: std::net::SocketAddr, count_allocs: bool) -> std::io::Result<()> {
    let traced = crate::extras::trace_log()?;
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(async move {
            if let Some(idle) = crate::conns::idle_timeout() {
                let app = router(count_allocs).route("/api/events", get(events));
                let listener = tokio::net::TcpListener::bind(addr).await?;
                return serve_with_idle_timeout(listener, layered(app, traced), idle).await;
            }
            let listener = tokio::net::TcpListener::bind(addr).await?.tap_io(|tcp| {
                let _ = tcp.set_nodelay(true);
            });
            axum::serve(listener, layered(router(count_allocs), traced)).await
        })
}

/// `app` served on `listener` with hyper-util's HTTP/1 + HTTP/2 builder:
/// keep-alive connections closed after `idle` without a request head.
async fn serve_with_idle_timeout(
    listener: tokio::net::TcpListener,
    app: Router,
    idle: std::time::Duration,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
    use hyper_util::server::conn::auto::Builder;
    use hyper_util::service::TowerToHyperService;
    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(idle);
    builder.http2().timer(TokioTimer::new());
    loop {
        let Ok((tcp, _)) = listener.accept().await else {
            continue;
        };
        let _ = tcp.set_nodelay(true);
        let svc = TowerToHyperService::new(app.clone());
        let builder = builder.clone();
        tokio::spawn(async move {
            let _ = builder
                .serve_connection_with_upgrades(TokioIo::new(tcp), svc)
                .await;
        });
    }
}
