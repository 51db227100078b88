//! SPEC F1: one `tracing` span per request, named by the route template,
//! with OpenTelemetry's HTTP fields and the latency; 5xx and panics marked
//! as errors. A real server on loopback, a `tracing-subscriber` layer that
//! captures every span and event of `tether::request`.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use tether::{controller, App, HttpError, NativeAdapter, Next, Request, StatusCode};
use tether_tests::TestServer;
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Subscriber};
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::registry::LookupSpan;
use tracing_subscriber::Layer;

/// A field's value as the subscriber saw it.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Str(String),
    U64(u64),
    F64(f64),
}

type Fields = BTreeMap<String, Value>;

#[derive(Debug, Clone, Default)]
struct SpanRecord {
    name: String,
    level: Option<tracing::Level>,
    fields: Fields,
    /// Events logged inside the span: level and fields (`message` included).
    events: Vec<(tracing::Level, Fields)>,
    closed: bool,
}

impl SpanRecord {
    fn str(&self, key: &str) -> Option<&str> {
        match self.fields.get(key) {
            Some(Value::Str(s)) => Some(s),
            _ => None,
        }
    }
}

/// Every `tether::request` span, in the order they opened.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<(u64, SpanRecord)>>>);

impl Captured {
    fn spans(&self) -> Vec<SpanRecord> {
        self.0
            .lock()
            .unwrap()
            .iter()
            .map(|(_, s)| s.clone())
            .collect()
    }

    fn with(&self, id: &Id, f: impl FnOnce(&mut SpanRecord)) {
        let mut all = self.0.lock().unwrap();
        if let Some((_, s)) = all.iter_mut().rev().find(|(i, _)| *i == id.into_u64()) {
            f(s);
        }
    }
}

struct Visitor<'a>(&'a mut Fields);

impl Visit for Visitor<'_> {
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().into(), Value::Str(value.into()));
    }
    fn record_u64(&mut self, field: &Field, value: u64) {
        self.0.insert(field.name().into(), Value::U64(value));
    }
    fn record_i64(&mut self, field: &Field, value: i64) {
        self.0.insert(field.name().into(), Value::U64(value as u64));
    }
    fn record_f64(&mut self, field: &Field, value: f64) {
        self.0.insert(field.name().into(), Value::F64(value));
    }
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.0
            .insert(field.name().into(), Value::Str(format!("{value:?}")));
    }
}

impl<S: Subscriber + for<'a> LookupSpan<'a>> Layer<S> for Captured {
    fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, _: Context<'_, S>) {
        if attrs.metadata().target() != tether::trace::TARGET {
            return;
        }
        let mut record = SpanRecord {
            name: attrs.metadata().name().into(),
            level: Some(*attrs.metadata().level()),
            ..SpanRecord::default()
        };
        attrs.record(&mut Visitor(&mut record.fields));
        self.0.lock().unwrap().push((id.into_u64(), record));
    }

    fn on_record(&self, id: &Id, values: &Record<'_>, _: Context<'_, S>) {
        self.with(id, |s| values.record(&mut Visitor(&mut s.fields)));
    }

    fn on_event(&self, event: &Event<'_>, ctx: Context<'_, S>) {
        let Some(span) = ctx.event_span(event) else {
            return;
        };
        let mut fields = Fields::new();
        event.record(&mut Visitor(&mut fields));
        let level = *event.metadata().level();
        self.with(&span.id(), |s| s.events.push((level, fields)));
    }

    fn on_close(&self, id: Id, _: Context<'_, S>) {
        self.with(&id, |s| s.closed = true);
    }
}

/// The capturing subscriber behind a level filter, as `RUST_LOG=info` sets.
fn capture_at(
    level: tracing_subscriber::filter::LevelFilter,
) -> (Captured, tracing::subscriber::DefaultGuard) {
    let captured = Captured::default();
    let subscriber = tracing_subscriber::registry().with(captured.clone().with_filter(level));
    (captured, crate::thread_subscriber::set_default(subscriber))
}

