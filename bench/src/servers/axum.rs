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
        .route("/api/v1/status", get(status));
    if count_allocs {
        router.route(crate::alloc::ALLOCS_PATH, get(allocs))
    } else {
        router
    }
}

/// Serves the routes on tokio's multi-threaded runtime.
pub fn run(addr: std::net::SocketAddr, count_allocs: bool) -> std::io::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(async move {
            let listener = tokio::net::TcpListener::bind(addr).await?.tap_io(|tcp| {
                let _ = tcp.set_nodelay(true);
            });
            axum::serve(listener, router(count_allocs)).await
        })
}
