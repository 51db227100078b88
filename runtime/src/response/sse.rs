//! Server-sent events: a handler returns [`Sse<E>`], where `E`
//! is a serde enum with one variant per event. Each value is sent as one
//! event named as serde names the variant (`rename`/`rename_all` apply),
//! with the variant's payload as JSON `data` (`null` for unit variants).
//! The OpenAPI generator reads the same enum, so the document and the
//! generated client know every event and its type.
//!
//! ```
//! use serde::Serialize;
//! use std::time::Duration;
//! use tether::response::sse::Sse;
//! use tether::{controller, get};
//!
//! #[derive(Serialize)]
//! #[serde(rename_all = "snake_case")]
//! enum Progress {
//!     Started { job: u64 },
//!     Percent(u8),
//!     Done,
//! }
//!
//! struct Jobs;
//!
//! #[controller("/jobs")]
//! impl Jobs {
//!     #[get("/:id/progress")]
//!     async fn progress(&self, #[param] id: u64) -> Sse<Progress> {
//!         let (tx, sse) = Sse::channel(16);
//!         tokio::spawn(async move {
//!             // `send` fails once the client is gone: the producer stops.
//!             if tx.send(Progress::Started { job: id }).await.is_err() {
//!                 return;
//!             }
//!             for p in [50, 100] {
//!                 tokio::time::sleep(Duration::from_millis(10)).await;
//!                 if tx.send(Progress::Percent(p)).await.is_err() {
//!                     return;
//!                 }
//!             }
//!             let _ = tx.send(Progress::Done).await;
//!         });
//!         sse
//!     }
//! }
//! ```
//!
//! On the wire: `event: started\ndata: {"job":7}\n\n`,
//! `event: percent\ndata: 50\n\n`, …, `event: done\ndata: null\n\n`.
//!
//! At shutdown, when the [`NativeAdapter`](crate::NativeAdapter)'s listener
//! closes (after its drain period), every open SSE stream ends: its last
//! chunk is sent, so the client sees the end of the stream and reconnects
//! (through the load balancer, to another instance) at once, instead of
//! holding this one until the shutdown deadline cuts it. Events the stream
//! would have sent after that are not sent. Other streaming bodies are not
//! ended: a download finishes, within the deadline.

use crate::response::body::{Body, IntoResponse, Response};
use bytes::Bytes;
use futures_core::Stream;
use http::{header, HeaderValue, StatusCode};
use http_body::Frame;
use serde::Serialize;
use std::convert::Infallible;
use std::fmt::Write as _;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::{mpsc, watch};

/// The default interval of keep-alive comments.
pub const DEFAULT_KEEP_ALIVE: Duration = Duration::from_secs(15);

/// One event with its optional `id` and `retry` fields.
///
/// ```
/// use std::time::Duration;
/// use tether::response::sse::SseEvent;
/// # #[derive(serde::Serialize)] enum Tick { Tick(u32) }
/// let event = SseEvent::new(Tick::Tick(1)).id("1").retry(Duration::from_secs(3));
/// ```
#[derive(Debug, Clone)]
pub struct SseEvent<E> {
    data: E,
    id: Option<String>,
    retry: Option<Duration>,
}

impl<E> SseEvent<E> {
    /// An event with no `id` or `retry`.
    pub fn new(data: E) -> Self {
        SseEvent {
            data,
            id: None,
            retry: None,
        }
    }

    /// Sets the `id` field (the client resends it as `Last-Event-ID`).
    /// Line breaks are removed: they would end the field.
    pub fn id(mut self, id: impl Into<String>) -> Self {
        let mut id = id.into();
        id.retain(|c| c != '\n' && c != '\r');
        self.id = Some(id);
        self
    }

    /// Sets the `retry` field: how long the client waits to reconnect.
    pub fn retry(mut self, retry: Duration) -> Self {
        self.retry = Some(retry);
        self
    }
}

impl<E> From<E> for SseEvent<E> {
    fn from(data: E) -> Self {
        SseEvent::new(data)
    }
}

type EventStream<E> = Pin<Box<dyn Stream<Item = SseEvent<E>> + Send>>;

/// A `text/event-stream` response of the events of enum `E`.
pub struct Sse<E> {
    events: EventStream<E>,
    keep_alive: Option<Duration>,
}

