//! Served == documented (SPEC B2, B2h, "Beyond the seed"): for each example,
//! the routes the app serves and the operations of the OpenAPI documents its
//! build.rs wrote are the same set, and every documented operation is routed
//! by the live server (never a 404).

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use tether::App;
use tether_tests::TestServer;

/// (METHOD, path, version)
type Op = (String, String, Option<String>);

fn served(app: &App) -> BTreeSet<Op> {
    app.routes()
        .expect("the app's routes")
        .into_iter()
        .map(|r| (r.method.as_str().to_string(), r.path, r.version))
        .collect()
}

fn load(example: &str, file: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(example)
        .join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (built by the example's build.rs)", path.display()));
    serde_json::from_str(&text).unwrap()
}

/// The version an operation answers to: `x-tether-version` (URI) or the
/// `const` of its `X-API-Version` header (HEADER).
fn version_of(op: &Value) -> Option<String> {
    let header = op["parameters"].as_array().and_then(|ps| {
        ps.iter()
            .find(|p| p["in"] == "header" && p["name"] == "X-API-Version")
    });
    match header {
        Some(p) => p["schema"]["const"].as_str().map(str::to_string),
        None => op["x-tether-version"].as_str().map(str::to_string),
    }
}

fn documented(docs: &[Value]) -> BTreeSet<Op> {
    let mut out = BTreeSet::new();
    for doc in docs {
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                if ["parameters", "summary", "description", "servers"].contains(&method.as_str()) {
                    continue;
                }
                out.insert((method.to_uppercase(), path.clone(), version_of(op)));
            }
        }
    }
    out
}

/// Every documented operation reaches a handler of the live server.
async fn all_routed(server: &TestServer, ops: &BTreeSet<Op>) {
    for (method, path, version) in ops {
        // Fill every `{param}` with a value each handler parses.
        let mut url = String::new();
        for seg in path.split('/').filter(|s| !s.is_empty()) {
            url.push('/');
            url.push_str(if seg.starts_with('{') { "1" } else { seg });
        }
        // `ms` is the one required query parameter (newsroom's slow route).
        let mut req = server
            .client
            .request(method.parse().unwrap(), server.url(&format!("{url}?ms=1")));
        if let Some(v) = version {
            req = req.header("X-API-Version", v);
        }
        // Routed requests may still fail validation (400/415) or find no
        // such record (handler 404 with its own message), never "Cannot".
        let (status, body) = server.send(req).await;
        assert!(
            !(status == 404 && body.contains("Cannot ")) && status != 405,
            "{method} {url} (version {version:?}) is documented but not served: {status} {body}"
        );
    }
}

#[tokio::test]
async fn b2_bookstore_serves_exactly_what_it_documents() {
    let docs = [load("bookstore", "openapi.json")];
    let app = bookstore::app();
    let served = served(&app);
    let documented = documented(&docs);
    assert_eq!(served, documented, "served (left) vs documented (right)");
    assert!(documented.len() >= 10, "{documented:?}");
    let server = TestServer::start(app).await;
    all_routed(&server, &documented).await;
    server.stop().await.unwrap();
}

#[tokio::test]
async fn b2h_newsroom_serves_exactly_what_its_per_version_documents_say() {
    let docs = [
        load("newsroom", "openapi.v1.json"),
        load("newsroom", "openapi.v2.json"),
    ];
    let app = newsroom::app();
    let served = served(&app);
    let documented = documented(&docs);
    assert_eq!(served, documented, "served (left) vs documented (right)");
    assert!(documented.iter().any(|(_, _, v)| v.as_deref() == Some("2")));
    let server = TestServer::start(app).await;
    all_routed(&server, &documented).await;
    server.stop().await.unwrap();
}
