//! The validation error path (SPEC E5, issue 31 items 1 and 8) on
//! arbitrary bytes read as a query string, a form body and a JSON body into
//! DTOs with rules of every kind (lengths, pattern, bounds, `multiple_of`,
//! items, `enum`, nested structs, lists, maps, a flattened struct): never a
//! panic; a `400` lists at most 100 messages plus one `and N more`, and
//! every other message names the field it is about (`path: …`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde::Deserialize;
use serde_valid::validation::Errors;
use serde_valid::Validate;
use std::collections::HashMap;
use tether::extract::{body_form_validated, body_json_validated, query_all};
use tether::extract::validate::{validated, Sent, DEFAULT_MAX_MESSAGES};
use tether::{HttpError, Request};

/// Fields a query string or a form can carry.
#[derive(Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
struct Form {
    #[validate(min_length = 2)]
    #[validate(max_length = 8)]
    #[validate(pattern = "^[a-z]*$")]
    book_title: Option<String>,
    #[validate(minimum = 1)]
    #[validate(maximum = 100)]
    #[validate(multiple_of = 2)]
    page_size: Option<i64>,
    #[validate(max_items = 3)]
    #[validate(unique_items)]
    #[validate(max_length = 4)]
    tags: Option<Vec<String>>,
    #[validate(r#enum = ["asc", "desc"])]
    order: Option<String>,
}

/// A JSON body: the form's fields and nested ones.
#[derive(Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
struct Body {
    #[serde(flatten)]
    #[validate]
    form: Form,
    #[validate(max_items = 50)]
    #[validate]
    items: Option<Vec<Item>>,
    #[validate]
    by_key: Option<HashMap<String, Item>>,
    #[validate]
    nested_item: Option<Item>,
}

#[derive(Deserialize, Validate)]
#[serde(rename_all = "kebab-case")]
struct Item {
    #[validate(exclusive_minimum = 0)]
    #[validate(exclusive_maximum = 10)]
    item_count: i64,
    #[validate(min_items = 1)]
    #[validate(minimum = 0)]
    scores: Option<Vec<i32>>,
}

fn check<T: Validate>(value: &T) -> Result<(), Errors> {
    value.validate()
}

/// A request with this query string, content type and body.
fn request(query: &str, content_type: &'static str, body: &[u8]) -> Option<Request> {
    let uri = format!("/x?{}", query.replace(['#', ' '], ""));
    let req = http::Request::post(uri.as_str())
        .header("content-type", content_type)
        .body(())
        .ok()?;
    let (head, _) = req.into_parts();
    Some(Request::new(head, bytes::Bytes::copy_from_slice(body)))
}

/// The messages of a validation `400` keep to the limit, and each but a
/// final `and N more` names its field.
fn assert_messages(outcome: Result<impl Sized, HttpError>) {
    let Err(e) = outcome else { return };
    assert_eq!(e.status().as_u16(), 400);
    let Some(list) = e.messages() else { return };
    assert!(
        list.len() <= DEFAULT_MAX_MESSAGES + 1,
        "{} messages",
        list.len()
    );
    for (i, message) in list.iter().enumerate() {
        let more = message
            .strip_prefix("and ")
            .and_then(|m| m.strip_suffix(" more"))
            .and_then(|n| n.parse::<usize>().ok());
        if i == DEFAULT_MAX_MESSAGES {
            assert!(more.is_some_and(|n| n > 0), "{message:?}");
            continue;
        }
        let path = message.split_once(": ").map_or("", |(path, _)| path);
        assert!(!path.is_empty(), "no field named in {message:?}");
    }
}

fuzz_target!(|data: &[u8]| {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let text = String::from_utf8_lossy(data);
    if let Some(req) = request(&text, "text/plain", b"") {
        let query = req.query_string().unwrap_or("").as_bytes();
        let check = check::<Form>;
        assert_messages(validated(query_all::<Form>(&req), check, &req, || {
            Sent::form(query)
        }));
    }
    if let Some(mut req) = request("", "application/x-www-form-urlencoded", data) {
        assert_messages(runtime.block_on(body_form_validated::<Form>(&mut req, check::<Form>)));
    }
    if let Some(mut req) = request("", "application/json", data) {
        assert_messages(runtime.block_on(body_json_validated::<Body>(&mut req, check::<Body>)));
    }
});
