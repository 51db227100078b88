//! [`HttpAdapter`] and [`NativeAdapter`], tether's server on hyper + tokio.
//! **Experimental:** the adapter's API may change between minor
//! releases.

use crate::app::response_future::ResponseFuture;
use crate::app::service::AppService;
use crate::response::body::{IntoResponse, Response};
use crate::server::conn_io::ConnIo;
use crate::server::connection_limit::AcceptWarnings;
use crate::server::h2_clock::Clock;
use crate::server::h2_connection::Http2Task;
use crate::server::h2_streams::{SendWatch, StreamExec};
use crate::server::h2_writes::TurnWrites;
use crate::server::http2::Http2Settings;
use crate::server::idle::{Activity, Idle, Open};
use crate::server::linger::Lingering;
use crate::server::stall::Limits;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::TokioIo;
use hyper_util::server::graceful::{GracefulShutdown, Watcher};
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
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
/// flushed together, `TCP_NODELAY`, a header-read timeout, an optional
/// request timeout, HTTP/2 (h2c with prior knowledge, and ALPN `h2` over
/// TLS) and, with the `tls` feature, HTTPS.
#[derive(Debug, Clone)]
pub struct NativeAdapter {
    header_read_timeout: Duration,
    http2: Http2Settings,
    shutdown_deadline: Duration,
    drain_period: Duration,
    request_timeout: Option<Duration>,
    body_read_timeout: Duration,
    send_timeout: Duration,
    pipeline_flush: bool,
    strict_host: bool,
    max_connections: usize,
    /// The connection slots, shared by the clones of an adapter (the
    /// per-core runtime serves one listener per core with clones).
    slots: Arc<tokio::sync::Semaphore>,
    #[cfg(feature = "tls")]
    tls: Option<crate::server::tls::TlsConfig>,
}

impl Default for NativeAdapter {
    fn default() -> Self {
        Self::new()
    }
}

impl NativeAdapter {
    /// The adapter with its defaults: 10 s to read request headers, 60 s
    /// without a request body byte or without write progress, 30 s for
    /// in-flight requests to finish on shutdown, and a connection limit
    /// derived from the process's file limit.
    pub fn new() -> Self {
        let files = crate::server::connection_limit::open_file_limit();
        let max_connections = crate::server::connection_limit::default_max_connections(files);
        Self {
            header_read_timeout: Duration::from_secs(10),
            http2: Http2Settings::default(),
            shutdown_deadline: Duration::from_secs(30),
            drain_period: Duration::ZERO,
            request_timeout: None,
            body_read_timeout: Duration::from_secs(60),
            send_timeout: Duration::from_secs(60),
            pipeline_flush: true,
            strict_host: true,
            max_connections,
            slots: Arc::new(tokio::sync::Semaphore::new(max_connections)),
            #[cfg(feature = "tls")]
            tls: None,
        }
    }

    /// At most this many open connections, HTTP/1 and HTTP/2 together
    /// (default: the process's open-file limit, `RLIMIT_NOFILE`, less an
    /// eighth of it and at least 64 for the app's other files: 896 of
    /// 1024). Past it, accepting pauses and new connections wait in the
    /// listen backlog until one closes, and a warning is logged (at most
    /// one per 10 s). Idle, stalled and slow clients are closed by the
    /// header-read, body-read and send timeouts, so they cannot hold the
    /// slots for long. The clones of an adapter share the limit (the
    /// per-core runtime's listeners together).
    pub fn max_connections(mut self, limit: usize) -> Self {
        self.max_connections = limit.clamp(1, tokio::sync::Semaphore::MAX_PERMITS);
        self.slots = Arc::new(tokio::sync::Semaphore::new(self.max_connections));
        self
    }

    /// How long a request body may go without a byte arriving while the
    /// app waits for it (default 60 s, nginx's `client_body_timeout`).
    /// Past it the request is answered `408 Request Timeout`; on HTTP/1
    /// the connection is closed, on HTTP/2 the stream ends and the
    /// connection stays. Counted on the connection's one timer (see
    /// [`header_read_timeout`](Self::header_read_timeout)): it fires
    /// between this and this plus the shortest timeout after the last
    /// byte; nothing is timed per request. A body read outside the
    /// request's task (a handler that spawns its reading) is not watched.
    pub fn body_read_timeout(mut self, timeout: Duration) -> Self {
        self.body_read_timeout = timeout;
        self
    }

