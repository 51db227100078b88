//! A minimal HTTP/1.1 client over one keep-alive connection, for checking
//! that the servers answer the same bytes and for counting allocations.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};

/// One response as read off the wire.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawResponse {
    /// `HTTP/1.1 200 OK`.
    pub status_line: String,
    /// Header lines as sent (name as written, value trimmed).
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: Vec<u8>,
}

impl RawResponse {
    /// The status code.
    pub fn status(&self) -> u16 {
        self.status_line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0)
    }

    /// Status, headers (lower-cased, sorted, `date` without its value) and
    /// body: what must be identical across servers.
    pub fn normalized(&self) -> String {
        let mut headers: Vec<String> = self
            .headers
            .iter()
            .map(|(n, v)| {
                let n = n.to_ascii_lowercase();
                if n == "date" {
                    "date: <now>".to_string()
                } else {
                    format!("{n}: {v}")
                }
            })
            .collect();
        headers.sort();
        format!(
            "{}\n{}\n\n{}",
            self.status_line,
            headers.join("\n"),
            String::from_utf8_lossy(&self.body)
        )
    }
}

/// Header names Node's HTTP server adds to every keep-alive answer, which
/// the Rust servers do not send.
const NODE_ONLY_HEADERS: [&str; 2] = ["connection", "keep-alive"];

impl RawResponse {
    /// [`RawResponse::normalized`] without what Node's HTTP server and
    /// NestJS's adapters always add: the `connection` and `keep-alive`
    /// headers, and `; charset=utf-8` after `application/json` (Express and
    /// Fastify both append it to JSON). Status, every other header and the
    /// body must still match.
    pub fn node_normalized(&self) -> String {
        let headers = self
            .headers
            .iter()
            .filter(|(n, _)| !NODE_ONLY_HEADERS.contains(&n.to_ascii_lowercase().as_str()))
            .map(|(n, v)| {
                let json = v.strip_suffix("; charset=utf-8") == Some("application/json");
                let v = if n.eq_ignore_ascii_case("content-type") && json {
                    "application/json"
                } else {
                    v
                };
                (n.clone(), v.to_string())
            })
            .collect();
        RawResponse {
            status_line: self.status_line.clone(),
            headers,
            body: self.body.clone(),
        }
        .normalized()
    }
}

/// Header lines of `b` not in `a` and the reverse (`date` aside), to show
/// how two servers' answers to the same route differ.
pub fn header_differences(a: &RawResponse, b: &RawResponse) -> Vec<String> {
    let lines = |r: &RawResponse| -> Vec<String> {
        r.headers
            .iter()
            .filter(|(n, _)| !n.eq_ignore_ascii_case("date"))
            .map(|(n, v)| format!("{}: {v}", n.to_ascii_lowercase()))
            .collect()
    };
    let (la, lb) = (lines(a), lines(b));
    let added = lb
        .iter()
        .filter(|l| !la.contains(l))
        .map(|l| format!("+{l}"));
    let missing = la
        .iter()
        .filter(|l| !lb.contains(l))
        .map(|l| format!("-{l}"));
    added.chain(missing).collect()
}

/// The bytes of one request.
pub fn request_bytes(method: &str, path: &str, json_body: Option<&str>) -> Vec<u8> {
    match json_body {
        None => format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").into_bytes(),
        Some(body) => format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .into_bytes(),
    }
}

/// A keep-alive connection.
pub struct Client {
    reader: BufReader<TcpStream>,
}

impl Client {
    /// Connects to `addr`.
    pub fn connect(addr: SocketAddr) -> std::io::Result<Self> {
        let stream = TcpStream::connect(addr)?;
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(std::time::Duration::from_secs(10)))?;
        Ok(Client {
            reader: BufReader::new(stream),
        })
    }

    /// Sends `raw` and reads one response (with a `content-length`).
    pub fn send(&mut self, raw: &[u8]) -> std::io::Result<RawResponse> {
        self.reader.get_mut().write_all(raw)?;
        self.read_response()
    }

    fn read_line(&mut self) -> std::io::Result<String> {
        let mut line = String::new();
        if self.reader.read_line(&mut line)? == 0 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::UnexpectedEof,
                "connection closed",
            ));
        }
        Ok(line.trim_end_matches(['\r', '\n']).to_string())
    }

    fn read_response(&mut self) -> std::io::Result<RawResponse> {
        let status_line = self.read_line()?;
        let mut headers = Vec::new();
        loop {
            let line = self.read_line()?;
            if line.is_empty() {
                break;
            }
            let (name, value) = line.split_once(':').unwrap_or((&line, ""));
            headers.push((name.to_string(), value.trim().to_string()));
        }
        let length = headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case("content-length"))
            .and_then(|(_, v)| v.parse::<usize>().ok())
            .unwrap_or(0);
        let mut body = vec![0; length];
        self.reader.read_exact(&mut body)?;
        Ok(RawResponse {
            status_line,
            headers,
            body,
        })
    }
}
