//! The router with version dispatch (SPEC A5, A10) on arbitrary request
//! lines: every request gets a response (200, 400, 404, or 405 with an
//! `Allow` header), never a panic.
//! Two apps: URI versioning behind a global prefix, and HEADER versioning.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use tether::{controller, App, AppService, NativeAdapter, Versioning, VersioningKind};

struct Users;

#[controller("/users")]
impl Users {
    #[get]
    async fn list(&self, #[query("page")] page: Option<u32>) -> String {
        format!("{page:?}")
    }
    #[get("/:id")]
    async fn one(&self, #[param] id: u64) -> String {
        id.to_string()
    }
    #[get("/:id")]
    #[version("2")]
    async fn one_v2(&self, #[param] id: u64, #[header("x-trace")] trace: Option<String>) -> String {
        format!("{id} {trace:?}")
    }
    #[all("/files/*rest")]
    async fn files(&self, #[param] rest: String) -> String {
        rest
    }
    #[get("/me")]
    #[version(neutral)]
    async fn me(&self) -> &'static str {
        "me"
    }
}

fn service(kind: VersioningKind) -> AppService {
    let versioning = Versioning {
        default_version: Some("1".into()),
        ..Versioning::new(kind)
    };
    App::new(NativeAdapter::new())
        .controller(Users)
        .global_prefix("api")
        .versioning(Some(versioning))
        .into_service()
        .expect("routes are valid")
        .1
}

fn services() -> &'static (AppService, AppService, tokio::runtime::Runtime) {
    static CELL: OnceLock<(AppService, AppService, tokio::runtime::Runtime)> = OnceLock::new();
    CELL.get_or_init(|| {
        (
            service(VersioningKind::Uri),
            service(VersioningKind::Header),
            tokio::runtime::Builder::new_current_thread().build().unwrap(),
        )
    })
}

const METHODS: [&str; 8] = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE"];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let (path, version) = text.split_once('\n').unwrap_or((text, ""));
    let (uri, header, runtime) = services();
    let service = if selector & 0x80 == 0 { uri } else { header };
    let mut builder = http::Request::builder()
        .method(METHODS[usize::from(selector) % METHODS.len()])
        .uri(path);
    if !version.is_empty() {
        builder = builder.header("X-API-Version", version);
    }
    let Ok(request) = builder.body(bytes::Bytes::new()) else { return };
    let response = runtime.block_on(service.call(request));
    let status = response.status().as_u16();
    assert!(
        matches!(status, 200 | 400 | 404 | 405),
        "unexpected status {status} for {path:?}"
    );
    // A wrong method on a routed path names the right ones.
    if status == 405 {
        let allow = response.headers().get("allow").expect("405 has Allow");
        assert!(!allow.is_empty(), "empty Allow for {path:?}");
    }
});
