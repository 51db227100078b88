//! SPEC A1–A5 on a live server: every row of the seed's "Generated path
//! rules" table is served at the documented path (and 404 elsewhere), two
//! versions of one route are both served, HEADER versioning dispatches on
//! `X-API-Version`.

use serde::Serialize;
use tether::{controller, App, HttpError, NativeAdapter, Versioning, VersioningKind};
use tether_tests::TestServer;

#[derive(Serialize)]
struct User {
    id: u64,
    version: u8,
}

struct UsersController;

#[controller("/users")]
impl UsersController {
    #[get]
    async fn find_all(&self) -> Vec<User> {
        vec![User { id: 1, version: 1 }]
    }

    #[get("/:id")]
    async fn find_one(&self, #[param] id: u64) -> Result<User, HttpError> {
        match id {
            0 => Err(HttpError::not_found("no user 0")),
            id => Ok(User { id, version: 1 }),
        }
    }
}

/// Version 2 of `GET /users/:id`, in a controller of its own so the
/// unversioned apps below can leave it out.
struct UsersV2Controller;

#[controller("/users")]
impl UsersV2Controller {
    #[get("/:id")]
    #[version("2")]
    async fn find_one_v2(&self, #[param] id: u64) -> User {
        User { id, version: 2 }
    }
}

struct HealthController;

#[controller("/health")]
#[version(neutral)]
impl HealthController {
    #[get]
    async fn check(&self) -> &'static str {
        "ok"
    }
}

fn app() -> App {
    App::new(NativeAdapter::new())
        .controller(UsersController)
        .controller(HealthController)
}

fn versioned_app(versioning: Option<Versioning>) -> App {
    app().controller(UsersV2Controller).versioning(versioning)
}

fn versioning(kind: VersioningKind, default: &str) -> Option<Versioning> {
    Some(Versioning {
        default_version: Some(default.to_string().into()),
        ..Versioning::new(kind)
    })
}

async fn expect(server: &TestServer, path: &str, status: u16, body: &str) {
    let (got_status, got_body) = server.get(path).await;
    assert_eq!(
        (got_status, got_body.as_str()),
        (status, body),
        "GET {path}"
    );
}

async fn expect_404(server: &TestServer, path: &str) {
    let (status, body) = server.get(path).await;
    assert_eq!(status, 404, "GET {path} should be 404, got {body}");
    let expected = format!(
        r#"{{"statusCode":404,"message":"Cannot GET {path}","error":"Not Found","code":"ROUTE_NOT_FOUND"}}"#
    );
    assert_eq!(body, expected);
}

