//! The tracker's own tests, in-process with `tether::testing`: what the
//! end-to-end test cannot reach from outside (a failing database, a
//! missing provider).

use std::time::Duration;
use tether::testing::TestClient;
use tether::{App, NativeAdapter};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
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

/// Creates project `key` as the signed-in admin.
async fn create_project(client: &TestClient, bearer: &str, key: &str) {
    let made = client
        .post("/api/v1/projects")
        .header("authorization", bearer)
        .json(&serde_json::json!({ "key": key, "name": key }))
        .await;
    assert_eq!(made.status(), 201, "{}", made.text());
}

/// Serves the app over `db` on a free loopback port: its address.
async fn serve(db: &Db) -> std::net::SocketAddr {
    let server = tracker::app(db.clone()).bind("127.0.0.1:0").await.unwrap();
    let addr = server.local_addr();
    tokio::spawn(server.serve());
    addr
}

#[tokio::test]
async fn a_failing_database_is_the_typed_500_without_its_details() {
    let db = Db::in_memory().unwrap();
    let (client, bearer) = signed_in(&db).await;
    db.execute_batch("DROP TABLE tickets").await.unwrap();
    create_project(&client, &bearer, "DB").await;
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

/// Opens the event feed of project `key` on the server at `addr` (raw
/// HTTP/1.1: the feed never ends, so it is read as it comes), once its
/// answer's head has arrived.
async fn open_feed(
    addr: std::net::SocketAddr,
    bearer: &str,
    key: &str,
    last_event_id: Option<&str>,
) -> TcpStream {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let resume = last_event_id.map_or(String::new(), |id| format!("Last-Event-ID: {id}\r\n"));
    let request = format!(
        "GET /api/v1/projects/{key}/events HTTP/1.1\r\nHost: tracker\r\nAuthorization: {bearer}\r\n{resume}\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut byte = [0u8];
        stream.read_exact(&mut byte).await.unwrap();
        head.push(byte[0]);
    }
    let head = String::from_utf8(head).unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(head.contains("text/event-stream"), "{head}");
    stream
}

/// The next `n` events of a feed, as `(id, event, data)`; then checks that
/// nothing more comes within 300 ms.
async fn next_events(stream: &mut TcpStream, n: usize) -> Vec<(i64, String, serde_json::Value)> {
    let mut text = String::new();
    let mut events = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while events.len() < n {
        let mut buf = [0u8; 4096];
        let read = tokio::time::timeout_at(deadline, stream.read(&mut buf))
            .await
            .unwrap_or_else(|_| panic!("{} of {n} events within 10 s: {text}", events.len()))
            .unwrap();
        assert!(read > 0, "the feed ended: {text}");
        text.push_str(std::str::from_utf8(&buf[..read]).unwrap());
        events = parse_events(&text);
    }
    let mut buf = [0u8; 4096];
    let more = tokio::time::timeout(Duration::from_millis(300), stream.read(&mut buf)).await;
    assert!(more.is_err(), "an event more than {n}: {text}");
    events
}

/// The events of a chunked `text/event-stream` body (each event in a chunk).
fn parse_events(text: &str) -> Vec<(i64, String, serde_json::Value)> {
    let mut events = Vec::new();
    let (mut id, mut name) = (None, None);
    for line in text.lines() {
        if let Some(v) = line.strip_prefix("id: ") {
            id = Some(v.parse::<i64>().unwrap());
        } else if let Some(v) = line.strip_prefix("event: ") {
            name = Some(v.to_owned());
        } else if let Some(v) = line.strip_prefix("data: ") {
            let Ok(data) = serde_json::from_str(v) else {
                break; // not all of it has come yet
            };
            events.push((id.take().unwrap(), name.take().unwrap(), data));
        }
    }
    events
}

#[tokio::test]
async fn the_event_feed_sends_each_change_once_and_resumes_after_last_event_id() {
    let db = Db::in_memory().unwrap();
    let (client, bearer) = signed_in(&db).await;
    let addr = serve(&db).await;
    create_project(&client, &bearer, "CORE").await;
    let file = |title: &'static str| {
        client
            .post("/api/v1/projects/CORE/tickets")
            .header("authorization", &bearer)
            .json(&serde_json::json!({ "title": title }))
    };
    // Written before the feed opens: not sent without Last-Event-ID.
    assert_eq!(file("before").await.status(), 201);
    let mut feed = open_feed(addr, &bearer, "CORE", None).await;
    let one = file("one").await.json::<serde_json::Value>();
    let closed = client
        .patch(&format!("/api/v1/projects/CORE/tickets/{}", one["id"]))
        .header("authorization", &bearer)
        .json(&serde_json::json!({ "status": "closed" }))
        .await;
    assert_eq!(closed.status(), 200);
    let seen = next_events(&mut feed, 2).await;
    assert_eq!(seen[0].1, "filed");
    assert_eq!(seen[0].2["title"], "one");
    assert_eq!(seen[0].2["status"], "open");
    assert_eq!(seen[1].1, "updated");
    assert_eq!(seen[1].2["status"], "closed");
    assert!(seen[0].0 < seen[1].0, "{seen:?}");
    drop(feed);

    // Missed while away, then resumed: exactly those, in order, then live.
    assert_eq!(file("two").await.status(), 201);
    assert_eq!(file("three").await.status(), 201);
    let last = seen[1].0.to_string();
    let mut feed = open_feed(addr, &bearer, "CORE", Some(&last)).await;
    let missed = next_events(&mut feed, 2).await;
    let titles: Vec<_> = missed.iter().map(|e| e.2["title"].clone()).collect();
    assert_eq!(titles, ["two", "three"]);
    assert!(seen[1].0 < missed[0].0 && missed[0].0 < missed[1].0);
    assert_eq!(file("four").await.status(), 201);
    let live = next_events(&mut feed, 1).await;
    assert_eq!(live[0].2["title"], "four");

    // An unknown project is the typed 404.
    let res = client
        .get("/api/v1/projects/NOPE/events")
        .header("authorization", &bearer)
        .await;
    assert_eq!(res.status(), 404);
}

