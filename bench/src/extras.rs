//! The observability and compression rows (`bench/extras.sh`), switched on
//! by environment variables so the main run stays as it is:
//!
//! - `BENCH_TRACE_LOG=<file>`: a JSON `tracing-subscriber` writing one line
//!   per request to `<file>`, at `INFO`. tether logs its own request span
//!   (SPEC F1); axum gets tower-http's `TraceLayer` at `INFO`, so both
//!   write a span with the request's fields and a response event.
//! - `BENCH_TRACE_OTEL=1` (with `BENCH_TRACE_LOG`): axum's `TraceLayer`
//!   opens the span tether opens instead of its default one, with the same
//!   OpenTelemetry fields, and records status and latency into it
//!   (`servers::axum::otel`): the same work as tether's request log.
//! - `BENCH_GZIP=1`: gzip; tether with its own middleware
//!   (`tether::response::compression::Compression`, level 6 like tower-http's
//!   default), axum with tower-http's `CompressionLayer` through
//!   `Router::layer`; `GET /api/big` answers a 16 KiB JSON array.
//! - `BENCH_GZIP=tower`: tower-http's `CompressionLayer` on both, on
//!   tether through `App::layer` (SPEC F2).

use crate::model::User;
use std::sync::Mutex;

/// Users in `GET /api/big`: about 16 KiB of JSON.
pub const BIG_USERS: u64 = 280;

/// The body of `GET /api/big`.
pub fn big() -> Vec<User> {
    (1..=BIG_USERS).map(User::with_id).collect()
}

/// Whether `BENCH_GZIP` asks for compression (either way).
pub fn gzip() -> bool {
    std::env::var_os("BENCH_GZIP").is_some_and(|v| v == "1" || v == "tower")
}

/// Whether `BENCH_GZIP=tower` asks for tower-http's layer on tether too.
pub fn gzip_tower() -> bool {
    std::env::var_os("BENCH_GZIP").is_some_and(|v| v == "tower")
}

/// Whether `BENCH_TRACE_OTEL` asks for axum's span with tether's fields.
pub fn otel_fields() -> bool {
    std::env::var_os("BENCH_TRACE_OTEL").is_some_and(|v| v == "1")
}

/// Whether `BENCH_TRACE_LOG` asks for a request log (and installs it).
pub fn trace_log() -> std::io::Result<bool> {
    let Some(path) = std::env::var_os("BENCH_TRACE_LOG") else {
        return Ok(false);
    };
    let file = std::fs::File::create(path)?;
    tracing_subscriber::fmt()
        .json()
        .with_max_level(tracing::Level::INFO)
        .with_current_span(true)
        .with_span_list(false)
        .with_writer(Mutex::new(file))
        .init();
    Ok(true)
}
