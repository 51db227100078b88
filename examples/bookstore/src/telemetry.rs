//! Logs and traces for the bookstore binary (SPEC F1): tether opens one
//! span per request (target `tether::request`); this installs the
//! subscriber that writes them.
//!
//! - `RUST_LOG` filters, as tracing-subscriber's `EnvFilter` reads it
//!   (default `info`).
//! - `LOG_FORMAT=json` writes one JSON object per line (for a log
//!   collector), `LOG_FORMAT=pretty` a multi-line human layout; anything
//!   else the one-line default.
//! - Built with `--features otlp` and run with `OTEL_EXPORTER_OTLP_ENDPOINT`
//!   set (`http://localhost:4318`), the spans also go to an OpenTelemetry
//!   collector over OTLP/HTTP, and a `traceparent` sent in continues the
//!   caller's trace.

use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{fmt, EnvFilter, Layer};

/// What must live until the end of `main`: dropping it flushes the spans
/// not exported yet.
pub struct Telemetry {
    #[cfg(feature = "otlp")]
    provider: Option<opentelemetry_sdk::trace::SdkTracerProvider>,
}

impl Drop for Telemetry {
    fn drop(&mut self) {
        #[cfg(feature = "otlp")]
        if let Some(provider) = self.provider.take() {
            let _ = provider.shutdown();
        }
    }
}

/// Installs the global subscriber as the environment asks.
pub fn init() -> Telemetry {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let output = match std::env::var("LOG_FORMAT").as_deref() {
        Ok("json") => fmt::layer()
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .boxed(),
        Ok("pretty") => fmt::layer().pretty().boxed(),
        _ => fmt::layer().boxed(),
    };
    let registry = tracing_subscriber::registry().with(filter).with(output);
    #[cfg(feature = "otlp")]
    {
        let (layer, provider) = otlp::layer().unzip();
        registry.with(layer).init();
        Telemetry { provider }
    }
    #[cfg(not(feature = "otlp"))]
    {
        registry.init();
        Telemetry {}
    }
}

#[cfg(feature = "otlp")]
mod otlp {
    use opentelemetry::trace::TracerProvider as _;
    use opentelemetry_sdk::trace::SdkTracerProvider;
    use opentelemetry_sdk::Resource;

    /// The OpenTelemetry layer, when `OTEL_EXPORTER_OTLP_ENDPOINT` is set.
    pub(super) fn layer<S>() -> Option<(
        tracing_opentelemetry::OpenTelemetryLayer<S, opentelemetry_sdk::trace::Tracer>,
        SdkTracerProvider,
    )>
    where
        S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
    {
        std::env::var_os("OTEL_EXPORTER_OTLP_ENDPOINT")?;
        let exporter = match opentelemetry_otlp::SpanExporter::builder()
            .with_http()
            .build()
        {
            Ok(exporter) => exporter,
            Err(e) => {
                eprintln!("OTLP exporter not started: {e}");
                return None;
            }
        };
        let provider = SdkTracerProvider::builder()
            .with_batch_exporter(exporter)
            .with_resource(Resource::builder().with_service_name("bookstore").build())
            .build();
        let layer = tracing_opentelemetry::layer().with_tracer(provider.tracer("bookstore"));
        Some((layer, provider))
    }
}
