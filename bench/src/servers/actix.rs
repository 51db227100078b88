//! actix-web 4 with its defaults (one worker per available core).

use crate::conns::OnceThenPending;
use crate::model::{Message, NewUser, User, STATUS};
use crate::{PLAINTEXT, TEXT_PLAIN};
use actix_web::web::Bytes;
use actix_web::{web, App, HttpResponse, HttpServer};
use std::convert::Infallible;

async fn plaintext() -> HttpResponse {
    HttpResponse::Ok().content_type(TEXT_PLAIN).body(PLAINTEXT)
}

async fn json() -> HttpResponse {
    HttpResponse::Ok().json(Message { message: PLAINTEXT })
}

async fn user(id: web::Path<u64>) -> HttpResponse {
    HttpResponse::Ok().json(User::with_id(id.into_inner()))
}

async fn create(user: web::Json<NewUser>) -> HttpResponse {
    HttpResponse::Created().json(user.into_inner())
}

async fn status() -> HttpResponse {
    HttpResponse::Ok().json(STATUS)
}

async fn allocs() -> HttpResponse {
    HttpResponse::Ok()
        .content_type(TEXT_PLAIN)
        .body(crate::alloc::allocations().to_string())
}

/// `GET /api/events`: one event, then open (the many-connections run).
async fn events() -> HttpResponse {
    let hello = Bytes::from_static(crate::conns::SSE_EVENT.as_bytes());
    HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("cache-control", "no-cache"))
        .insert_header(("x-accel-buffering", "no"))
        .streaming(OnceThenPending(Some(Ok::<_, Infallible>(hello))))
}

/// Serves the routes on actix's runtime; under `BENCH_IDLE_SECS` with
/// `keep_alive` and `client_request_timeout` set to it, no cap on
/// connections per worker (25,000 by default), HTTP/2 with prior
/// knowledge beside HTTP/1.1 (`bind_auto_h2c`) and `GET /api/events`.
pub fn run(addr: std::net::SocketAddr, count_allocs: bool) -> std::io::Result<()> {
    let idle = crate::conns::idle_timeout();
    actix_web::rt::System::new().block_on(async move {
        let server = HttpServer::new(move || {
            let app = App::new()
                .route("/api/plaintext", web::get().to(plaintext))
                .route("/api/json", web::get().to(json))
                .route("/api/users/{id}", web::get().to(user))
                .route("/api/users", web::post().to(create))
                .route("/api/v1/status", web::get().to(status));
            let app = if idle.is_some() {
                app.route("/api/events", web::get().to(events))
            } else {
                app
            };
            if count_allocs {
                app.route(crate::alloc::ALLOCS_PATH, web::get().to(allocs))
            } else {
                app
            }
        });
        let server = match idle {
            Some(idle) => server
                .keep_alive(idle)
                .client_request_timeout(idle)
                .max_connections(1 << 20)
                .bind_auto_h2c(addr)?,
            None => server.bind(addr)?,
        };
        server.run().await
    })
}
