//! Raw hyper 1.x: a hand-written `service_fn` over the request line, the
//! ceiling of this stack. Same settings as tether's adapter: HTTP/1.1
//! keep-alive, pipelined responses flushed together, `TCP_NODELAY`.
//!
//! With `BENCH_HYPER_PIPELINE_FLUSH=0` (the `hyper-default` peer) hyper
//! flushes every response on its own, as its builder does by default and
//! as axum serves: its `pipeline_flush` is what batches pipelined
//! responses, and it holds them in a buffer with no cap (see
//! `BENCHMARKS.md`, "Pipelined plaintext against raw hyper").

use crate::model::{Message, NewUser, User, STATUS};
use crate::{PLAINTEXT, TEXT_PLAIN};
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::header::{HeaderValue, CONTENT_TYPE};
use hyper::server::conn::http1;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use std::convert::Infallible;

type Res = Response<Full<Bytes>>;

fn respond(status: StatusCode, content_type: &'static str, body: Bytes) -> Res {
    let mut res = Response::new(Full::new(body));
    *res.status_mut() = status;
    res.headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    res
}

fn json<T: serde::Serialize>(status: StatusCode, value: &T) -> Res {
    match serde_json::to_vec(value) {
        Ok(body) => respond(status, "application/json", Bytes::from(body)),
        Err(_) => respond(StatusCode::INTERNAL_SERVER_ERROR, TEXT_PLAIN, Bytes::new()),
    }
}

fn empty(status: StatusCode) -> Res {
    let mut res = Response::new(Full::new(Bytes::new()));
    *res.status_mut() = status;
    res
}

async fn create(req: Request<Incoming>) -> Res {
    let is_json = req
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !is_json {
        return empty(StatusCode::UNSUPPORTED_MEDIA_TYPE);
    }
    let Ok(body) = req.into_body().collect().await else {
        return empty(StatusCode::BAD_REQUEST);
    };
    match serde_json::from_slice::<NewUser>(&body.to_bytes()) {
        Ok(user) => json(StatusCode::CREATED, &user),
        Err(_) => empty(StatusCode::BAD_REQUEST),
    }
}

/// The answer to one request (also driven by `bench-harness/`).
pub async fn handle(req: Request<Incoming>, count_allocs: bool) -> Result<Res, Infallible> {
    let path = req.uri().path();
    let res = match (req.method(), path) {
        (&Method::GET, "/api/plaintext") => respond(
            StatusCode::OK,
            TEXT_PLAIN,
            Bytes::from_static(PLAINTEXT.as_bytes()),
        ),
        (&Method::GET, "/api/json") => json(StatusCode::OK, &Message { message: PLAINTEXT }),
        (&Method::GET, "/api/v1/status") => json(StatusCode::OK, &STATUS),
        (&Method::POST, "/api/users") => create(req).await,
        (&Method::GET, crate::alloc::ALLOCS_PATH) if count_allocs => respond(
            StatusCode::OK,
            TEXT_PLAIN,
            Bytes::from(crate::alloc::allocations().to_string()),
        ),
        (&Method::GET, _) => match path.strip_prefix("/api/users/").map(str::parse::<u64>) {
            Some(Ok(id)) => json(StatusCode::OK, &User::with_id(id)),
            Some(Err(_)) => empty(StatusCode::BAD_REQUEST),
            None => empty(StatusCode::NOT_FOUND),
        },
        _ => empty(StatusCode::NOT_FOUND),
    };
    Ok(res)
}

/// Whether pipelined responses are flushed together: yes unless
/// `BENCH_HYPER_PIPELINE_FLUSH` is `0`.
fn pipeline_flush() -> bool {
    std::env::var("BENCH_HYPER_PIPELINE_FLUSH").map_or(true, |v| v != "0")
}

/// Accepts connections on tokio's multi-threaded runtime.
pub fn run(addr: std::net::SocketAddr, count_allocs: bool) -> std::io::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(async move {
            let listener = tokio::net::TcpListener::bind(addr).await?;
            let mut builder = http1::Builder::new();
            builder.pipeline_flush(pipeline_flush()).keep_alive(true);
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    continue;
                };
                let _ = stream.set_nodelay(true);
                let conn = builder.serve_connection(
                    TokioIo::new(stream),
                    hyper::service::service_fn(move |req| handle(req, count_allocs)),
                );
                tokio::spawn(async move {
                    let _ = conn.await;
                });
            }
        })
}
