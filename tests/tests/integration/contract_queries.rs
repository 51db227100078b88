//! SPEC E1, A2 on a live server: the query and form shapes tether-build
//! documents are served as documented. Arrays come from repeated keys
//! (`?labels=a&labels=b`, what the generated client sends for a `form`,
//! `explode` array), enums by their serde names, and one rule, serde, reads
//! `#[query]` structs, single `#[query("x")]` values, `#[param]`s and
//! `#[header]`s alike. A `400` names the key the client sent.

use serde::{Deserialize, Serialize};
use tether::{controller, App, Json, NativeAdapter};
use tether_tests::TestServer;

#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Visibility {
    Public,
    Private,
}

#[derive(Deserialize, Serialize, Debug)]
#[serde(rename_all = "camelCase")]
struct IssueFilter {
    labels: Vec<String>,
    assignee_ids: Option<Vec<u32>>,
    visibility: Option<Visibility>,
    state: Option<Vec<Visibility>>,
    page: Option<u32>,
}

/// Flattened into a query struct: text fields and string enums only
/// (tether-build refuses a flattened `bool` or number, which serde cannot
/// read from the text it buffers).
#[derive(Deserialize, Serialize, Debug)]
struct Sorting {
    sort: Option<String>,
    order: Option<Visibility>,
}

#[derive(Deserialize, Serialize, Debug)]
struct Listing {
    limit: u32,
    #[serde(flatten)]
    sorting: Sorting,
}

#[derive(Deserialize, Serialize, Debug)]
struct LabelForm {
    title: String,
    labels: Vec<String>,
    weights: Option<Vec<u8>>,
}

struct IssuesController;

#[controller("/issues")]
impl IssuesController {
    #[get]
    async fn list(&self, #[query] filter: IssueFilter) -> IssueFilter {
        filter
    }

    #[get("/tagged")]
    async fn tagged(
        &self,
        #[query("tag")] tags: Vec<String>,
        #[query("ids")] ids: Option<Vec<u64>>,
        #[query("visibility")] visibility: Option<Visibility>,
        #[query("sort")] sort: Visibility,
    ) -> Json<(
        Vec<String>,
        Option<Vec<u64>>,
        Option<Visibility>,
        Visibility,
    )> {
        Json((tags, ids, visibility, sort))
    }

    #[get("/by/:visibility")]
    async fn by_visibility(
        &self,
        #[param] visibility: Visibility,
        #[header("x-visibility")] header: Option<Visibility>,
        #[header("x-page")] page: Option<u32>,
    ) -> Json<(Visibility, Option<Visibility>, Option<u32>)> {
        Json((visibility, header, page))
    }

    #[get("/listing")]
    async fn listing(&self, #[query] listing: Listing) -> Listing {
        listing
    }

    #[post("/labels")]
    async fn labels(&self, #[body(form)] form: LabelForm) -> LabelForm {
        form
    }
}

async fn server() -> TestServer {
    TestServer::start(App::new(NativeAdapter::new()).controller(IssuesController)).await
}

/// Each path answers `400` with a message containing its text.
async fn assert_400s(s: &TestServer, cases: &[(&str, &str)]) {
    for (path, message) in cases {
        let (status, body) = s.get(path).await;
        assert_eq!(status, 400, "{path}: {body}");
        assert!(body.contains(message), "{path}: {body}");
    }
}

fn json(body: &str) -> serde_json::Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

#[tokio::test]
async fn e1_array_and_enum_query_fields_from_repeated_keys() {
    let s = server().await;
    let (status, body) = s
        .get("/issues?labels=bug&labels=perf&assigneeIds=3&assigneeIds=4.0&visibility=private&state=public&state=private")
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        json(&body),
        serde_json::json!({
            "labels": ["bug", "perf"],
            "assigneeIds": [3, 4],
            "visibility": "private",
            "state": ["public", "private"],
            "page": null
        })
    );
    // One value is an array of one, not "expected a sequence".
    let (status, body) = s.get("/issues?labels=bug").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        json(&body),
        serde_json::json!({"labels": ["bug"], "assigneeIds": null, "visibility": null, "state": null, "page": null})
    );
    s.stop().await.unwrap();
}

#[tokio::test]
async fn e1_a_400_names_the_query_key_the_client_sent() {
    let s = server().await;
    let cases = [
        ("/issues", "missing query parameter `labels`"),
        (
            "/issues?labels=a&assigneeIds=1&assigneeIds=x",
            "invalid query parameter `assigneeIds`: cannot read \\\"x\\\" as u32: invalid digit found in string",
        ),
        (
            "/issues?labels=a&visibility=secret",
            "invalid query parameter `visibility`: unknown variant `secret`, expected `public` or `private`",
        ),
        (
            "/issues?labels=a&page=1&page=2",
            "invalid query parameter `page`: sent 2 times, expected one value",
        ),
    ];
    assert_400s(&s, &cases).await;
    s.stop().await.unwrap();
}