    /// How long an answer may go without write progress (default 60 s,
    /// nginx's `send_timeout`): an HTTP/1 connection whose socket stayed
    /// full that long (a client that stopped reading) is closed; an HTTP/2
    /// stream whose answer the client has not taken that long (its
    /// flow-control window stayed closed) is reset, so keep-alive `PING`s
    /// alone do not keep it. Either way what the answer held is freed. A
    /// slow client that keeps reading, an SSE stream included, is not
    /// affected: any progress restarts the wait.
    pub fn send_timeout(mut self, timeout: Duration) -> Self {
        self.send_timeout = timeout;
        self
    }

    /// Whether the responses to pipelined requests that arrive together
    /// leave in one write (default `true`), rather than one write each.
    /// Either way every response is sent, including hyper's `400`/`431`
    /// for a malformed request after valid ones (see `conn_io.rs`), and
    /// at most 64 KiB of them wait: a streamed answer to a client that
    /// stops reading is produced only as far as the socket takes it.
    pub fn pipeline_flush(mut self, on: bool) -> Self {
        self.pipeline_flush = on;
        self
    }

    /// Whether HTTP/1's `Host` rule (RFC 9112, section 3.2) is enforced
    /// (default `true`): an HTTP/1.1 request without `Host`, or any with
    /// two `Host` lines or a value that is not a host and optional port,
    /// is answered `400` naming the problem, the connection closed, and
    /// the app never sees it (Node's `http`, Go's `net/http` and nginx do
    /// the same). Costs one header lookup per request; turn it off only
    /// behind a proxy that enforces the rule already.
    pub fn strict_host(mut self, on: bool) -> Self {
        self.strict_host = on;
        self
    }

    /// How long a handler may take before the request is answered with
    /// `503 Service Unavailable` (default: no limit; the client did nothing
    /// wrong, so not Nest's 408). Streams such as SSE are
    /// not limited once their response has started. Each request's timer
    /// is one heap allocation.
    pub fn request_timeout(mut self, timeout: Duration) -> Self {
        self.request_timeout = Some(timeout);
        self
    }

    /// Serves HTTPS with this certificate (the `tls` feature).
    #[cfg(feature = "tls")]
    pub fn tls(mut self, config: crate::server::tls::TlsConfig) -> Self {
        self.tls = Some(config);
        self
    }

    /// How long an HTTP/1 connection may wait for a request head (default
    /// 10 s): a client sending its headers, a keep-alive connection between
    /// requests, a new connection. Past it the connection is closed, after
    /// between one and two timeouts (see `runtime/src/server/idle.rs`); never while
    /// a request is handled or its answer written. Also the time a TLS
    /// handshake and an HTTP/2 client's first bytes may take.
    pub fn header_read_timeout(mut self, timeout: Duration) -> Self {
        self.header_read_timeout = timeout;
        self
    }

    /// How long in-flight requests may run after shutdown begins.
    pub fn shutdown_deadline(mut self, deadline: Duration) -> Self {
        self.shutdown_deadline = deadline;
        self
    }

    /// How long to keep accepting and answering after shutdown begins,
    /// before the listener closes (default: none). The app is
    /// draining from the start: its [`readiness`](crate::App::readiness)
    /// probe answers `503` and every HTTP/1.1 answer carries
    /// `Connection: close`, so a load balancer that learns of the shutdown
    /// from the probe has this long to stop sending. Then in-flight
    /// requests get the [`shutdown_deadline`](Self::shutdown_deadline).
    pub fn drain_period(mut self, period: Duration) -> Self {
        self.drain_period = period;
        self
    }

    /// Whether HTTP/2 is served beside HTTP/1.1 (default `true`): h2c
    /// with prior knowledge on plain TCP (a connection opening with the
    /// HTTP/2 preface; costs one peek per connection, nothing per request)
    /// and ALPN `h2` over TLS. Off: HTTP/1.1 only, and `h2` is not offered.
    pub fn http2(mut self, on: bool) -> Self {
        self.http2.enabled = on;
        self
    }

    /// HTTP/2: at most this many streams (requests) open at once on one
    /// connection (default 100; `SETTINGS_MAX_CONCURRENT_STREAMS`).
    pub fn http2_max_concurrent_streams(mut self, max: u32) -> Self {
        self.http2.max_concurrent_streams = max;
        self
    }

    /// HTTP/2: the largest request header list, in bytes, as HPACK
    /// decodes it (default 16 KiB; `SETTINGS_MAX_HEADER_LIST_SIZE`).
    pub fn http2_max_header_list_size(mut self, bytes: u32) -> Self {
        self.http2.max_header_list_size = bytes;
        self
    }

    /// HTTP/2: how many streams the client may reset before the server
    /// accepted them; past it the connection ends with `GOAWAY` (default
    /// 20; the "rapid reset" flood, CVE-2023-44487).
    pub fn http2_max_pending_accept_reset_streams(mut self, max: usize) -> Self {
        self.http2.max_pending_accept_reset_streams = max;
        self
    }

