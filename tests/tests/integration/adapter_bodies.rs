//! SPEC A2/A6: body parsing on a live server — JSON, text, urlencoded,
//! bytes and multipart; 400/413/415 with messages that name the problem.

use serde::{Deserialize, Serialize};
use tether::extract::multipart::{Multipart, MultipartForm, UploadedFile};
use tether::{controller, App, HttpError, NativeAdapter};
use tether_tests::TestServer;

#[derive(Serialize, Deserialize)]
struct Book {
    title: String,
    pages: u32,
}

#[derive(Serialize, Deserialize)]
struct Login {
    user: String,
    remember: bool,
}

#[derive(MultipartForm)]
struct Upload {
    title: String,
    copies: Option<u32>,
    /// May be left out: `#[serde(default)]` (empty then).
    #[serde(default)]
    tags: Vec<String>,
    #[multipart(rename = "cover-image")]
    cover: UploadedFile,
    #[serde(rename = "page")]
    pages: Vec<UploadedFile>,
    note: Option<UploadedFile>,
}

/// Issue 33, item 5: parts whose media types the form names.
#[derive(MultipartForm)]
struct Letter {
    #[multipart(content_type = "application/pdf")]
    letter: UploadedFile,
    #[multipart(content_type = "image/*, Text/Plain", default)]
    scans: Vec<UploadedFile>,
}

/// What the upload handler saw, echoed back for byte-for-byte checks.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Seen {
    title: String,
    copies: Option<u32>,
    /// May be left out: `#[serde(default)]` (empty then).
    #[serde(default)]
    tags: Vec<String>,
    files: Vec<(Option<String>, Option<String>, Vec<u8>)>,
    note: bool,
}

fn seen(f: &UploadedFile) -> (Option<String>, Option<String>, Vec<u8>) {
    (
        f.file_name.clone(),
        f.content_type.clone(),
        f.bytes.to_vec(),
    )
}

struct Bodies;

#[controller("/bodies")]
impl Bodies {
    #[post("/json")]
    async fn json(&self, #[body] book: Book) -> Book {
        book
    }
    /// An optional JSON body: documented `required: false`.
    #[post("/json-optional")]
    async fn json_optional(&self, #[body] book: Option<Book>) -> String {
        book.map_or("no book".into(), |b| {
            format!("{} of {} pages", b.title, b.pages)
        })
    }
    #[post("/text")]
    async fn text(&self, #[body(text)] text: String) -> String {
        format!("{} chars", text.chars().count())
    }
    /// An optional text body: documented `required: false`.
    #[post("/text-optional")]
    async fn text_optional(&self, #[body(text)] text: Option<String>) -> String {
        text.map_or("no body".into(), |t| format!("{} chars", t.chars().count()))
    }
    #[post("/form")]
    async fn form(&self, #[body(form)] login: Login) -> Login {
        login
    }
    #[post("/bytes")]
    async fn bytes(&self, #[body(bytes)] raw: Vec<u8>) -> String {
        format!(
            "{} bytes, sum {}",
            raw.len(),
            raw.iter().map(|b| *b as u64).sum::<u64>()
        )
    }
    /// An optional raw body: documented `required: false`.
    #[post("/bytes-optional")]
    async fn bytes_optional(&self, #[body(bytes)] raw: Option<Vec<u8>>) -> String {
        raw.map_or("no body".into(), |b| format!("{} bytes", b.len()))
    }
    #[post("/upload")]
    async fn upload(&self, #[body(multipart)] form: Upload) -> Seen {
        let mut files = vec![seen(&form.cover)];
        files.extend(form.pages.iter().map(seen));
        Seen {
            title: form.title,
            copies: form.copies,
            tags: form.tags,
            files,
            note: form.note.is_some(),
        }
    }
    #[post("/letter")]
    #[http_code(200)]
    async fn letter(&self, #[body(multipart)] form: Letter) -> String {
        format!(
            "{} bytes, {} scans",
            form.letter.bytes.len(),
            form.scans.len()
        )
    }
    /// Streams the parts: name and size of each.
    #[post("/stream")]
    async fn stream(&self, #[body(multipart)] mut mp: Multipart) -> Result<String, HttpError> {
        let mut out = Vec::new();
        while let Some(mut field) = mp.next_field().await? {
            let name = field.name().unwrap_or("?").to_string();
            let mut size = 0;
            while let Some(chunk) = field.chunk().await? {
                size += chunk.len();
            }
            out.push(format!("{name}={size}"));
        }
        Ok(out.join(","))
    }
    /// Reads no body: a `Content-Encoding` is none of its business.
    #[post("/none")]
    async fn none(&self) -> &'static str {
        "read nothing"
    }
}

