//! Served == documented (SPEC B2, B2h, E1, "Beyond the seed"): for each
//! example, and for the contract fixture (examples/contract: one route per
//! shape tether-build documents, issue 12), the routes the app serves and
//! the operations of the OpenAPI documents its build.rs wrote are the same
//! set, and every documented operation is routed by the live server (never
//! a 404).

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use tether::App;
use tether_tests::TestServer;

/// (METHOD, path, version)
type Op = (String, String, Option<String>);

/// The methods `#[all]` is served and documented with.
const ALL: [&str; 7] = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH"];

fn served(app: &App) -> BTreeSet<Op> {
    let mut out = BTreeSet::new();
    for r in app.routes().expect("the app's routes") {
        let methods = match r.method.as_str() {
            "ALL" => ALL.to_vec(),
            m => vec![m],
        };
        for m in methods {
            out.insert((m.to_string(), r.path.clone(), r.version.clone()));
        }
    }
    out
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
/// DELETEs go last, so the records the others address still exist.
async fn all_routed(server: &TestServer, ops: &BTreeSet<Op>) {
    let (deletes, others): (Vec<&Op>, Vec<&Op>) = ops.iter().partition(|(m, _, _)| m == "DELETE");
    for (method, path, version) in others.into_iter().chain(deletes) {
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
        // A HEAD answer has no body to tell "no route" from "no record".
        assert!(
            !(method == "HEAD" && status == 404),
            "HEAD {url} (version {version:?}): 404"
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

#[tokio::test]
async fn e1_contract_fixture_serves_exactly_what_it_documents() {
    let docs = [load("contract", "openapi.json")];
    let app = contract::app();
    let served = served(&app);
    let documented = documented(&docs);
    assert_eq!(served, documented, "served (left) vs documented (right)");
    // The version forms are all there: an array, a method over its
    // controller, a neutral route beside versioned ones.
    for (path, version) in [
        ("/api/v1/versions/shared", Some("1")),
        ("/api/v2/versions/shared", Some("2")),
        ("/api/versions/shared", None),
        ("/api/v1/versions/legacy", Some("1")),
        ("/api/v2/versions/current", Some("2")),
        // Outside the global prefix (`global_prefix_exclude`, issue 12 item 13).
        ("/health", None),
    ] {
        let op = (
            "GET".to_string(),
            path.to_string(),
            version.map(str::to_string),
        );
        assert!(documented.contains(&op), "{op:?} in {documented:?}");
    }
    assert!(
        !documented.iter().any(|(_, p, _)| p == "/api/health"),
        "{documented:?}"
    );
    let server = TestServer::start(app).await;
    all_routed(&server, &documented).await;
    // SPEC A5: the excluded route answers only outside the prefix.
    let (status, body) = server.send(server.client.get(server.url("/health"))).await;
    assert_eq!((status, body.as_str()), (200, "ok"));
    let (status, _) = server
        .send(server.client.get(server.url("/api/health")))
        .await;
    assert_eq!(status, 404);
    server.stop().await.unwrap();
}
