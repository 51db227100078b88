//! One [`tracing`] span per request, with OpenTelemetry's HTTP
//! semantic-convention fields.
//!
//! The span is `request` at `INFO` with target `tether::request`. Its fields:
//!
//! | field | value |
//! |---|---|
//! | `otel.name` | the route template, `GET /api/v1/books/{id}` (the method alone when no route matches); tracing-opentelemetry names the span with it |
//! | `otel.kind` | `server` |
//! | `http.request.method` | `GET` |
//! | `http.route` | `/api/v1/books/{id}`, as the OpenAPI document spells it |
//! | `url.path` | `/api/v1/books/7` |
//! | `network.protocol.version` | `1.1`, `2` |
//! | `server.address`, `server.port` | from `Host` (or the HTTP/2 authority) |
//! | `http.response.status_code` | `200` |
//! | `latency_ms` | from the call to the response head, in milliseconds |
//! | `otel.status_code`, `error.type` | `ERROR` and the status (`500`) for a 5xx answer, `panic` when a handler panicked |
//!
//! The request's fields are recorded as the span opens, the outcome's in
//! one record when the response is ready; then an event is logged inside
//! the span: `INFO` `response`, or `ERROR` for a 5xx. A handler's panic is logged as an
//! `ERROR` event with its message. The readiness and liveness probes
//! (`App::readiness`, `App::liveness`) are polled every few seconds, so
//! their span and event are `DEBUG` (and their draining `503` no error):
//! `RUST_LOG=info` leaves them out, `tether::request=debug` shows them.
//! With the `opentelemetry` feature an
//! incoming W3C `traceparent` header becomes the span's parent.
//!
//! With no subscriber, or one that filters `tether::request` out, the span
//! is disabled: no field is computed and nothing is allocated (the counts
//! of `runtime/tests/a10_allocations.rs`). With no subscriber ever set and
//! `log`'s level at `INFO` or finer, the span is opened all the same, so
//! that `tracing`'s `log` feature writes it and its `response` event to the
//! `log` logger.

use crate::response::body::{IntoResponse, Response};
use crate::HttpError;
use std::time::Instant;
use tracing::field::Empty;
use tracing::{Level, Span};

/// The target of the request span and its events.
pub const TARGET: &str = "tether::request";

/// An open request span and when its request came: what a response future
/// carries while a subscriber wants the span.
pub(crate) struct Trace {
    span: Span,
    start: Instant,
    /// A probe's: the span and its event are `DEBUG` (see `App::readiness`).
    quiet: bool,
}

/// The matched route as the request span shows it (the router's routes):
/// the span needs only this of routing, so it sits below it.
pub(crate) trait SpanRoute {
    /// Where it is served, in OpenAPI spelling: `http.route`.
    fn template(&self) -> &str;
    /// The span's name for `method`: `otel.name`.
    fn otel_name(&self, method: &http::Method) -> std::borrow::Cow<'_, str>;
    /// Whether its span and event are `DEBUG` (a probe).
    fn quiet(&self) -> bool;
}

/// Opens the request span when a subscriber wants it (`None` when none
/// does). `route` is the route that matches, looked up once for both the
/// span and dispatch. Every request field is recorded as the span opens,
/// in one go: a JSON formatter re-reads the fields it already wrote on
/// every later record.
#[inline]
pub(crate) fn start<R: SpanRoute>(req: &http::request::Parts, route: Option<&R>) -> Option<Trace> {
    let unsubscribed = !tracing::dispatcher::has_been_set();
    if unsubscribed && !log_takes_info() {
        return None;
    }
    open(req, route, unsubscribed)
}

/// The span of [`start`], once something may want it.
#[inline(never)]
fn open<R: SpanRoute>(
    req: &http::request::Parts,
    route: Option<&R>,
    unsubscribed: bool,
) -> Option<Trace> {
    let address = || server_address(req);
    // One call site per level: a span's level is fixed where it is written.
    macro_rules! request_span {
        ($level:expr) => {
            tracing::span!(
                target: TARGET,
                $level,
                "request",
                otel.name = &*otel_name(&req.method, route),
                otel.kind = "server",
                otel.status_code = Empty,
                http.request.method = req.method.as_str(),
                http.route = route.map(SpanRoute::template),
                url.path = req.uri.path(),
                network.protocol.version = protocol_version(req.version),
                server.address = address().map(|(host, _)| host),
                server.port = address().and_then(|(_, port)| port),
                http.response.status_code = Empty,
                latency_ms = Empty,
                error.type = Empty,
            )
        };
    }
    let quiet = route.is_some_and(SpanRoute::quiet);
    let span = match quiet {
        false => request_span!(Level::INFO),
        true => request_span!(Level::DEBUG),
    };
    if span.is_disabled() && !unsubscribed {
        return None;
    }
    #[cfg(feature = "opentelemetry")]
    otel::continue_trace(&span, &req.headers);
    Some(Trace {
        span,
        start: Instant::now(),
        quiet,
    })
}

/// Whether `log`'s maximum level lets `INFO` through, when no `tracing`
/// subscriber was ever set: with `tracing`'s `log` feature the span and its
/// `response` event then go to the `log` logger (env_logger and the like),
/// so the span is kept although it is disabled for `tracing`. Below `INFO`
/// (no logger: `Off`) nothing is opened: a disabled span cost ~190
/// instructions per request.
#[inline]
fn log_takes_info() -> bool {
    log::max_level() >= log::LevelFilter::Info
}

/// The request span's name: the method and the route template, or the
/// method alone when no route matches.
fn otel_name<'a, R: SpanRoute>(
    method: &'a http::Method,
    route: Option<&'a R>,
) -> std::borrow::Cow<'a, str> {
    match route {
        Some(route) => route.otel_name(method),
        None => std::borrow::Cow::Borrowed(method.as_str()),
    }
}

