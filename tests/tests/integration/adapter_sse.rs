//! SPEC A8: typed, named server-sent events on a live server; the producer
//! stops when the client disconnects.

use futures_util::StreamExt;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;
use tether::response::sse::{Sse, SseEvent};
use tether::{controller, App, NativeAdapter};
use tether_tests::TestServer;

#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
enum Tick {
    Started {
        at: u32,
        label: String,
    },
    #[serde(rename = "tick")]
    Count(u32),
    Finished,
}

static SENT: AtomicUsize = AtomicUsize::new(0);
static PRODUCER_STOPPED: AtomicBool = AtomicBool::new(false);

struct Events;

#[controller("/events")]
impl Events {
    /// Endless: only a disconnect stops it.
    #[get("/ticks")]
    async fn ticks(&self) -> Sse<Tick> {
        let (tx, sse) = Sse::channel(1);
        tokio::spawn(async move {
            let start = Tick::Started {
                at: 7,
                label: "go".into(),
            };
            let mut next = Some(start);
            let mut n = 0;
            while let Some(event) = next.take() {
                if tx.send(event).await.is_err() {
                    PRODUCER_STOPPED.store(true, Ordering::SeqCst);
                    return;
                }
                SENT.fetch_add(1, Ordering::SeqCst);
                n += 1;
                tokio::time::sleep(Duration::from_millis(10)).await;
                next = Some(Tick::Count(n));
            }
        });
        sse
    }

    /// A finite stream with ids and a short keep-alive.
    #[get("/finite")]
    async fn finite(&self) -> Sse<Tick> {
        let events = futures_util::stream::iter([
            SseEvent::new(Tick::Count(1)).id("a"),
            SseEvent::new(Tick::Finished).retry(Duration::from_millis(1500)),
        ])
        .then(|e| async move {
            tokio::time::sleep(Duration::from_millis(120)).await;
            e
        });
        Sse::from_events(events).keep_alive(Some(Duration::from_millis(50)))
    }
}

/// Parses complete events (`field: value` lines up to a blank line).
fn parse(buffer: &mut String) -> Vec<Vec<(String, String)>> {
    let mut events = Vec::new();
    while let Some(end) = buffer.find("\n\n") {
        let block: String = buffer.drain(..end + 2).collect();
        let fields = block
            .lines()
            .filter(|l| !l.is_empty())
            .map(|l| {
                let (k, v) = l.split_once(':').unwrap_or((l, ""));
                (k.to_string(), v.trim_start().to_string())
            })
            .collect();
        events.push(fields);
    }
    events
}

#[tokio::test]
async fn a8_sse_three_typed_named_events_then_disconnect_stops_the_producer() {
    let server = TestServer::start(App::new(NativeAdapter::new()).controller(Events)).await;
    let res = server
        .client
        .get(server.url("/events/ticks"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "text/event-stream");
    assert_eq!(res.headers()["cache-control"], "no-cache");
    let mut body = res.bytes_stream();
    let mut buffer = String::new();
    let mut events = Vec::new();
    while events.len() < 3 {
        let chunk = body.next().await.expect("stream open").unwrap();
        buffer.push_str(std::str::from_utf8(&chunk).unwrap());
        events.extend(parse(&mut buffer));
    }
    let pair = |k: &str, v: &str| (k.to_string(), v.to_string());
    assert_eq!(
        events[0],
        [
            pair("event", "started"),
            pair("data", r#"{"at":7,"label":"go"}"#)
        ]
    );
    assert_eq!(events[1], [pair("event", "tick"), pair("data", "1")]);
    assert_eq!(events[2], [pair("event", "tick"), pair("data", "2")]);
    assert!(!PRODUCER_STOPPED.load(Ordering::SeqCst));

    drop(body);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while !PRODUCER_STOPPED.load(Ordering::SeqCst) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the producer kept running after the disconnect"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let sent = SENT.load(Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(
        SENT.load(Ordering::SeqCst),
        sent,
        "no event is produced after the stop"
    );
    server.stop().await.unwrap();
}

#[tokio::test]
async fn a8_sse_ids_retry_keep_alive_and_end_of_stream() {
    let server = TestServer::start(App::new(NativeAdapter::new()).controller(Events)).await;
    let (status, text) = server.get("/events/finite").await;
    assert_eq!(status, 200);
    let mut buffer = text.clone();
    let events = parse(&mut buffer);
    assert!(buffer.is_empty(), "{text}");
    let named: Vec<_> = events
        .iter()
        .filter(|e| e[0].0 == "event")
        .cloned()
        .collect();
    let pair = |k: &str, v: &str| (k.to_string(), v.to_string());
    assert_eq!(
        named,
        [
            vec![pair("event", "tick"), pair("id", "a"), pair("data", "1")],
            vec![
                pair("event", "finished"),
                pair("retry", "1500"),
                pair("data", "null")
            ],
        ]
    );
    // Comments (`: keep-alive`) fill the 120 ms gaps between events.
    assert!(
        events.iter().any(|e| e == &[pair("", "keep-alive")]),
        "{text}"
    );
    server.stop().await.unwrap();
}
