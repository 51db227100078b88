//! actix-web 4 with its defaults (one worker per available core).

use crate::model::{Message, NewUser, User, STATUS};
use crate::{PLAINTEXT, TEXT_PLAIN};
use actix_web::{web, App, HttpResponse, HttpServer};

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

/// Serves the routes on actix's runtime.
pub fn run(addr: std::net::SocketAddr, count_allocs: bool) -> std::io::Result<()> {
    actix_web::rt::System::new().block_on(async move {
        HttpServer::new(move || {
            let app = App::new()
                .route("/api/plaintext", web::get().to(plaintext))
                .route("/api/json", web::get().to(json))
                .route("/api/users/{id}", web::get().to(user))
                .route("/api/users", web::post().to(create))
                .route("/api/v1/status", web::get().to(status));
            if count_allocs {
                app.route(crate::alloc::ALLOCS_PATH, web::get().to(allocs))
            } else {
                app
            }
        })
        .bind(addr)?
        .run()
        .await
    })
}
