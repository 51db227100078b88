//! SPEC A6: CORS preflight and actual cross-origin requests, header by
//! header, `Vary: Origin` on every answer of a policy that depends on the
//! origin, the refused credentials + any-origin policy and the warning for
//! a predicate with credentials.

use std::time::Duration;
use tether::{controller, App, AppError, Cors, NativeAdapter};
use tether_tests::TestServer;

struct Books;

#[controller("/books")]
impl Books {
    #[get]
    async fn list(&self) -> tether::Response {
        let mut res = tether::IntoResponse::into_response("[]");
        res.headers_mut()
            .insert("x-total-count", "0".parse().unwrap());
        res.headers_mut().insert("vary", "Accept".parse().unwrap());
        res
    }
    #[put("/:id")]
    async fn update(&self, #[param] id: u32) -> String {
        format!("updated {id}")
    }
    #[get("/varied")]
    async fn varied(&self) -> tether::Response {
        let mut res = tether::IntoResponse::into_response("[]");
        res.headers_mut()
            .insert("vary", "origin, Accept".parse().unwrap());
        res
    }
    #[get("/broken")]
    async fn broken(&self) -> Result<String, tether::HttpError> {
        Err(tether::HttpError::internal("broken"))
    }
}

const APP_ORIGIN: &str = "https://app.example.com";

fn policy() -> Cors {
    Cors::new()
        .allow_origins([APP_ORIGIN, "https://admin.example.com"])
        .allow_methods([tether::Method::GET, tether::Method::PUT])
        .allow_headers(["content-type", "x-api-key"])
        .expose_headers(["x-total-count"])
        .allow_credentials(true)
        .max_age(Duration::from_secs(600))
}

async fn preflight(
    server: &TestServer,
    path: &str,
    origin: &str,
    method: &str,
    headers: Option<&str>,
) -> reqwest::Response {
    let mut req = server
        .client
        .request(reqwest::Method::OPTIONS, server.url(path))
        .header("origin", origin)
        .header("access-control-request-method", method);
    if let Some(h) = headers {
        req = req.header("access-control-request-headers", h);
    }
    req.send().await.unwrap()
}

async fn get_from(server: &TestServer, origin: &str) -> reqwest::Response {
    let req = server.client.get(server.url("/books"));
    req.header("origin", origin).send().await.unwrap()
}

fn header<'a>(res: &'a reqwest::Response, name: &str) -> Option<&'a str> {
    res.headers().get(name).map(|v| v.to_str().unwrap())
}

