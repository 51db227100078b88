//! SPEC F2: tether's own gzip middleware (`tether::compression`) on a live
//! server, read by a real client that does not decompress (reqwest without
//! its gzip feature) and decoded with flate2's `GzDecoder`.

use serde::{Deserialize, Serialize};
use std::io::Read;
use std::time::Duration;
use tether::response::compression::Compression;
use tether::response::sse::{Sse, SseEvent};
use tether::{controller, App, Attachment, HttpError, NativeAdapter, Response};
use tether_tests::TestServer;

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
struct Row {
    id: u32,
    title: String,
}

fn rows(n: u32) -> Vec<Row> {
    (0..n)
        .map(|id| Row {
            id,
            title: format!("row number {id}"),
        })
        .collect()
}

struct Api;

#[controller("/api")]
impl Api {
    /// About 16 KiB of JSON.
    #[get("/rows")]
    async fn rows(&self) -> Vec<Row> {
        rows(500)
    }

    /// Under a kilobyte.
    #[get("/few")]
    async fn few(&self) -> Vec<Row> {
        rows(3)
    }

    /// Bytes that are no text.
    #[get("/blob")]
    async fn blob(&self) -> Attachment {
        Attachment::new(vec![b'x'; 20_000]).filename("x.bin")
    }

    /// A large text answer with a strong ETag and, under `?keep`, `no-transform`.
    #[get("/tagged")]
    async fn tagged(&self, #[query("keep")] keep: Option<bool>) -> Response {
        let mut res = http::Response::builder()
            .header("content-type", "text/plain; charset=utf-8")
            .header("etag", "\"v1\"")
            .header("content-length", "20000");
        if keep == Some(true) {
            res = res.header("cache-control", "public, no-transform");
        }
        res.body("tether ".repeat(3_000)[..20_000].to_string().into())
            .unwrap()
    }

    /// A large error answer.
    #[get("/fails")]
    async fn fails(&self) -> Result<String, HttpError> {
        Err(HttpError::bad_request("no ".repeat(1_000)))
    }

    #[get("/events")]
    async fn events(&self) -> Sse<Row> {
        let events = (0..100).map(|i| SseEvent::new(rows(i + 1).pop().unwrap()));
        Sse::from_events(futures_util::stream::iter(events))
            .keep_alive(Some(Duration::from_secs(5)))
    }
}

async fn server() -> TestServer {
    TestServer::start(
        App::new(NativeAdapter::new())
            .use_middleware(Compression::new())
            .controller(Api),
    )
    .await
}

/// Status, headers and raw body of a GET with this `Accept-Encoding`.
async fn get(
    server: &TestServer,
    path: &str,
    encoding: Option<&str>,
) -> (u16, reqwest::header::HeaderMap, Vec<u8>) {
    let mut req = server.client.get(server.url(path));
    if let Some(encoding) = encoding {
        req = req.header("accept-encoding", encoding);
    }
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    (status, headers, res.bytes().await.unwrap().to_vec())
}

fn gunzip(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(data)
        .read_to_end(&mut out)
        .expect("a valid gzip member");
    out
}

fn header<'a>(headers: &'a reqwest::header::HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).map(|v| v.to_str().unwrap())
}

#[tokio::test]
async fn f2_gzip_answers_decode_to_the_plain_answer_many_times_over() {
    let server = server().await;
    let (_, headers, plain) = get(&server, "/api/rows", None).await;
    assert_eq!(header(&headers, "content-encoding"), None);
    assert_eq!(header(&headers, "vary"), Some("accept-encoding"));
    assert!(plain.len() > 16_000, "the answer is {} bytes", plain.len());

    // The thread's compressor is reused: every answer decodes alike.
    for _ in 0..20 {
        let (status, headers, gz) = get(&server, "/api/rows", Some("br;q=1, gzip;q=0.8")).await;
        assert_eq!(status, 200);
        assert_eq!(header(&headers, "content-encoding"), Some("gzip"));
        assert_eq!(header(&headers, "vary"), Some("accept-encoding"));
        assert_eq!(
            header(&headers, "content-length"),
            Some(gz.len().to_string().as_str())
        );
        assert!(gz.len() < plain.len() / 4, "gzip: {} bytes", gz.len());
        assert_eq!(gunzip(&gz), plain);
    }
    let rows: Vec<Row> = serde_json::from_slice(&plain).unwrap();
    assert_eq!(rows.len(), 500);
}