impl<E: Serialize + Send + 'static> Sse<E> {
    /// The events of `stream`, each sent as it comes. The stream is
    /// dropped when the client disconnects.
    pub fn new<S>(stream: S) -> Self
    where
        S: Stream<Item = E> + Send + 'static,
    {
        Self::from_events(Map { inner: stream })
    }

    /// Like [`Sse::new`], for events with an `id` or `retry`.
    pub fn from_events<S>(stream: S) -> Self
    where
        S: Stream<Item = SseEvent<E>> + Send + 'static,
    {
        Sse {
            events: Box::pin(stream),
            keep_alive: Some(DEFAULT_KEEP_ALIVE),
        }
    }

    /// A sender and the response it feeds. [`SseSender::send`] fails once
    /// the client has disconnected (or the server shut down), which tells
    /// the producer to stop. The stream ends when every sender is dropped.
    pub fn channel(buffer: usize) -> (SseSender<E>, Self) {
        let (tx, rx) = mpsc::channel(buffer.max(1));
        (SseSender(tx), Self::from_events(Receiver(rx)))
    }

    /// Sends a `:` comment after `interval` without events, so proxies keep
    /// the connection open (default 15 s); `None` sends none.
    pub fn keep_alive(mut self, interval: Option<Duration>) -> Self {
        self.keep_alive = interval;
        self
    }
}

/// Feeds an [`Sse::channel`].
#[derive(Debug)]
pub struct SseSender<E>(mpsc::Sender<SseEvent<E>>);

impl<E> Clone for SseSender<E> {
    fn clone(&self) -> Self {
        SseSender(self.0.clone())
    }
}

/// The client is gone: nothing more will be sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Disconnected;

impl std::fmt::Display for Disconnected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the event stream's client disconnected")
    }
}

impl std::error::Error for Disconnected {}

impl<E> SseSender<E> {
    /// Sends one event, waiting while the buffer is full.
    pub async fn send(&self, event: impl Into<SseEvent<E>>) -> Result<(), Disconnected> {
        self.0.send(event.into()).await.map_err(|_| Disconnected)
    }

    /// Whether the client is gone.
    pub fn is_closed(&self) -> bool {
        self.0.is_closed()
    }

    /// Completes when the client is gone.
    pub async fn closed(&self) {
        self.0.closed().await
    }
}

pin_project_lite::pin_project! {
    struct Map<S> {
        #[pin]
        inner: S,
    }
}

impl<S: Stream> Stream for Map<S> {
    type Item = SseEvent<S::Item>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.project()
            .inner
            .poll_next(cx)
            .map(|o| o.map(SseEvent::new))
    }
}

struct Receiver<E>(mpsc::Receiver<SseEvent<E>>);

impl<E> Stream for Receiver<E> {
    type Item = SseEvent<E>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.0.poll_recv(cx)
    }
}

/// The event's name and JSON data: an externally tagged enum value is a
/// string (unit variant) or a one-key object; anything else is a
/// `message` event carrying the whole value.
fn name_and_data<E: Serialize>(value: &E) -> Result<(String, String), serde_json::Error> {
    let json = serde_json::to_string(&crate::response::finite::Finite(value))?;
    if json.starts_with('"') {
        return Ok((serde_json::from_str(&json)?, "null".to_string()));
    }
    // Compact serde_json output of a one-key map is exactly `{"key":DATA}`.
    if let Some(rest) = json.strip_prefix('{') {
        let mut keys = serde_json::Deserializer::from_str(rest).into_iter::<String>();
        if let Some(Ok(name)) = keys.next() {
            let data = rest[keys.byte_offset()..]
                .strip_prefix(':')
                .and_then(|d| d.strip_suffix('}'));
            if let Some(data) = data {
                if serde_json::from_str::<serde::de::IgnoredAny>(data).is_ok() {
                    return Ok((name, data.to_string()));
                }
            }
        }
    }
    Ok(("message".to_string(), json))
}

/// One event in the wire format.
pub(crate) fn encode<E: Serialize>(event: &SseEvent<E>) -> String {
    let mut out = String::with_capacity(64);
    match name_and_data(&event.data) {
        Ok((name, data)) => {
            let name: String = name.chars().filter(|c| *c != '\n' && *c != '\r').collect();
            let _ = writeln!(out, "event: {name}");
            if let Some(id) = &event.id {
                let _ = writeln!(out, "id: {id}");
            }
            if let Some(retry) = event.retry {
                let _ = writeln!(out, "retry: {}", retry.as_millis());
            }
            // Compact JSON has no raw line breaks: one `data` line.
            let _ = write!(out, "data: {data}\n\n");
        }
        Err(e) => {
            let msg = e.to_string().replace(['\n', '\r'], " ");
            let _ = write!(out, ": event not sent, serialisation failed: {msg}\n\n");
        }
    }
    out
}

/// Where an SSE response gets the adapter's closing: in the response's
/// extensions (tower layers keep them) and in its body. The adapter fills
/// it before the body is first polled (`end_when_closing`).
#[derive(Clone, Default)]
struct ClosingSlot(Arc<OnceLock<watch::Receiver<()>>>);