#[tokio::test]
async fn a6_cors_preflight() {
    let server = TestServer::start(
        App::new(NativeAdapter::new())
            .controller(Books)
            .enable_cors(policy()),
    )
    .await;
    let res = preflight(&server, "/books/7", APP_ORIGIN, "PUT", Some("content-type")).await;
    assert_eq!(res.status(), 204);
    assert_eq!(
        header(&res, "access-control-allow-origin"),
        Some(APP_ORIGIN)
    );
    assert_eq!(
        header(&res, "access-control-allow-methods"),
        Some("GET,PUT")
    );
    assert_eq!(
        header(&res, "access-control-allow-headers"),
        Some("content-type,x-api-key")
    );
    assert_eq!(
        header(&res, "access-control-allow-credentials"),
        Some("true")
    );
    assert_eq!(header(&res, "access-control-max-age"), Some("600"));
    assert_eq!(header(&res, "vary"), Some("Origin"));
    // Exposed headers belong to actual responses, not to preflights.
    assert_eq!(header(&res, "access-control-expose-headers"), None);

    // A preflight from an origin not on the list gets no permission.
    let res = preflight(&server, "/books/7", "https://evil.example.com", "PUT", None).await;
    assert_eq!(res.status(), 204);
    assert_eq!(header(&res, "access-control-allow-origin"), None);
    assert_eq!(header(&res, "access-control-allow-methods"), None);
    assert_eq!(header(&res, "vary"), Some("Origin"));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a6_cors_actual_request() {
    let server = TestServer::start(
        App::new(NativeAdapter::new())
            .controller(Books)
            .enable_cors(policy()),
    )
    .await;
    let res = get_from(&server, APP_ORIGIN).await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        header(&res, "access-control-allow-origin"),
        Some(APP_ORIGIN)
    );
    assert_eq!(
        header(&res, "access-control-allow-credentials"),
        Some("true")
    );
    assert_eq!(
        header(&res, "access-control-expose-headers"),
        Some("x-total-count")
    );
    assert_eq!(header(&res, "x-total-count"), Some("0"));
    // The handler's own `Vary` is kept, `Origin` added.
    assert_eq!(header(&res, "vary"), Some("Accept, Origin"));
    assert_eq!(header(&res, "access-control-allow-methods"), None);
    assert_eq!(res.text().await.unwrap(), "[]");

    // Another origin: served (CORS is enforced by the browser), no permission.
    let res = get_from(&server, "https://evil.example.com").await;
    assert_eq!(res.status(), 200);
    assert_eq!(header(&res, "access-control-allow-origin"), None);
    assert_eq!(header(&res, "access-control-allow-credentials"), None);

    // Same-origin requests (no Origin header) get no permission, but
    // their answer varies by `Origin` too.
    let res = server
        .client
        .get(server.url("/books"))
        .send()
        .await
        .unwrap();
    assert_eq!(header(&res, "access-control-allow-origin"), None);
    assert_eq!(header(&res, "vary"), Some("Accept, Origin"));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a6_cors_any_origin_and_predicate() {
    let server = TestServer::start(
        App::new(NativeAdapter::new())
            .controller(Books)
            .enable_cors(Cors::new()),
    )
    .await;
    let res = preflight(
        &server,
        "/books",
        "https://anywhere.example",
        "DELETE",
        Some("x-custom"),
    )
    .await;
    assert_eq!(res.status(), 204);
    assert_eq!(header(&res, "access-control-allow-origin"), Some("*"));
    assert_eq!(
        header(&res, "access-control-allow-methods"),
        Some("GET,HEAD,PUT,PATCH,POST,DELETE")
    );
    // Default: the requested headers are allowed, so the answer varies by them.
    assert_eq!(
        header(&res, "access-control-allow-headers"),
        Some("x-custom")
    );
    assert_eq!(header(&res, "vary"), Some("Access-Control-Request-Headers"));
    assert_eq!(header(&res, "access-control-allow-credentials"), None);
    assert_eq!(header(&res, "access-control-max-age"), None);
    server.stop().await.unwrap();

    let predicate = Cors::new().allow_origin_fn(|o| o.ends_with(".trusted.example"));
    let server = TestServer::start(
        App::new(NativeAdapter::new())
            .controller(Books)
            .enable_cors(predicate),
    )
    .await;
    let get = |origin: &'static str| {
        server
            .client
            .get(server.url("/books"))
            .header("origin", origin)
            .send()
    };
    let res = get("https://a.trusted.example").await.unwrap();
    assert_eq!(
        header(&res, "access-control-allow-origin"),
        Some("https://a.trusted.example")
    );
    let res = get_from(&server, "https://trusted.example.evil").await;
    assert_eq!(header(&res, "access-control-allow-origin"), None);
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a6_cors_credentials_with_any_origin_is_refused_at_startup() {
    let app = App::new(NativeAdapter::new())
        .controller(Books)
        .enable_cors(Cors::new().allow_any_origin().allow_credentials(true));
    let err = match app.bind("127.0.0.1:0").await {
        Ok(_) => panic!("an invalid CORS policy must not start"),
        Err(e) => e,
    };
    let text = err.to_string();
    assert!(
        text.contains("allow_credentials(true)") && text.contains("any origin"),
        "{text}"
    );
    // The way out it names must not be the same hole.
    assert!(
        text.contains("allow_origin_fn(..)`, whose predicate must not accept every origin"),
        "{text}"
    );
    let app = App::new(NativeAdapter::new()).enable_cors(Cors::new().allow_credentials(true));
    assert!(matches!(app.into_service(), Err(AppError::Cors(_))));
}

#[derive(serde::Serialize)]
struct PageHeaders {
    #[serde(rename = "X-Total-Count")]
    total: u32,
}

struct Declared;

#[controller("/declared")]
impl Declared {
    #[get]
    async fn page(&self) -> tether::WithHeaders<Vec<u32>, PageHeaders> {
        tether::WithHeaders::new(vec![1], PageHeaders { total: 1 })
    }
    #[get("/file")]
    async fn file(&self) -> tether::Attachment {
        tether::Attachment::new(b"%PDF".to_vec()).filename("a.pdf")
    }
}

async fn exposed(server: &TestServer, path: &str, origin: &str) -> Option<String> {
    let res = server
        .client
        .get(server.url(path))
        .header("origin", origin)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    res.headers()
        .get("access-control-expose-headers")
        .map(|v| v.to_str().unwrap().to_string())
}

/// The response headers a route declares (a `WithHeaders` field, an
/// `Attachment`'s `Content-Disposition`) are exposed to the allowed origins:
/// the client types them, and a page on another origin would read
/// `undefined` without them.
#[tokio::test]
async fn a6_cors_exposes_the_declared_response_headers() {
    let serve = |cors: Cors| {
        TestServer::start(
            App::new(NativeAdapter::new())
                .controller(Declared)
                .enable_cors(cors),
        )
    };
    let named = || {
        Cors::new()
            .allow_origins([APP_ORIGIN])
            .allow_credentials(true)
    };
    let server = serve(named()).await;
    assert_eq!(
        exposed(&server, "/declared", APP_ORIGIN).await.as_deref(),
        Some("x-total-count")
    );
    assert_eq!(
        exposed(&server, "/declared/file", APP_ORIGIN)
            .await
            .as_deref(),
        Some("content-disposition")
    );
    assert_eq!(
        exposed(&server, "/declared", "https://evil.example").await,
        None
    );
    server.stop().await.unwrap();

    // Beside the configured list, once each.
    let server = serve(named().expose_headers(["x-request-id", "X-Total-Count"])).await;
    assert_eq!(
        exposed(&server, "/declared", APP_ORIGIN).await.as_deref(),
        Some("x-request-id,X-Total-Count")
    );
    assert_eq!(
        exposed(&server, "/declared/file", APP_ORIGIN)
            .await
            .as_deref(),
        Some("x-request-id,X-Total-Count,content-disposition")
    );
    server.stop().await.unwrap();

    // Turned off: the configured list alone.
    let server = serve(named().expose_declared_headers(false)).await;
    assert_eq!(exposed(&server, "/declared", APP_ORIGIN).await, None);
    server.stop().await.unwrap();
}

/// The `Vary` lines of `path`'s answer, asked with `origin` or without.
async fn vary(server: &TestServer, path: &str, origin: Option<&str>) -> Vec<String> {
    let mut req = server.client.get(server.url(path));
    if let Some(origin) = origin {
        req = req.header("origin", origin);
    }
    let res = req.send().await.unwrap();
    let lines = res.headers().get_all("vary").iter();
    lines.map(|v| v.to_str().unwrap().to_string()).collect()
}

/// Issue 31, item 6: when the answer depends on the origin (a list, a
/// predicate), every answer says `Vary: Origin` — without `Origin`, for a
/// refused origin, errors too — merged with the handler's `Vary`, once; a
/// shared cache would otherwise serve the answer without CORS headers to a
/// page on an allowed origin. Any origin (`*`, no credentials) does not vary.
#[tokio::test]
async fn a6_cors_every_answer_varies_by_origin() {
    let predicate = || Cors::new().allow_origin_fn(|o| o == APP_ORIGIN);
    for cors in [policy(), predicate(), predicate().allow_credentials(true)] {
        let server = TestServer::start(
            App::new(NativeAdapter::new())
                .controller(Books)
                .enable_cors(cors),
        )
        .await;
        for origin in [None, Some(APP_ORIGIN), Some("https://evil.example.com")] {
            assert_eq!(vary(&server, "/books", origin).await, ["Accept, Origin"]);
            assert_eq!(
                vary(&server, "/books/varied", origin).await,
                ["origin, Accept"]
            );
            assert_eq!(vary(&server, "/books/broken", origin).await, ["Origin"]);
            assert_eq!(vary(&server, "/nothing", origin).await, ["Origin"]);
        }
        server.stop().await.unwrap();
    }

    let server = TestServer::start(
        App::new(NativeAdapter::new())
            .controller(Books)
            .enable_cors(Cors::new()),
    )
    .await;
    for origin in [None, Some(APP_ORIGIN)] {
        assert_eq!(vary(&server, "/books", origin).await, ["Accept"]);
        assert!(vary(&server, "/nothing", origin).await.is_empty());
    }
    server.stop().await.unwrap();
}

/// The `WARN` events logged while `f` runs on this thread.
fn warnings_during<T>(f: impl FnOnce() -> T) -> (T, Vec<String>) {
    use tracing_subscriber::layer::SubscriberExt;
    #[derive(Clone, Default)]
    struct Warnings(std::sync::Arc<std::sync::Mutex<Vec<String>>>);
    struct Message<'a>(&'a mut String);
    impl tracing::field::Visit for Message<'_> {
        fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
            if field.name() == "message" {
                self.0.push_str(&format!("{value:?}"));
            }
        }
    }
    impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Warnings {
        fn on_event(
            &self,
            event: &tracing::Event<'_>,
            _: tracing_subscriber::layer::Context<'_, S>,
        ) {
            if *event.metadata().level() == tracing::Level::WARN {
                let mut text = format!("{}: ", event.metadata().target());
                event.record(&mut Message(&mut text));
                self.0.lock().unwrap().push(text);
            }
        }
    }
    let warnings = Warnings::default();
    let subscriber = tracing_subscriber::registry().with(warnings.clone());
    let out = crate::thread_subscriber::with_default(subscriber, f);
    let logged = warnings.0.lock().unwrap().clone();
    (out, logged)
}

