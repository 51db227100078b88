//! SPEC E5 on a real server: DTOs deriving `serde_valid::Validate` are
//! checked when read (JSON and form bodies, query structs), before the
//! handler; a broken rule is a 400 in Nest's `ValidationPipe` shape listing
//! every broken rule, each naming the field by its wire path. Rules on
//! single values (`#[param]`, `#[query("x")]`, `#[header("x")]`,
//! `#[cookie("x")]`) are checked alike, all of them before pipes run.

use serde::Deserialize;
use serde_valid::Validate;
use std::any::Any;
use std::sync::atomic::{AtomicUsize, Ordering};
use tether::pipeline::{ArgMeta, Pipe};
use tether::{controller, App, HttpError, NativeAdapter};
use tether_tests::TestServer;

#[derive(Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
struct NewBook {
    #[validate(min_length = 1)]
    book_title: String,
    #[validate]
    author: Author,
    #[validate(max_items = 2)]
    #[validate]
    chapters: Vec<Chapter>,
}

#[derive(Deserialize, Validate)]
struct Author {
    #[validate(pattern = "@")]
    email: String,
}

#[derive(Deserialize, Validate)]
struct Chapter {
    #[validate(minimum = 1)]
    pages: u32,
}

#[derive(Deserialize, Validate)]
#[serde(rename_all = "kebab-case")]
struct Search {
    #[validate(maximum = 50)]
    page_size: Option<u32>,
}

/// A multipart form: parts named by the field, `#[serde(rename)]` or
/// `#[multipart(rename)]`, and its messages name the parts alike.
#[derive(tether::extract::multipart::MultipartForm, Validate)]
struct Upload {
    #[multipart(rename = "cover-title")]
    #[validate(min_length = 3)]
    title: String,
    #[serde(rename = "copyCount")]
    #[validate(maximum = 10)]
    copies: u32,
    #[validate(max_length = 4)]
    note: String,
}

static CALLS: AtomicUsize = AtomicUsize::new(0);

struct BooksController;

#[controller("/books")]
impl BooksController {
    #[post]
    async fn create(&self, #[body] dto: NewBook) -> String {
        CALLS.fetch_add(1, Ordering::SeqCst);
        dto.book_title
    }

    #[post("/form")]
    async fn form(&self, #[body(form)] q: Search) -> String {
        CALLS.fetch_add(1, Ordering::SeqCst);
        format!("{:?}", q.page_size)
    }

    #[post("/upload")]
    async fn upload(&self, #[body(multipart)] u: Upload) -> String {
        format!("{} {} {}", u.title, u.copies, u.note)
    }

    #[get]
    async fn search(&self, #[query] q: Search) -> String {
        format!("{:?}", q.page_size)
    }
}

