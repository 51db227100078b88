//! Helpers shared by the integration tests: start an app on a free loopback
//! port and talk to it with a real HTTP client.

pub mod counting_alloc;

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

    /// Drops the server's future where it stands (its task aborted), as
    /// an app that stops polling it does: no shutdown, no drain.
    pub fn abort(&mut self) {
        if let Some(task) = &self.task {
            task.abort();
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

/// Set in the process [`ran_alone`] starts: the name of the one test it runs.
const ALONE: &str = "TETHER_TESTS_ALONE";

/// For a test that needs its process to itself (a global `log` logger, no
/// `tracing` dispatcher ever set, a count of the whole live heap) inside
/// the one integration-test binary, whose tests share a process and run on
/// parallel threads. `test` is the test's full name (`module::function`).
///
/// In the process started for `test`, returns false: the caller runs its
/// body. Anywhere else, runs this binary again with only `test`
/// (`--exact`), passes its output on (indented, so that no line of it reads
/// as this run's own `test result:`), panics unless it passed having run
/// exactly that one test, and returns true: the caller returns.
pub fn ran_alone(test: &str) -> bool {
    if std::env::var_os(ALONE).is_some_and(|running| running == test) {
        return false;
    }
    let binary = std::env::current_exe().expect("the path of this test binary");
    let out = std::process::Command::new(binary)
        .args([test, "--exact", "--nocapture", "--test-threads=1"])
        .env(ALONE, test)
        .output()
        .expect("run this test binary again");
    let stdout = String::from_utf8_lossy(&out.stdout);
    for line in stdout.lines() {
        println!("    {line}");
    }
    for line in String::from_utf8_lossy(&out.stderr).lines() {
        eprintln!("    {line}");
    }
    assert!(
        out.status.success(),
        "{test} failed in its own process ({})",
        out.status
    );
    assert!(
        stdout.contains("test result: ok. 1 passed"),
        "the process started for {test} did not run it (is the name right?)"
    );
    true
}