    /// HTTP/2: how many streams the server may reset because the client
    /// broke the protocol before the connection ends with `GOAWAY`
    /// (default 1024; RUSTSEC-2024-0003).
    pub fn http2_max_local_error_reset_streams(mut self, max: usize) -> Self {
        self.http2.max_local_error_reset_streams = max;
        self
    }

    /// HTTP/2: a `PING` every `interval` (`None`: never), and the
    /// connection closed when one is not answered within `timeout`
    /// (default every 20 s, 20 s to answer): dead peers do not hold
    /// connections.
    pub fn http2_keep_alive(mut self, interval: Option<Duration>, timeout: Duration) -> Self {
        self.http2.keep_alive_interval = interval;
        self.http2.keep_alive_timeout = timeout;
        self
    }

    /// HTTP/2: an open connection without a stream for `timeout` (`None`:
    /// never) is sent `GOAWAY` and closed (default 75 s, nginx's
    /// `keepalive_timeout`). One timer looks at every HTTP/2 connection
    /// once per `timeout`, nothing is timed per connection or stream, so
    /// it closes after between one and two timeouts of silence; a stream
    /// still open (a long SSE answer) keeps it. HTTP/1.1 connections have
    /// the header-read timeout instead
    /// ([`NativeAdapter::header_read_timeout`]).
    pub fn http2_idle_timeout(mut self, timeout: Option<Duration>) -> Self {
        self.http2.idle_timeout = timeout;
        self
    }

    /// Serves one connection accepted elsewhere (a Unix socket, an
    /// in-memory stream, a listener of your own) as HTTP/1.1 with this
    /// adapter's settings, until the client closes it or it fails.
    pub async fn serve_connection<I>(&self, io: I, service: AppService)
    where
        I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        let svc = hyper_service(service, self.request_timeout, self.strict_host);
        let (io, svc, activity) = http1_parts(io, self.pipeline_flush, svc, None);
        let conn = self.builder().serve_connection(io, svc);
        let _ = Idle::new(conn, activity, self.http1_limits()).await;
    }

    /// HTTP/1's timeouts, on one timer per connection.
    fn http1_limits(&self) -> Limits {
        Limits::new(
            Some(self.header_read_timeout),
            self.body_read_timeout,
            self.send_timeout,
        )
    }

    /// HTTP/2's timeouts, on one timer per connection.
    fn http2_limits(&self) -> Limits {
        Limits::new(
            self.http2.idle_timeout,
            self.body_read_timeout,
            self.send_timeout,
        )
    }

    fn builder(&self) -> http1::Builder {
        let mut builder = http1::Builder::new();
        // The header-read timeout is not hyper's: see `crate::server::idle`.
        builder
            // Batching is ConnIo's: hyper's own loses held responses on errors.
            .pipeline_flush(false)
            // Head and body copied into one buffer, as with hyper's own
            // `pipeline_flush`: for small answers cheaper than a queue of
            // buffers for `writev` (issue 18).
            .writev(false)
            .keep_alive(true);
        builder
    }
}

pin_project_lite::pin_project! {
    /// Answers one request, within the request timeout if there is one.
    /// A future of its own rather than an `async fn`: an `async fn` copies
    /// its arguments, the response future, once more when first polled.
    ///
    /// A request that came with a body is answered one poll later: hyper
    /// notices a body the app dropped unread only when it next reads, and
    /// then stops reading it and disables keep-alive, so the answer says
    /// `Connection: close`. Without that poll the answer
    /// would claim keep-alive on a connection about to close.
    ///
    /// `close` (a request of HTTP/1.x that came while draining) adds
    /// `Connection: close`: hyper then closes the connection after the answer.
    ///
    /// A request whose body wait expired (`crate::server::stall`) is answered `408`
    /// in place of the handler's answer, with `Connection: close` on
    /// HTTP/1. An HTTP/2 answer is handed over in chunks that tell the send
    /// timeout of their progress (`crate::server::h2_streams`).
    struct Respond {
        #[pin]
        answer: Answer,
        has_body: bool,
        close: bool,
        http2: bool,
        // The request, open until its answer is sent (the header-read
        // timeout waits for it); through it an SSE answer learns when the
        // listener closes.
        open: Option<Open>,
    }
}

