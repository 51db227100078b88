//! The bookstore binary's request log (SPEC F1): with `LOG_FORMAT=json`,
//! a request to the running binary is one JSON line carrying tether's
//! request span with OpenTelemetry's HTTP fields.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};

/// The binary, killed when the test ends (pass or fail).
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The next JSON log line the binary writes.
fn next_line(lines: &mut impl Iterator<Item = std::io::Result<String>>) -> serde_json::Value {
    let line = lines
        .next()
        .expect("the binary logs a line")
        .expect("stdout is readable");
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("not a JSON line ({e}): {line}"))
}

#[test]
fn f1_json_log_line_per_request_with_the_span_fields() {
    let mut child = Running(
        Command::new(env!("CARGO_BIN_EXE_bookstore"))
            .env("PORT", "0")
            .env("LOG_FORMAT", "json")
            .env("RUST_LOG", "info")
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the bookstore binary"),
    );
    let mut lines = BufReader::new(child.0.stdout.take().unwrap()).lines();
    let started = next_line(&mut lines);
    assert_eq!(started["message"], "bookstore listening");
    let address = started["address"].as_str().expect("the bound address");

    let mut conn = std::net::TcpStream::connect(address).unwrap();
    write!(
        conn,
        "GET /api/v1/books/2?x=1 HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    conn.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");

    let logged = next_line(&mut lines);
    assert_eq!(logged["target"], "tether::request");
    assert_eq!(logged["message"], "response");
    assert_eq!(logged["level"], "INFO");
    assert_eq!(logged["http.response.status_code"], 200);
    let span = &logged["span"];
    assert_eq!(span["name"], "request");
    assert_eq!(span["otel.name"], "GET /api/v1/books/{id}");
    assert_eq!(span["http.route"], "/api/v1/books/{id}");
    assert_eq!(span["http.request.method"], "GET");
    assert_eq!(span["url.path"], "/api/v1/books/2");
    assert_eq!(span["network.protocol.version"], "1.1");
    assert_eq!(span["server.address"], "127.0.0.1");
    assert!(span["latency_ms"].as_f64().is_some(), "{logged}");
}
