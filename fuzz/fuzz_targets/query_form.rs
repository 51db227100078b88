//! Query-string and form parsing (SPEC A2) on arbitrary bytes: a 400 with
//! a message, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde::Deserialize;
use tether::extract::{body_form, query_all, query_param};
use tether::Request;

#[derive(Deserialize)]
#[allow(dead_code)]
struct Filters {
    q: Option<String>,
    page: Option<u32>,
    tags: Option<Vec<String>>,
    exact: bool,
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let uri = format!("/search?{}", text.replace(['#', ' '], ""));
    let Ok(req) = http::Request::get(uri.as_str()).body(()) else { return };
    let (head, _) = req.into_parts();
    let request = Request::new(head.clone(), bytes::Bytes::new());
    let _ = query_all::<Filters>(&request);
    let _ = query_param::<u64>(&request, "page");
    let _ = query_param::<Option<String>>(&request, "q");
    let _ = query_param::<Vec<String>>(&request, "tags");
    let mut head = head;
    head.headers.insert(
        "content-type",
        http::HeaderValue::from_static("application/x-www-form-urlencoded"),
    );
    let mut request = Request::new(head, bytes::Bytes::copy_from_slice(data));
    let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    let _ = runtime.block_on(body_form::<Filters>(&mut request));
});
