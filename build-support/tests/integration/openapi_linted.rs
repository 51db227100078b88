//! What linters and other generators see in a document (issue 33): the
//! `servers` and `info` of `tether.toml`, tag and operation descriptions
//! from doc comments, the security of public operations stated, and no
//! schema written that nothing uses. Redocly's and Spectral's runs over
//! the examples are a step of ./test.sh.

use crate::openapi_support;

use openapi_support::{document, generate};
use serde_json::{json, Value};

const ABOUT: &str = r#"
[openapi]
title = "Books"
version = "2.0.0"
servers = [{ url = "https://api.example.org", description = "Production" }, { url = "/" }]
[openapi.info]
description = "The catalogue of a bookshop."
terms_of_service = "https://example.org/terms"
contact = { name = "Books team", email = "books@example.org" }
license = { name = "MIT", identifier = "MIT" }
"#;

const BOOKS: &str = r#"
use tether::{controller, WithHeaders};
#[derive(serde::Serialize)]
pub struct Book { pub id: u64 }
#[derive(serde::Serialize)]
pub struct PageHeaders {
    #[serde(rename = "X-Total-Count")]
    pub total: u64,
}
/// The books on the shelves.
///
/// Each with its copies.
pub struct BooksController;
#[controller("/books")]
impl BooksController {
    /// Lists the books,
    /// a page at a time.
    ///
    /// The page's size is fixed.
    #[get]
    async fn list(&self) -> WithHeaders<Vec<Book>, PageHeaders> { todo!() }
    /// Finds one book.
    #[get("/:id")]
    async fn find_one(&self, #[param] id: u64) -> tether::Json<Book> { todo!() }
    #[delete("/:id")]
    async fn remove(&self, #[param] id: u64) {}
}
"#;

fn operation<'d>(doc: &'d Value, path: &str, method: &str) -> &'d Value {
    &doc["paths"][path][method]
}

fn servers_and_info_come_from_tether_toml() {
    let doc = document("about", ABOUT, BOOKS);
    assert_eq!(
        doc["servers"],
        json!([{"url": "https://api.example.org", "description": "Production"}, {"url": "/"}])
    );
    assert_eq!(
        doc["info"],
        json!({
            "title": "Books",
            "version": "2.0.0",
            "description": "The catalogue of a bookshop.",
            "termsOfService": "https://example.org/terms",
            "contact": {"name": "Books team", "email": "books@example.org"},
            "license": {"name": "MIT", "identifier": "MIT"}
        })
    );
    // Without them, nothing is made up.
    let doc = document("about-none", "", BOOKS);
    assert!(doc.get("servers").is_none());
    assert_eq!(doc["info"].as_object().unwrap().len(), 2, "{}", doc["info"]);
}

/// Hostile values: each is refused by the build, naming the file and the
/// key, before anything is written.
fn broken_servers_and_info_name_the_file_and_the_key() {
    for (i, (toml, key)) in [
        (
            "[openapi]\nservers = [{ url = \"localhost:3000\" }]\n",
            "openapi.servers[0].url",
        ),
        (
            "[openapi]\nservers = [{ url = \"https://a.example/\" }]\n",
            "openapi.servers[0].url",
        ),
        (
            "[openapi.info]\ncontact = { email = \"nobody\" }\n",
            "openapi.info.contact.email",
        ),
        (
            "[openapi.info]\nlicense = { name = \"MIT\", identifier = \"MIT\", url = \"https://x.example\" }\n",
            "openapi.info.license.identifier",
        ),
        (
            "[openapi.info]\nterms_of_service = \"see the website\"\n",
            "openapi.info.terms_of_service",
        ),
        ("[openapi.info]\nsummary = \"x\"\n", "summary"),
    ]
    .into_iter()
    .enumerate()
    {
        let e = generate(&format!("about-broken-{i}"), toml, BOOKS)
            .unwrap_err()
            .to_string();
        assert!(e.contains(key) && e.contains("tether.toml"), "{key}: {e}");
    }
    // Outputs given in code are checked the same way.
    let dir = openapi_support::write_crate("about-in-code", &[("src/lib.rs", BOOKS)]);
    let output = tether_build::config::OpenApiOutput {
        servers: vec![tether_build::config::ServerEntry {
            url: "api.example.org".into(),
            description: None,
        }],
        ..Default::default()
    };
    let e = tether_build::Builder::new()
        .manifest_dir(&dir)
        .output(output)
        .run()
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("Builder::output") && e.contains("openapi.servers[0].url"),
        "{e}"
    );
}