/// Ends the SSE stream of `res`, if it is one, when `closing` changes (or
/// its sender is dropped): the adapter's listener closed.
pub(crate) fn end_when_closing(res: &mut Response, closing: &watch::Receiver<()>) {
    if let Some(slot) = res.extensions_mut().remove::<ClosingSlot>() {
        let _ = slot.0.set(closing.clone());
    }
}

struct SseBody<E> {
    events: EventStream<E>,
    keep_alive: Option<(Duration, Pin<Box<tokio::time::Sleep>>)>,
    closing: ClosingSlot,
    listener: Listener,
}

/// The adapter's listener, as an SSE stream knows it.
enum Listener {
    /// The adapter has not filled the slot (yet, or ever: no adapter).
    Unknown,
    /// Open; the future completes when it closes.
    Open(Pin<Box<dyn std::future::Future<Output = ()> + Send>>),
    /// Closed: the stream has ended.
    Closed,
}

impl<E> SseBody<E> {
    /// Whether the adapter's listener closed (the stream then ends).
    fn is_closed(&mut self, cx: &mut Context<'_>) -> bool {
        if let Listener::Unknown = self.listener {
            let Some(closing) = self.closing.0.get() else {
                return false;
            };
            let mut closing = closing.clone();
            self.listener = Listener::Open(Box::pin(async move {
                let _ = closing.changed().await;
            }));
        }
        if let Listener::Open(closes) = &mut self.listener {
            if closes.as_mut().poll(cx).is_ready() {
                self.listener = Listener::Closed;
            }
        }
        matches!(self.listener, Listener::Closed)
    }
}

impl<E: Serialize> http_body::Body for SseBody<E> {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let this = self.get_mut();
        if this.is_closed(cx) {
            return Poll::Ready(None);
        }
        match this.events.as_mut().poll_next(cx) {
            Poll::Ready(Some(event)) => {
                if let Some((interval, sleep)) = &mut this.keep_alive {
                    sleep
                        .as_mut()
                        .reset(tokio::time::Instant::now() + *interval);
                }
                Poll::Ready(Some(Ok(Frame::data(Bytes::from(encode(&event))))))
            }
            Poll::Ready(None) => Poll::Ready(None),
            Poll::Pending => {
                let Some((interval, sleep)) = &mut this.keep_alive else {
                    return Poll::Pending;
                };
                if sleep.as_mut().poll(cx).is_pending() {
                    return Poll::Pending;
                }
                sleep
                    .as_mut()
                    .reset(tokio::time::Instant::now() + *interval);
                Poll::Ready(Some(Ok(Frame::data(Bytes::from_static(
                    b": keep-alive\n\n",
                )))))
            }
        }
    }
}

use std::future::Future as _;

impl<E: Serialize + Send + 'static> IntoResponse for Sse<E> {
    fn into_response_with(self, status: StatusCode) -> Response {
        let keep_alive = self
            .keep_alive
            .map(|d| (d, Box::pin(tokio::time::sleep(d))));
        let closing = ClosingSlot::default();
        let body = SseBody {
            events: self.events,
            keep_alive,
            closing: closing.clone(),
            listener: Listener::Unknown,
        };
        let mut res = Response::new(Body::from_stream(body));
        *res.status_mut() = status;
        res.extensions_mut().insert(closing);
        let headers = res.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/event-stream"),
        );
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
        res
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    #[serde(rename_all = "kebab-case")]
    enum Ev {
        Unit,
        NewType(u32),
        Fields {
            b: u8,
            a: &'static str,
        },
        #[serde(rename = "custom")]
        Renamed(Vec<u8>),
    }

    #[test]
    fn a8_event_names_follow_serde_and_data_keeps_field_order() {
        assert_eq!(
            encode(&SseEvent::new(Ev::Unit)),
            "event: unit\ndata: null\n\n"
        );
        assert_eq!(
            encode(
                &SseEvent::new(Ev::NewType(3))
                    .id("7\n")
                    .retry(Duration::from_secs(2))
            ),
            "event: new-type\nid: 7\nretry: 2000\ndata: 3\n\n"
        );
        assert_eq!(
            encode(&SseEvent::new(Ev::Fields { b: 1, a: "x\ny" })),
            "event: fields\ndata: {\"b\":1,\"a\":\"x\\ny\"}\n\n"
        );
        assert_eq!(
            encode(&SseEvent::new(Ev::Renamed(vec![1]))),
            "event: custom\ndata: [1]\n\n"
        );
        assert_eq!(encode(&SseEvent::new(5u8)), "event: message\ndata: 5\n\n");
        #[derive(Serialize)]
        struct Two {
            a: u8,
            b: u8,
        }
        assert_eq!(
            encode(&SseEvent::new(Two { a: 1, b: 2 })),
            "event: message\ndata: {\"a\":1,\"b\":2}\n\n"
        );
    }
}