fn messages(body: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(v["statusCode"], 400, "{body}");
    assert_eq!(v["error"], "Bad Request", "{body}");
    v["message"]
        .as_array()
        .unwrap_or_else(|| panic!("message is a list: {body}"))
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn e5_json_body_every_broken_rule_by_wire_path_before_the_handler() {
    let s = TestServer::start(App::new(NativeAdapter::new()).controller(BooksController)).await;
    let bad = r#"{"bookTitle":"","author":{"email":"nope"},"chapters":[{"pages":3},{"pages":0},{"pages":1}]}"#;
    let before = CALLS.load(Ordering::SeqCst);
    let (status, body) = s.send(s.post("/books", "application/json", bad)).await;
    assert_eq!(status, 400, "{body}");
    let list = messages(&body);
    assert_eq!(
        CALLS.load(Ordering::SeqCst),
        before,
        "the handler must not run"
    );
    for path in [
        "bookTitle: ",
        "author.email: ",
        "chapters: ",
        "chapters[1].pages: ",
    ] {
        assert!(
            list.iter().any(|m| m.starts_with(path)),
            "{path} in {list:?}"
        );
    }
    assert_eq!(list.len(), 4, "{list:?}");
    let good = r#"{"bookTitle":"Dune","author":{"email":"a@b"},"chapters":[{"pages":3}]}"#;
    let (status, body) = s.send(s.post("/books", "application/json", good)).await;
    assert_eq!((status, body.as_str()), (201, "Dune"));
}

#[tokio::test]
async fn e5_query_and_form_structs_are_checked_too() {
    let s = TestServer::start(App::new(NativeAdapter::new()).controller(BooksController)).await;
    let (status, body) = s.get("/books?page-size=51").await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(messages(&body).len(), 1);
    assert!(messages(&body)[0].starts_with("page-size: "), "{body}");
    assert_eq!(
        s.get("/books?page-size=50").await,
        (200, "Some(50)".to_string())
    );
    let (status, body) = s
        .send(s.post(
            "/books/form",
            "application/x-www-form-urlencoded",
            "page-size=99",
        ))
        .await;
    assert_eq!(status, 400, "{body}");
    // Named by the key the form sent, `rename_all` applied.
    assert_eq!(
        messages(&body),
        ["page-size: The number must be `<= 50`."],
        "{body}"
    );
}

// The rules route's own counters: tests run in parallel.
static PIPED: AtomicUsize = AtomicUsize::new(0);
static RULE_CALLS: AtomicUsize = AtomicUsize::new(0);

/// Counts the values it sees: none may reach it when a rule is broken.
struct CountingPipe;

impl Pipe for CountingPipe {
    fn transform(&self, _: &mut dyn Any, _: &ArgMeta) -> Result<(), HttpError> {
        PIPED.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }
}

struct RulesController;

#[controller("/rules")]
impl RulesController {
    #[get("/:code")]
    #[tether::use_pipes(CountingPipe)]
    #[allow(clippy::too_many_arguments)]
    async fn every_kind(
        &self,
        #[param]
        #[validate(pattern = "^[A-Z]{3}$")]
        code: String,
        #[query("limit")]
        #[validate(minimum = 1)]
        #[validate(maximum = 100)]
        limit: Option<u32>,
        #[query("ratio")]
        #[validate(exclusive_minimum = 0, exclusive_maximum = 1)]
        ratio: Option<f64>,
        #[query("step")]
        #[validate(multiple_of = 5)]
        step: Option<i64>,
        #[query("tag")]
        #[validate(min_items = 2)]
        #[validate(max_items = 3)]
        #[validate(unique_items)]
        #[validate(max_length = 5)]
        tag: Vec<String>,
        #[query("state")]
        #[validate(r#enum = ["open", "closed"])]
        state: Option<String>,
        #[header("x-request-id")]
        #[validate(min_length = 8)]
        request_id: Option<String>,
        #[cookie("theme")]
        #[validate(r#enum = ["dark", "light"])]
        theme: Option<String>,
    ) -> String {
        RULE_CALLS.fetch_add(1, Ordering::SeqCst);
        format!("{code} {limit:?} {ratio:?} {step:?} {tag:?} {state:?} {request_id:?} {theme:?}")
    }

    #[get]
    async fn plain(&self, #[query("limit")] limit: Option<u32>) -> String {
        format!("{limit:?}")
    }
}

fn rules_app() -> App<NativeAdapter> {
    App::new(NativeAdapter::new()).controller(RulesController)
}

#[tokio::test]
async fn e5_every_broken_rule_of_every_parameter_in_one_400_before_pipes_and_valid_values_pass() {
    let s = TestServer::start(rules_app()).await;
    let (calls, piped) = (
        RULE_CALLS.load(Ordering::SeqCst),
        PIPED.load(Ordering::SeqCst),
    );
    let url = s.url("/rules/abcd?limit=0&ratio=1&step=7&tag=a&tag=a&tag=toolong&tag=b&state=lost");
    let req = s
        .client
        .get(url)
        .header("x-request-id", "short")
        .header("cookie", "theme=pink");
    let (status, body) = s.send(req).await;
    assert_eq!(status, 400, "{body}");
    let expected = serde_json::json!({
        "statusCode": 400,
        "message": [
            "code: The value must match the pattern of \"^[A-Z]{3}$\".",
            "limit: The number must be `>= 1`.",
            "ratio: The number must be `< 1.0`.",
            "step: The value must be multiple of `5`.",
            "tag: The length of the items must be `<= 3`.",
            "tag: The items must be unique.",
            "tag[2]: The length of the value must be `<= 5`.",
            "state: The value must be in [open, closed].",
            "x-request-id: The length of the value must be `>= 8`.",
            "theme: The value must be in [dark, light].",
        ],
        "error": "Bad Request",
        "code": "VALIDATION_FAILED",
    });
    let got: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(got, expected);
    assert_eq!(
        RULE_CALLS.load(Ordering::SeqCst),
        calls,
        "the handler must not run"
    );
    assert_eq!(PIPED.load(Ordering::SeqCst), piped, "no pipe may run");

    // The other side of each bound, and `ratio`'s lower one.
    let (status, body) = s
        .get("/rules/ABC?limit=101&ratio=0&step=-5&state=open&tag=x")
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        messages(&body),
        [
            "limit: The number must be `<= 100`.",
            "ratio: The number must be `> 0.0`.",
            "tag: The length of the items must be `>= 2`.",
        ]
    );
    values_within_their_rules_reach_the_handler(&s).await;
}

