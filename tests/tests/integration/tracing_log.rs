//! SPEC F1 for apps that log with the `log` crate (env_logger and the
//! like) and install no `tracing` subscriber: with `tracing`'s `log`
//! feature the request span and its `response` event reach the `log`
//! logger, fields and all, when it takes `INFO`; below `INFO` nothing of
//! `tether::request` is logged. In a process of its own
//! (`tether_tests::ran_alone`): the logger is global, and no `tracing`
//! dispatcher may ever be set in this process, where the other tests set
//! theirs.

use std::sync::Mutex;
use tether_tests::TestServer;

/// Every record of `tether::request`: its level and its text.
static RECORDS: Mutex<Vec<(log::Level, String)>> = Mutex::new(Vec::new());

struct Capture;

impl log::Log for Capture {
    fn enabled(&self, _: &log::Metadata<'_>) -> bool {
        true
    }
    fn log(&self, record: &log::Record<'_>) {
        if record.target() == tether::trace::TARGET {
            let line = record.args().to_string();
            RECORDS.lock().unwrap().push((record.level(), line));
        }
    }
    fn flush(&self) {}
}

fn take() -> Vec<(log::Level, String)> {
    std::mem::take(&mut *RECORDS.lock().unwrap())
}

/// The records of `tether::request` once the `response` one came (the
/// span closes after the answer is written).
async fn until_response() -> Vec<(log::Level, String)> {
    for _ in 0..200 {
        if RECORDS
            .lock()
            .unwrap()
            .iter()
            .any(|(_, l)| l.starts_with("response"))
        {
            return take();
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    take()
}

#[tokio::test]
async fn f1_the_request_span_reaches_a_log_logger_at_info_and_nothing_below() {
    if tether_tests::ran_alone(
        "tracing_log::f1_the_request_span_reaches_a_log_logger_at_info_and_nothing_below",
    ) {
        return;
    }
    assert!(
        !tracing::dispatcher::has_been_set(),
        "this process must not set a tracing dispatcher"
    );
    log::set_logger(&Capture).unwrap();
    log::set_max_level(log::LevelFilter::Info);
    let server = TestServer::start(bookstore::app()).await;

    let (status, _) = server.get("/api/v1/books/2").await;
    assert_eq!(status, 200);
    let records = until_response().await;
    let opened = records
        .iter()
        .find(|(_, l)| l.starts_with("request; otel.name"))
        .unwrap_or_else(|| panic!("no span opened: {records:#?}"));
    for field in [
        "GET /api/v1/books/{id}",
        "http.request.method",
        "/api/v1/books/2",
        "network.protocol.version",
    ] {
        assert!(opened.1.contains(field), "{field} missing: {opened:?}");
    }
    let response = records
        .iter()
        .find(|(_, l)| l.starts_with("response"))
        .unwrap_or_else(|| panic!("no response record: {records:#?}"));
    assert_eq!(response.0, log::Level::Info);
    assert!(
        response.1.contains("http.response.status_code=200"),
        "{response:?}"
    );

    let (status, _) = server.get("/api/v1/books/999999").await;
    assert_eq!(status, 404);
    let records = until_response().await;
    assert!(
        records
            .iter()
            .any(|(level, l)| *level == log::Level::Info && l.contains("status_code=404")),
        "{records:#?}"
    );

    // Below INFO the span is not opened at all.
    log::set_max_level(log::LevelFilter::Warn);
    let (status, _) = server.get("/api/v1/books/2").await;
    assert_eq!(status, 200);
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    assert_eq!(take(), vec![], "logged below INFO");
    server.stop().await.unwrap();
}