/// Installs the capturing subscriber on this (current-thread) test.
fn capture() -> (Captured, tracing::subscriber::DefaultGuard) {
    let captured = Captured::default();
    let subscriber = tracing_subscriber::registry().with(captured.clone());
    (captured, crate::thread_subscriber::set_default(subscriber))
}

/// Waits until `n` request spans have closed (the server drops the
/// response future right after the client has its answer).
async fn closed(captured: &Captured, n: usize) -> Vec<SpanRecord> {
    for _ in 0..200 {
        let spans = captured.spans();
        if spans.iter().filter(|s| s.closed).count() >= n {
            return spans;
        }
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    panic!(
        "{n} closed request spans expected, got {:#?}",
        captured.spans()
    );
}

struct Faulty;

/// A path parameter type whose `Deserialize` panics.
struct Broken;

impl<'de> serde::Deserialize<'de> for Broken {
    fn deserialize<D: serde::Deserializer<'de>>(_: D) -> Result<Self, D::Error> {
        panic!("broken param")
    }
}

#[controller("/faulty")]
impl Faulty {
    #[get("/panic/:n")]
    async fn panics(&self, #[param] n: u32) -> &'static str {
        panic!("handler bug {n}")
    }
    /// The panic happens while the argument is read, before the handler's
    /// future is made (a bug in the type's `Deserialize`).
    #[get("/broken/:b")]
    async fn broken(&self, #[param] b: Broken) -> &'static str {
        let _ = b;
        "unreachable"
    }
    #[get("/unavailable")]
    async fn unavailable(&self) -> Result<&'static str, HttpError> {
        Err(HttpError::new(StatusCode::SERVICE_UNAVAILABLE, "down"))
    }
    #[get("/missing")]
    async fn missing(&self) -> Result<&'static str, HttpError> {
        Err(HttpError::not_found("no such thing"))
    }
}

#[tokio::test]
async fn f1_one_span_per_request_named_by_the_route_template() {
    let (captured, _guard) = capture();
    let server = TestServer::start(bookstore::app()).await;
    let (status, _) = server.get("/api/v1/books/2").await;
    assert_eq!(status, 200);
    let (status, _) = server.get("/api/v1/authors/1?full=true").await;
    assert_eq!(status, 200);
    let h2 = reqwest::Client::builder()
        .http2_prior_knowledge()
        .build()
        .unwrap();
    let res = h2.get(server.url("/api/v1/books/3")).send().await.unwrap();
    assert_eq!(
        (res.version(), res.status().as_u16()),
        (reqwest::Version::HTTP_2, 200)
    );
    let spans = closed(&captured, 3).await;
    assert_eq!(spans.len(), 3, "{spans:#?}");
    let book = &spans[0];
    assert_eq!(book.name, "request");
    assert_eq!(book.str("otel.name"), Some("GET /api/v1/books/{id}"));
    assert_eq!(book.str("otel.kind"), Some("server"));
    assert_eq!(book.str("http.request.method"), Some("GET"));
    assert_eq!(book.str("http.route"), Some("/api/v1/books/{id}"));
    assert_eq!(book.str("url.path"), Some("/api/v1/books/2"));
    assert_eq!(book.str("network.protocol.version"), Some("1.1"));
    assert_eq!(book.str("server.address"), Some("127.0.0.1"));
    assert_eq!(
        book.fields.get("server.port"),
        Some(&Value::U64(server.addr.port().into()))
    );
    assert_eq!(
        book.fields.get("http.response.status_code"),
        Some(&Value::U64(200))
    );
    assert!(
        matches!(book.fields.get("latency_ms"), Some(Value::F64(ms)) if *ms >= 0.0 && *ms < 5_000.0),
        "{book:#?}"
    );
    assert_eq!(book.str("otel.status_code"), None, "a 200 is no error");
    assert_eq!(book.str("error.type"), None);
    let (level, response) = book.events.last().expect("a response event");
    assert_eq!(*level, tracing::Level::INFO);
    assert_eq!(
        response.get("message"),
        Some(&Value::Str("response".into()))
    );
    assert_eq!(
        response.get("http.response.status_code"),
        Some(&Value::U64(200))
    );
    assert_eq!(spans[1].str("otel.name"), Some("GET /api/v1/authors/{id}"));
    assert_eq!(spans[1].str("url.path"), Some("/api/v1/authors/1"));
    // HTTP/2 (h2c): the authority gives the server address.
    assert_eq!(spans[2].str("otel.name"), Some("GET /api/v1/books/{id}"));
    assert_eq!(spans[2].str("network.protocol.version"), Some("2"));
    assert_eq!(spans[2].str("server.address"), Some("127.0.0.1"));
    server.stop().await.unwrap();
}