pin_project_lite::pin_project! {
    #[project = AnswerProj]
    enum Answer {
        Now { #[pin] fut: ResponseFuture },
        // The timer is boxed: the future stays small where no request
        // timeout is set, and each move of it copies it.
        Within { #[pin] fut: ResponseFuture, deadline: Pin<Box<Deadline>> },
        // The answer, held for the one poll of a request with a body (in
        // the place of its finished future: the future stays smaller).
        Held { res: Option<Response> },
    }
}

pin_project_lite::pin_project! {
    /// A request's timeout: when it fires, and how long it was.
    struct Deadline {
        #[pin]
        sleep: tokio::time::Sleep,
        limit: Duration,
    }
}

impl Answer {
    /// `fut` within the request timeout `limit`: out of line, so that the
    /// timer's setup is not in the code of requests without one.
    #[inline(never)]
    fn within(fut: ResponseFuture, limit: Duration) -> Answer {
        Answer::Within {
            fut,
            deadline: Box::pin(Deadline {
                sleep: tokio::time::sleep(limit),
                limit,
            }),
        }
    }
}

impl Respond {
    /// Built where it is returned, in one piece (each move copies `fut`).
    #[inline(always)]
    fn new(
        fut: ResponseFuture,
        timeout: Option<Duration>,
        has_body: bool,
        close: bool,
        http2: bool,
        open: Option<Open>,
    ) -> Self {
        match timeout {
            None => Respond {
                answer: Answer::Now { fut },
                has_body,
                close,
                http2,
                open,
            },
            Some(limit) => Respond {
                answer: Answer::within(fut, limit),
                has_body,
                close,
                http2,
                open,
            },
        }
    }
}

impl Future for Respond {
    type Output = Result<Response, Infallible>;

    #[inline]
    fn poll(
        self: Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Self::Output> {
        let mut this = self.project();
        let mut res = match poll_answer(this.answer.as_mut(), cx) {
            std::task::Poll::Ready(res) => res,
            std::task::Poll::Pending if crate::server::stall::body_expired() => {
                // The handler (and the body it waits for) is dropped.
                this.answer.set(Answer::Held { res: None });
                *this.close = !*this.http2;
                body_timeout()
            }
            std::task::Poll::Pending => return std::task::Poll::Pending,
        };
        if std::mem::take(this.has_body) {
            this.answer.set(Answer::Held { res: Some(res) });
            cx.waker().wake_by_ref();
            return std::task::Poll::Pending;
        }
        if *this.close {
            say_close(&mut res);
        }
        let mut open = this.open.take();
        // A stream stays open while hyper writes it; anything else is
        // written at once.
        if res.body().is_stream() {
            keep_open(&mut res, &mut open);
        }
        if *this.http2 {
            crate::server::stall::responded();
            let large = http_body::Body::size_hint(res.body()).lower()
                > crate::server::h2_streams::CHUNK as u64;
            if large || res.body().is_stream() {
                res = res.map(|body| SendWatch::wrap(body, open));
            }
        }
        std::task::Poll::Ready(Ok(res))
    }
}

/// `Connection: close` on `res` (a request that came while draining, or
/// whose body stopped arriving). Out of line, as the other rare paths of
/// [`Respond`]'s poll: the code a request runs stays small (BENCHMARKS.md,
/// "Why time exceeds instructions").
#[cold]
#[inline(never)]
fn say_close(res: &mut Response) {
    res.headers_mut().insert(
        http::header::CONNECTION,
        http::HeaderValue::from_static("close"),
    );
}

/// A streamed answer holds its request open (`open`) while hyper writes
/// it; an SSE stream ends when the listener closes.
#[inline(never)]
fn keep_open(res: &mut Response, open: &mut Option<Open>) {
    let Some(open) = open.take() else {
        return;
    };
    if let Some(closing) = open.closing() {
        crate::response::sse::end_when_closing(res, closing);
    }
    let body = std::mem::take(res.body_mut());
    *res.body_mut() = body.holding(open);
}

/// The answer to a request whose body stopped arriving.
#[cold]
#[inline(never)]
fn body_timeout() -> Response {
    crate::HttpError::new(
        http::StatusCode::REQUEST_TIMEOUT,
        "the request body stopped arriving: no byte within the body-read timeout",
    )
    .with_code(crate::response::error::codes::BODY_TIMEOUT)
    .into_response()
}

/// The response, or the `503` of a request past its timeout.
#[inline(always)]
fn poll_answer(
    answer: Pin<&mut Answer>,
    cx: &mut std::task::Context<'_>,
) -> std::task::Poll<Response> {
    match answer.project() {
        AnswerProj::Now { fut } => fut.poll(cx),
        AnswerProj::Within { fut, deadline } => {
            if let std::task::Poll::Ready(res) = fut.poll(cx) {
                return std::task::Poll::Ready(res);
            }
            let deadline = deadline.as_mut().project();
            std::task::ready!(deadline.sleep.poll(cx));
            std::task::Poll::Ready(past_deadline(*deadline.limit))
        }
        AnswerProj::Held { res } => {
            std::task::Poll::Ready(res.take().expect("Respond polled after completion"))
        }
    }
}

/// The `503` of a request that took longer than `limit`.
#[cold]
#[inline(never)]
fn past_deadline(limit: Duration) -> Response {
    crate::HttpError::new(
        http::StatusCode::SERVICE_UNAVAILABLE,
        format!("the request took longer than {} ms", limit.as_millis()),
    )
    .with_code(crate::response::error::codes::TIMEOUT)
    .into_response()
}

/// An HTTP/1 connection's I/O (batched when `batching`) and service, both
/// telling the [`Activity`] its header-read timeout watches ([`Idle`]).
/// `closing`: the adapter's, when the connection is one its listener
/// accepted (see [`Activity`]).
fn http1_parts<I>(
    io: I,
    batching: bool,
    mut svc: HyperService,
    closing: Option<tokio::sync::watch::Receiver<()>>,
) -> (TokioIo<ConnIo<Lingering<I>>>, HyperService, Arc<Activity>)
where
    I: AsyncRead + AsyncWrite + Unpin,
{
    let activity = Arc::new(Activity::new(closing));
    svc.activity = Some(activity.clone());
    let io = TokioIo::new(ConnIo::new(
        Lingering::new(io),
        batching,
        Some(activity.clone()),
    ));
    (io, svc, activity)
}

/// `service` as hyper calls it: one [`Respond`] per request.
fn hyper_service(
    service: AppService,
    timeout: Option<Duration>,
    strict_host: bool,
) -> HyperService {
    HyperService {
        service,
        timeout,
        activity: None,
        strict_host,
    }
}

/// The app as hyper's service, one per connection (see [`hyper_service`]).
/// A service of its own rather than hyper's `service_fn`: one layer less
/// for the request to be moved through.
#[derive(Clone)]
struct HyperService {
    service: AppService,
    timeout: Option<Duration>,
    /// The connection's activity: HTTP/1's header-read timeout reads it,
    /// and it carries the adapter's closing, which ends SSE streams.
    activity: Option<Arc<Activity>>,
    /// HTTP/1's `Host` rule is enforced ([`NativeAdapter::strict_host`]).
    strict_host: bool,
}

impl hyper::service::Service<hyper::Request<Incoming>> for HyperService {
    type Response = Response;
    type Error = Infallible;
    type Future = Respond;

    #[inline]
    fn call(&self, req: hyper::Request<Incoming>) -> Respond {
        // Split once, here: each move of the whole request is a copy.
        let (head, body) = req.into_parts();
        let has_body = !http_body::Body::is_end_stream(&body);
        let http1 = head.version < http::Version::HTTP_2;
        let close = http1 && self.service.is_draining();
        let open = self.activity.as_ref().map(Activity::start);
        let answer = self
            .service
            .call_parts(head, body.into(), http1 && self.strict_host);
        Respond::new(answer, self.timeout, has_body, close, !http1, open)
    }
}

/// `shutdown`, then the drain period: the app drains from the moment the
/// signal fires (and `tell` says so to HTTP/2 connections), the listener
/// closes when the period is over.
fn draining(
    shutdown: ShutdownSignal,
    service: AppService,
    period: Duration,
    tell: tokio::sync::watch::Sender<bool>,
) -> ShutdownSignal {
    Box::pin(async move {
        shutdown.await;
        service.begin_draining();
        let _ = tell.send(true);
        if !period.is_zero() {
            tokio::time::sleep(period).await;
        }
    })
}

/// hyper's connection builders, and the choice between them.
struct Protocols {
    http1: http1::Builder,
    /// `None` when HTTP/2 is off. A builder is made per connection from
    /// them: its executor watches that connection's streams.
    http2: Option<Http2Settings>,
    batching: bool,
    /// HTTP/1's header-read, body-read and send timeouts (see
    /// [`crate::server::idle`]).
    http1_limits: Limits,
    /// HTTP/2's timer: its idle (`GOAWAY` to a connection without streams
    /// this long), body-read and send timeouts (see
    /// [`crate::server::h2_clock`]), and the word of draining.
    clock: Arc<Clock>,
}

/// A connection whose first bytes (or ALPN) chose HTTP/2, handed back to
/// the accept loop, which serves it in a task of its own. A task is as
/// large as the largest state of its future: so no HTTP/1.1 connection's
/// task holds the room of HTTP/2's state (hyper's h2 connection and the
/// idle timer, 2.4 KiB), and no HTTP/2 one the room of HTTP/1.1's.
struct Http2Handoff {
    io: Http2Io,
    conn: ConnParts,
}

/// What a connection is served with, beside its socket, whichever
/// protocol it speaks (`accepted_draining` is HTTP/2's).
struct ConnParts {
    svc: HyperService,
    watcher: Watcher,
    /// Changes (or is dropped) when the listener closes: SSE streams end.
    closing: tokio::sync::watch::Receiver<()>,
    /// It came while the app drained: it goes away after its first request.
    accepted_draining: bool,
    /// Its slot under the connection limit, freed once the socket closed.
    permit: tokio::sync::OwnedSemaphorePermit,
}

/// The socket of an [`Http2Handoff`].
enum Http2Io {
    Plain(tokio::net::TcpStream),
    #[cfg(feature = "tls")]
    Tls(Box<tokio_rustls::server::TlsStream<tokio::net::TcpStream>>),
}

/// A connection's task: `Some` when the connection is handed back to be
/// served as HTTP/2.
type ConnectionTask = Option<Http2Handoff>;

impl Protocols {
    /// Serves `io` as HTTP/1.1 until it closes or shutdown ends it (its
    /// SSE streams end at `closing`); the watcher, held to the end, makes
    /// the adapter's shutdown wait for it. The future is the connection
    /// itself, built here: an `async fn` would hold its arguments' room
    /// besides, in every HTTP/1.1 connection's task.
    fn serve_h1<I>(
        &self,
        io: I,
        svc: HyperService,
        watcher: Watcher,
        closing: tokio::sync::watch::Receiver<()>,
    ) -> impl Future<Output = Option<hyper::Result<()>>> + Send
    where
        I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        let (io, svc, activity) = http1_parts(io, self.batching, svc, Some(closing));
        let conn = watcher.watch(self.http1.serve_connection(io, svc));
        Idle::new(conn, activity, self.http1_limits)
    }

    /// Serves `io` as HTTP/2 until it closes, goes idle past the idle
    /// timeout, or shutdown ends it (see [`Http2Task`]). Like
    /// [`Protocols::serve_h1`], the future is the connection itself.
    fn serve_h2<I>(&self, io: I, conn: ConnParts) -> impl Future<Output = ()> + Send
    where
        I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        let ConnParts {
            mut svc,
            watcher,
            closing,
            accepted_draining,
            permit,
        } = conn;
        let settings = self
            .http2
            .as_ref()
            .expect("handed back only when HTTP/2 is on");
        // Binary frames: no request heads to count, nothing to batch.
        // No header-read timeout either: the activity counts the streams
        // for the idle timeout and carries the closing.
        let activity = Arc::new(Activity::new(Some(closing)));
        svc.activity = Some(activity.clone());
        let exec = StreamExec {
            activity: activity.clone(),
            limits: self.clock.limits().into(),
        };
        let io = TokioIo::new(Lingering::new(TurnWrites::new(io)));
        let h2 = settings.builder(exec).serve_connection(io, svc);
        let slot = self.clock.enter(activity.clone());
        Http2Task::new(h2, activity, slot, watcher, permit, accepted_draining)
    }
}

impl HttpAdapter for NativeAdapter {
    async fn serve(
        self,
        listener: TcpListener,
        service: AppService,
        shutdown: ShutdownSignal,
    ) -> std::io::Result<()> {
        let protocols = Arc::new(Protocols {
            http1: self.builder(),
            http2: self.http2.enabled.then(|| self.http2.clone()),
            batching: self.pipeline_flush,
            http1_limits: self.http1_limits(),
            clock: Clock::new(self.http2_limits()),
        });
        #[cfg(feature = "tls")]
        let acceptor = self
            .tls
            .as_ref()
            .map(|tls| tls.acceptor(self.http2.enabled));
        let graceful = GracefulShutdown::new();
        // Tells connections still waiting for their first bytes, and
        // HTTP/2 ones, to go.
        let (closing, _) = tokio::sync::watch::channel(());
        let (tell_draining, draining_now) = tokio::sync::watch::channel(false);
        // HTTP/2's timer, stopped (aborted) when the adapter returns; its
        // connections are cut then, also if this future is dropped.
        let cut = protocols.clock.cut_on_drop();
        let mut clock = tokio::task::JoinSet::new();
        if protocols.http2.is_some() {
            let run = protocols
                .clock
                .clone()
                .run(draining_now, closing.subscribe());
            clock.spawn(run);
        }
        let timeout = self.request_timeout;
        let strict_host = self.strict_host;
        let mut shutdown = draining(shutdown, service.clone(), self.drain_period, tell_draining);
        let slots = self.slots.clone();
        let mut warnings = AcceptWarnings::default();
        // Every connection's task but HTTP/2 ones (which the clock cuts):
        // those still running when the shutdown deadline has passed are
        // aborted as the set is dropped.
        let mut connections = tokio::task::JoinSet::<ConnectionTask>::new();
        loop {
            // Forget the finished ones (a few per accepted connection),
            // and serve those handed back as HTTP/2.
            while let Some(done) = connections.try_join_next() {
                spawn_handoff(&protocols, done);
            }
            // Wait for a free slot before accepting: the backlog holds the rest.
            let permit = match slots.clone().try_acquire_owned() {
                Ok(permit) => permit,
                Err(_) => {
                    warnings.full(self.max_connections);
                    tokio::select! {
                        permit = slots.clone().acquire_owned() => match permit {
                            Ok(permit) => permit,
                            Err(_) => break,
                        },
                        Some(done) = connections.join_next() => {
                            spawn_handoff(&protocols, done);
                            continue;
                        }
                        () = &mut shutdown => break,
                    }
                }
            };
            let stream = tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok((stream, _)) => stream,
                    // Running out of file descriptors and similar: keep serving.
                    Err(error) => {
                        warnings.failed(&error);
                        tokio::time::sleep(Duration::from_millis(10)).await;
                        continue;
                    }
                },
                Some(done) = connections.join_next() => {
                    spawn_handoff(&protocols, done);
                    continue;
                }
                () = &mut shutdown => break,
            };
            let _ = stream.set_nodelay(true);
            let conn = ConnParts {
                svc: hyper_service(service.clone(), timeout, strict_host),
                watcher: graceful.watcher(),
                closing: closing.subscribe(),
                accepted_draining: service.is_draining(),
                permit,
            };
            let protocols = protocols.clone();
            #[cfg(feature = "tls")]
            if let Some(acceptor) = &acceptor {
                let acceptor = acceptor.clone();
                let handshake_timeout = self.header_read_timeout;
                connections.spawn(async move {
                    let accepted = tokio::time::timeout(handshake_timeout, acceptor.accept(stream));
                    let Ok(Ok(tls_stream)) = accepted.await else {
                        return None;
                    };
                    // ALPN offers `h2` only when HTTP/2 is on.
                    if tls_stream.get_ref().1.alpn_protocol() == Some(b"h2") {
                        let io = Http2Io::Tls(Box::new(tls_stream));
                        return Some(Http2Handoff { io, conn });
                    }
                    let _ = protocols
                        .serve_h1(tls_stream, conn.svc, conn.watcher, conn.closing)
                        .await;
                    None
                });
                continue;
            }
            if protocols.http2.is_none() {
                // HTTP/1.1 only: nothing to look at first.
                connections.spawn(async move {
                    let _ = protocols
                        .serve_h1(stream, conn.svc, conn.watcher, conn.closing)
                        .await;
                    drop(conn.permit);
                    None
                });
                continue;
            }
            let (mut closing, first_bytes_timeout) =
                (closing.subscribe(), self.header_read_timeout);
            connections.spawn(async move {
                let h2 = tokio::select! {
                    h2 = crate::server::http2::starts_with_preface(&stream, first_bytes_timeout) => h2,
                    _ = closing.changed() => None,
                };
                match h2 {
                    Some(true) => {
                        let io = Http2Io::Plain(stream);
                        return Some(Http2Handoff { io, conn });
                    }
                    Some(false) => {
                        let (svc, watcher, closing) = (conn.svc, conn.watcher, conn.closing);
                        let _ = protocols.serve_h1(stream, svc, watcher, closing).await;
                    }
                    None => drop(stream),
                }
                // The socket is closed first: never more open than the limit.
                drop(conn.permit);
                None
            });
        }
        drop(listener);
        let _ = closing.send(());
        // Connections handed back meanwhile are served too (and told to go).
        let handoffs = async {
            while let Some(done) = connections.join_next().await {
                spawn_handoff(&protocols, done);
            }
            std::future::pending::<()>().await;
        };
        tokio::select! {
            _ = tokio::time::timeout(self.shutdown_deadline, graceful.shutdown()) => {}
            () = handoffs => {}
        }
        // Past the deadline: what still runs is cut (`connections` aborts
        // its tasks when dropped, the clock ends HTTP/2 ones), also when
        // the runtime goes on running.
        drop(connections);
        drop(cut);
        drop(clock);
        Ok(())
    }
}

