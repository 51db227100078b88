//! SPEC A1–A3, A10 on a live server: every route attribute, HEAD answered
//! by GET routes without a body, `#[all]`, catch-alls, percent-decoding,
//! status defaults and overrides, and every kind of argument.

use serde::{Deserialize, Serialize};
use tether::{
    controller, App, HttpError, NativeAdapter, NoContent, Request, StatusCode, Versioning,
    VersioningKind,
};
use tether_tests::TestServer;

#[derive(Serialize, Deserialize)]
struct Item {
    name: String,
}

#[derive(Deserialize)]
struct Search {
    q: String,
    page: Option<u32>,
}

struct ItemsController;

#[controller("/items")]
impl ItemsController {
    #[get("/:id")]
    async fn get(&self, #[param] id: String) -> String {
        format!("get {id}")
    }
    #[post]
    async fn post(&self, #[body] item: Item) -> Item {
        item
    }
    #[put("/:id")]
    async fn put(&self, #[param] id: u32, #[body(text)] text: String) -> String {
        format!("put {id} {text}")
    }
    #[delete("/:id")]
    #[http_code(204)]
    async fn delete(&self, #[param] id: u32) {
        let _ = id;
    }
    #[patch("/:id")]
    async fn patch(&self, #[param] id: u32, #[body(form)] item: Item) -> String {
        format!("patch {id} {}", item.name)
    }
    #[options]
    async fn options(&self) -> NoContent {
        NoContent
    }
    #[head("/probe")]
    async fn head(&self) -> (StatusCode, &'static str) {
        (StatusCode::ACCEPTED, "")
    }
    #[all("/any")]
    async fn any(&self, #[req] req: &Request) -> String {
        req.method().to_string()
    }
    #[get("/files/*rest")]
    async fn files(&self, #[param] rest: String) -> String {
        rest
    }
    #[get("/search")]
    async fn search(&self, #[query] s: Search, #[query("page")] page: Option<u32>) -> String {
        format!("{} {:?} {:?}", s.q, s.page, page)
    }
    #[get("/header")]
    async fn header(
        &self,
        #[header("x-count")] count: u8,
        #[header("x-name")] name: Option<String>,
    ) -> String {
        format!("{count} {name:?}")
    }
    #[post("/bytes")]
    #[http_code(202)]
    async fn bytes(&self, #[body(bytes)] data: Vec<u8>) -> Vec<u8> {
        data.into_iter().rev().collect()
    }
    #[get("/fail")]
    async fn fail(&self) -> Result<String, HttpError> {
        Err(HttpError::new(StatusCode::IM_A_TEAPOT, "short and stout"))
    }
}

async fn server() -> TestServer {
    TestServer::start(App::new(NativeAdapter::new()).controller(ItemsController)).await
}

