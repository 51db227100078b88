//! SPEC A4 on a live server: `#[version("1", "2")]` serves one handler at
//! both versions, a controller's `#[version]` applies to its routes, and a
//! method's own `#[version]` wins over its controller's; under URI and
//! HEADER versioning alike.

use tether::{controller, App, NativeAdapter, Versioning, VersioningKind};
use tether_tests::TestServer;

struct CatalogController;

#[controller("/catalog")]
#[version("1")]
impl CatalogController {
    /// Inherits the controller's version 1.
    #[get]
    async fn list(&self) -> &'static str {
        "list v1"
    }

    /// Its own versions win: served at 1 and 2.
    #[get("/shared")]
    #[version("1", "2")]
    async fn shared(&self) -> &'static str {
        "shared v1+v2"
    }

    /// Its own version wins: served at 3 only, not at the controller's 1.
    #[get("/latest")]
    #[version("3")]
    async fn latest(&self) -> &'static str {
        "latest v3"
    }
}

fn app(kind: VersioningKind) -> App {
    App::new(NativeAdapter::new())
        .controller(CatalogController)
        .versioning(Some(Versioning {
            default_version: Some("1".into()),
            ..Versioning::new(kind)
        }))
}

#[tokio::test]
async fn a4_version_arrays_and_method_over_controller_under_uri_versioning() {
    let s = TestServer::start(app(VersioningKind::Uri)).await;
    let expected = [
        ("/v1/catalog", 200, "list v1"),
        ("/v2/catalog", 404, ""),
        ("/v1/catalog/shared", 200, "shared v1+v2"),
        ("/v2/catalog/shared", 200, "shared v1+v2"),
        ("/v3/catalog/shared", 404, ""),
        ("/v3/catalog/latest", 200, "latest v3"),
        ("/v1/catalog/latest", 404, ""),
        ("/catalog/latest", 404, ""),
    ];
    for (path, status, body) in expected {
        let (got, text) = s.get(path).await;
        assert_eq!(got, status, "GET {path}: {text}");
        if status == 200 {
            assert_eq!(text, body, "GET {path}");
        }
    }
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a4_version_arrays_and_method_over_controller_under_header_versioning() {
    let s = TestServer::start(app(VersioningKind::Header)).await;
    let expected = [
        ("/catalog", Some("1"), 200, "list v1"),
        ("/catalog", None, 200, "list v1"),
        ("/catalog", Some("2"), 404, ""),
        ("/catalog/shared", Some("1"), 200, "shared v1+v2"),
        ("/catalog/shared", Some("2"), 200, "shared v1+v2"),
        ("/catalog/shared", None, 200, "shared v1+v2"),
        ("/catalog/shared", Some("3"), 404, ""),
        ("/catalog/latest", Some("3"), 200, "latest v3"),
        ("/catalog/latest", Some("1"), 404, ""),
        ("/catalog/latest", None, 404, ""),
    ];
    for (path, version, status, body) in expected {
        let mut req = s.client.get(s.url(path));
        if let Some(v) = version {
            req = req.header("X-API-Version", v);
        }
        let (got, text) = s.send(req).await;
        assert_eq!(got, status, "GET {path} version {version:?}: {text}");
        if status == 200 {
            assert_eq!(text, body, "GET {path} version {version:?}");
        }
    }
    // A 404 for a version the route is not served in says which it is
    // served in (the versions of the method's routes at that path).
    let message = |version: Option<&str>, path: &str| {
        let mut req = s.client.get(s.url(path));
        if let Some(v) = version {
            req = req.header("X-API-Version", v);
        }
        let s = &s;
        async move {
            let (status, text) = s.send(req).await;
            assert_eq!(status, 404, "{text}");
            let body: serde_json::Value = serde_json::from_str(&text).unwrap();
            body["message"].as_str().unwrap().to_string()
        }
    };
    assert_eq!(
        message(Some(" 2 "), "/catalog").await,
        "Cannot GET /catalog in version 2 (X-API-Version): it is served in version 1"
    );
    assert_eq!(
        message(None, "/catalog/latest").await,
        "Cannot GET /catalog/latest without X-API-Version: it is served in version 3"
    );
    assert_eq!(
        message(Some("9"), "/catalog/shared").await,
        "Cannot GET /catalog/shared in version 9 (X-API-Version): it is served in versions 1, 2"
    );
    // A path no route has stays Nest's plain 404.
    assert_eq!(message(Some("1"), "/nowhere").await, "Cannot GET /nowhere");
    s.stop().await.unwrap();
}

/// Issue 31: under HEADER versioning an `X-API-Version` no version can be
/// read from (not visible ASCII, or sent twice) is a 400 naming the
/// header, not a request for the default version; over HTTP/1 (raw bytes
/// on the socket) and HTTP/2.
#[tokio::test]
async fn a4_an_unreadable_version_header_is_a_400_naming_it() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let s = TestServer::start(app(VersioningKind::Header)).await;
    let http1 = |version_lines: &'static [u8]| {
        let addr = s.addr;
        async move {
            let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
            let mut request = b"GET /catalog HTTP/1.1\r\nHost: x\r\nConnection: close\r\n".to_vec();
            request.extend_from_slice(version_lines);
            request.extend_from_slice(b"\r\n");
            tcp.write_all(&request).await.unwrap();
            let mut answer = Vec::new();
            tcp.read_to_end(&mut answer).await.unwrap();
            String::from_utf8_lossy(&answer).into_owned()
        }
    };
    let answer = http1(b"X-API-Version: 1\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    for lines in [
        &b"X-API-Version: 1\xc3\xa9\r\n"[..],
        b"X-API-Version: \xff\r\n",
        b"X-API-Version: 1\r\nX-API-Version: 2\r\n",
    ] {
        let answer = http1(lines).await;
        assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
        assert!(
            answer.contains("invalid header `X-API-Version`"),
            "{answer}"
        );
    }
    let h2 = reqwest::Client::builder()
        .http2_prior_knowledge()
        .build()
        .unwrap();
    let value = reqwest::header::HeaderValue::from_bytes(b"1\xc3\xa9").unwrap();
    let res = h2
        .get(s.url("/catalog"))
        .header("x-api-version", value)
        .send()
        .await
        .unwrap();
    assert_eq!(res.version(), reqwest::Version::HTTP_2);
    assert_eq!(res.status(), 400);
    let body = res.text().await.unwrap();
    assert!(
        body.contains("invalid header `X-API-Version`: not visible ASCII"),
        "{body}"
    );
    s.stop().await.unwrap();
}