#[tokio::test]
async fn e1_single_query_values_read_by_serde_like_query_structs() {
    let s = server().await;
    let (status, body) = s
        .get("/issues/tagged?tag=a&tag=b%20c&ids=7&visibility=public&sort=private")
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        json(&body),
        serde_json::json!([["a", "b c"], [7], "public", "private"])
    );
    let (status, body) = s.get("/issues/tagged?tag=a&sort=public").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        json(&body),
        serde_json::json!([["a"], null, null, "public"])
    );
    let cases = [
        (
            "/issues/tagged?sort=public",
            "missing query parameter `tag`",
        ),
        ("/issues/tagged?tag=a", "missing query parameter `sort`"),
        (
            "/issues/tagged?tag=a&sort=public&visibility=x",
            "invalid query parameter `visibility`: unknown variant `x`",
        ),
        (
            "/issues/tagged?tag=a&sort=public&ids=1&ids=-2",
            "invalid query parameter `ids`: cannot read \\\"-2\\\" as u64",
        ),
    ];
    assert_400s(&s, &cases).await;
    s.stop().await.unwrap();
}

#[tokio::test]
async fn e1_params_and_headers_read_by_serde_and_named_as_sent() {
    let s = server().await;
    let req = s
        .client
        .get(s.url("/issues/by/private"))
        .header("x-visibility", "public")
        .header("x-page", "3");
    let (status, body) = s.send(req).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(json(&body), serde_json::json!(["private", "public", 3]));
    let (status, body) = s.get("/issues/by/hidden").await;
    assert_eq!(status, 400);
    assert!(
        body.contains("invalid path parameter `visibility`: unknown variant `hidden`"),
        "{body}"
    );
    let req = s
        .client
        .get(s.url("/issues/by/public"))
        .header("x-page", "two");
    let (status, body) = s.send(req).await;
    assert_eq!(status, 400);
    assert!(
        body.contains("invalid header `x-page`: cannot read \\\"two\\\" as u32"),
        "{body}"
    );
    s.stop().await.unwrap();
}

#[tokio::test]
async fn e1_form_bodies_take_repeated_keys_as_arrays() {
    let s = server().await;
    let form = "title=t&labels=a&labels=b&weights=1&weights=2";
    let (status, body) = s
        .send(s.post("/issues/labels", "application/x-www-form-urlencoded", form))
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        json(&body),
        serde_json::json!({"title": "t", "labels": ["a", "b"], "weights": [1, 2]})
    );
    let (status, body) = s
        .send(s.post(
            "/issues/labels",
            "application/x-www-form-urlencoded",
            "title=t&labels=a&weights=300",
        ))
        .await;
    assert_eq!(status, 400);
    assert!(
        body.contains("invalid form field `weights`: cannot read \\\"300\\\" as u8"),
        "{body}"
    );
    s.stop().await.unwrap();
}

#[tokio::test]
async fn e1_flattened_text_fields_in_a_query_struct() {
    let s = server().await;
    let (status, body) = s
        .get("/issues/listing?limit=5.0&sort=title&order=private")
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        json(&body),
        serde_json::json!({"limit": 5, "sort": "title", "order": "private"})
    );
    let (status, body) = s.get("/issues/listing?limit=5").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        json(&body),
        serde_json::json!({"limit": 5, "sort": null, "order": null})
    );
    s.stop().await.unwrap();
}

#[derive(Deserialize, Serialize, Debug)]
struct Author {
    name: String,
}

#[derive(Deserialize, Serialize, Debug)]
struct NewBook {
    title: String,
    authors: Vec<Author>,
}

struct BooksController;

#[controller("/books")]
impl BooksController {
    #[post]
    async fn create(&self, #[body] book: NewBook) -> NewBook {
        book
    }
}

#[tokio::test]
async fn e1_a_json_400_names_the_field_path_the_client_sent() {
    let s = TestServer::start(App::new(NativeAdapter::new()).controller(BooksController)).await;
    let sent = r#"{"title":"Dune","authors":[{"name":"Frank"},{"name":7}]}"#;
    let (status, body) = s.send(s.post("/books", "application/json", sent)).await;
    assert_eq!(status, 400);
    assert!(
        body.contains(
            "invalid JSON body at `authors[1].name`: invalid type: integer `7`, expected a string"
        ),
        "{body}"
    );
    let (status, body) = s.send(s.post("/books", "application/json", "{}")).await;
    assert_eq!(status, 400);
    assert!(
        body.contains("invalid JSON body: missing field `title`"),
        "{body}"
    );
    s.stop().await.unwrap();
}