/// Issue 31 ("also fix"): `allow_origin_fn(|_| true)` with credentials
/// starts (tether cannot tell what a predicate accepts), but with a warning
/// at startup saying the predicate must not accept every origin; a predicate
/// without credentials, or a list with them, starts without one.
#[test]
fn a6_cors_predicate_with_credentials_warns_at_startup() {
    let build = |cors: Cors| {
        warnings_during(|| {
            App::new(NativeAdapter::new())
                .controller(Books)
                .enable_cors(cors)
                .into_service()
                .map(|_| ())
        })
    };
    let (started, warnings) = build(
        Cors::new()
            .allow_origin_fn(|_| true)
            .allow_credentials(true),
    );
    assert!(started.is_ok());
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let warning = &warnings[0];
    assert!(warning.starts_with("tether::cors: "), "{warning}");
    for words in [
        "allow_origin_fn",
        "allow_credentials(true)",
        "must not accept every origin",
    ] {
        assert!(warning.contains(words), "{words} missing: {warning}");
    }
    let (started, warnings) = build(Cors::new().allow_origin_fn(|_| true));
    assert!(started.is_ok() && warnings.is_empty(), "{warnings:?}");
    let (started, warnings) = build(policy());
    assert!(started.is_ok() && warnings.is_empty(), "{warnings:?}");
}
