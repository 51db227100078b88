//! End to end (SPEC C, "Beyond the seed"): the TypeScript clients that the
//! examples' build.rs generated are compiled by the pinned `tsc` (strict,
//! noUncheckedIndexedAccess, exactOptionalPropertyTypes) with the node tests
//! in `tests/e2e/`, and run by `node --test` against the real servers on
//! loopback ports.

use std::path::{Path, PathBuf};
use std::process::Command;
use tether_tests::TestServer;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn tsc() -> PathBuf {
    let tsc = repo().join("node_modules/.bin/tsc");
    assert!(
        tsc.exists(),
        "{} is missing: run `npm ci` at the repository root (./test.sh does)",
        tsc.display()
    );
    tsc
}

/// Compiles the e2e tests and the examples' clients once for all tests.
fn compile() -> PathBuf {
    static ONCE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    ONCE.get_or_init(|| {
        let out = repo().join("target/e2e");
        let _ = std::fs::remove_dir_all(&out);
        let status = Command::new(tsc())
            .arg("-p")
            .arg(repo().join("tests/e2e/tsconfig.json"))
            .status()
            .expect("tsc runs");
        assert!(
            status.success(),
            "tsc reported errors in the generated clients or e2e tests"
        );
        // Node reads the compiled ES modules as such.
        std::fs::write(out.join("package.json"), r#"{"type":"module"}"#).unwrap();
        out
    })
    .clone()
}

async fn node_test(file: &str, env: &[(&str, String)]) {
    let out = compile();
    let mut cmd = tokio::process::Command::new("node");
    cmd.arg("--test")
        .arg("--test-reporter=spec")
        .arg(out.join("tests/e2e").join(file));
    for (k, v) in env {
        cmd.env(k, v);
    }
    let output = cmd.output().await.expect("node runs");
    let text = String::from_utf8_lossy(&output.stdout);
    println!("{text}{}", String::from_utf8_lossy(&output.stderr));
    assert!(
        output.status.success(),
        "node --test {file} failed:\n{text}"
    );
    assert!(text.contains("ℹ fail 0"), "node reported failures:\n{text}");
    assert!(!text.contains("ℹ pass 0\n"), "node ran no test:\n{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn c_bookstore_client_against_the_real_server() {
    let server = TestServer::start(bookstore::app()).await;
    node_test(
        "bookstore.test.js",
        &[("BOOKSTORE_URL", format!("http://{}", server.addr))],
    )
    .await;
    server.stop().await.unwrap();
}

/// SPEC G3: the bookstore's TanStack Query options with the real
/// `@tanstack/query-core` (pinned in package.json).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn g3_tanstack_query_options_against_the_real_server() {
    let server = TestServer::start(bookstore::app()).await;
    node_test(
        "bookstore_query.test.js",
        &[("BOOKSTORE_URL", format!("http://{}", server.addr))],
    )
    .await;
    server.stop().await.unwrap();
}

/// SPEC G3: the bookstore's zod schemas (real zod, pinned in package.json)
/// as the client's `validator`: requests checked before sending, answers on arrival.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn g3_zod_validator_against_the_real_server() {
    let server = TestServer::start(bookstore::app()).await;
    node_test(
        "bookstore_zod.test.js",
        &[("BOOKSTORE_URL", format!("http://{}", server.addr))],
    )
    .await;
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn c_newsroom_clients_against_the_real_server() {
    let server = TestServer::start(newsroom::app()).await;
    node_test(
        "newsroom.test.js",
        &[("NEWSROOM_URL", format!("http://{}", server.addr))],
    )
    .await;
    server.stop().await.unwrap();
}

/// SPEC G3: `reconnectSSE` across a connection cut halfway by a proxy.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn g3_sse_reconnects_with_last_event_id_after_a_cut() {
    let server = TestServer::start(newsroom::app()).await;
    node_test(
        "newsroom_reconnect.test.js",
        &[("NEWSROOM_URL", format!("http://{}", server.addr))],
    )
    .await;
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn c_contract_fixture_client_calls_every_operation() {
    contract_through_client(contract::app()).await;
}

/// SPEC F2: the same calls with every answer the gzip middleware may
/// compress compressed (`min_size(0)`), read by node's own `fetch`: JSON,
/// text, errors, the invoice download byte for byte, SSE passing through.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn f2_contract_fixture_client_through_gzip() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    let gzipped = Arc::new(AtomicUsize::new(0));
    let seen = gzipped.clone();
    // Outermost: counts the answers that left compressed.
    let count = move |req: tether::Request, next: tether::Next| {
        let seen = seen.clone();
        async move {
            let res = next.run(req).await;
            if res
                .headers()
                .get("content-encoding")
                .is_some_and(|v| v == "gzip")
            {
                seen.fetch_add(1, Ordering::Relaxed);
            }
            res
        }
    };
    let gzip = tether::response::compression::Compression::new().min_size(0);
    let app = contract::app().use_middleware(count).use_middleware(gzip);
    contract_through_client(app).await;
    let gzipped = gzipped.load(Ordering::Relaxed);
    println!("{gzipped} answers gzipped");
    assert!(gzipped >= 20, "only {gzipped} answers were gzipped");
}

async fn contract_through_client(app: tether::App) {
    let server = TestServer::start(app).await;
    let document = repo().join("examples/contract/openapi.json");
    node_test(
        "contract.test.js",
        &[
            ("CONTRACT_URL", format!("http://{}", server.addr)),
            ("CONTRACT_OPENAPI", document.display().to_string()),
        ],
    )
    .await;
    server.stop().await.unwrap();
}

/// Issues 13 and 14: the tracker (SQLite) through its client: sign-in, the
/// `auth` option, roles, typed errors, validation and `X-Total-Count`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn e_tracker_client_against_the_real_server_and_database() {
    let db = tracker::db::Db::in_memory().expect("an in-memory database");
    let server = TestServer::start(tracker::app(db)).await;
    node_test(
        "tracker.test.js",
        &[("TRACKER_URL", format!("http://{}", server.addr))],
    )
    .await;
    server.stop().await.unwrap();
}