#[tokio::test]
async fn f1_panics_and_5xx_are_errors_4xx_are_not() {
    let (captured, _guard) = capture();
    let server = TestServer::start(App::new(NativeAdapter::new()).controller(Faulty)).await;
    assert_eq!(server.get("/faulty/panic/7").await.0, 500);
    assert_eq!(server.get("/faulty/unavailable").await.0, 503);
    assert_eq!(server.get("/faulty/missing").await.0, 404);
    assert_eq!(server.get("/nowhere").await.0, 404);
    let spans = closed(&captured, 4).await;

    let panicked = &spans[0];
    assert_eq!(panicked.str("otel.name"), Some("GET /faulty/panic/{n}"));
    assert_eq!(panicked.str("otel.status_code"), Some("ERROR"));
    assert_eq!(panicked.str("error.type"), Some("panic"));
    let panic_event = panicked
        .events
        .iter()
        .find(|(_, f)| f.get("message") == Some(&Value::Str("the handler panicked".into())))
        .expect("the panic is logged in the span");
    assert_eq!(panic_event.0, tracing::Level::ERROR);
    assert_eq!(
        panic_event.1.get("panic"),
        Some(&Value::Str("handler bug 7".into()))
    );
    assert_eq!(panicked.events.last().unwrap().0, tracing::Level::ERROR);

    let unavailable = &spans[1];
    assert_eq!(unavailable.str("otel.status_code"), Some("ERROR"));
    assert_eq!(unavailable.str("error.type"), Some("503"));
    assert_eq!(
        unavailable.fields.get("http.response.status_code"),
        Some(&Value::U64(503))
    );
    assert_eq!(unavailable.events.last().unwrap().0, tracing::Level::ERROR);

    // A 4xx is the client's error: not an error of the server span.
    let missing = &spans[2];
    assert_eq!(missing.str("otel.status_code"), None);
    assert_eq!(missing.str("http.route"), Some("/faulty/missing"));
    assert_eq!(missing.events.last().unwrap().0, tracing::Level::INFO);

    // No route matched: named by the method alone, no `http.route`.
    let unrouted = &spans[3];
    assert_eq!(unrouted.str("otel.name"), Some("GET"));
    assert_eq!(unrouted.str("http.route"), None);
    assert_eq!(unrouted.str("url.path"), Some("/nowhere"));
    server.stop().await.unwrap();
}

/// A middleware that answers by itself for `/mw/short`.
struct ShortCircuit;

impl tether::Middleware for ShortCircuit {
    async fn handle(&self, req: Request, next: Next) -> tether::Response {
        use tether::IntoResponse;
        if req.path() == "/mw/short" {
            return "short".into_response();
        }
        next.run(req).await
    }
}

#[tokio::test]
async fn f1_one_span_through_middleware_and_tower_layers() {
    let (captured, _guard) = capture();
    let app = App::new(NativeAdapter::new())
        .controller(Faulty)
        .use_middleware(ShortCircuit)
        .layer(tower_http::set_header::SetResponseHeaderLayer::overriding(
            http::header::SERVER,
            http::HeaderValue::from_static("tether"),
        ));
    let server = TestServer::start(app).await;
    assert_eq!(server.get("/faulty/unavailable").await.0, 503);
    assert_eq!(server.get("/mw/short").await.0, 200);
    let spans = closed(&captured, 2).await;
    assert_eq!(
        spans.len(),
        2,
        "one span per request, not one per layer: {spans:#?}"
    );
    assert_eq!(spans[0].str("otel.name"), Some("GET /faulty/unavailable"));
    assert_eq!(spans[0].str("error.type"), Some("503"));
    // Answered by the middleware; no route has its path: named by the method.
    assert_eq!(spans[1].str("otel.name"), Some("GET"));
    assert_eq!(spans[1].str("http.route"), None);
    assert_eq!(
        spans[1].fields.get("http.response.status_code"),
        Some(&Value::U64(200))
    );
    server.stop().await.unwrap();
}