#[tokio::test]
async fn f2_gzip_leaves_what_it_must_alone() {
    let server = server().await;
    // Refused by q=0, or not offered.
    for encoding in ["gzip;q=0", "identity", "br, *;q=0"] {
        let (_, headers, body) = get(&server, "/api/rows", Some(encoding)).await;
        assert_eq!(header(&headers, "content-encoding"), None, "{encoding}");
        assert!(serde_json::from_slice::<Vec<Row>>(&body).is_ok());
    }
    // Below the kilobyte: as it was, still varying by Accept-Encoding.
    let (_, headers, body) = get(&server, "/api/few", Some("gzip")).await;
    assert_eq!(header(&headers, "content-encoding"), None);
    assert_eq!(header(&headers, "vary"), Some("accept-encoding"));
    assert_eq!(serde_json::from_slice::<Vec<Row>>(&body).unwrap(), rows(3));
    // Bytes that are no text: not compressed, no Vary.
    let (_, headers, body) = get(&server, "/api/blob", Some("gzip")).await;
    assert_eq!(header(&headers, "content-encoding"), None);
    assert_eq!(header(&headers, "vary"), None);
    assert_eq!(body, vec![b'x'; 20_000]);
    // no-transform is honoured.
    let (_, headers, body) = get(&server, "/api/tagged?keep=true", Some("gzip")).await;
    assert_eq!(header(&headers, "content-encoding"), None);
    assert_eq!(header(&headers, "etag"), Some("\"v1\""));
    assert_eq!(body.len(), 20_000);
}

#[tokio::test]
async fn f2_gzip_weakens_the_etag_and_replaces_a_set_content_length() {
    let server = server().await;
    let (_, headers, gz) = get(&server, "/api/tagged", Some("gzip")).await;
    assert_eq!(header(&headers, "content-encoding"), Some("gzip"));
    assert_eq!(header(&headers, "etag"), Some("W/\"v1\""));
    assert_eq!(
        header(&headers, "content-length"),
        Some(gz.len().to_string().as_str())
    );
    assert_eq!(gunzip(&gz), &"tether ".repeat(3_000).as_bytes()[..20_000]);
}

#[tokio::test]
async fn f2_gzip_compresses_error_answers_and_not_head_or_event_streams() {
    let server = server().await;
    let (status, headers, gz) = get(&server, "/api/fails", Some("gzip")).await;
    assert_eq!(status, 400);
    assert_eq!(header(&headers, "content-encoding"), Some("gzip"));
    let error: serde_json::Value = serde_json::from_slice(&gunzip(&gz)).unwrap();
    assert_eq!(error["statusCode"], 400);

    let res = server
        .client
        .head(server.url("/api/rows"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(header(res.headers(), "content-encoding"), None);

    let (status, headers, body) = get(&server, "/api/events", Some("gzip")).await;
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "content-type"), Some("text/event-stream"));
    assert_eq!(header(&headers, "content-encoding"), None);
    let text = String::from_utf8(body).unwrap();
    assert_eq!(text.matches("data: ").count(), 100);
}

#[tokio::test]
async fn f2_gzip_over_http2() {
    let server = server().await;
    let client = reqwest::Client::builder()
        .http2_prior_knowledge()
        .build()
        .unwrap();
    let res = client
        .get(server.url("/api/rows"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(res.version(), reqwest::Version::HTTP_2);
    assert_eq!(header(res.headers(), "content-encoding"), Some("gzip"));
    let rows: Vec<Row> = serde_json::from_slice(&gunzip(&res.bytes().await.unwrap())).unwrap();
    assert_eq!(rows, self::rows(500));
}