/// Serves a connection its task handed back as HTTP/2 ([`Http2Handoff`])
/// in a task of its own. Not in the set: the clock cuts it at the shutdown
/// deadline (see [`crate::server::h2_clock`]).
fn spawn_handoff(protocols: &Protocols, done: Result<ConnectionTask, tokio::task::JoinError>) {
    let Ok(Some(Http2Handoff { io, conn })) = done else {
        return;
    };
    // A task per kind of socket, each sized for its own: the connection's
    // future itself (a block awaiting it would hold room for its arguments).
    match io {
        Http2Io::Plain(io) => tokio::spawn(protocols.serve_h2(io, conn)),
        #[cfg(feature = "tls")]
        Http2Io::Tls(io) => tokio::spawn(protocols.serve_h2(*io, conn)),
    };
}

/// Completes on Ctrl-C or, on Unix, `SIGTERM`: pass it to
/// [`Server::serve_with_shutdown`](crate::Server::serve_with_shutdown).
///
/// ```no_run
/// # async fn run(app: tether::App) -> std::io::Result<()> {
/// app.bind("0.0.0.0:3000")
///     .await?
///     .serve_with_shutdown(tether::shutdown_signal())
///     .await
/// # }
/// ```
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}

#[cfg(all(test, target_pointer_width = "64"))]
mod tests {
    use super::*;
    use std::mem::{size_of, size_of_val};

