//! axum 0.8 with its own `serve`, `TCP_NODELAY` set on every connection.

use crate::model::{Message, NewUser, User, STATUS};
use crate::PLAINTEXT;
use axum::extract::Path;
use axum::http::StatusCode;
use axum::routing::get;
use axum::serve::ListenerExt;
use axum::{Json, Router};

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
/// `BENCH_TRACE_LOG`) and `CompressionLayer` (under `BENCH_GZIP=1`);
/// also used by `bench-harness/`.
pub fn layered(router: Router, traced: bool) -> Router {
    use tower_http::trace::{DefaultMakeSpan, DefaultOnResponse, TraceLayer};
    let router = if traced {
        router.layer(
            TraceLayer::new_for_http()
                .make_span_with(DefaultMakeSpan::new().level(tracing::Level::INFO))
                .on_response(DefaultOnResponse::new().level(tracing::Level::INFO)),
        )
    } else {
        router
    };
    if crate::extras::gzip() {
        router.layer(tower_http::compression::CompressionLayer::new())
    } else {
        router
    }
}

/// Serves the routes on tokio's multi-threaded runtime.
pub fn run(addr: std::net::SocketAddr, count_allocs: bool) -> std::io::Result<()> {
    let traced = crate::extras::trace_log()?;
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(async move {
            let listener = tokio::net::TcpListener::bind(addr).await?.tap_io(|tcp| {
                let _ = tcp.set_nodelay(true);
            });
            axum::serve(listener, layered(router(count_allocs), traced)).await
        })
}
