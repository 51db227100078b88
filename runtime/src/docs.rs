//! The document at run time (SPEC F4, feature `docs`): the app serves the
//! OpenAPI document(s) that `build.rs` wrote, embedded at compile time, and
//! an API reference page — Swagger UI, the page Nest's `SwaggerModule`
//! serves — whose assets are embedded too, so it works with no internet.
//!
//! ```no_run
//! use tether::docs::ApiDocs;
//! use tether::{include_openapi, App, NativeAdapter};
//!
//! # macro_rules! include_openapi { ($p:literal) => { r#"{"openapi":"3.1.0"}"# } }
//! // `include_openapi!` embeds the file build.rs wrote, relative to the crate root.
//! let app = App::new(NativeAdapter::new()).docs(
//!     ApiDocs::new("/docs").document("openapi", include_openapi!("openapi.json")),
//! );
//! ```
//!
//! With several documents (one per version, as build.rs writes under
//! HEADER versioning), the page has a selector:
//! `.document("v1", include_openapi!("openapi.v1.json")).document("v2", ..)`.
//!
//! Served, for `GET` and `HEAD`, when no route of the app claims the path:
//! `/docs` (redirects to `/docs/`), `/docs/` (the page), `/docs/{name}.json`
//! (each document), `/docs/init.js` and `/docs/assets/{version}/…`
//! (Swagger UI, cached for a year: the version is in the path). The page
//! refers to everything relatively, so it works under a proxy prefix too.
//! With the `compression` feature (a default) Swagger UI's files go out
//! gzipped to clients that accept it (2.2 MB → about 0.6 MB), each
//! compressed once, when first asked for.

use crate::response::{Body, Response};
use http::header::{CACHE_CONTROL, CONTENT_TYPE, LOCATION};
use http::{HeaderValue, Method, StatusCode};

/// Embeds an OpenAPI document that `build.rs` wrote, by its path relative
/// to the crate root: `include_openapi!("openapi.json")`.
#[macro_export]
macro_rules! include_openapi {
    ($file:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $file))
    };
}

/// The Swagger UI version embedded (see `runtime/assets/swagger-ui`).
pub const SWAGGER_UI_VERSION: &str = include_str!("../assets/swagger-ui/VERSION").trim_ascii();

/// Swagger UI's files, as the npm package `swagger-ui-dist` ships them.
const ASSETS: [(&str, &str, &[u8]); 3] = [
    (
        "swagger-ui-bundle.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../assets/swagger-ui/swagger-ui-bundle.js"),
    ),
    (
        "swagger-ui-standalone-preset.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../assets/swagger-ui/swagger-ui-standalone-preset.js"),
    ),
    (
        "swagger-ui.css",
        "text/css; charset=utf-8",
        include_bytes!("../assets/swagger-ui/swagger-ui.css"),
    ),
];

/// The API reference page and the documents it shows, for
/// [`App::docs`](crate::App::docs).
#[derive(Debug, Clone)]
pub struct ApiDocs {
    path: String,
    title: String,
    documents: Vec<(String, &'static str)>,
}

impl ApiDocs {
    /// A page at `path` (such as `/docs`, or `/` for the site's root),
    /// with no document yet.
    pub fn new(path: &str) -> Self {
        // Kept without a trailing slash: `/docs`, or empty for the root.
        let path = match path.trim_matches('/') {
            "" => String::new(),
            trimmed => format!("/{trimmed}"),
        };
        ApiDocs {
            path,
            title: "API reference".to_string(),
            documents: Vec::new(),
        }
    }

    /// Adds a document (its JSON text, usually [`include_openapi!`]);
    /// `name` labels it in the page and names its URL, `{path}/{name}.json`.
    ///
    /// # Panics
    /// When `name` is not a plain URL segment (letters, digits, `.`, `-`,
    /// `_`) or is used twice.
    pub fn document(mut self, name: &str, json: &'static str) -> Self {
        let plain = !name.is_empty()
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'));
        assert!(plain, "ApiDocs::document: `{name}` is not a plain URL segment (letters, digits, `.`, `-`, `_`)");
        assert!(
            self.documents.iter().all(|(n, _)| n != name),
            "ApiDocs::document: `{name}` is added twice"
        );
        self.documents.push((name.to_string(), json));
        self
    }

    /// The page's title (default "API reference").
    pub fn title(mut self, title: &str) -> Self {
        self.title = title.to_string();
        self
    }

    /// The answer for a request to `path`, if it is one of the docs'.
    pub(crate) fn answer(
        &self,
        method: &Method,
        path: &str,
        headers: &http::HeaderMap,
    ) -> Option<Response> {
        if method != Method::GET && method != Method::HEAD {
            return None;
        }
        let rest = path.strip_prefix(self.path.as_str())?;
        if rest.is_empty() {
            let last = self.path.rsplit('/').next().unwrap_or_default();
            return Some(redirect(&format!("{last}/")));
        }
        let rest = rest.strip_prefix('/')?;
        match rest {
            "" => Some(self.page()),
            "init.js" => Some(ok(
                "text/javascript; charset=utf-8",
                self.init_js(),
                NO_CACHE,
            )),
            _ => self.document_named(rest).or_else(|| asset(rest, headers)),
        }
    }

    fn document_named(&self, file: &str) -> Option<Response> {
        let name = file.strip_suffix(".json")?;
        let (_, json) = self.documents.iter().find(|(n, _)| n == name)?;
        Some(ok("application/json", *json, NO_CACHE))
    }

    fn page(&self) -> Response {
        let v = SWAGGER_UI_VERSION;
        let html = format!(
            r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="assets/{v}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="assets/{v}/swagger-ui-bundle.js"></script>
<script src="assets/{v}/swagger-ui-standalone-preset.js"></script>
<script src="init.js"></script>
</body>
</html>
"#,
            title = escape_html(&self.title)
        );
        ok("text/html; charset=utf-8", html, NO_CACHE)
    }