#[tokio::test]
async fn seed_row_global_prefix() {
    let server = TestServer::start(app().global_prefix("api")).await;
    expect(&server, "/api/users", 200, r#"[{"id":1,"version":1}]"#).await;
    expect(&server, "/api/users/7", 200, r#"{"id":7,"version":1}"#).await;
    expect_404(&server, "/users").await;
    expect_404(&server, "/users/7").await;
    server.stop().await.unwrap();
}

#[tokio::test]
async fn seed_row_uri_versioning_default_prefix() {
    let server = TestServer::start(versioned_app(versioning(VersioningKind::Uri, "1"))).await;
    expect(&server, "/v1/users", 200, r#"[{"id":1,"version":1}]"#).await;
    expect(&server, "/v1/users/7", 200, r#"{"id":7,"version":1}"#).await;
    expect_404(&server, "/users/7").await;
    expect_404(&server, "/v3/users/7").await;
    server.stop().await.unwrap();
}

#[tokio::test]
async fn seed_row_prefix_and_uri_versioning() {
    let server = TestServer::start(
        versioned_app(versioning(VersioningKind::Uri, "1")).global_prefix("/api/"),
    )
    .await;
    expect(&server, "/api/v1/users", 200, r#"[{"id":1,"version":1}]"#).await;
    expect_404(&server, "/v1/api/users").await;
    expect_404(&server, "/api/users").await;
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a4_two_versions_of_one_route_are_both_served() {
    let server =
        TestServer::start(versioned_app(versioning(VersioningKind::Uri, "1")).global_prefix("api"))
            .await;
    expect(&server, "/api/v1/users/7", 200, r#"{"id":7,"version":1}"#).await;
    expect(&server, "/api/v2/users/7", 200, r#"{"id":7,"version":2}"#).await;
    // Only find_one has a v2: the list stays at v1.
    expect_404(&server, "/api/v2/users").await;
    // A neutral controller gets no version segment.
    expect(&server, "/api/health", 200, "ok").await;
    expect_404(&server, "/api/v1/health").await;
    server.stop().await.unwrap();
}

#[tokio::test]
async fn seed_row_header_versioning_leaves_paths_and_dispatches() {
    let server = TestServer::start(versioned_app(versioning(VersioningKind::Header, "1"))).await;
    let get = |version: Option<&str>| {
        let mut req = server.client.get(server.url("/users/7"));
        if let Some(v) = version {
            req = req.header("X-API-Version", v);
        }
        server.send(req)
    };
    assert_eq!(
        get(Some("1")).await,
        (200, r#"{"id":7,"version":1}"#.into())
    );
    assert_eq!(
        get(Some("2")).await,
        (200, r#"{"id":7,"version":2}"#.into())
    );
    // Missing header: the default version.
    assert_eq!(get(None).await, (200, r#"{"id":7,"version":1}"#.into()));
    // A version no route has: 404.
    assert_eq!(get(Some("3")).await.0, 404);
    // Issue 12 item 15: every answer depends on the header, found or not,
    // so caches are told to key on it.
    for version in [Some("2"), None, Some("3")] {
        let mut req = server.client.get(server.url("/users/7"));
        if let Some(v) = version {
            req = req.header("X-API-Version", v);
        }
        let res = req.send().await.unwrap();
        assert_eq!(res.headers()["vary"], "X-API-Version", "{version:?}");
    }
    expect_404(&server, "/v1/users/7").await;
    // Neutral routes answer whatever version is asked.
    let (status, body) = server
        .send(
            server
                .client
                .get(server.url("/health"))
                .header("X-API-Version", "9"),
        )
        .await;
    assert_eq!((status, body.as_str()), (200, "ok"));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a2_failed_extraction_is_400_naming_the_parameter() {
    let server = TestServer::start(app()).await;
    let (status, body) = server.get("/users/seven").await;
    assert_eq!(status, 400);
    assert_eq!(
        body,
        r#"{"statusCode":400,"message":"invalid path parameter `id`: cannot read \"seven\" as u64: invalid digit found in string","error":"Bad Request","code":"INVALID_PARAMETER"}"#
    );
    let (status, body) = server.get("/users/0").await;
    assert_eq!(
        (status, body.as_str()),
        (
            404,
            r#"{"statusCode":404,"message":"no user 0","error":"Not Found","code":"NOT_FOUND"}"#
        )
    );
    server.stop().await.unwrap();
}

#[test]
fn a5_conflicting_routes_are_refused_at_startup() {
    struct Other;
    #[controller("/users")]
    impl Other {
        #[get("/:id")]
        async fn clash(&self, #[param] id: u64) -> String {
            id.to_string()
        }
    }
    let err = App::new(NativeAdapter::new())
        .controller(UsersController)
        .controller(Other)
        .into_service()
        .err()
        .expect("a conflict");
    let text = err.to_string();
    assert!(
        text.contains("UsersController::find_one") && text.contains("Other::clash"),
        "{text}"
    );
    // Versions of one route need versioning to be told apart.
    let err = app()
        .controller(UsersV2Controller)
        .into_service()
        .err()
        .expect("a conflict");
    assert!(
        err.to_string()
            .contains("set [framework.versioning] in tether.toml"),
        "{err}"
    );
}

/// Issue 12 item 14: under HEADER versioning a neutral route on the method
/// and path of versioned ones is refused at startup (and by the macros and
/// tether-build), instead of answering every unknown version while no
/// document or client shows it.
#[test]
fn a4_neutral_beside_versioned_routes_is_refused_under_header_versioning() {
    struct AnyVersion;
    #[controller("/users")]
    #[version(neutral)]
    impl AnyVersion {
        #[get("/:id")]
        async fn any(&self, #[param] id: u64) -> String {
            id.to_string()
        }
    }
    let err = versioned_app(versioning(VersioningKind::Header, "1"))
        .controller(AnyVersion)
        .into_service()
        .err()
        .expect("a conflict");
    let text = err.to_string();
    assert!(
        text.contains("`AnyVersion::any` (#[version(neutral)]) and `UsersController::find_one` both answer GET /users/:id"),
        "{text}"
    );
    assert!(text.contains("a path of its own"), "{text}");
    // Under URI versioning the neutral route has a path of its own.
    versioned_app(versioning(VersioningKind::Uri, "1"))
        .controller(AnyVersion)
        .into_service()
        .expect("no conflict under URI versioning");
}