    /// What a connection's task is given: the adapter's protocols, a
    /// connected socket, its service, the adapter's closing and a watcher
    /// (the sender and the graceful shutdown are kept alive with them).
    struct Parts {
        protocols: Protocols,
        stream: tokio::net::TcpStream,
        svc: HyperService,
        closing: tokio::sync::watch::Receiver<()>,
        graceful: GracefulShutdown,
        _sender: tokio::sync::watch::Sender<()>,
    }

    async fn parts() -> Parts {
        let adapter = NativeAdapter::new();
        let (_, service) = crate::App::new(NativeAdapter::new())
            .into_service()
            .expect("an empty app");
        let protocols = Protocols {
            http1: adapter.builder(),
            http2: Some(adapter.http2.clone()),
            batching: true,
            http1_limits: adapter.http1_limits(),
            clock: Clock::new(adapter.http2_limits()),
        };
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("address");
        let stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
        let (closing_tx, closing) = tokio::sync::watch::channel(());
        Parts {
            protocols,
            stream,
            svc: hyper_service(service, None, true),
            closing,
            graceful: GracefulShutdown::new(),
            _sender: closing_tx,
        }
    }

    /// Every open connection holds its task, and the task is as large as
    /// the largest state of its future: an idle HTTP/1 connection must not
    /// carry the room of an HTTP/2 one (hyper's h2 connection and two
    /// timers, 1.6 KiB), which is served by a task of its own
    /// (issue 37, many connections: a task of 3.7 KiB before, 1.7 KiB with
    /// HTTP/2 boxed, 1.4 KiB once HTTP/2 went to a task of its own and
    /// HTTP/1.1's future became the connection itself, 1,112 bytes).
    #[tokio::test]
    async fn an_http1_connection_does_not_carry_the_room_of_an_http2_one() {
        let p = parts().await;
        let watcher = p.graceful.watcher();
        let serve = p.protocols.serve_h1(p.stream, p.svc, watcher, p.closing);
        assert!(size_of_val(&serve) <= 1152, "{}", size_of_val(&serve));
    }

