//! The document at run time (feature `docs`): the app serves the
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
//! `/docs` and `/docs/` (the page, the same at both), `/docs/{name}.json`
//! (each document), `/docs/init.js` and `/docs/assets/{version}/…`
//! (Swagger UI, cached for a year: the version is in the path). The page
//! refers to everything relatively (from `/docs` as `docs/…`, from `/docs/`
//! as `…`, and `init.js` finds the documents beside itself), so it works
//! under a proxy prefix too.
//! With the `compression` feature (a default) Swagger UI's files go out
//! gzipped to clients that accept it (2.2 MB → about 0.6 MB), each
//! compressed once, when first asked for.
//!
//! Every answer of the docs carries a strict `Content-Security-Policy`
//! (scripts and styles from the docs' own files only, no inline script,
//! calls to the page's own origin only, no framing), `X-Frame-Options:
//! DENY` and `X-Content-Type-Options: nosniff`: "Try it out" sends the
//! browser's cookies, so no other site may frame the page or run script
//! in it. [`ApiDocs::connect_src`] lets "Try it out" call the document's
//! servers on other origins.

use crate::response::body::{Body, Response};
use http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use http::{HeaderValue, Method};

/// Embeds an OpenAPI document that `build.rs` wrote, by its path relative
/// to the crate root: `include_openapi!("openapi.json")`.
#[macro_export]
macro_rules! include_openapi {
    ($file:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $file))
    };
}

/// The Swagger UI version embedded (from the crate `tether-swagger-ui`).
pub const SWAGGER_UI_VERSION: &str = tether_swagger_ui::VERSION;

// Swagger UI's files, as the npm package `swagger-ui-dist` ships them.
use tether_swagger_ui::ASSETS;