    /// Swagger UI's settings: the documents, no call to the online
    /// validator, "try it out" against the server that serves the page.
    fn init_js(&self) -> String {
        let urls: Vec<serde_json::Value> = self
            .documents
            .iter()
            // Keys in sorted order, so the text is the same with or without
            // serde_json's `preserve_order` (which another crate may enable).
            .map(|(name, _)| serde_json::json!({ "name": name, "url": format!("{name}.json") }))
            .collect();
        let urls = serde_json::to_string(&urls).expect("plain JSON");
        format!(
            r##"window.ui = SwaggerUIBundle({{
  urls: {urls},
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: "StandaloneLayout"
}});
"##
        )
    }
}

const NO_CACHE: &str = "no-cache";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// One of Swagger UI's files, under `assets/{version}/`: gzipped when
/// the client accepts it (and the `compression` feature is on).
fn asset(rest: &str, headers: &http::HeaderMap) -> Option<Response> {
    let file = rest
        .strip_prefix("assets/")?
        .strip_prefix(SWAGGER_UI_VERSION)?
        .strip_prefix('/')?;
    let index = ASSETS.iter().position(|(name, _, _)| *name == file)?;
    let (_, content_type, bytes) = ASSETS[index];
    #[cfg_attr(not(feature = "compression"), allow(unused_mut))]
    let mut res = ok(content_type, bytes::Bytes::from_static(bytes), IMMUTABLE);
    #[cfg(feature = "compression")]
    gzip_asset(&mut res, index, headers);
    #[cfg(not(feature = "compression"))]
    let _ = headers;
    Some(res)
}

/// `res`, the answer of `ASSETS[index]`, made to vary by `Accept-Encoding`
/// and gzipped when `headers` accept it.
#[cfg(feature = "compression")]
fn gzip_asset(res: &mut Response, index: usize, headers: &http::HeaderMap) {
    if crate::compression::accepts_gzip(headers) {
        *res.body_mut() = Body::from(gzipped(index));
        let gzip = HeaderValue::from_static("gzip");
        res.headers_mut()
            .insert(http::header::CONTENT_ENCODING, gzip);
    }
    let vary = HeaderValue::from_static("accept-encoding");
    res.headers_mut().insert(http::header::VARY, vary);
}

/// `ASSETS[index]` gzipped, compressed on first use and kept.
#[cfg(feature = "compression")]
fn gzipped(index: usize) -> bytes::Bytes {
    static GZIPPED: [std::sync::OnceLock<bytes::Bytes>; ASSETS.len()] =
        [const { std::sync::OnceLock::new() }; ASSETS.len()];
    GZIPPED[index]
        .get_or_init(|| crate::compression::gzip(ASSETS[index].2, 9))
        .clone()
}

fn ok(content_type: &'static str, body: impl Into<Body>, cache: &'static str) -> Response {
    let mut res = Response::new(body.into());
    let headers = res.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    res
}

fn redirect(location: &str) -> Response {
    let mut res = Response::new(Body::empty());
    *res.status_mut() = StatusCode::PERMANENT_REDIRECT;
    if let Ok(value) = HeaderValue::from_str(location) {
        res.headers_mut().insert(LOCATION, value);
    }
    res
}

fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(docs: &ApiDocs, path: &str) -> Option<(StatusCode, String)> {
        docs.answer(&Method::GET, path, &http::HeaderMap::new())
            .map(|res| {
                let location = res
                    .headers()
                    .get(LOCATION)
                    .map(|v| v.to_str().unwrap().to_string());
                (res.status(), location.unwrap_or_default())
            })
    }

    #[test]
    fn f4_paths_of_the_docs() {
        let docs = ApiDocs::new("/docs/")
            .document("v1", "{}")
            .document("v2", "{}");
        assert_eq!(
            get(&docs, "/docs"),
            Some((StatusCode::PERMANENT_REDIRECT, "docs/".into()))
        );
        assert_eq!(get(&docs, "/docs/").unwrap().0, 200);
        assert_eq!(get(&docs, "/docs/v1.json").unwrap().0, 200);
        assert_eq!(get(&docs, "/docs/v3.json"), None);
        assert_eq!(get(&docs, "/docsx"), None);
        let asset = format!("/docs/assets/{SWAGGER_UI_VERSION}/swagger-ui.css");
        assert_eq!(get(&docs, &asset).unwrap().0, 200);
        assert_eq!(get(&docs, "/docs/assets/0.0.1/swagger-ui.css"), None);
        let none = http::HeaderMap::new();
        assert!(docs.answer(&Method::POST, "/docs/", &none).is_none());
        assert!(docs.answer(&Method::HEAD, "/docs/", &none).is_some());
        assert!(docs
            .init_js()
            .contains(r#"[{"name":"v1","url":"v1.json"},{"name":"v2","url":"v2.json"}]"#));
    }

    #[test]
    fn f4_docs_at_the_root() {
        for root in ["/", "", "//"] {
            let docs = ApiDocs::new(root).document("openapi", "{}");
            assert_eq!(get(&docs, "/").unwrap().0, 200, "{root:?}");
            assert_eq!(get(&docs, "/openapi.json").unwrap().0, 200);
            assert_eq!(get(&docs, "/init.js").unwrap().0, 200);
            let asset = format!("/assets/{SWAGGER_UI_VERSION}/swagger-ui.css");
            assert_eq!(get(&docs, &asset).unwrap().0, 200);
            assert_eq!(get(&docs, "/books"), None, "other paths are the app's");
            assert_eq!(get(&docs, "/other.json"), None);
        }
    }
}
