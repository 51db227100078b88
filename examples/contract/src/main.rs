//! Serves the contract fixture on `127.0.0.1:$PORT` (default 3002; 0 picks a free port).

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let port = std::env::var("PORT").unwrap_or_else(|_| "3002".into());
    let server = contract::app().bind(format!("127.0.0.1:{port}")).await?;
    println!("contract listening on http://{}", server.local_addr());
    server.serve_until_ctrl_c().await
}
