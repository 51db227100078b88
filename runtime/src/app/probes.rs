//! Rolling deploys: the draining state, and the readiness and
//! liveness probes a load balancer or container orchestrator polls.
//!
//! When shutdown begins the app is *draining*: the readiness probe answers
//! `503` so the load balancer stops sending new requests, the liveness
//! probe still answers `200` (the process is healthy, so it is not
//! restarted), and the [`NativeAdapter`](crate::NativeAdapter) closes every
//! HTTP/1.1 connection after its next answer (`Connection: close`), so
//! clients reconnect to another instance. With
//! [`NativeAdapter::drain_period`](crate::NativeAdapter::drain_period) the
//! listener stays open that long first, for load balancers that only learn
//! of the shutdown from the probe.
//!
//! ```no_run
//! use std::time::Duration;
//! use tether::{App, NativeAdapter};
//!
//! # async fn run() -> std::io::Result<()> {
//! App::new(NativeAdapter::new().drain_period(Duration::from_secs(5)))
//!     .readiness("/ready")
//!     .liveness("/live")
//!     .bind("0.0.0.0:3000")
//!     .await?
//!     .serve_until_ctrl_c()
//!     .await
//! # }
//! ```

use crate::pipeline::handler::{Handler, HandlerFuture};
use crate::response::body::{Body, Response};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Whether shutdown has begun; shared by the app's probes, its service and
/// every runtime thread serving it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Draining(Arc<AtomicBool>);

impl Draining {
    pub(crate) fn begin(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub(crate) fn is_draining(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Which probe a path answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Probe {
    /// `200` while serving, `503` once draining.
    Readiness,
    /// `200` while the process serves at all.
    Liveness,
}

impl Probe {
    /// The route's label in conflict messages.
    pub(crate) fn label(self) -> &'static str {
        match self {
            Probe::Readiness => "App::readiness",
            Probe::Liveness => "App::liveness",
        }
    }

    /// The probe's handler, reading `draining` at every call.
    pub(crate) fn handler(self, draining: Draining) -> Handler {
        Arc::new(move |_req| {
            let ready = self == Probe::Liveness || !draining.is_draining();
            HandlerFuture::new(std::future::ready(Ok(answer(ready))))
        })
    }
}

/// `200 {"status":"ok"}` or `503 {"status":"draining"}`, never cached.
fn answer(ready: bool) -> Response {
    let (status, body): (_, &'static [u8]) = if ready {
        (http::StatusCode::OK, br#"{"status":"ok"}"#)
    } else {
        (
            http::StatusCode::SERVICE_UNAVAILABLE,
            br#"{"status":"draining"}"#,
        )
    };
    let mut res = Response::new(Body::from(bytes::Bytes::from_static(body)));
    *res.status_mut() = status;
    let headers = res.headers_mut();
    headers.insert(
        http::header::CONTENT_TYPE,
        http::HeaderValue::from_static("application/json"),
    );
    headers.insert(
        http::header::CACHE_CONTROL,
        http::HeaderValue::from_static("no-store"),
    );
    res
}