/// The API reference page and the documents it shows, for
/// [`App::docs`](crate::App::docs).
#[derive(Debug, Clone)]
pub struct ApiDocs {
    path: String,
    title: String,
    documents: Vec<(String, &'static str)>,
    /// The sources "Try it out" may call besides the page's own origin.
    connect: Vec<String>,
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
            connect: Vec::new(),
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

    /// Lets "Try it out" call these origins besides the page's own (the
    /// default, `'self'`), such as the document's `servers` on another
    /// origin: `.connect_src(["https://api.example.com"])`. Each is a
    /// Content-Security-Policy source (`https://api.example.com`,
    /// `https://*.example.com`, `http://localhost:3000`); the server must
    /// allow the page's origin by CORS as well.
    ///
    /// # Panics
    /// When a source is empty, holds a space, `;` or `,`, or is a
    /// keyword such as `'unsafe-inline'` or `*` (which would let the page
    /// call any site).
    pub fn connect_src<I, S>(mut self, sources: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        for source in sources {
            let source = source.as_ref();
            if let Err(problem) = check_source(source) {
                panic!("ApiDocs::connect_src: `{source}` {problem}");
            }
            self.connect.push(source.to_string());
        }
        self
    }

    /// The page's Content-Security-Policy: Swagger UI's files and the
    /// page's own script (`init.js`), its styles and icons (`data:`, and
    /// `blob:` for an image answer), calls to the page's origin and
    /// [`ApiDocs::connect_src`]; nothing else, and no framing.
    fn content_security_policy(&self) -> String {
        let mut connect = String::from("'self'");
        for source in &self.connect {
            connect.push(' ');
            connect.push_str(source);
        }
        format!(
            "default-src 'none'; script-src 'self'; style-src 'self' '{LOGO_STYLE_SHA256}'; \
             img-src 'self' data: blob:; connect-src {connect}; base-uri 'none'; \
             form-action 'none'; frame-ancestors 'none'"
        )
    }

    /// The headers every answer of the docs carries (see the module's docs).
    fn secure(&self, res: &mut Response) {
        let headers = res.headers_mut();
        let policy = HeaderValue::from_str(&self.content_security_policy())
            .expect("connect_src checked its sources");
        headers.insert(CONTENT_SECURITY_POLICY, policy);
        headers.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    }

    /// The answer for a request to `path`, if it is one of the docs'.
    pub(crate) fn answer(
        &self,
        method: &Method,
        path: &str,
        headers: &http::HeaderMap,
    ) -> Option<Response> {
        let mut res = self.unsecured(method, path, headers)?;
        self.secure(&mut res);
        Some(res)
    }

    /// [`ApiDocs::answer`] before [`ApiDocs::secure`].
    fn unsecured(
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
            // `/docs`, without the slash: relative references must name
            // the last segment (`docs/init.js`) to stay under it.
            let last = self.path.rsplit('/').next().unwrap_or_default();
            return Some(self.page(&format!("{last}/")));
        }
        let rest = rest.strip_prefix('/')?;
        match rest {
            "" => Some(self.page("")),
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

    /// The page, its files referred to as `{base}…`: relative to the
    /// URL the page was asked at, so `base` is `docs/` for `/docs` and
    /// empty for `/docs/`.
    fn page(&self, base: &str) -> Response {
        ok("text/html; charset=utf-8", self.page_html(base), NO_CACHE)
    }

    /// The text of [`ApiDocs::page`].
    fn page_html(&self, base: &str) -> String {
        let v = SWAGGER_UI_VERSION;
        format!(
            r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="{base}assets/{v}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="{base}assets/{v}/swagger-ui-bundle.js"></script>
<script src="{base}assets/{v}/swagger-ui-standalone-preset.js"></script>
<script src="{base}init.js"></script>
</body>
</html>
"#,
            title = escape_html(&self.title)
        )
    }

    /// Swagger UI's settings: the documents (their URLs resolved beside
    /// `init.js`, wherever the page itself is), no call to the online
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
            r##"var here = document.currentScript.src;
window.ui = SwaggerUIBundle({{
  urls: {urls}.map(function (d) {{
    return {{ name: d.name, url: new URL(d.url, here).href }};
  }}),
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

/// The one `<style>` element Swagger UI writes, in the logo of its
/// standalone layout ([`LOGO_STYLE`]), allowed by its hash: every other
/// style comes from `swagger-ui.css` or is set through the DOM, which the
/// policy does not govern. A Swagger UI update that changes it fails the
/// unit test below and the browser test (`tests/browser/docs_page.test.mjs`).
const LOGO_STYLE_SHA256: &str = "sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w=";

/// The text [`LOGO_STYLE_SHA256`] hashes, as `swagger-ui-standalone-preset.js` holds it.
#[cfg(test)]
const LOGO_STYLE: &str = ".logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}";

const NO_CACHE: &str = "no-cache";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// One of Swagger UI's files, under `assets/{version}/`: gzipped when
/// the client accepts it (and the `compression` feature is on).
fn asset(rest: &str, headers: &http::HeaderMap) -> Option<Response> {
    let file = rest
        .strip_prefix("assets/")?
        .strip_prefix(SWAGGER_UI_VERSION)?
        .strip_prefix('/')?;
    let index = ASSETS.iter().position(|asset| asset.name == file)?;
    let tether_swagger_ui::Asset {
        content_type,
        bytes,
        ..
    } = ASSETS[index];
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
    if crate::response::compression::accepts_gzip(headers) {
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
        .get_or_init(|| crate::response::compression::gzip(ASSETS[index].bytes, 9))
        .clone()
}

fn ok(content_type: &'static str, body: impl Into<Body>, cache: &'static str) -> Response {
    let mut res = Response::new(body.into());
    let headers = res.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static(cache));
    res
}

/// Why `source` cannot widen `connect-src`, if it cannot: it must be one
/// host source or scheme of visible ASCII, not a keyword or `*`.
fn check_source(source: &str) -> Result<(), &'static str> {
    if source.is_empty() {
        return Err("is empty");
    }
    if !source.bytes().all(|b| b.is_ascii_graphic()) {
        return Err("holds a space or a character that is not visible ASCII");
    }
    if source.contains([';', ',']) {
        return Err("holds `;` or `,`, which would end the directive");
    }
    if source.starts_with('\'') || source == "*" {
        return Err(
            "is a keyword or `*`; name the origin the page may call (`https://api.example.com`)",
        );
    }
    Ok(())
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
    use http::StatusCode;

    fn get(docs: &ApiDocs, path: &str) -> Option<StatusCode> {
        docs.answer(&Method::GET, path, &http::HeaderMap::new())
            .map(|res| res.status())
    }

    #[test]
    fn f4_paths_of_the_docs() {
        let docs = ApiDocs::new("/docs/")
            .document("v1", "{}")
            .document("v2", "{}");
        // Issue 33, item 2: the page at the path the app names, no redirect.
        assert_eq!(get(&docs, "/docs"), Some(StatusCode::OK));
        assert_eq!(get(&docs, "/docs/"), Some(StatusCode::OK));
        assert_eq!(get(&docs, "/docs/v1.json"), Some(StatusCode::OK));
        assert_eq!(get(&docs, "/docs/v3.json"), None);
        assert_eq!(get(&docs, "/docsx"), None);
        let asset = format!("/docs/assets/{SWAGGER_UI_VERSION}/swagger-ui.css");
        assert_eq!(get(&docs, &asset), Some(StatusCode::OK));
        assert_eq!(get(&docs, "/docs/assets/0.0.1/swagger-ui.css"), None);
        let none = http::HeaderMap::new();
        assert!(docs.answer(&Method::POST, "/docs/", &none).is_none());
        assert!(docs.answer(&Method::HEAD, "/docs/", &none).is_some());
        assert!(docs
            .init_js()
            .contains(r#"[{"name":"v1","url":"v1.json"},{"name":"v2","url":"v2.json"}]"#));
    }

    #[test]
    fn f4_the_page_refers_to_its_files_from_where_it_is_asked() {
        let docs = ApiDocs::new("/api/docs").document("v1", "{}");
        let v = SWAGGER_UI_VERSION;
        for (base, html) in [("docs/", docs.page_html("docs/")), ("", docs.page_html(""))] {
            for file in [
                format!("href=\"{base}assets/{v}/swagger-ui.css\""),
                format!("src=\"{base}assets/{v}/swagger-ui-bundle.js\""),
                format!("src=\"{base}init.js\""),
            ] {
                assert!(html.contains(&file), "{file} in {html}");
            }
        }
        // The documents are found beside init.js, not beside the page.
        assert!(docs.init_js().contains("new URL(d.url, here)"));
    }

    #[test]
    fn f4_the_logo_style_the_policy_allows_is_swagger_uis() {
        let preset = std::str::from_utf8(ASSETS[1].bytes).unwrap();
        assert_eq!(ASSETS[1].name, "swagger-ui-standalone-preset.js");
        let element = format!(r#"createElement("style",null,"{LOGO_STYLE}")"#);
        assert_eq!(
            preset.matches(&element).count(),
            1,
            "the logo's style changed: hash the new one"
        );
        assert_eq!(
            preset.matches(r#"createElement("style""#).count(),
            1,
            "a new <style>: allow it by its hash"
        );
    }

    #[test]
    fn f4_connect_src_takes_origins_and_refuses_the_rest() {
        let docs =
            ApiDocs::new("/docs").connect_src(["https://api.example.com", "http://localhost:3000"]);
        assert!(docs
            .content_security_policy()
            .contains("connect-src 'self' https://api.example.com http://localhost:3000;"));
        for (bad, problem) in [
            ("", "is empty"),
            ("https://a.example https://b.example", "holds a space"),
            ("https://a.example;script-src", "holds `;` or `,`"),
            ("https://a.example,https://b.example", "holds `;` or `,`"),
            ("'unsafe-inline'", "is a keyword or `*`"),
            ("*", "is a keyword or `*`"),
        ] {
            let panic = std::panic::catch_unwind(|| ApiDocs::new("/docs").connect_src([bad]))
                .expect_err(bad);
            let text = panic.downcast_ref::<String>().unwrap();
            assert!(
                text.contains(problem) && text.contains("ApiDocs::connect_src"),
                "{text}"
            );
        }
    }

    #[test]
    fn f4_docs_at_the_root() {
        for root in ["/", "", "//"] {
            let docs = ApiDocs::new(root).document("openapi", "{}");
            assert_eq!(get(&docs, "/"), Some(StatusCode::OK), "{root:?}");
            assert_eq!(get(&docs, "/openapi.json"), Some(StatusCode::OK));
            assert_eq!(get(&docs, "/init.js"), Some(StatusCode::OK));
            let asset = format!("/assets/{SWAGGER_UI_VERSION}/swagger-ui.css");
            assert_eq!(get(&docs, &asset), Some(StatusCode::OK));
            assert_eq!(get(&docs, "/books"), None, "other paths are the app's");
            assert_eq!(get(&docs, "/other.json"), None);
        }
    }
}
