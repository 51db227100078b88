//! tether as a user writes it: controllers with macros, the global prefix
//! and URI versioning from `bench/tether.toml`, served by `NativeAdapter`.

use crate::conns::OnceThenPending;
use crate::model::{Message, NewUser, Status, User, STATUS};
use crate::PLAINTEXT;
use tether::response::sse::Sse;
use tether::{controller, App, NativeAdapter};

/// `/plaintext`, `/json` and `/users`.
pub struct BenchController;

#[controller("/")]
impl BenchController {
    #[get("/plaintext")]
    async fn plaintext(&self) -> &'static str {
        PLAINTEXT
    }

    #[get("/json")]
    async fn json(&self) -> Message {
        Message { message: PLAINTEXT }
    }

    #[get("/users/:id")]
    async fn user(&self, #[param] id: u64) -> User {
        User::with_id(id)
    }

    #[post("/users")]
    async fn create(&self, #[body] user: NewUser) -> NewUser {
        user
    }

    #[get("/big")]
    async fn big(&self) -> Vec<User> {
        crate::extras::big()
    }
}

/// `/v1/status`: the versioned route.
pub struct StatusController;

#[controller("/status")]
#[version("1")]
impl StatusController {
    #[get]
    async fn status(&self) -> Status {
        STATUS
    }
}

/// `/__allocs`, only in `server-counted`.
pub struct AllocsController;

#[controller("/__allocs")]
impl AllocsController {
    #[get]
    async fn allocs(&self) -> String {
        crate::alloc::allocations().to_string()
    }
}

/// The event of `GET /api/events` (`crate::conns::SSE_EVENT` on the wire).
#[derive(serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Tick {
    /// `event: hello`, `data: null`.
    Hello,
}

/// `/events`, only in the many-connections run (`BENCH_IDLE_SECS`).
pub struct EventsController;

#[controller("/events")]
impl EventsController {
    #[get]
    async fn events(&self) -> Sse<Tick> {
        Sse::new(OnceThenPending(Some(Tick::Hello))).keep_alive(None)
    }
}

/// The adapter: tether's defaults, or with `BENCH_IDLE_SECS` its idle
/// timeouts set to that and no connection limit below the file limit (the
/// default, seven eighths of it, would hold back the largest count; see
/// [`crate::conns`]).
fn adapter() -> NativeAdapter {
    let adapter = NativeAdapter::new();
    match crate::conns::idle_timeout() {
        Some(idle) => adapter
            .max_connections(1 << 20)
            .header_read_timeout(idle)
            .http2_idle_timeout(Some(idle))
            .http2_keep_alive(None, idle),
        None => adapter,
    }
}

/// The benchmark app; with `BENCH_GZIP=1` behind tether's gzip
/// middleware, with `BENCH_GZIP=tower` behind tower-http's
/// `CompressionLayer` (see [`crate::extras`]).
pub fn app(count_allocs: bool) -> App {
    let mut app = App::new(adapter())
        .controller(BenchController)
        .controller(StatusController);
    if crate::conns::idle_timeout().is_some() {
        app = app.controller(EventsController);
    }
    if crate::extras::gzip_tower() {
        app = app.layer(tower_http::compression::CompressionLayer::new());
    } else if crate::extras::gzip() {
        app = app.use_middleware(tether::response::compression::Compression::new());
    }
    if count_allocs {
        app.controller(AllocsController)
    } else {
        app
    }
}

/// Serves the app with `App::run`: tokio's multi-threaded runtime, or one
/// single-threaded runtime per core with `TETHER_RUNTIME=per-core`.
/// With `BENCH_TRACE_LOG` a JSON subscriber logs tether's request span.
pub fn run(addr: std::net::SocketAddr, count_allocs: bool) -> std::io::Result<()> {
    crate::extras::trace_log()?;
    app(count_allocs).run(addr)
}