/// Run by the test above, after it: both count the same route's calls.
async fn values_within_their_rules_reach_the_handler(s: &TestServer) {
    let req = s
        .client
        .get(s.url("/rules/ABC?limit=100&ratio=0.5&step=-10&tag=a&tag=b&state=closed"))
        .header("x-request-id", "12345678")
        .header("cookie", "theme=dark");
    let piped = PIPED.load(Ordering::SeqCst);
    let (status, body) = s.send(req).await;
    assert_eq!(
        (status, body.as_str()),
        (
            200,
            r#"ABC Some(100) Some(0.5) Some(-10) ["a", "b"] Some("closed") Some("12345678") Some("dark")"#
        )
    );
    assert_eq!(
        PIPED.load(Ordering::SeqCst),
        piped + 8,
        "each value piped once"
    );
    // Absent optional values are not checked.
    let (status, body) = s.get("/rules/XYZ?tag=x&tag=y").await;
    assert_eq!(status, 200, "{body}");
    // A value that cannot be read is the extraction's 400, as before.
    let (status, body) = s.get("/rules/XYZ?tag=x&limit=many").await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("limit"), "{body}");
    assert_eq!(s.get("/rules?limit=0").await, (200, "Some(0)".into()));
}

#[tokio::test]
async fn e5_multipart_messages_name_the_parts_sent() {
    let s = TestServer::start(App::new(NativeAdapter::new()).controller(BooksController)).await;
    let form = || {
        reqwest::multipart::Form::new()
            .text("cover-title", "ab")
            .text("copyCount", "11")
            .text("note", "too long")
    };
    let (status, body) = s
        .send(s.client.post(s.url("/books/upload")).multipart(form()))
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        messages(&body),
        [
            "cover-title: The length of the value must be `>= 3`.",
            "copyCount: The number must be `<= 10`.",
            "note: The length of the value must be `<= 4`.",
        ]
    );
    let good = reqwest::multipart::Form::new()
        .text("cover-title", "abc")
        .text("copyCount", "10")
        .text("note", "ok");
    let (status, body) = s
        .send(s.client.post(s.url("/books/upload")).multipart(good))
        .await;
    assert_eq!((status, body.as_str()), (201, "abc 10 ok"));
}

// Issue 31 item 4: text length rules count code points, as the document's
// `minLength`/`maxLength` and the client's zod do; serde_valid alone counts
// grapheme clusters, and a letter with any number of combining marks is one.

#[derive(Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
struct NewNote {
    #[validate(min_length = 2)]
    #[validate(max_length = 200)]
    note_title: String,
    #[validate(max_length = 3)]
    #[serde(default)]
    tags: Vec<String>,
    #[validate]
    meta: Option<NoteMeta>,
    #[validate(max_length = 100)]
    #[validate(custom = tether::extract::text_length::max_graphemes(3))]
    caption: Option<String>,
}

#[derive(Deserialize, Validate)]
struct NoteMeta {
    #[validate(max_length = 4)]
    #[validate(pattern = "^[^!]*$")]
    source: String,
}

#[derive(Deserialize, Validate)]
struct NoteQuery {
    #[validate(min_length = 2)]
    #[validate(max_length = 5)]
    q: Option<String>,
    #[validate(max_length = 3)]
    #[serde(default)]
    tag: Vec<String>,
}

struct NotesController;

#[controller("/notes")]
impl NotesController {
    #[post]
    async fn create(&self, #[body] note: NewNote) -> String {
        format!("{} {}", note.note_title.chars().count(), note.tags.len())
    }

    #[post("/form")]
    async fn form(&self, #[body(form)] q: NoteQuery) -> String {
        format!("{:?}", q.q.map(|s| s.chars().count()))
    }

    #[get]
    async fn search(&self, #[query] q: NoteQuery) -> String {
        format!("{:?}", q.q.map(|s| s.chars().count()))
    }

    #[get("/one")]
    async fn one(
        &self,
        #[query("q")]
        #[validate(min_length = 2)]
        #[validate(max_length = 5)]
        q: Option<String>,
        #[query("tag")]
        #[validate(max_length = 3)]
        tag: Vec<String>,
    ) -> String {
        format!("{:?} {}", q.map(|s| s.chars().count()), tag.len())
    }
}

