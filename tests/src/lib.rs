//! Helpers shared by the integration tests: start an app on a free loopback
//! port and talk to it with a real HTTP client.

use std::net::SocketAddr;
use tether::{App, HttpAdapter};

/// A server running on `127.0.0.1:<free port>` until the test ends.
pub struct TestServer {
    /// The bound address.
    pub addr: SocketAddr,
    /// A client for it.
    pub client: reqwest::Client,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
}

impl TestServer {
    /// Binds `app` to a free loopback port and serves it in the background.
    pub async fn start<A: HttpAdapter>(app: App<A>) -> TestServer {
        let server = app.bind("127.0.0.1:0").await.expect("bind a loopback port");
        let addr = server.local_addr();
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(server.serve_with_shutdown(async move {
            let _ = rx.await;
        }));
        TestServer {
            addr,
            client: reqwest::Client::new(),
            shutdown: Some(tx),
            task: Some(task),
        }
    }

    /// `http://127.0.0.1:<port><path>`.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    /// GET `path`, returning status and body text.
    pub async fn get(&self, path: &str) -> (u16, String) {
        self.send(self.client.get(self.url(path))).await
    }

    /// A POST of `body` to `path` with this `Content-Type`, ready to send.
    pub fn post(
        &self,
        path: &str,
        content_type: &str,
        body: impl Into<reqwest::Body>,
    ) -> reqwest::RequestBuilder {
        self.client
            .post(self.url(path))
            .header("content-type", content_type)
            .body(body)
    }

    /// Sends a request, returning status and body text.
    pub async fn send(&self, req: reqwest::RequestBuilder) -> (u16, String) {
        let res = req.send().await.expect("request reaches the test server");
        let status = res.status().as_u16();
        (status, res.text().await.expect("body is readable"))
    }

    /// Signals shutdown without waiting: the server stops accepting and
    /// lets in-flight requests finish; [`TestServer::stop`] waits for it.
    pub fn begin_shutdown(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }

    /// Signals shutdown and waits for the server to finish.
    pub async fn stop(mut self) -> std::io::Result<()> {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        self.task
            .take()
            .expect("running")
            .await
            .expect("server task")
    }
}
