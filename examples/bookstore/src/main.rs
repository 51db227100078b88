//! Serves the bookstore on `127.0.0.1:$PORT` (default 3000; 0 picks a free port).

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let port = std::env::var("PORT").unwrap_or_else(|_| "3000".into());
    let server = bookstore::app().bind(format!("127.0.0.1:{port}")).await?;
    println!("bookstore listening on http://{}", server.local_addr());
    server.serve().await
}