/// `e` followed by `marks` combining acute accents: one grapheme cluster
/// of `1 + marks` code points.
fn accented(marks: usize) -> String {
    format!("e{}", "\u{301}".repeat(marks))
}

fn json_note(title: &str) -> String {
    serde_json::json!({ "noteTitle": title }).to_string()
}

#[tokio::test]
async fn issue31_4_json_length_rules_count_code_points_not_graphemes() {
    let s = TestServer::start(App::new(NativeAdapter::new()).controller(NotesController)).await;
    let post = |body: String| s.send(s.post("/notes", "application/json", body));
    // One letter and 300 combining marks: one grapheme, 301 code points.
    let (status, body) = post(json_note(&accented(300))).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        messages(&body),
        ["noteTitle: The length of the value must be `<= 200`."]
    );
    // The same, escaped as JSON `\u0301`s.
    let escaped = format!(r#"{{"noteTitle":"e{}"}}"#, r"\u0301".repeat(300));
    let (status, body) = post(escaped).await;
    assert_eq!(status, 400, "{body}");
    // 200 emoji (two UTF-16 units each) are 200 code points: within; 201 not.
    let (status, body) = post(json_note(&"😀".repeat(200))).await;
    assert_eq!((status, body.as_str()), (201, "200 0"));
    let (status, body) = post(json_note(&"😀".repeat(201))).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        messages(&body),
        ["noteTitle: The length of the value must be `<= 200`."]
    );
    // `min_length = 2`: `e` + one mark is two code points (one grapheme).
    let (status, body) = post(json_note(&accented(1))).await;
    assert_eq!((status, body.as_str()), (201, "2 0"));
    let (status, body) = post(json_note("😀")).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        messages(&body),
        ["noteTitle: The length of the value must be `>= 2`."]
    );
    // CR LF is one grapheme and two code points.
    let (status, body) = post(json_note("\r\n")).await;
    assert_eq!((status, body.as_str()), (201, "2 0"));
}

#[tokio::test]
async fn issue31_4_nested_fields_and_list_items_count_code_points_beside_other_rules() {
    let s = TestServer::start(App::new(NativeAdapter::new()).controller(NotesController)).await;
    let note = serde_json::json!({
        "noteTitle": accented(1),
        "tags": ["ok", accented(3), "abc"],
        "meta": { "source": format!("{}!", accented(1)) },
        "caption": "😀😀😀",
    });
    let (status, body) = post_json(&s, "/notes", &note).await;
    assert_eq!(status, 400, "{body}");
    let mut list = messages(&body);
    list.sort();
    assert_eq!(
        list,
        [
            "meta.source: The value must match the pattern of \"^[^!]*$\".",
            "tags[1]: The length of the value must be `<= 3`.",
        ]
    );
    // Graphemes are counted where a rule says so: `max_graphemes(3)`.
    let note = serde_json::json!({ "noteTitle": "ab", "caption": "e\u{301}e\u{301}e\u{301}" });
    let (status, body) = post_json(&s, "/notes", &note).await;
    assert_eq!((status, body.as_str()), (201, "2 0"));
    let note = serde_json::json!({ "noteTitle": "ab", "caption": "abcd" });
    let (status, body) = post_json(&s, "/notes", &note).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        messages(&body),
        ["caption: The length of the value must be `<= 3` characters (grapheme clusters)."]
    );
    // `max_graphemes` bounds no size; the `max_length` beside it does.
    let note = serde_json::json!({ "noteTitle": "ab", "caption": accented(100) });
    let (status, body) = post_json(&s, "/notes", &note).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        messages(&body),
        ["caption: The length of the value must be `<= 100`."]
    );
}