/// The panic event of a request, found in its span (not logged outside it).
fn panic_in_span(span: &SpanRecord) -> Option<&str> {
    span.events
        .iter()
        .find_map(|(_, f)| match (f.get("message"), f.get("panic")) {
            (Some(Value::Str(m)), Some(Value::Str(p))) if m == "the handler panicked" => {
                Some(p.as_str())
            }
            _ => None,
        })
}

#[tokio::test]
async fn f1_a_panic_while_reading_an_argument_is_logged_in_the_span() {
    let (captured, _guard) = capture();
    let plain = TestServer::start(App::new(NativeAdapter::new()).controller(Faulty)).await;
    let layered = TestServer::start(App::new(NativeAdapter::new()).controller(Faulty).layer(
        tower_http::set_header::SetResponseHeaderLayer::overriding(
            http::header::SERVER,
            http::HeaderValue::from_static("tether"),
        ),
    ))
    .await;
    assert_eq!(plain.get("/faulty/broken/1").await.0, 500);
    assert_eq!(layered.get("/faulty/broken/2").await.0, 500);
    let spans = closed(&captured, 2).await;
    for span in &spans {
        assert_eq!(span.str("otel.name"), Some("GET /faulty/broken/{b}"));
        assert_eq!(span.str("error.type"), Some("panic"), "{span:#?}");
        assert_eq!(panic_in_span(span), Some("broken param"), "{span:#?}");
    }
    plain.stop().await.unwrap();
    layered.stop().await.unwrap();
}

/// Probes are polled every few seconds: their span and event are `DEBUG`,
/// so `RUST_LOG=info` leaves them out, and a draining `503` is no error.
#[tokio::test]
async fn f1_probes_are_logged_at_debug() {
    use tracing_subscriber::filter::LevelFilter;
    let app = || {
        App::new(NativeAdapter::new())
            .controller(Faulty)
            .readiness("/ready")
            .liveness("/live")
    };
    {
        let (captured, _guard) = capture_at(LevelFilter::INFO);
        let client = tether::testing::TestClient::new(app());
        assert_eq!(client.get("/ready").send().await.status(), 200);
        assert_eq!(client.get("/live").send().await.status(), 200);
        assert_eq!(client.get("/faulty/missing").send().await.status(), 404);
        let spans = closed(&captured, 1).await;
        let names: Vec<_> = spans.iter().map(|s| s.str("otel.name")).collect();
        assert_eq!(names, [Some("GET /faulty/missing")], "{spans:#?}");
    }
    let (captured, _guard) = capture_at(LevelFilter::DEBUG);
    let service = app().build().unwrap();
    let client = tether::testing::TestClient::from_service(service.clone());
    assert_eq!(client.get("/ready").send().await.status(), 200);
    service.begin_draining();
    assert_eq!(client.get("/ready").send().await.status(), 503);
    assert_eq!(client.get("/live").send().await.status(), 200);
    let spans = closed(&captured, 3).await;
    assert_eq!(spans.len(), 3, "{spans:#?}");
    for (span, (route, status)) in
        spans
            .iter()
            .zip([("/ready", 200), ("/ready", 503), ("/live", 200)])
    {
        assert_eq!(span.str("http.route"), Some(route));
        assert_eq!(span.level, Some(tracing::Level::DEBUG), "{span:#?}");
        assert_eq!(
            span.fields.get("http.response.status_code"),
            Some(&Value::U64(status))
        );
        assert_eq!(span.str("otel.status_code"), None, "{span:#?}");
        let (level, _) = span.events.last().expect("a response event");
        assert_eq!(*level, tracing::Level::DEBUG);
    }
}
