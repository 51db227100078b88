//! The `__serve` child, run under callgrind: each route served on one
//! in-memory keep-alive connection (bench-harness's, `Scripted`) on a
//! current-thread tokio runtime, first `WARM_UP` requests unmeasured, then
//! `n` and `2n` requests, each in a call of [`crate::measured`].

#[path = "../../bench-harness/src/conn.rs"]
mod conn;

use conn::{request_bytes, Scripted};
use std::future::Future;

/// Requests served before counting, so lazily made state (the date
/// header's cache, tracing's call sites) is not in the first count.
const WARM_UP: u64 = 20;

/// The bench's five routes: name, method, path, JSON body.
pub const ROUTES: [(&str, &str, &str, Option<&str>); 5] = [
    ("plaintext", "GET", "/api/plaintext", None),
    ("json", "GET", "/api/json", None),
    ("param", "GET", "/api/users/42", None),
    (
        "post",
        "POST",
        "/api/users",
        Some(crate::model::NEW_USER_BODY),
    ),
    ("versioned", "GET", "/api/v1/status", None),
];

/// One server, named for the command line.
enum Server {
    Tether(tether::AppService),
    Hyper,
}

/// The connection's future for `server`.
fn connection(server: &Server, io: Scripted) -> impl Future<Output = ()> + Send + 'static {
    let tether = match server {
        Server::Tether(service) => Some(service.clone()),
        Server::Hyper => None,
    };
    async move {
        match tether {
            Some(service) => {
                tether::NativeAdapter::new()
                    .serve_connection(io, service)
                    .await
            }
            None => {
                // As bench/src/servers/hyper.rs builds its connections.
                let mut builder = hyper::server::conn::http1::Builder::new();
                builder.pipeline_flush(true).keep_alive(true);
                let svc = hyper::service::service_fn(|req| crate::hyper_peer::handle(req, false));
                let _ = builder
                    .serve_connection(hyper_util::rt::TokioIo::new(io), svc)
                    .await;
            }
        }
    }
}

/// Serves `request` `n` times on one connection, in a task of its own (a
/// task's waker stays the same across polls, as on a server).
fn serve_one(runtime: &tokio::runtime::Runtime, server: &Server, request: &[u8], n: u64) {
    serve(runtime, server, Scripted::new(request.to_vec(), n));
}

/// The whole answer to one `request`. (Two are sent: the client's end of
/// stream right after the only one would close the connection before it
/// is answered; the second answer is cut off.)
fn answer(runtime: &tokio::runtime::Runtime, server: &Server, request: &[u8]) -> String {
    serve(
        runtime,
        server,
        Scripted::new(request.to_vec(), 2).keeping(64 * 1024),
    );
    let both = String::from_utf8_lossy(&conn::first_response()).into_owned();
    match both[1..].find("HTTP/1.1 ") {
        Some(second) => both[..second + 1].to_owned(),
        None => both,
    }
}

/// Serves `io` to its end; the first answer must be a success.
fn serve(runtime: &tokio::runtime::Runtime, server: &Server, io: Scripted) {
    let conn = connection(server, io);
    runtime.block_on(async {
        tokio::spawn(conn::Gated::new(conn))
            .await
            .expect("the connection's task");
    });
    let head = conn::first_response();
    assert!(
        head.starts_with(b"HTTP/1.1 2"),
        "answered {:?}",
        String::from_utf8_lossy(&head)
    );
}

/// A server by name.
fn server(name: &str) -> Server {
    match name {
        "tether" => Server::Tether(
            crate::servers::tether_app()
                .build()
                .expect("the gate's app starts"),
        ),
        "hyper" => Server::Hyper,
        other => panic!("no server {other:?}"),
    }
}

/// A current-thread runtime.
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// Serves every route: warm-up, `n`, `2n`.
pub fn run(name: &str, n: u64) {
    let server = server(name);
    let runtime = runtime();
    for (_, method, path, body) in ROUTES {
        let request = request_bytes(method, path, body);
        serve_one(&runtime, &server, &request, WARM_UP);
        crate::measured(&mut || serve_one(&runtime, &server, &request, n));
        crate::measured(&mut || serve_one(&runtime, &server, &request, 2 * n));
    }
}

/// Whether the two servers answer every route alike, as the bench's
/// driver checks its servers: status line, headers but `date` (names
/// lowercased, sorted), body. Run in the gate's own process, not in the
/// counted ones (what it allocates would move their counts).
pub fn differences() -> Option<String> {
    let runtime = runtime();
    let (tether, hyper) = (server("tether"), server("hyper"));
    ROUTES.iter().find_map(|(route, method, path, body)| {
        let request = request_bytes(method, path, *body);
        let tether = normalized(&answer(&runtime, &tether, &request));
        let hyper = normalized(&answer(&runtime, &hyper, &request));
        (tether != hyper).then(|| format!("{route}:\n  tether: {tether:?}\n  hyper:  {hyper:?}"))
    })
}

/// `answer` as [`differences`] compares it.
fn normalized(answer: &str) -> String {
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((answer, ""));
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap_or_default().to_owned();
    let mut headers: Vec<String> = lines
        .filter_map(|line| {
            let (name, value) = line.split_once(':')?;
            let name = name.trim().to_ascii_lowercase();
            (name != "date").then(|| format!("{name}: {}", value.trim()))
        })
        .collect();
    headers.sort();
    format!("{status} | {} | {body}", headers.join(" | "))
}

#[cfg(test)]
mod tests {
    use super::normalized;

    #[test]
    fn answers_compare_without_date_and_header_order() {
        let a = "HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ndate: Sun, 29 Nov 2026 01:00:00 GMT\r\ncontent-length: 2\r\n\r\nhi";
        let b = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nDate: Mon, 30 Nov 2026 02:00:00 GMT\r\ncontent-type: text/plain\r\n\r\nhi";
        assert_eq!(normalized(a), normalized(b));
        assert_ne!(normalized(a), normalized(&b.replace("hi", "ho")));
    }
}
