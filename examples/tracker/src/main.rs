//! Serves the tracker on `127.0.0.1:$PORT` (default 3000; 0 picks a free
//! port). The database is `$DATABASE_URL` when it is a PostgreSQL URL
//! (`postgres://user:password@host/db`, or `postgresql:///db?host=/run/postgresql`
//! through a unix socket), shared by every instance started with it;
//! otherwise the SQLite file `$TRACKER_DB` (default `tracker.db` in this
//! crate's directory). Either is created and migrated at startup. Sessions
//! last `$TRACKER_SESSION_SECONDS` (default 8 hours);
//! `TRACKER_INSECURE_COOKIE=1` drops the cookie's `Secure` for plain HTTP
//! on an address other than `localhost` (see `tracker::session`).
//!
//! `GET /ready` and `GET /live` are the probes of a load balancer or
//! orchestrator. On `SIGTERM` or Ctrl-C, `/ready` answers `503` at once
//! and the server keeps accepting for `$TRACKER_DRAIN_MS` (default 0)
//! before it closes its listener and finishes what is in flight: set it
//! above the balancer's check interval in a rolling deploy.

use std::time::Duration;
use tether::NativeAdapter;
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .init();
    let db = match std::env::var("DATABASE_URL") {
        Ok(url) if !url.is_empty() => tracker::db::Db::connect(&url).await?,
        _ => {
            let path = std::env::var("TRACKER_DB")
                .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/tracker.db").into());
            tracker::db::Db::open(&path)?
        }
    };
    let sessions = tracker::session::Sessions::from_env()?;
    let port = std::env::var("PORT").unwrap_or_else(|_| "3000".into());
    let drain = match std::env::var("TRACKER_DRAIN_MS") {
        Ok(ms) => ms
            .parse()
            .map_err(|_| format!("TRACKER_DRAIN_MS is `{ms}`: a whole number of milliseconds"))?,
        Err(_) => 0,
    };
    let adapter = NativeAdapter::new().drain_period(Duration::from_millis(drain));
    let database = db.backend_name();
    let server = tracker::app_on(adapter, db, sessions)
        .readiness("/ready")
        .liveness("/live")
        .bind(format!("127.0.0.1:{port}"))
        .await?;
    tracing::info!(address = %server.local_addr(), database, "tracker listening");
    server.serve_until_ctrl_c().await?;
    Ok(())
}