#[tokio::test]
async fn issue31_4_query_and_form_length_rules_count_code_points() {
    let s = TestServer::start(App::new(NativeAdapter::new()).controller(NotesController)).await;
    let long = accented(5);
    let query = |q: &str| {
        url::form_urlencoded::Serializer::new(String::new())
            .append_pair("q", q)
            .append_pair("tag", "ab")
            .finish()
    };
    for path in ["/notes", "/notes/one"] {
        let (status, body) = s.get(&format!("{path}?{}", query(&long))).await;
        assert_eq!(status, 400, "{path}: {body}");
        assert_eq!(
            messages(&body),
            ["q: The length of the value must be `<= 5`."],
            "{path}"
        );
        let (status, body) = s.get(&format!("{path}?{}", query(&"😀".repeat(5)))).await;
        assert_eq!(status, 200, "{path}: {body}");
        assert!(body.starts_with("Some(5)"), "{path}: {body}");
        let (status, body) = s.get(&format!("{path}?{}", query(&accented(1)))).await;
        assert_eq!(status, 200, "{path}: {body}");
        assert!(body.starts_with("Some(2)"), "{path}: {body}");
        let items = format!("{path}?tag=ok&tag={}", urlencode(&accented(3)));
        let (status, body) = s.get(&items).await;
        assert_eq!(status, 400, "{path}: {body}");
        assert_eq!(
            messages(&body),
            ["tag[1]: The length of the value must be `<= 3`."],
            "{path}"
        );
    }
    let (status, body) = s
        .send(s.post(
            "/notes/form",
            "application/x-www-form-urlencoded",
            query(&long),
        ))
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        messages(&body),
        ["q: The length of the value must be `<= 5`."]
    );
    let (status, body) = s
        .send(s.post(
            "/notes/form",
            "application/x-www-form-urlencoded",
            query(&"😀".repeat(5)),
        ))
        .await;
    assert_eq!((status, body.as_str()), (201, "Some(5)"));
}

#[tokio::test]
async fn issue31_4_multipart_text_parts_count_code_points() {
    let s = TestServer::start(App::new(NativeAdapter::new()).controller(BooksController)).await;
    let upload = |title: String, note: String| {
        let form = reqwest::multipart::Form::new()
            .text("cover-title", title)
            .text("copyCount", "1")
            .text("note", note);
        s.send(s.client.post(s.url("/books/upload")).multipart(form))
    };
    // `note`: `max_length = 4`; one letter and four marks are 5 code points.
    let (status, body) = upload("abc".into(), accented(4)).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        messages(&body),
        ["note: The length of the value must be `<= 4`."]
    );
    // `cover-title`: `min_length = 3`; `e` and two marks are 3 code points.
    let (status, body) = upload(accented(2), "😀😀😀😀".into()).await;
    assert_eq!(status, 201, "{body}");
    let (status, body) = upload("😀😀".into(), "ok".into()).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        messages(&body),
        ["cover-title: The length of the value must be `>= 3`."]
    );
}

async fn post_json(s: &TestServer, path: &str, body: &serde_json::Value) -> (u16, String) {
    s.send(s.post(path, "application/json", body.to_string()))
        .await
}

fn urlencode(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

/// `n` distinct keys no DTO reads (`k0=x&k1=x&…`), each ending in `&`.
fn unknown_pairs(n: usize) -> String {
    (0..n).map(|i| format!("k{i}=x&")).collect()
}

/// The message of a `400` that is not a list.
fn message(body: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(v["statusCode"], 400, "{body}");
    v["message"]
        .as_str()
        .unwrap_or_else(|| panic!("{body}"))
        .to_string()
}

/// Issue 31 item 1: a form or query of many distinct keys and one broken
/// rule made the error path quadratic (50.5 s of a worker for 110,000
/// keys). Past 1,000 pairs it is a `400` naming the limit, before any pair
/// is decoded; at 1,000 the broken rule is named as usual.
#[tokio::test]
async fn issue31_1_more_than_1000_form_or_query_pairs_is_a_400_naming_the_limit() {
    let s = TestServer::start(
        App::new(NativeAdapter::new())
            .controller(BooksController)
            .controller(RulesController),
    )
    .await;
    let form = |body: String| s.post("/books/form", "application/x-www-form-urlencoded", body);
    let limit = "has more than the limit of 1000 `key=value` pairs";
    for keys in [50_000, 1000] {
        let (status, body) = s.send(form(unknown_pairs(keys) + "page-size=51")).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(message(&body), format!("the form body {limit}"));
    }
    let (status, body) = s.send(form(unknown_pairs(999) + "page-size=51")).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(messages(&body), ["page-size: The number must be `<= 50`."]);
    let (status, body) = s.send(form(unknown_pairs(999) + "page-size=50")).await;
    assert_eq!((status, body.as_str()), (201, "Some(50)"));

    // The query string of a `#[query]` struct, and of a single value.
    for path in ["/books", "/rules"] {
        let (status, body) = s
            .get(&format!("{path}?{}page-size=51", unknown_pairs(1000)))
            .await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(message(&body), format!("the query string {limit}"));
    }
    let (status, body) = s
        .get(&format!("/books?{}page-size=51", unknown_pairs(999)))
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(messages(&body), ["page-size: The number must be `<= 50`."]);
    let (status, body) = s
        .get(&format!("/rules?{}limit=7", unknown_pairs(999)))
        .await;
    assert_eq!((status, body.as_str()), (200, "Some(7)"));
}

/// Issue 31 item 1: a multipart body's parts count against the same
/// limit: past 1,000 parts (named or not), a `400` naming it.
#[tokio::test]
async fn issue31_1_more_than_1000_multipart_parts_is_a_400_naming_the_limit() {
    let s = TestServer::start(App::new(NativeAdapter::new()).controller(BooksController)).await;
    let upload = |extra: usize| {
        let form = reqwest::multipart::Form::new()
            .text("cover-title", "abc")
            .text("copyCount", "10")
            .text("note", "ok");
        let form = (0..extra).fold(form, |f, i| f.text(format!("k{i}"), "x"));
        s.client.post(s.url("/books/upload")).multipart(form)
    };
    let (status, body) = s.send(upload(998)).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        message(&body),
        "the multipart body has more than the limit of 1000 parts"
    );
    let (status, body) = s.send(upload(997)).await;
    assert_eq!((status, body.as_str()), (201, "abc 10 ok"));
}

