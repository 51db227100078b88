//! Serves the bookstore on `127.0.0.1:$PORT` (default 3000; 0 picks a free
//! port), logging one span per request (see `telemetry.rs`: `RUST_LOG`,
//! `LOG_FORMAT=json|pretty`, and OTLP with `--features otlp`).

mod telemetry;

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let _telemetry = telemetry::init();
    let port = std::env::var("PORT").unwrap_or_else(|_| "3000".into());
    let server = bookstore::app().bind(format!("127.0.0.1:{port}")).await?;
    tracing::info!(address = %server.local_addr(), "bookstore listening");
    server.serve_until_ctrl_c().await
}