    /// An HTTP/2 connection is served by a task of its own (handed back by
    /// the task that found the preface): it holds HTTP/2's state only, not
    /// also the room of an HTTP/1.1 connection, and no timer or watch of
    /// its own (the adapter's one clock keeps its time). Its future is
    /// hyper's connection and five words, so that with tokio's 104 bytes
    /// its task fits in 14 blocks of 128 bytes, 1,792 (axum's: 1,920).
    /// (Issue 37, many connections: 1,664 + 2,632 bytes in two allocations
    /// at first, then a task of 2,560.)
    #[tokio::test]
    async fn an_http2_connection_does_not_carry_the_room_of_an_http1_one() {
        let p = parts().await;
        let slots = Arc::new(tokio::sync::Semaphore::new(1));
        let conn = ConnParts {
            svc: p.svc,
            watcher: p.graceful.watcher(),
            closing: p.closing,
            accepted_draining: false,
            permit: slots.try_acquire_owned().expect("a slot"),
        };
        let serve = p.protocols.serve_h2(p.stream, conn);
        assert!(size_of_val(&serve) <= 1688, "{}", size_of_val(&serve));
    }

    /// A request's future is moved on its way into hyper, each move a
    /// copy: a ready answer waits in a reused block and a
    /// request timeout's timer in a box, so the futures stay small. The
    /// largest part left is the answer a request with a body holds for
    /// one poll.
    #[test]
    fn the_response_futures_stay_small() {
        assert!(
            size_of::<ResponseFuture>() <= 96,
            "{}",
            size_of::<ResponseFuture>()
        );
        assert!(
            size_of::<Respond>() <= size_of::<Response>() + 16,
            "{} for a response of {}",
            size_of::<Respond>(),
            size_of::<Response>()
        );
    }
}