#[tokio::test]
async fn put_replaces_a_ticket_and_delete_deletes_it_without_a_feed_event() {
    let db = Db::in_memory().unwrap();
    let (client, bearer) = signed_in(&db).await;
    let addr = serve(&db).await;
    create_project(&client, &bearer, "CORE").await;
    let filed = client
        .post("/api/v1/projects/CORE/tickets")
        .header("authorization", &bearer)
        .json(&serde_json::json!({ "title": "draft", "labels": ["a"] }))
        .await
        .json::<serde_json::Value>();
    let id = filed["id"].as_i64().unwrap();
    let at = |id: i64| format!("/api/v1/projects/CORE/tickets/{id}");
    let put = |path: &str, body: &serde_json::Value| {
        client.put(path).header("authorization", &bearer).json(body)
    };
    let delete = |path: &str| client.delete(path).header("authorization", &bearer);
    let code = |res: tether::testing::TestResponse| res.json::<serde_json::Value>()["code"].clone();
    let mut feed = open_feed(addr, &bearer, "CORE", None).await;

    // A full replace, twice: the same ticket both times (idempotent).
    let body = serde_json::json!({ "title": "final", "labels": ["b", "c"], "status": "closed" });
    for _ in 0..2 {
        let res = put(&at(id), &body).await;
        assert_eq!(res.status(), 200, "{}", res.text());
        assert_eq!(
            res.json::<serde_json::Value>(),
            serde_json::json!({ "id": id, "title": "final", "status": "closed", "reporter": "ada", "labels": ["b", "c"] })
        );
    }
    let seen = next_events(&mut feed, 2).await;
    for (_, name, ticket) in &seen {
        assert_eq!(name, "updated");
        assert_eq!(ticket["title"], "final");
        assert_eq!(ticket["labels"], serde_json::json!(["b", "c"]));
    }
    // Every field is required: a replace leaves nothing out.
    let partial = put(
        &at(id),
        &serde_json::json!({ "title": "x", "status": "open" }),
    )
    .await;
    assert_eq!(partial.status(), 400, "{}", partial.text());
    let missing = put(&at(id + 100), &body).await;
    assert_eq!(missing.status(), 404);
    assert_eq!(code(missing), "NO_TICKET");

    // Deleted: 204, gone from the list, then 404 NO_TICKET; no event.
    let deleted = delete(&at(id)).await;
    assert_eq!(deleted.status(), 204, "{}", deleted.text());
    let list = client
        .get("/api/v1/projects/CORE/tickets")
        .header("authorization", &bearer)
        .await;
    assert_eq!(list.json::<serde_json::Value>(), serde_json::json!([]));
    assert_eq!(list.header("x-total-count"), Some("0"));
    let again = delete(&at(id)).await;
    assert_eq!(again.status(), 404);
    assert_eq!(code(again), "NO_TICKET");
    let gone = put(&at(id), &body).await;
    assert_eq!(gone.status(), 404);
    assert_eq!(code(gone), "NO_TICKET");
    let no_project = delete("/api/v1/projects/NOPE/tickets/1").await;
    assert_eq!(no_project.status(), 404);
    assert_eq!(code(no_project), "NO_PROJECT");
    // The feed's next event is the next write's: the deletion sent none.
    let next = client
        .post("/api/v1/projects/CORE/tickets")
        .header("authorization", &bearer)
        .json(&serde_json::json!({ "title": "next" }))
        .await;
    assert_eq!(next.status(), 201);
    let after = next_events(&mut feed, 1).await;
    assert_eq!(
        (after[0].1.as_str(), &after[0].2["title"]),
        ("filed", &serde_json::json!("next"))
    );
}
