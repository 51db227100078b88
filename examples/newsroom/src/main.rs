//! Serves the newsroom on `127.0.0.1:$PORT` (default 3001; 0 picks a free port).

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let port = std::env::var("PORT").unwrap_or_else(|_| "3001".into());
    let server = newsroom::app().bind(format!("127.0.0.1:{port}")).await?;
    println!(
        "newsroom listening on http://{} (send X-API-Version: 1 or 2)",
        server.local_addr()
    );
    server.serve_until_ctrl_c().await
}