async fn server() -> TestServer {
    TestServer::start(
        App::new(NativeAdapter::new())
            .controller(Bodies)
            .body_limit(64 * 1024),
    )
    .await
}

#[tokio::test]
async fn a6_each_body_kind_is_parsed() {
    let s = server().await;
    let (status, body) = s
        .send(s.post(
            "/bodies/json",
            "application/json",
            r#"{"title":"Dune","pages":412}"#,
        ))
        .await;
    assert_eq!(
        (status, body.as_str()),
        (201, r#"{"title":"Dune","pages":412}"#)
    );
    let (status, body) = s
        .send(s.post(
            "/bodies/json",
            "application/vnd.api+json; charset=utf-8",
            r#"{"title":"x","pages":1}"#,
        ))
        .await;
    assert_eq!(status, 201, "{body}");
    let (status, body) = s
        .send(s.post("/bodies/text", "text/plain; charset=utf-8", "héllo"))
        .await;
    assert_eq!((status, body.as_str()), (201, "5 chars"));
    let (status, body) = s
        .send(s.post(
            "/bodies/form",
            "application/x-www-form-urlencoded",
            "user=ada+l%C3%B6&remember=true",
        ))
        .await;
    assert_eq!(
        (status, body.as_str()),
        (201, r#"{"user":"ada lö","remember":true}"#)
    );
    let (status, body) = s
        .send(s.post(
            "/bodies/bytes",
            "application/octet-stream",
            vec![0u8, 1, 2, 255],
        ))
        .await;
    assert_eq!((status, body.as_str()), (201, "4 bytes, sum 258"));
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a6_body_errors_are_400_413_415_with_messages() {
    let s = server().await;
    let (status, body) = s
        .send(s.post("/bodies/json", "application/json", r#"{"title":"Dune""#))
        .await;
    assert_eq!(status, 400);
    assert!(
        body.contains("invalid JSON body") && body.contains("EOF"),
        "{body}"
    );
    let (status, body) = s
        .send(s.post("/bodies/json", "application/json", r#"{"title":"Dune"}"#))
        .await;
    assert_eq!(status, 400);
    assert!(body.contains("missing field `pages`"), "{body}");
    let (status, body) = s.send(s.post("/bodies/json", "text/plain", "{}")).await;
    assert_eq!(status, 415);
    assert!(
        body.contains("the request body must be sent as `application/json`, got `text/plain`"),
        "{body}"
    );
    let (status, body) = s.send(s.client.post(s.url("/bodies/text")).body("x")).await;
    assert_eq!(status, 415);
    assert!(body.contains("got no content-type"), "{body}");
    let (status, body) = s
        .send(s.post("/bodies/text", "text/plain", vec![0xffu8, 0xfe]))
        .await;
    assert_eq!(status, 400);
    assert!(body.contains("the body is not valid UTF-8"), "{body}");
    let (status, body) = s
        .send(s.post(
            "/bodies/form",
            "application/x-www-form-urlencoded",
            "user=a&remember=maybe",
        ))
        .await;
    assert_eq!(status, 400);
    assert!(
        body.contains("invalid form field `remember`: cannot read \\\"maybe\\\" as bool"),
        "{body}"
    );
    let big = vec![b'a'; 64 * 1024 + 1];
    let (status, body) = s
        .send(s.post("/bodies/bytes", "application/octet-stream", big.clone()))
        .await;
    assert_eq!(status, 413);
    assert!(
        body.contains("the request body is larger than the limit of 65536 bytes"),
        "{body}"
    );
    // Exactly at the limit is fine.
    let (status, _) = s
        .send(s.post(
            "/bodies/bytes",
            "application/octet-stream",
            big[1..].to_vec(),
        ))
        .await;
    assert_eq!(status, 201);
    // A chunked body (no content-length) is limited too.
    let chunks =
        futures_util::stream::iter((0..20).map(|_| Ok::<_, std::io::Error>(vec![b'x'; 4096])));
    let (status, _) = s
        .send(s.post(
            "/bodies/bytes",
            "application/octet-stream",
            reqwest::Body::wrap_stream(chunks),
        ))
        .await;
    assert_eq!(status, 413);
    s.stop().await.unwrap();
}

/// Issue 12: `#[body(bytes)] raw: Vec<u8>` is documented `required: true`,
/// so an empty body (none at all, or `Content-Length: 0`) is a 400 naming
/// the problem; the `Option<Vec<u8>>` form is documented optional and takes it.
#[tokio::test]
async fn a6_required_bytes_body_refuses_an_empty_one() {
    let s = server().await;
    let no_body = s.client.post(s.url("/bodies/bytes"));
    let empty = s.post("/bodies/bytes", "application/octet-stream", Vec::new());
    for req in [no_body, empty] {
        let (status, body) = s.send(req).await;
        assert_eq!(status, 400, "{body}");
        assert!(
            body.contains(
                "the request body is required (application/octet-stream) but none was sent"
            ),
            "{body}"
        );
    }
    let (status, body) = s.send(s.client.post(s.url("/bodies/bytes-optional"))).await;
    assert_eq!((status, body.as_str()), (201, "no body"));
    let (status, body) = s
        .send(s.post(
            "/bodies/bytes-optional",
            "application/octet-stream",
            vec![1u8, 2],
        ))
        .await;
    assert_eq!((status, body.as_str()), (201, "2 bytes"));
    s.stop().await.unwrap();
}

/// Issue 12 (schemathesis): `#[body(text)] text: String` is documented
/// `required: true`, so an empty body is a 400 — not an empty string; a
/// body without a content type is a 415; `Option<String>` takes none.
#[tokio::test]
async fn a6_required_text_body_refuses_an_empty_one() {
    let s = server().await;
    let no_body = s.client.post(s.url("/bodies/text"));
    let empty = s.post("/bodies/text", "text/plain", Vec::new());
    for req in [no_body, empty] {
        let (status, body) = s.send(req).await;
        assert_eq!(status, 400, "{body}");
        assert!(
            body.contains("the request body is required (text/plain) but none was sent"),
            "{body}"
        );
    }
    let untyped = s.client.post(s.url("/bodies/text")).body("hi");
    let (status, body) = s.send(untyped).await;
    assert_eq!(status, 415, "{body}");
    assert!(
        body.contains("the request body must be sent as `text/plain`, got no content-type"),
        "{body}"
    );
    let (status, body) = s
        .send(s.post("/bodies/text", "application/json", b"{}".to_vec()))
        .await;
    assert_eq!(status, 415, "{body}");
    let (status, body) = s.send(s.client.post(s.url("/bodies/text-optional"))).await;
    assert_eq!((status, body.as_str()), (201, "no body"));
    let (status, body) = s
        .send(s.post("/bodies/text-optional", "text/plain", "héllo"))
        .await;
    assert_eq!((status, body.as_str()), (201, "5 chars"));
    s.stop().await.unwrap();
}

/// `#[body] b: Option<T>` is documented `required: false`: no body (none,
/// or an empty one) and a JSON `null` are `None`; a body is read as `T`.
#[tokio::test]
async fn a6_optional_json_body_may_be_left_out() {
    let s = server().await;
    let json = "application/json";
    for req in [
        s.client.post(s.url("/bodies/json-optional")),
        s.post("/bodies/json-optional", json, Vec::new()),
        s.post("/bodies/json-optional", json, "null"),
    ] {
        let (status, body) = s.send(req).await;
        assert_eq!((status, body.as_str()), (201, "no book"));
    }
    let book = r#"{"title":"Dune","pages":412}"#;
    let (status, body) = s.send(s.post("/bodies/json-optional", json, book)).await;
    assert_eq!((status, body.as_str()), (201, "Dune of 412 pages"));
    let untyped = s.client.post(s.url("/bodies/json-optional")).body(book);
    let (status, body) = s.send(untyped).await;
    assert_eq!(status, 415, "{body}");
    assert!(body.contains("got no content-type"), "{body}");
    let (status, body) = s
        .send(s.post("/bodies/json-optional", json, r#"{"title":"Dune"}"#))
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("missing field `pages`"), "{body}");
    s.stop().await.unwrap();
}

fn file_part(bytes: Vec<u8>, name: &str, mime: &str) -> reqwest::multipart::Part {
    reqwest::multipart::Part::bytes(bytes)
        .file_name(name.to_string())
        .mime_str(mime)
        .unwrap()
}

#[tokio::test]
async fn a6_multipart_two_files_and_text_fields_byte_for_byte() {
    let s = server().await;
    let cover: Vec<u8> = (0..=255u8).cycle().take(5000).collect();
    // Bytes that look like a boundary and CRLFs must survive.
    let page: Vec<u8> = b"\r\n--not-a-boundary\r\n\x00\xff".repeat(50);
    let form = reqwest::multipart::Form::new()
        .text("title", "Dune — annotated")
        .text("tags", "sf")
        .part(
            "cover-image",
            file_part(cover.clone(), "cover.png", "image/png"),
        )
        .text("tags", "classic")
        .part(
            "page",
            file_part(page.clone(), "p1.bin", "application/octet-stream"),
        )
        .text("ignored", "unknown fields are skipped");
    let got = upload(&s, form).await;
    assert_eq!(
        got,
        Seen {
            title: "Dune — annotated".into(),
            copies: None,
            tags: vec!["sf".into(), "classic".into()],
            files: vec![
                (Some("cover.png".into()), Some("image/png".into()), cover),
                (
                    Some("p1.bin".into()),
                    Some("application/octet-stream".into()),
                    page
                ),
            ],
            note: false,
        }
    );

    let form = reqwest::multipart::Form::new().text("a", "12345").part(
        "b",
        file_part(vec![7; 300], "b.bin", "application/octet-stream"),
    );
    let (status, body) = s
        .send(s.client.post(s.url("/bodies/stream")).multipart(form))
        .await;
    assert_eq!((status, body.as_str()), (201, "a=5,b=300"));
    s.stop().await.unwrap();
}

/// What `/bodies/upload` saw of `form` (a `201`).
async fn upload(s: &TestServer, form: reqwest::multipart::Form) -> Seen {
    let res = s
        .client
        .post(s.url("/bodies/upload"))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    res.json().await.unwrap()
}

/// `UploadedFile::content_type` is the part's `Content-Type` as sent,
/// parameters included: the charset of a text upload is not dropped.
#[tokio::test]
async fn a6_multipart_content_type_keeps_its_parameters() {
    let s = server().await;
    let form = reqwest::multipart::Form::new()
        .text("title", "t")
        .part(
            "cover-image",
            file_part(b"c".to_vec(), "c.png", "image/png"),
        )
        .part(
            "page",
            file_part(b"hello".to_vec(), "p.txt", "text/plain; charset=utf-8"),
        );
    let got = upload(&s, form).await;
    let types: Vec<Option<String>> = got.files.into_iter().map(|f| f.1).collect();
    assert_eq!(
        types,
        [
            Some("image/png".into()),
            Some("text/plain; charset=utf-8".into())
        ]
    );
    s.stop().await.unwrap();
}

#[tokio::test]
async fn a6_multipart_errors() {
    let s = server().await;
    let cover = || file_part(vec![1, 2, 3], "c.png", "image/png");
    // A missing required field, named.
    let form = reqwest::multipart::Form::new().part("cover-image", cover());
    let (status, body) = s
        .send(s.client.post(s.url("/bodies/upload")).multipart(form))
        .await;
    assert_eq!(status, 400);
    assert!(body.contains("missing multipart field `title`"), "{body}");
    // A text field that does not parse, named with its type.
    let form = reqwest::multipart::Form::new()
        .text("title", "t")
        .text("copies", "many")
        .part("cover-image", cover());
    let (status, body) = s
        .send(s.client.post(s.url("/bodies/upload")).multipart(form))
        .await;
    assert_eq!(status, 400);
    assert!(
        body.contains("invalid multipart field `copies`: cannot read \\\"many\\\" as u32"),
        "{body}"
    );
    // A single-valued field sent twice.
    let form = reqwest::multipart::Form::new()
        .text("title", "a")
        .text("title", "b")
        .part("cover-image", cover());
    let (status, body) = s
        .send(s.client.post(s.url("/bodies/upload")).multipart(form))
        .await;
    assert_eq!(status, 400);
    assert!(body.contains("`title` is given 2 times"), "{body}");
    // A required list (`Vec<UploadedFile>`, documented `minItems: 1`)
    // with no part at all: missing, not an empty list (issue 12).
    let form = reqwest::multipart::Form::new()
        .text("title", "t")
        .part("cover-image", cover());
    let (status, body) = s
        .send(s.client.post(s.url("/bodies/upload")).multipart(form))
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("missing multipart field `page`"), "{body}");
    // Text where a file belongs: a part without a filename is not a file.
    let form = reqwest::multipart::Form::new()
        .text("title", "t")
        .text("cover-image", "{}");
    let (status, body) = s
        .send(s.client.post(s.url("/bodies/upload")).multipart(form))
        .await;
    assert_eq!(status, 400);
    assert!(
        body.contains("multipart field `cover-image` takes a file"),
        "{body}"
    );
    let form = reqwest::multipart::Form::new()
        .text("title", "t")
        .part("cover-image", cover())
        .text("page", "not a file");
    let (status, body) = s
        .send(s.client.post(s.url("/bodies/upload")).multipart(form))
        .await;
    assert_eq!(status, 400);
    assert!(
        body.contains("multipart field `page` takes a file"),
        "{body}"
    );
    // Wrong content type, and a broken body.
    let (status, body) = s
        .send(s.post("/bodies/upload", "application/json", "{}"))
        .await;
    assert_eq!(status, 415);
    assert!(
        body.contains(
            "the request body must be sent as `multipart/form-data`, got `application/json`"
        ),
        "{body}"
    );
    let (status, body) = s
        .send(s.post("/bodies/upload", "multipart/form-data", "x"))
        .await;
    assert_eq!(status, 400);
    assert!(body.contains("invalid multipart body"), "{body}");
    let (status, body) = s
        .send(s.post(
            "/bodies/upload",
            "multipart/form-data; boundary=XX",
            "garbage without boundary",
        ))
        .await;
    assert_eq!(status, 400);
    assert!(body.contains("invalid multipart body"), "{body}");
    // Over the limit.
    let form = reqwest::multipart::Form::new().text("title", "t").part(
        "cover-image",
        file_part(vec![0; 70 * 1024], "big", "image/png"),
    );
    let (status, body) = s
        .send(s.client.post(s.url("/bodies/upload")).multipart(form))
        .await;
    assert_eq!(status, 413);
    assert!(
        body.contains("larger than the limit of 65536 bytes"),
        "{body}"
    );
    s.stop().await.unwrap();
}

/// Issue 31, RFC 9110 §15.5.16: a body sent compressed (`Content-Encoding`
/// other than `identity`) reached the handler still compressed; now every
/// route that reads a body answers 415 naming the coding, with
/// `Accept-Encoding: identity`, and one that reads none ignores it.
#[tokio::test]
async fn a6_a_compressed_body_is_a_415_with_accept_encoding_identity() {
    use std::io::Write;
    let s = server().await;
    let json = r#"{"title":"Dune","pages":412}"#;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(json.as_bytes()).unwrap();
    let gzipped = gz.finish().unwrap();
    let cases = [
        ("/bodies/json", "application/json"),
        ("/bodies/json-optional", "application/json"),
        ("/bodies/text", "text/plain"),
        ("/bodies/text-optional", "text/plain"),
        ("/bodies/form", "application/x-www-form-urlencoded"),
        ("/bodies/bytes", "application/octet-stream"),
        ("/bodies/bytes-optional", "application/octet-stream"),
    ];
    for (path, content_type) in cases {
        for coding in ["gzip", "br", "identity, gzip", "x-custom"] {
            let res = s
                .post(path, content_type, gzipped.clone())
                .header("content-encoding", coding)
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 415, "{path} {coding}");
            assert_eq!(res.headers()["accept-encoding"], "identity", "{path}");
            let body = res.text().await.unwrap();
            let named = coding.rsplit(", ").next().unwrap();
            assert!(
                body.contains(&format!(
                    "the request body is sent with `Content-Encoding: {named}`, which the server does not decode"
                )),
                "{path}: {body}"
            );
        }
    }
    for path in ["/bodies/upload", "/bodies/stream"] {
        let form = reqwest::multipart::Form::new().text("title", "Dune");
        let res = s
            .client
            .post(s.url(path))
            .multipart(form)
            .header("content-encoding", "gzip")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 415, "{path}");
        assert_eq!(res.headers()["accept-encoding"], "identity", "{path}");
    }
    // `identity` is the body as it is; a route that reads none ignores it.
    let (status, body) = s
        .send(
            s.post("/bodies/json", "application/json", json)
                .header("content-encoding", "Identity"),
        )
        .await;
    assert_eq!((status, body.as_str()), (201, json));
    let (status, body) = s
        .send(
            s.post("/bodies/none", "application/json", gzipped)
                .header("content-encoding", "gzip"),
        )
        .await;
    assert_eq!((status, body.as_str()), (201, "read nothing"));
    s.stop().await.unwrap();
}

/// Issue 33, item 5: `#[multipart(content_type = "..")]` makes the server
/// refuse a part of another media type (or of none) with a `415` naming
/// the part and the types it may be sent as; parameters and case do not
/// matter, and a wildcard takes its whole type.
#[tokio::test]
async fn issue33_5_a_parts_media_type_is_enforced() {
    let s = server().await;
    let send = |form: reqwest::multipart::Form| {
        let req = s.client.post(s.url("/bodies/letter")).multipart(form);
        s.send(req)
    };
    let pdf = || {
        file_part(
            b"%PDF-1.7".to_vec(),
            "l.pdf",
            "Application/PDF; version=1.7",
        )
    };
    let form = reqwest::multipart::Form::new()
        .part("letter", pdf())
        .part("scans", file_part(vec![1], "a.png", "image/png"))
        .part(
            "scans",
            file_part(vec![2], "b.txt", "text/plain; charset=utf-8"),
        );
    assert_eq!(send(form).await, (200, "8 bytes, 2 scans".into()));
    assert_eq!(
        send(reqwest::multipart::Form::new().part("letter", pdf())).await,
        (200, "8 bytes, 0 scans".into())
    );
    let refused = [
        (
            file_part(vec![1], "l.png", "image/png"),
            None,
            "the part `letter` of the multipart body must be sent as `application/pdf`, got `image/png`",
        ),
        (
            reqwest::multipart::Part::bytes(b"%PDF".to_vec()).file_name("l.pdf"),
            None,
            "the part `letter` of the multipart body must be sent as `application/pdf`, got no `Content-Type`",
        ),
        (
            pdf(),
            Some(file_part(vec![1], "s.pdf", "application/pdf")),
            "the part `scans` of the multipart body must be sent as `image/*` or `text/plain`, got `application/pdf`",
        ),
    ];
    for (letter, scan, message) in refused {
        let mut form = reqwest::multipart::Form::new().part("letter", letter);
        if let Some(scan) = scan {
            form = form.part("scans", scan);
        }
        let (status, body) = send(form).await;
        assert_eq!(status, 415, "{body}");
        assert!(body.contains(message), "{body}");
    }
    s.stop().await.unwrap();
}
