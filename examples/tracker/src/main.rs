//! Serves the tracker on `127.0.0.1:$PORT` (default 3000; 0 picks a free
//! port) over the SQLite file `$TRACKER_DB` (default `tracker.db` in this
//! crate's directory), created and migrated at startup. Sessions last
//! `$TRACKER_SESSION_SECONDS` (default 8 hours); `TRACKER_INSECURE_COOKIE=1`
//! drops the cookie's `Secure` for plain HTTP on an address other than
//! `localhost` (see `tracker::session`).

use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .init();
    let path = std::env::var("TRACKER_DB")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/tracker.db").into());
    let db = tracker::db::Db::open(&path).map_err(|e| e.to_string())?;
    let sessions = tracker::session::Sessions::from_env()?;
    let port = std::env::var("PORT").unwrap_or_else(|_| "3000".into());
    let server = tracker::app_with(db, sessions)
        .bind(format!("127.0.0.1:{port}"))
        .await?;
    tracing::info!(address = %server.local_addr(), database = %path, "tracker listening");
    server.serve_until_ctrl_c().await?;
    Ok(())
}
