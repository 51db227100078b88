//! SPEC F1 with the `opentelemetry` feature: a W3C `traceparent` sent in
//! becomes the request span's parent, as exported by tracing-opentelemetry
//! to opentelemetry_sdk's in-memory exporter; the span is named by the
//! route template and a 5xx sets its status to error.

use opentelemetry::trace::{SpanId, SpanKind, Status, TraceId, TracerProvider as _};
use opentelemetry_sdk::trace::{InMemorySpanExporter, SdkTracerProvider, SpanData};
use tether::{controller, App, HttpError, NativeAdapter, StatusCode};
use tether_tests::TestServer;
use tracing_subscriber::layer::SubscriberExt;

struct Books;

#[controller("/books")]
impl Books {
    #[get("/:id")]
    async fn find_one(&self, #[param] id: u64) -> Result<String, HttpError> {
        match id {
            500 => Err(HttpError::new(StatusCode::INTERNAL_SERVER_ERROR, "broken")),
            _ => Ok(format!("book {id}")),
        }
    }
}

/// An OpenTelemetry pipeline into memory, installed on this test's thread.
fn otel() -> (InMemorySpanExporter, tracing::subscriber::DefaultGuard) {
    let exporter = InMemorySpanExporter::default();
    let provider = SdkTracerProvider::builder()
        .with_simple_exporter(exporter.clone())
        .build();
    let layer = tracing_opentelemetry::layer().with_tracer(provider.tracer("tether-tests"));
    let subscriber = tracing_subscriber::registry().with(layer);
    (exporter, crate::thread_subscriber::set_default(subscriber))
}

/// The `n` spans exported so far, waiting for the server to close them.
async fn exported(exporter: &InMemorySpanExporter, n: usize) -> Vec<SpanData> {
    for _ in 0..200 {
        let spans = exporter.get_finished_spans().unwrap();
        if spans.len() >= n {
            return spans;
        }
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    panic!("{n} exported spans expected");
}

fn attribute<'a>(span: &'a SpanData, key: &str) -> Option<&'a opentelemetry::Value> {
    span.attributes
        .iter()
        .find(|kv| kv.key.as_str() == key)
        .map(|kv| &kv.value)
}

const TRACE: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT: &str = "00f067aa0ba902b7";

#[tokio::test]
async fn f1_traceparent_sent_in_is_the_spans_parent() {
    let (exporter, _guard) = otel();
    let server = TestServer::start(App::new(NativeAdapter::new()).controller(Books)).await;
    let traced = server
        .client
        .get(server.url("/books/7"))
        .header("traceparent", format!("00-{TRACE}-{PARENT}-01"))
        .header("tracestate", "vendor=value");
    assert_eq!(server.send(traced).await, (200, "book 7".into()));
    assert_eq!(server.get("/books/8").await.0, 200);
    let malformed = server
        .client
        .get(server.url("/books/9"))
        .header("traceparent", "00-not-a-trace-01");
    assert_eq!(server.send(malformed).await.0, 200);
    let spans = exported(&exporter, 3).await;

    let continued = &spans[0];
    assert_eq!(continued.name, "GET /books/{id}");
    assert_eq!(continued.span_kind, SpanKind::Server);
    assert_eq!(
        continued.span_context.trace_id(),
        TraceId::from_hex(TRACE).unwrap()
    );
    assert_eq!(continued.parent_span_id, SpanId::from_hex(PARENT).unwrap());
    assert!(continued.parent_span_is_remote);
    assert_eq!(
        continued.span_context.trace_state().get("vendor"),
        Some("value")
    );
    assert_eq!(
        attribute(continued, "http.route").map(|v| v.as_str().into_owned()),
        Some("/books/{id}".into())
    );
    assert_eq!(
        attribute(continued, "http.response.status_code").map(|v| v.as_str().into_owned()),
        Some("200".into())
    );
    assert_eq!(continued.status, Status::Unset);

    // Without a traceparent, or with a malformed one: a new trace.
    for fresh in &spans[1..3] {
        assert_ne!(
            fresh.span_context.trace_id(),
            TraceId::from_hex(TRACE).unwrap()
        );
        assert_eq!(fresh.parent_span_id, SpanId::INVALID);
        assert_eq!(fresh.name, "GET /books/{id}");
    }
    server.stop().await.unwrap();
}

#[tokio::test]
async fn f1_a_5xx_sets_the_exported_status_to_error() {
    let (exporter, _guard) = otel();
    let server = TestServer::start(App::new(NativeAdapter::new()).controller(Books)).await;
    assert_eq!(server.get("/books/500").await.0, 500);
    let spans = exported(&exporter, 1).await;
    assert!(
        matches!(spans[0].status, Status::Error { .. }),
        "{:?}",
        spans[0].status
    );
    assert_eq!(
        attribute(&spans[0], "error.type").map(|v| v.as_str().into_owned()),
        Some("500".into())
    );
    server.stop().await.unwrap();
}
