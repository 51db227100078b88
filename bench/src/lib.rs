//! The benchmark servers: tether's NativeAdapter, axum 0.8, actix-web 4 and
//! raw hyper 1.x, serving the same routes with the same bytes (SPEC A10).
//!
//! | route                 | answer                                              |
//! |-----------------------|-----------------------------------------------------|
//! | `GET /api/plaintext`  | `Hello, World!` as `text/plain; charset=utf-8`      |
//! | `GET /api/json`       | `{"message":"Hello, World!"}`                       |
//! | `GET /api/users/:id`  | `{"id":<id>,"name":"Ada Lovelace","email":"…"}`     |
//! | `POST /api/users`     | `201`, the parsed JSON body serialised back         |
//! | `GET /api/v1/status`  | `{"status":"ok","version":1}` (URI-versioned route) |
//!
//! `api` is the global prefix of every route; `v1` the URI version of the
//! last. The `server-counted` binary adds `GET /api/__allocs`, the number
//! of heap allocations so far. tether and axum also answer `GET /api/big`
//! (16 KiB of JSON) and take `BENCH_TRACE_LOG` and `BENCH_GZIP` (see
//! [`extras`]).

pub mod alloc;
pub mod conns;
pub mod driver;
pub mod extras;
pub mod model;
pub mod servers;

/// The body of `GET /api/plaintext`.
pub const PLAINTEXT: &str = "Hello, World!";

/// The content type of `GET /api/plaintext`.
pub const TEXT_PLAIN: &str = "text/plain; charset=utf-8";

/// The frameworks `server` can run.
pub const FRAMEWORKS: [&str; 4] = ["tether", "axum", "actix", "hyper"];

/// Runs the server named `framework` on `addr` until the process ends.
/// `count_allocs` adds the `GET /api/__allocs` route.
pub fn run(framework: &str, addr: std::net::SocketAddr, count_allocs: bool) -> std::io::Result<()> {
    match framework {
        "tether" => servers::tether::run(addr, count_allocs),
        "axum" => servers::axum::run(addr, count_allocs),
        "actix" => servers::actix::run(addr, count_allocs),
        "hyper" => servers::hyper::run(addr, count_allocs),
        other => Err(std::io::Error::other(format!(
            "unknown framework {other:?}; expected one of {FRAMEWORKS:?}"
        ))),
    }
}

/// The `server` and `server-counted` binaries: `<framework> [addr]`.
pub fn main(count_allocs: bool) -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let framework = args.next().unwrap_or_default();
    let addr = args.next().unwrap_or_else(|| "127.0.0.1:3000".into());
    let addr = addr.parse().map_err(std::io::Error::other)?;
    run(&framework, addr, count_allocs)
}