#[tokio::test]
async fn a1_every_route_attribute() {
    let s = server().await;
    let c = &s.client;
    assert_eq!(s.get("/items/a%20b").await, (200, "get a b".into()));
    let (status, body) = s
        .send(
            c.post(s.url("/items"))
                .json(&serde_json::json!({"name": "x"})),
        )
        .await;
    assert_eq!((status, body.as_str()), (201, r#"{"name":"x"}"#));
    let (status, body) = s
        .send(
            c.put(s.url("/items/3"))
                .header("content-type", "text/plain")
                .body("hello"),
        )
        .await;
    assert_eq!((status, body.as_str()), (200, "put 3 hello"));
    assert_eq!(
        s.send(c.delete(s.url("/items/3"))).await,
        (204, String::new())
    );
    let (status, body) = s
        .send(
            c.patch(s.url("/items/4"))
                .header("content-type", "application/x-www-form-urlencoded")
                .body("name=a+b"),
        )
        .await;
    assert_eq!((status, body.as_str()), (200, "patch 4 a b"));
    assert_eq!(
        s.send(c.request(tether::Method::OPTIONS, s.url("/items")))
            .await
            .0,
        204
    );
    assert_eq!(s.send(c.head(s.url("/items/probe"))).await.0, 202);
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a10_head_is_answered_by_get_without_body() {
    let s = server().await;
    let res = s.client.head(s.url("/items/abc")).send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-length"], "7");
    assert_eq!(res.text().await.unwrap(), "");
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a1_all_matches_every_method() {
    let s = server().await;
    for method in ["GET", "POST", "PUT", "DELETE", "PATCH"] {
        let m = tether::Method::from_bytes(method.as_bytes()).unwrap();
        assert_eq!(
            s.send(s.client.request(m, s.url("/items/any"))).await,
            (200, method.into())
        );
    }
    s.stop().await.unwrap();
}

/// Issue 12 (schemathesis): `#[all]` is documented as the seven route
/// methods, so it serves those seven only: TRACE (and any extension
/// method) is a 405 whose `Allow` lists them. It was a 200 before.
#[tokio::test]
async fn a1_all_is_the_seven_documented_methods_not_trace() {
    let s = server().await;
    for method in ["TRACE", "PURGE"] {
        let m = tether::Method::from_bytes(method.as_bytes()).unwrap();
        let res = s
            .client
            .request(m, s.url("/items/any"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 405, "{method}");
        assert_eq!(
            res.headers()["allow"],
            "GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS"
        );
    }
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a2_catch_all_query_header_and_bytes() {
    let s = server().await;
    assert_eq!(
        s.get("/items/files/a/b%2Fc.txt").await,
        (200, "a/b/c.txt".into())
    );
    assert_eq!(
        s.get("/items/search?q=rust%20book&page=2").await,
        (200, "rust book Some(2) Some(2)".into())
    );
    let (status, body) = s.get("/items/search?page=2").await;
    assert_eq!(status, 400);
    assert!(body.contains("missing query parameter `q`"), "{body}");
    let (status, body) = s.get("/items/search?q=x&page=two").await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = s
        .send(
            s.client
                .get(s.url("/items/header"))
                .header("x-count", "3")
                .header("x-name", "n"),
        )
        .await;
    assert_eq!((status, body.as_str()), (200, r#"3 Some("n")"#));
    let (status, body) = s.get("/items/header").await;
    assert_eq!(status, 400);
    assert!(body.contains("missing header `x-count`"), "{body}");
    let (status, body) = s
        .send(s.client.post(s.url("/items/bytes")).body(vec![1u8, 2, 3]))
        .await;
    assert_eq!(status, 202);
    assert_eq!(body.as_bytes(), [3, 2, 1]);
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a3_errors_and_bodies() {
    let s = server().await;
    assert_eq!(
        s.get("/items/fail").await,
        (
            418,
            r#"{"statusCode":418,"message":"short and stout","error":"I'm a teapot","code":"IM_A_TEAPOT"}"#.into()
        )
    );
    let (status, body) = s
        .send(s.post("/items", "application/json", "{\"name\":1}"))
        .await;
    assert_eq!(status, 400);
    assert!(
        body.contains("invalid JSON body at `name`: invalid type: integer `1`, expected a string"),
        "{body}"
    );
    let (status, body) = s.send(s.post("/items", "text/plain", "{}")).await;
    assert_eq!(status, 415);
    assert!(
        body.contains("the request body must be sent as `application/json`, got `text/plain`"),
        "{body}"
    );
    let (status, _) = s.send(s.client.post(s.url("/nowhere"))).await;
    assert_eq!(status, 404);
    // The path exists, the method does not: 405 with `Allow`.
    let res = s.client.post(s.url("/items/abc")).send().await.unwrap();
    assert_eq!(res.status(), 405);
    assert_eq!(res.headers()["allow"], "GET, HEAD, PUT, DELETE, PATCH");
    assert_eq!(
        res.text().await.unwrap(),
        r#"{"statusCode":405,"message":"Cannot POST /items/abc","error":"Method Not Allowed","code":"METHOD_NOT_ALLOWED"}"#
    );
    s.stop().await.unwrap();
}

/// Issue 33, item 1: static paths beside `/:id` routes of other methods,
/// Nest's `GET /bookings/mine` beside `GET /bookings/:id` and `DELETE
/// /bookings/:id`, at the end of the path and mid-path, versioned and
/// neutral.
struct BookingsController;

#[controller("/bookings")]
#[version("1")]
impl BookingsController {
    #[get("/mine")]
    async fn mine(&self) -> &'static str {
        "mine"
    }
    #[get("/:id")]
    async fn one(&self, #[param] id: i64) -> String {
        format!("booking {id}")
    }
    #[delete("/:id")]
    async fn cancel(&self, #[param] id: i64) -> String {
        format!("cancelled {id}")
    }
    #[get("/mine/notes")]
    async fn my_notes(&self) -> &'static str {
        "my notes"
    }
    #[get("/:id/notes")]
    async fn notes(&self, #[param] id: i64) -> String {
        format!("notes {id}")
    }
    #[put("/:id/notes")]
    async fn put_notes(&self, #[param] id: i64) -> String {
        format!("put notes {id}")
    }
    #[get("/events")]
    #[version(neutral)]
    async fn events(&self) -> &'static str {
        "events"
    }
}

/// The `405` to `method` at `path`: its `Allow` header.
async fn allow(s: &TestServer, method: tether::Method, path: &str) -> String {
    let res = s.client.request(method, s.url(path)).send().await.unwrap();
    assert_eq!(res.status(), 405, "{path}");
    res.headers()["allow"].to_str().unwrap().to_string()
}

/// Issue 33, item 1: a `405` at a static path lists the methods of that
/// path's own path item (what the document lists under it, HEAD beside
/// GET), not those a `/:id` route beside it would take by fall-through
/// (schemathesis' ST205 "Allow header mismatch"); the fall-through itself
/// is kept (a DELETE there reaches `/:id`, which cannot read the segment).
#[tokio::test]
async fn a10_allow_at_a_static_path_is_its_own_path_items() {
    use tether::Method as M;
    let kinds = [
        (None, ""),
        (Some(VersioningKind::Uri), "/v1"),
        (Some(VersioningKind::Header), ""),
    ];
    for (kind, v) in kinds {
        // The neutral `/bookings/events` is beside `/bookings/:id` unless
        // URI versioning puts the other routes under `/v1`.
        let uri = matches!(kind, Some(VersioningKind::Uri));
        let app = App::new(NativeAdapter::new())
            .controller(BookingsController)
            .versioning(kind.map(|kind| Versioning {
                default_version: Some("1".into()),
                ..Versioning::new(kind)
            }));
        let s = TestServer::start(app).await;
        let at = |p: &str| format!("{v}/bookings{p}");
        for (method, path, allowed) in [
            (M::OPTIONS, at("/mine"), "GET, HEAD"),
            (M::POST, at("/mine"), "GET, HEAD"),
            (M::PATCH, at("/mine/notes"), "GET, HEAD"),
            (M::POST, "/bookings/events".into(), "GET, HEAD"),
            (M::POST, at("/7"), "GET, HEAD, DELETE"),
            (M::OPTIONS, at("/7/notes"), "GET, HEAD, PUT"),
        ] {
            assert_eq!(
                allow(&s, method.clone(), &path).await,
                allowed,
                "{kind:?} {method} {path}"
            );
        }
        assert_eq!(s.get(&at("/mine")).await, (200, "mine".into()));
        assert_eq!(s.get(&at("/7/notes")).await, (200, "notes 7".into()));
        // Express's fall-through reaches the `/:id` route, which cannot
        // read the segment as its `i64` id: no route serves the method at
        // that path, as the document says, so it is the static path's
        // `405` (schemathesis' ST204 expects it), not the `/:id` route's
        // `400` as before.
        let mut beside = vec![(M::DELETE, at("/mine")), (M::PUT, at("/mine/notes"))];
        if !uri {
            beside.push((M::DELETE, at("/events")));
        }
        for (method, path) in beside {
            assert_eq!(
                allow(&s, method.clone(), &path).await,
                "GET, HEAD",
                "{kind:?} {method} {path}"
            );
        }
        s.stop().await.unwrap();
    }
}

/// Issue 33, item 1 under HEADER versioning, where each version has its
/// own document: `Allow` lists the methods the asked version's path item
/// lists (`GET /slots/events` in 1, `POST` in 2, beside `DELETE
/// /slots/:id` in both).
struct SlotsController;

#[controller("/slots")]
impl SlotsController {
    #[get("/events")]
    #[version("1")]
    async fn events(&self) -> &'static str {
        "events v1"
    }
    #[post("/events")]
    #[version("2")]
    async fn publish(&self) -> &'static str {
        "published v2"
    }
    #[delete("/:id")]
    #[version("1", "2")]
    async fn cancel(&self, #[param] id: i64) -> String {
        format!("cancelled {id}")
    }
}

#[tokio::test]
async fn a10_allow_under_header_versioning_is_the_asked_versions() {
    use tether::Method as M;
    let app = App::new(NativeAdapter::new())
        .controller(SlotsController)
        .versioning(Some(Versioning {
            default_version: Some("1".into()),
            ..Versioning::new(VersioningKind::Header)
        }));
    let s = TestServer::start(app).await;
    let send = |method: M, path: &str, version: &str| {
        let req = s.client.request(method, s.url(path));
        match version {
            "" => req,
            v => req.header("x-api-version", v),
        }
    };
    for (method, path, version, allowed) in [
        (M::OPTIONS, "/slots/events", "", "GET, HEAD"),
        (M::OPTIONS, "/slots/events", "1", "GET, HEAD"),
        (M::PUT, "/slots/events", "2", "POST"),
        (M::PUT, "/slots/7", "2", "DELETE"),
    ] {
        let res = send(method.clone(), path, version).send().await.unwrap();
        assert_eq!(res.status(), 405, "{method} {path} in {version:?}");
        assert_eq!(
            res.headers()["allow"],
            allowed,
            "{method} {path} in {version:?}"
        );
    }
    // A method the path serves in another version only: Nest's 404 naming it.
    let (status, body) = s.send(send(M::POST, "/slots/events", "1")).await;
    assert_eq!(status, 404, "{body}");
    assert!(body.contains("served in version 2"), "{body}");
    // DELETE /slots/events falls through to `/:id`, which cannot read
    // `events` as its id: the `405` of version 2's `/slots/events`.
    let res = send(M::DELETE, "/slots/events", "2").send().await.unwrap();
    assert_eq!(res.status(), 405);
    assert_eq!(res.headers()["allow"], "POST");
    assert_eq!(s.send(send(M::POST, "/slots/events", "2")).await.0, 201);
    s.stop().await.unwrap();
}

/// Issue 33, item 1, the other shapes of static-beside-parameter routes: a
/// static path beside a catch-all, static segments after a parameter
/// beside parameters (`/:id/notes/pinned` beside `/:id/notes/:note`,
/// `/mine/:note` beside `/:id/:note`).
struct ShapesController;

#[controller("/shapes")]
#[version("1")]
impl ShapesController {
    #[get("/files/readme")]
    async fn readme(&self) -> &'static str {
        "readme"
    }
    #[get("/files/*rest")]
    async fn file(&self, #[param] rest: String) -> String {
        format!("file {rest}")
    }
    #[delete("/files/*rest")]
    async fn drop_file(&self, #[param] rest: String) -> String {
        format!("dropped {rest}")
    }
    #[get("/:id/notes/pinned")]
    async fn pinned(&self, #[param] id: i64) -> String {
        format!("pinned {id}")
    }
    #[get("/:id/notes/:note")]
    async fn note(&self, #[param] id: i64, #[param] note: String) -> String {
        format!("note {id} {note}")
    }
    #[delete("/:id/notes/:note")]
    async fn drop_note(&self, #[param] id: i64, #[param] note: String) -> String {
        format!("dropped {id} {note}")
    }
    #[get("/mine/:note")]
    async fn my_note(&self, #[param] note: String) -> String {
        format!("my {note}")
    }
    #[put("/:id/:note")]
    async fn put_note(&self, #[param] id: i64, #[param] note: String) -> String {
        format!("put {id} {note}")
    }
}

/// Issue 33, item 1: `Allow` lists each path item's own methods for every
/// shape (catch-all, nested parameters, under each versioning), and
/// `OPTIONS` beside them where CORS answers it: there a plain `OPTIONS`
/// (no preflight) at a routed path is a `204` with `Allow`, as Nest's
/// `enableCors()` answers it, instead of a `405` whose `Allow` would list
/// the method refused. A path no route has stays a `404`. The document
/// lists neither that `OPTIONS` nor HEAD beside GET (schemathesis' ST205
/// leaves both out of its comparison).
#[tokio::test]
async fn a10_allow_for_every_shape_and_options_where_cors_answers_it() {
    use tether::Method as M;
    let kinds = [
        (None, ""),
        (Some(VersioningKind::Uri), "/v1"),
        (Some(VersioningKind::Header), ""),
    ];
    for cors in [false, true] {
        for (kind, v) in kinds {
            let mut app = App::new(NativeAdapter::new())
                .controller(ShapesController)
                .controller(BookingsController)
                .versioning(kind.map(|kind| Versioning {
                    default_version: Some("1".into()),
                    ..Versioning::new(kind)
                }));
            if cors {
                app = app.enable_cors(tether::Cors::new());
            }
            let s = TestServer::start(app).await;
            let at = |p: &str| format!("{v}/shapes{p}");
            let options = if cors { ", OPTIONS" } else { "" };
            for (method, path, allowed) in [
                (M::POST, at("/files/readme"), "GET, HEAD"),
                (M::POST, at("/files/a/b"), "GET, HEAD, DELETE"),
                (M::POST, at("/7/notes/pinned"), "GET, HEAD"),
                (M::DELETE, at("/7/notes/pinned"), "GET, HEAD"),
                (M::POST, at("/7/notes/x"), "GET, HEAD, DELETE"),
                (M::POST, at("/mine/x"), "GET, HEAD"),
                (M::POST, at("/7/x"), "PUT"),
                (M::POST, format!("{v}/bookings/mine"), "GET, HEAD"),
            ] {
                let what = format!("cors {cors}, {kind:?}: {method} {path}");
                assert_eq!(
                    allow(&s, method.clone(), &path).await,
                    format!("{allowed}{options}"),
                    "{what}"
                );
                let res = s
                    .client
                    .request(M::OPTIONS, s.url(&path))
                    .send()
                    .await
                    .unwrap();
                let expected = if cors { 204 } else { 405 };
                assert_eq!(res.status(), expected, "{what}: OPTIONS");
                assert_eq!(
                    res.headers()["allow"],
                    format!("{allowed}{options}").as_str(),
                    "{what}: OPTIONS"
                );
            }
            assert_eq!(s.get(&at("/files/readme")).await, (200, "readme".into()));
            assert_eq!(
                s.get(&at("/7/notes/pinned")).await,
                (200, "pinned 7".into())
            );
            // The catch-all takes a DELETE of the static path (Express's
            // fall-through): its `String` reads any segment.
            let (status, body) = s.send(s.client.delete(s.url(&at("/files/readme")))).await;
            assert_eq!((status, body.as_str()), (200, "dropped readme"), "{kind:?}");
            // `/:id` (an `i64`) cannot take `/bookings/mine`'s DELETE: the
            // static path's `405`, OPTIONS listed where CORS answers it.
            assert_eq!(
                allow(&s, M::DELETE, &format!("{v}/bookings/mine")).await,
                format!("GET, HEAD{options}"),
                "cors {cors}, {kind:?}"
            );
            // A path no route has: 404, OPTIONS or not.
            let res = s
                .client
                .request(M::OPTIONS, s.url(&at("/nowhere/at/all/x")))
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 404, "cors {cors}, {kind:?}");
            if cors {
                // A preflight is CORS's own answer, as before.
                let res = s
                    .client
                    .request(M::OPTIONS, s.url(&at("/files/readme")))
                    .header("origin", "https://app.example.com")
                    .header("access-control-request-method", "DELETE")
                    .send()
                    .await
                    .unwrap();
                assert_eq!(res.status(), 204);
                assert_eq!(res.headers()["access-control-allow-origin"], "*");
                assert!(res.headers().get("allow").is_none());
            }
            s.stop().await.unwrap();
        }
    }
}
