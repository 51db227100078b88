//! SPEC F4: the examples serve their documents and Swagger UI, and a real
//! headless browser (Debian's chromium, driven by the pinned playwright-core
//! in `tests/browser/`) loads the page with no internet, sees the
//! operations, and its "try it out" call reaches the server, all under the
//! page's Content-Security-Policy (nothing refused), and another site
//! cannot frame it.

use std::path::{Path, PathBuf};
use tether_tests::TestServer;

const CHROMIUM: &str = "/usr/bin/chromium";

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

#[tokio::test]
async fn f4_documents_and_assets_are_served_as_built() {
    let server = TestServer::start(bookstore::app()).await;
    // Issue 33, item 2: the page at `/docs` itself (no redirect, which
    // TestClient, curl and health checks would see), its files referred
    // to under `docs/`; the same page at `/docs/`, referring to them from
    // there.
    let no_redirect = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let res = no_redirect.get(server.url("/docs")).send().await.unwrap();
    assert_eq!(res.status(), 200, "the page at /docs, not a redirect");
    assert_security_headers(res.headers(), "connect-src 'self';");
    let at_docs = res.text().await.unwrap();
    let css = format!("assets/{}/swagger-ui.css", tether::docs::SWAGGER_UI_VERSION);
    assert!(
        at_docs.contains(&format!("href=\"docs/{css}\"")),
        "{at_docs}"
    );
    assert!(at_docs.contains("src=\"docs/init.js\""), "{at_docs}");
    let (status, html) = server.get("/docs/").await;
    assert_eq!(status, 200);
    assert!(html.contains(&format!("href=\"{css}\"")), "{html}");
    assert_eq!(html, at_docs.replace("\"docs/", "\""));
    // Its scripts are files, so the policy needs no inline script.
    let scripts = html.matches("<script").count();
    assert_eq!(scripts, html.matches("<script src=").count(), "{html}");
    assert_eq!(scripts, 3, "{html}");

    let (status, doc) = server.get("/docs/openapi.json").await;
    assert_eq!(status, 200);
    let on_disk = std::fs::read_to_string(repo().join("examples/bookstore/openapi.json")).unwrap();
    assert_eq!(doc, on_disk, "the document build.rs wrote, embedded");

    let res = server
        .client
        .get(server.url(&format!("/docs/{css}")))
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(res.headers()["vary"], "accept-encoding");
    assert!(res.headers().get("content-encoding").is_none());
    let vendored = std::fs::read(repo().join("swagger-ui/assets/swagger-ui.css")).unwrap();
    assert_eq!(res.bytes().await.unwrap(), vendored);

    // Gzipped for a client that accepts it (compressed once, then kept).
    let bundle = format!(
        "/docs/assets/{}/swagger-ui-bundle.js",
        tether::docs::SWAGGER_UI_VERSION
    );
    let on_disk = std::fs::read(repo().join("swagger-ui/assets/swagger-ui-bundle.js")).unwrap();
    for _ in 0..2 {
        let res = server
            .client
            .get(server.url(&bundle))
            .header("accept-encoding", "gzip, deflate, br")
            .send()
            .await
            .unwrap();
        assert_eq!(res.headers()["content-encoding"], "gzip");
        assert_eq!(res.headers()["vary"], "accept-encoding");
        let gz = res.bytes().await.unwrap();
        assert!(gz.len() < on_disk.len() / 2, "{} bytes gzipped", gz.len());
        let mut plain = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gz[..]), &mut plain).unwrap();
        assert_eq!(plain, on_disk);
    }

    // Every answer of the docs carries the headers; the API's do not.
    for path in ["/docs", "/docs/init.js", "/docs/openapi.json", &bundle] {
        let res = server.client.get(server.url(path)).send().await.unwrap();
        assert_security_headers(res.headers(), "frame-ancestors 'none'");
    }
    let res = server
        .client
        .get(server.url("/api/v1/books"))
        .send()
        .await
        .unwrap();
    assert!(res.headers().get("content-security-policy").is_none());

    // The API's own routes and 404s are untouched.
    assert_eq!(server.get("/api/v1/books").await.0, 200);
    assert_eq!(server.get("/docs/nothing.json").await.0, 404);
    server.stop().await.unwrap();
}

/// Issue 31, item 7: the docs' Content-Security-Policy (no inline script,
/// no framing, calls to the page's origin) and the headers beside it.
fn assert_security_headers(headers: &reqwest::header::HeaderMap, also: &str) {
    let csp = headers["content-security-policy"].to_str().unwrap();
    for directive in [
        "default-src 'none';",
        "script-src 'self';",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        also,
    ] {
        assert!(csp.contains(directive), "{directive} missing: {csp}");
    }
    assert!(!csp.contains("unsafe"), "{csp}");
    assert_eq!(headers["x-frame-options"], "DENY");
    assert_eq!(headers["x-content-type-options"], "nosniff");
}

/// `ApiDocs::connect_src` widens `connect-src` for a document's servers on
/// other origins, and nothing else.
#[tokio::test]
async fn f4_connect_src_lets_try_it_out_call_other_origins() {
    use tether::docs::ApiDocs;
    let docs = ApiDocs::new("/docs")
        .document("openapi", "{}")
        .connect_src(["https://api.example.com", "http://localhost:3000"]);
    let app = tether::App::new(tether::NativeAdapter::new()).docs(docs);
    let server = TestServer::start(app).await;
    let res = server
        .client
        .get(server.url("/docs/"))
        .send()
        .await
        .unwrap();
    let widened = "connect-src 'self' https://api.example.com http://localhost:3000;";
    assert_security_headers(res.headers(), widened);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn f4_reference_page_in_headless_chromium() {
    assert!(
        Path::new(CHROMIUM).exists(),
        "{CHROMIUM} is missing: install Debian's chromium (./test.sh does: apt-get install chromium)"
    );
    let playwright = repo().join("node_modules/playwright-core");
    assert!(
        playwright.exists(),
        "{} is missing: run `npm ci` at the repository root (./test.sh does)",
        playwright.display()
    );
    let bookstore = TestServer::start(bookstore::app()).await;
    let newsroom = TestServer::start(newsroom::app()).await;
    let output = tokio::process::Command::new("node")
        .arg("--test")
        .arg("--test-reporter=spec")
        .arg(repo().join("tests/browser/docs_page.test.mjs"))
        .env("BOOKSTORE_URL", format!("http://{}", bookstore.addr))
        .env("NEWSROOM_URL", format!("http://{}", newsroom.addr))
        .output()
        .await
        .expect("node runs");
    let text = String::from_utf8_lossy(&output.stdout);
    println!("{text}{}", String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "the browser test failed:\n{text}");
    assert!(text.contains("ℹ fail 0"), "node reported failures:\n{text}");
    assert!(
        text.contains("ℹ pass 3"),
        "the three browser tests ran:\n{text}"
    );
    bookstore.stop().await.unwrap();
    newsroom.stop().await.unwrap();
}