fn doc_comments_describe_tags_and_operations() {
    let doc = document("about-docs", "", BOOKS);
    // The doc comment of the controller's type describes its tag.
    assert_eq!(
        doc["tags"],
        json!([{"name": "books", "description": "The books on the shelves.\n\nEach with its copies."}])
    );
    // The summary is the first paragraph; the description all of it.
    let list = operation(&doc, "/books", "get");
    assert_eq!(list["summary"], "Lists the books, a page at a time.");
    assert_eq!(
        list["description"],
        "Lists the books,\na page at a time.\n\nThe page's size is fixed."
    );
    let find = operation(&doc, "/books/{id}", "get");
    assert_eq!(find["summary"], "Finds one book.");
    assert_eq!(find["description"], "Finds one book.");
    let remove = operation(&doc, "/books/{id}", "delete");
    assert!(remove.get("summary").is_none() && remove.get("description").is_none());
}

fn public_operations_state_their_security() {
    let schemes = "[security.schemes.bearer]\ntype = \"http\"\nscheme = \"bearer\"\n";
    let src = r#"
pub struct AccountController;
#[controller("/account")]
#[security("bearer")]
impl AccountController {
    /// Who is signed in.
    #[get("/me")]
    async fn me(&self) -> String { todo!() }
    /// Signs in.
    #[public]
    #[post("/token")]
    async fn token(&self) -> String { todo!() }
}
pub struct HealthController;
#[controller("/health")]
impl HealthController {
    /// Liveness.
    #[get]
    async fn check(&self) -> String { todo!() }
}
"#;
    let doc = document("about-security", schemes, src);
    assert!(doc.get("security").is_none());
    assert_eq!(
        operation(&doc, "/account/me", "get")["security"],
        json!([{"bearer": []}])
    );
    assert_eq!(
        operation(&doc, "/account/token", "post")["security"],
        json!([])
    );
    assert_eq!(operation(&doc, "/health", "get")["security"], json!([]));
    // A document without schemes says it once, for every operation.
    let doc = document("about-no-schemes", "", BOOKS);
    assert_eq!(doc["security"], json!([]));
    assert!(operation(&doc, "/books", "get").get("security").is_none());
}

fn response_header_structs_are_not_written_as_schemas() {
    let doc = document("about-unused", "", BOOKS);
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    assert!(schemas.contains_key("Book"), "{schemas:?}");
    assert!(!schemas.contains_key("PageHeaders"), "{schemas:?}");
    let headers = &operation(&doc, "/books", "get")["responses"]["200"]["headers"];
    assert_eq!(headers["X-Total-Count"]["required"], true);
}

/// Item 7: a 3.0/3.1 document has no standard place for the schema of
/// each event of a stream: the events sit in `x-tether-item-schema` (and
/// the components they use stay), and the body is not claimed to be one
/// event; 3.2 writes `itemSchema`.
fn sse_events_sit_in_the_item_schema_only() {
    let src = r#"
use tether::response::sse::Sse;
#[derive(serde::Serialize)]
pub struct Article { pub slug: String }
#[derive(serde::Serialize)]
pub enum LiveEvent { Published(Article), Closed }
pub struct LiveController;
#[controller("/live")]
impl LiveController {
    /// The events.
    #[get]
    async fn events(&self) -> Sse<LiveEvent> { todo!() }
}
"#;
    for (version, key) in [
        ("3.0", "x-tether-item-schema"),
        ("3.1", "x-tether-item-schema"),
        ("3.2", "itemSchema"),
    ] {
        let toml = format!("[openapi]\nopenapi_version = \"{version}\"\n");
        let doc = document(&format!("about-sse-{version}"), &toml, src);
        let media =
            &operation(&doc, "/live", "get")["responses"]["200"]["content"]["text/event-stream"];
        let media = media.as_object().unwrap();
        assert_eq!(
            media.keys().collect::<Vec<_>>(),
            [key],
            "{version}: {media:?}"
        );
        assert!(
            doc["components"]["schemas"].get("Article").is_some(),
            "{version}"
        );
    }
}

pub(crate) fn tests() -> Vec<libtest_mimic::Trial> {
    tests![
        servers_and_info_come_from_tether_toml,
        broken_servers_and_info_name_the_file_and_the_key,
        doc_comments_describe_tags_and_operations,
        public_operations_state_their_security,
        response_header_structs_are_not_written_as_schemas,
        sse_events_sit_in_the_item_schema_only,
    ]
}