impl Trace {
    /// Enters the span, for one poll of the response future.
    pub(crate) fn enter(&self) -> tracing::span::Entered<'_> {
        self.span.enter()
    }

    /// Records the outcome on the span, then logs the `response` event
    /// (`ERROR` for a 5xx).
    pub(crate) fn finish(&self, res: &Response) {
        let code = res.status();
        let status = code.as_u16();
        let latency_ms = self.start.elapsed().as_secs_f64() * 1000.0;
        if self.quiet {
            // A probe's 503 while draining is what it is for, not an error.
            tracing::record_all!(
                self.span,
                http.response.status_code = status,
                latency_ms = latency_ms,
            );
            tracing::event!(target: TARGET, Level::DEBUG, { http.response.status_code = status, latency_ms }, "response");
        } else if code.is_server_error() {
            let error_type = match res.extensions().get::<Panicked>() {
                Some(_) => "panic",
                None => code.as_str(),
            };
            tracing::record_all!(
                self.span,
                http.response.status_code = status,
                latency_ms = latency_ms,
                otel.status_code = "ERROR",
                error.type = error_type,
            );
            tracing::event!(target: TARGET, Level::ERROR, { http.response.status_code = status, latency_ms }, "response");
        } else {
            tracing::record_all!(
                self.span,
                http.response.status_code = status,
                latency_ms = latency_ms,
            );
            tracing::event!(target: TARGET, Level::INFO, { http.response.status_code = status, latency_ms }, "response");
        }
    }
}

/// The version as OpenTelemetry writes it: `1.1`, `2`.
fn protocol_version(version: http::Version) -> &'static str {
    match version {
        http::Version::HTTP_09 => "0.9",
        http::Version::HTTP_10 => "1.0",
        http::Version::HTTP_2 => "2",
        http::Version::HTTP_3 => "3",
        _ => "1.1",
    }
}

/// The host and port the client addressed: the URI's authority (HTTP/2,
/// absolute-form), else the `Host` header.
fn server_address(req: &http::request::Parts) -> Option<(&str, Option<u16>)> {
    if let Some(host) = req.uri.host() {
        return Some((host.trim_matches(['[', ']']), req.uri.port_u16()));
    }
    let host = req.headers.get(http::header::HOST)?.to_str().ok()?;
    let (name, port) = match host.rsplit_once(':') {
        Some((name, port)) if !name.is_empty() && !port.contains(']') => {
            (name, port.parse::<u16>().ok())
        }
        _ => (host, None),
    };
    Some((name.trim_matches(['[', ']']), port))
}

/// Marks a response that stands for a handler's panic, so that the span
/// records `error.type = "panic"` rather than the status.
#[derive(Clone, Copy)]
pub(crate) struct Panicked;

/// Logs a handler's panic inside the current span.
pub(crate) fn record_panic(payload: &(dyn std::any::Any + Send)) {
    let message = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic without a message");
    tracing::error!(target: TARGET, panic = message, "the handler panicked");
}

#[cfg(feature = "opentelemetry")]
mod otel {
    use opentelemetry::propagation::{Extractor, TextMapPropagator};
    use opentelemetry_sdk::propagation::TraceContextPropagator;
    use tracing_opentelemetry::OpenTelemetrySpanExt;

    /// The request's headers, read by the propagator.
    struct Headers<'a>(&'a http::HeaderMap);

    impl Extractor for Headers<'_> {
        fn get(&self, key: &str) -> Option<&str> {
            self.0.get(key).and_then(|v| v.to_str().ok())
        }

        fn keys(&self) -> Vec<&str> {
            self.0.keys().map(http::HeaderName::as_str).collect()
        }
    }

    /// Makes the `traceparent` (and `tracestate`) the client sent the
    /// span's parent. Without an OpenTelemetry layer there is nothing to
    /// continue, and a malformed header starts a new trace.
    pub(super) fn continue_trace(span: &tracing::Span, headers: &http::HeaderMap) {
        if !headers.contains_key("traceparent") {
            return;
        }
        let cx = TraceContextPropagator::new().extract(&Headers(headers));
        let _ = span.set_parent(cx);
    }
}

/// The `500` for a panic, logged in the request span .
pub(crate) fn panicked(payload: &(dyn std::any::Any + Send)) -> Response {
    record_panic(payload);
    let mut res = HttpError::internal("Internal server error").into_response();
    res.extensions_mut().insert(Panicked);
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(value: &str) -> Option<(String, Option<u16>)> {
        let req = http::Request::get("/x")
            .header("host", value)
            .body(())
            .unwrap();
        server_address(&req.into_parts().0).map(|(h, p)| (h.to_string(), p))
    }

    #[test]
    fn f1_server_address_from_host() {
        assert_eq!(
            host("api.example.com"),
            Some(("api.example.com".into(), None))
        );
        assert_eq!(
            host("127.0.0.1:3000"),
            Some(("127.0.0.1".into(), Some(3000)))
        );
        assert_eq!(host("[::1]:8080"), Some(("::1".into(), Some(8080))));
        assert_eq!(host("[::1]"), Some(("::1".into(), None)));
        let (req, ()) = http::Request::get("http://h2.example:9000/x")
            .body(())
            .unwrap()
            .into_parts();
        assert_eq!(server_address(&req), Some(("h2.example", Some(9000))));
    }

    #[test]
    fn f1_protocol_versions_as_opentelemetry_writes_them() {
        assert_eq!(protocol_version(http::Version::HTTP_11), "1.1");
        assert_eq!(protocol_version(http::Version::HTTP_10), "1.0");
        assert_eq!(protocol_version(http::Version::HTTP_2), "2");
    }
}
