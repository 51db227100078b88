//! The bookstore example serves the paths its `tether.toml` describes
//! (`global_prefix = "api"`, URI versioning, default version 1), taken from
//! the file by `#[controller]` at compile time (SPEC A5).

use tether_tests::TestServer;

#[tokio::test]
async fn a5_example_serves_prefix_and_uri_versions_from_tether_toml() {
    let s = TestServer::start(bookstore::app()).await;
    let (status, body) = s.get("/api/v1/books/2").await;
    assert_eq!(status, 200, "{body}");
    let v1: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v1["authorId"], 1);
    let (status, body) = s.get("/api/v2/books/2").await;
    assert_eq!(status, 200, "{body}");
    let v2: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v2["author"]["name"], "Ursula K. Le Guin");
    assert_eq!(
        s.get("/api/health").await,
        (200, r#"{"status":"ok"}"#.into())
    );
    assert_eq!(s.get("/api/v1/health").await.0, 404);
    assert_eq!(s.get("/v1/books/2").await.0, 404);
    assert_eq!(s.get("/api/books/2").await.0, 404);
    let (status, body) = s
        .send(
            s.client
                .post(s.url("/api/v1/books"))
                .header("x-request-id", "t-1")
                .json(&serde_json::json!({"title": "The Lathe of Heaven", "authorId": 1})),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let (status, body) = s
        .send(
            s.client
                .post(s.url("/api/v1/books"))
                .json(&serde_json::json!({"title": "", "authorId": 1})),
        )
        .await;
    assert_eq!(
        (status, body.as_str()),
        (
            400,
            r#"{"statusCode":400,"message":"title must not be empty","error":"Bad Request","code":"BAD_REQUEST"}"#
        )
    );
    s.stop().await.unwrap();
}