/// Issue 31 item 1: `App::max_form_pairs` raises the limit.
#[tokio::test]
async fn issue31_1_max_form_pairs_lets_5000_pairs_through() {
    let app = App::new(NativeAdapter::new())
        .controller(BooksController)
        .max_form_pairs(5000);
    let s = TestServer::start(app).await;
    let form = |body: String| s.post("/books/form", "application/x-www-form-urlencoded", body);
    let (status, body) = s.send(form(unknown_pairs(4999) + "page-size=50")).await;
    assert_eq!((status, body.as_str()), (201, "Some(50)"));
    let (status, body) = s.send(form(unknown_pairs(4999) + "page-size=51")).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(messages(&body), ["page-size: The number must be `<= 50`."]);
    let (status, body) = s
        .get(&format!("/books?{}page-size=50", unknown_pairs(4999)))
        .await;
    assert_eq!((status, body.as_str()), (200, "Some(50)"));
    let (status, body) = s.send(form(unknown_pairs(5000) + "page-size=50")).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        message(&body),
        "the form body has more than the limit of 5000 `key=value` pairs"
    );
}

/// Issue 31 item 8: 100,000 broken items made a 4.5 MB answer. The list
/// stops at 100 messages, then says how many more rules were broken;
/// `App::max_validation_messages` moves the limit.
#[tokio::test]
async fn issue31_8_a_validation_400_lists_100_messages_then_how_many_more() {
    let chapters = vec![r#"{"pages":0}"#; 100_000].join(",");
    let bad =
        format!(r#"{{"bookTitle":"Dune","author":{{"email":"a@b"}},"chapters":[{chapters}]}}"#);
    for (app, listed) in [
        (App::new(NativeAdapter::new()), 100),
        (App::new(NativeAdapter::new()).max_validation_messages(5), 5),
    ] {
        let app = app
            .controller(BooksController)
            .controller(RulesController)
            .body_limit(2 << 20);
        let s = TestServer::start(app).await;
        let (status, body) = s
            .send(s.post("/books", "application/json", bad.clone()))
            .await;
        assert_eq!(status, 400);
        let list = messages(&body);
        assert_eq!(list.len(), listed + 1, "{body}");
        assert_eq!(list[0], "chapters: The length of the items must be `<= 2`.");
        assert_eq!(list[1], "chapters[0].pages: The number must be `>= 1`.");
        assert_eq!(
            list[listed - 1],
            format!("chapters[{}].pages: The number must be `>= 1`.", listed - 2)
        );
        // 100,000 broken items and `max_items`: 100,001 rules.
        assert_eq!(list[listed], format!("and {} more", 100_001 - listed));
        // Single values too: `max_items` and 150 values too long.
        let tags: String = (0..150).map(|i| format!("&tag=toolong{i}")).collect();
        let (status, body) = s.get(&format!("/rules/ABC?limit=1{tags}")).await;
        assert_eq!(status, 400);
        let list = messages(&body);
        assert_eq!(list.len(), listed + 1, "{body}");
        assert_eq!(list[listed], format!("and {} more", 151 - listed));
    }
}
