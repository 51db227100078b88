//! `harness <server> <route> <requests>`: serves `requests` identical
//! requests on one in-memory keep-alive connection (see [`conn`]) on a
//! current-thread tokio runtime, for counting instructions per request
//! with callgrind (`measure.sh`). No sockets, so the count is the servers'
//! user-space work alone, and it does not depend on the machine's load.
//!
//! Servers: `tether` (the bench app through `NativeAdapter::serve_connection`,
//! connection I/O included), `hyper` (the bench's hand-written `service_fn`
//! on hyper's http1 builder, as `bench/src/servers/hyper.rs` serves it),
//! `axum` (the bench router as `axum::serve` serves it: hyper-util's auto
//! builder), and `tether-svc` (`AppService::call` in a loop, no HTTP at all:
//! tether's own code alone). `BENCH_TRACE_LOG` and `BENCH_GZIP` switch on
//! the request log and gzip exactly as for `bench/extras.sh`.

mod conn;

use bytes::Bytes;
use conn::{request_bytes, Scripted};
use std::future::Future;
use std::task::{Context, Poll, Waker};

/// Requests per read in the `pipelined` route, as in the bench.
const PIPELINED: u64 = 16;

/// The bench's routes: method, path, JSON body.
fn route(name: &str) -> Option<(&'static str, &'static str, Option<&'static str>)> {
    Some(match name {
        "plaintext" => ("GET", "/api/plaintext", None),
        "json" => ("GET", "/api/json", None),
        "param" => ("GET", "/api/users/42", None),
        "post" => (
            "POST",
            "/api/users",
            Some(tether_bench::model::NEW_USER_BODY),
        ),
        "versioned" => ("GET", "/api/v1/status", None),
        // The gzip row of bench/extras.sh.
        "big" => ("GET", "/api/big", None),
        // The bench's pipelined scenario: plaintext, PIPELINED requests
        // per read (as `wrk` with bench/pipeline.lua sends them).
        "pipelined" => ("GET", "/api/plaintext", None),
        _ => return None,
    })
}

fn serve_tether(io: Scripted) -> impl Future<Output = ()> {
    let service = tether_bench::servers::tether::app(false)
        .build()
        .expect("the bench app starts");
    async move {
        tether::NativeAdapter::new()
            .serve_connection(io, service)
            .await
    }
}

fn serve_hyper(io: Scripted) -> impl Future<Output = ()> {
    // As bench/src/servers/hyper.rs builds its connections.
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.pipeline_flush(true).keep_alive(true);
    let svc = hyper::service::service_fn(|req| tether_bench::servers::hyper::handle(req, false));
    async move {
        let _ = builder
            .serve_connection(hyper_util::rt::TokioIo::new(io), svc)
            .await;
    }
}

fn serve_axum(io: Scripted, traced: bool) -> impl Future<Output = ()> {
    use tower::ServiceExt as _;
    // As axum::serve serves a connection.
    let router =
        tether_bench::servers::axum::layered(tether_bench::servers::axum::router(false), traced);
    let svc = router
        .map_request(|req: http::Request<hyper::body::Incoming>| req.map(axum::body::Body::new));
    let svc = hyper_util::service::TowerToHyperService::new(svc);
    async move {
        let builder =
            hyper_util::server::conn::auto::Builder::new(hyper_util::rt::TokioExecutor::new());
        let _ = builder
            .serve_connection_with_upgrades(hyper_util::rt::TokioIo::new(io), svc)
            .await;
    }
}

/// Runs `conn` in a task of its own on `runtime`, to its end; the number of
/// times it was polled.
fn served<F>(runtime: &tokio::runtime::Runtime, conn: F) -> u64
where
    F: Future<Output = ()> + Send + 'static,
{
    runtime.block_on(async {
        tokio::spawn(conn::Gated::new(conn))
            .await
            .expect("the connection's task")
    })
}

/// `AppService::call` `n` times, each response future polled to its end.
fn tether_service_only(method: &str, path: &str, body: Option<&'static str>, n: u64) {
    let service = tether_bench::servers::tether::app(false)
        .build()
        .expect("the bench app starts");
    let mut cx = Context::from_waker(Waker::noop());
    for _ in 0..n {
        let mut req = http::Request::builder()
            .method(method)
            .uri(path)
            .header("host", "127.0.0.1:3000");
        if body.is_some() {
            req = req.header("content-type", "application/json");
        }
        let req = req
            .body(Bytes::from_static(body.unwrap_or("").as_bytes()))
            .expect("a valid request");
        let mut fut = std::pin::pin!(service.call(req));
        let res = loop {
            if let Poll::Ready(res) = fut.as_mut().poll(&mut cx) {
                break res;
            }
        };
        assert!(res.status().is_success(), "{}", res.status());
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: harness <tether|hyper|axum|tether-svc> <plaintext|json|param|post|versioned|big|pipelined> <requests>";
    let (Some(server), Some(route_name), Some(n)) = (args.next(), args.next(), args.next()) else {
        panic!("{usage}");
    };
    let n: u64 = n.parse().expect(usage);
    let (method, path, body) = route(&route_name).expect(usage);
    let traced = tether_bench::extras::trace_log().expect("the trace log file");
    if server == "tether-svc" {
        return tether_service_only(method, path, body, n);
    }
    let io = if route_name == "pipelined" {
        assert!(n % PIPELINED == 0, "pipelined: a multiple of {PIPELINED} requests");
        let batch = request_bytes(method, path, body).repeat(PIPELINED as usize);
        Scripted::new(batch, n / PIPELINED)
    } else {
        Scripted::new(request_bytes(method, path, body), n)
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    // The connection runs in a task of its own, as every server here runs
    // each of its connections: a task's waker is one tokio keeps stable
    // across polls and clones (`Waker::will_wake` holds), which `block_on`'s
    // is not, so timers and I/O registrations would be redone every poll.
    let polls = match server.as_str() {
        "tether" => served(&runtime, serve_tether(io)),
        "hyper" => served(&runtime, serve_hyper(io)),
        "axum" => served(&runtime, serve_axum(io, traced)),
        _ => panic!("{usage}"),
    };
    eprintln!("{server} {route_name}: {n} requests, {polls} polls of the connection");
    let head = conn::first_response();
    assert!(
        n == 0 || head.starts_with(b"HTTP/1.1 2"),
        "{server} answered {:?}",
        String::from_utf8_lossy(&head)
    );
}
