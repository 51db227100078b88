//! [`HttpAdapter`] and [`NativeAdapter`], tether's server on hyper + tokio
//! (SPEC A10). **Experimental:** the adapter's API may change between minor
//! releases.

use crate::app::AppService;
use crate::response::Response;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::TokioIo;
use hyper_util::server::graceful::GracefulShutdown;
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;
use tokio::net::TcpListener;

/// A shutdown signal given to an adapter.
pub type ShutdownSignal = Pin<Box<dyn Future<Output = ()> + Send>>;

/// Something that serves an [`AppService`] on a listener.
pub trait HttpAdapter: Send + 'static {
    /// Accepts connections and answers requests until `shutdown` completes,
    /// then lets in-flight requests finish.
    fn serve(
        self,
        listener: TcpListener,
        service: AppService,
        shutdown: ShutdownSignal,
    ) -> impl Future<Output = std::io::Result<()>> + Send;
}

/// The adapter on hyper 1.x: HTTP/1.1 with keep-alive, pipelined responses
/// flushed together, `TCP_NODELAY` and a header-read timeout.
#[derive(Debug, Clone)]
pub struct NativeAdapter {
    header_read_timeout: Duration,
    shutdown_deadline: Duration,
}

impl Default for NativeAdapter {
    fn default() -> Self {
        Self::new()
    }
}

impl NativeAdapter {
    /// The adapter with its defaults: 10 s to read request headers, 30 s
    /// for in-flight requests to finish on shutdown.
    pub fn new() -> Self {
        Self {
            header_read_timeout: Duration::from_secs(10),
            shutdown_deadline: Duration::from_secs(30),
        }
    }

    /// How long a client may take to send its request headers.
    pub fn header_read_timeout(mut self, timeout: Duration) -> Self {
        self.header_read_timeout = timeout;
        self
    }

    /// How long in-flight requests may run after shutdown begins.
    pub fn shutdown_deadline(mut self, deadline: Duration) -> Self {
        self.shutdown_deadline = deadline;
        self
    }

    fn builder(&self) -> http1::Builder {
        let mut builder = http1::Builder::new();
        builder
            .timer(hyper_util::rt::TokioTimer::new())
            .header_read_timeout(self.header_read_timeout)
            .pipeline_flush(true)
            .keep_alive(true);
        builder
    }
}

impl HttpAdapter for NativeAdapter {
    async fn serve(
        self,
        listener: TcpListener,
        service: AppService,
        shutdown: ShutdownSignal,
    ) -> std::io::Result<()> {
        let builder = self.builder();
        let graceful = GracefulShutdown::new();
        let mut shutdown = shutdown;
        loop {
            let stream = tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok((stream, _)) => stream,
                    // Running out of file descriptors and similar: keep serving.
                    Err(_) => {
                        tokio::time::sleep(Duration::from_millis(10)).await;
                        continue;
                    }
                },
                () = &mut shutdown => break,
            };
            let _ = stream.set_nodelay(true);
            let service = service.clone();
            let svc = hyper::service::service_fn(move |req: hyper::Request<Incoming>| {
                let fut = service.call(req);
                async move { Ok::<Response, Infallible>(fut.await) }
            });
            let conn = builder.serve_connection(TokioIo::new(stream), svc);
            let conn = graceful.watch(conn);
            tokio::spawn(async move {
                let _ = conn.await;
            });
        }
        drop(listener);
        let _ = tokio::time::timeout(self.shutdown_deadline, graceful.shutdown()).await;
        Ok(())
    }
}
