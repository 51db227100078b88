//! The tracker's own tests, in-process with `tether::testing`: what the
//! end-to-end test cannot reach from outside (a failing database, a
//! missing provider).

use tether::testing::TestClient;
use tether::{App, NativeAdapter};
use tracker::db::Db;

/// A client over a fresh database, and a signed-in admin's bearer header.
async fn signed_in(db: &Db) -> (TestClient, String) {
    let client = TestClient::new(tracker::app(db.clone()));
    let login = serde_json::json!({ "name": "ada", "password": "lovelace" });
    let res = client.post("/api/v1/auth/login").json(&login).await;
    assert_eq!(res.status(), 200, "{}", res.text());
    let token = res.json::<serde_json::Value>()["token"]
        .as_str()
        .expect("a token")
        .to_owned();
    (client, format!("Bearer {token}"))
}

#[tokio::test]
async fn a_failing_database_is_the_typed_500_without_its_details() {
    let db = Db::in_memory().unwrap();
    let (client, bearer) = signed_in(&db).await;
    db.call(|conn| conn.execute_batch("DROP TABLE tickets"))
        .await
        .unwrap();
    let made = client
        .post("/api/v1/projects")
        .header("authorization", &bearer)
        .json(&serde_json::json!({ "key": "DB", "name": "Broken" }))
        .await;
    assert_eq!(made.status(), 201);
    let res = client
        .post("/api/v1/projects/DB/tickets")
        .header("authorization", &bearer)
        .json(&serde_json::json!({ "title": "lost" }))
        .await;
    assert_eq!(res.status(), 500);
    let body: serde_json::Value = res.json();
    assert_eq!(
        body,
        serde_json::json!({"statusCode": 500, "message": "the database failed", "error": "Internal Server Error", "code": "STORAGE"})
    );
}

#[tokio::test]
async fn sessions_outlive_the_app_in_the_database_file() {
    let dir = std::env::temp_dir().join(format!("tracker-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tracker.db");
    let _ = std::fs::remove_file(&path);
    let (_, bearer) = signed_in(&Db::open(&path).unwrap()).await;
    // A new app over the same file: the session is still there.
    let client = TestClient::new(tracker::app(Db::open(&path).unwrap()));
    let me = client
        .get("/api/v1/auth/me")
        .header("authorization", &bearer)
        .await;
    assert_eq!(me.status(), 200, "{}", me.text());
    assert_eq!(me.json::<serde_json::Value>()["name"], "ada");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn without_the_database_the_app_does_not_start_and_names_it() {
    let app = App::new(NativeAdapter::new()).controller(tracker::auth::AuthController);
    let err = app.build().err().expect("a missing provider stops the app");
    let text = err.to_string();
    assert!(text.contains("tracker::db::Db"), "{text}");
}
