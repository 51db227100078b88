//! TypeScript SDK generation.
//!
//! [`generate_sdk`] turns an OpenAPI 3.0, 3.1 or 3.2 document (tether's own
//! or any third-party one) into the files of a dependency-free TypeScript
//! client; [`write_sdk`] writes them, touching only files whose bytes
//! changed; [`check_sdk`] lists what is stale (for `--check`).
//!
//! ```
//! let doc = serde_json::json!({
//!     "openapi": "3.1.0",
//!     "info": { "title": "Demo", "version": "1" },
//!     "paths": { "/health": { "get": { "operationId": "check", "responses": { "204": { "description": "ok" } } } } }
//! });
//! let files = tether_build::sdk::generate_sdk(&doc, &Default::default()).unwrap();
//! assert!(files.get("health/index.ts").unwrap().contains("check(options"));
//! ```
//!
//! The hints tether's own documents carry, all optional:
//! - root `x-tether`: `{ globalPrefix, versioning: { type: "URI" | "HEADER", prefix, defaultVersion } }`;
//! - per operation `x-tether-controller`, `x-tether-method` (the client's
//!   names) and `x-tether-version` (the version group, `client.v2.users`,
//!   under URI and HEADER versioning);
//! - on `text/event-stream` content, `x-tether-item-schema` (3.0/3.1) or
//!   `itemSchema` (3.2): a `oneOf` of `{ event: const, data, id? }`.
//!
//! Without them, the naming rules name things: the controller from the first tag,
//! else the first path segment; the method from the `operationId`, else
//! from the HTTP method and the path.

mod auth;
mod document;
mod emit;
pub mod naming;
mod operations;
mod package;
mod plan;
mod schema;
mod tanstack;
mod templates;
mod versions;
mod write;
mod zod;

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

use serde_json::Value;
pub use tether_model::config::SdkEmit;
use tether_model::config::SdkOutput;

pub use document::lenient_value;
pub use templates::GENERATED_MARKER;
pub use write::{check_sdk, write_sdk, WriteReport};

/// How generated files import each other.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ImportExtension {
    /// `./client.js`: works with `moduleResolution` `NodeNext`, `Node16` and `Bundler`.
    #[default]
    Js,
    /// `./client.ts`: for Deno, or `allowImportingTsExtensions`.
    Ts,
    /// `./client`: for bundlers and `moduleResolution: node10`.
    None,
}

/// Settings of the generator.
#[derive(Debug, Clone, Default)]
pub struct SdkOptions {
    /// Ignored when `emit` is [`SdkEmit::JavaScript`]: ES modules need `.js`.
    pub import_extension: ImportExtension,
    /// TypeScript sources, or compiled `.js` with `.d.ts` declarations.
    pub emit: SdkEmit,
    /// Also `queries.ts`: TanStack Query options and keys per operation.
    pub tanstack_query: bool,
    /// Also `zod.ts`: zod 4 schemas and the client's `validator` from them.
    pub zod: bool,
}

impl SdkOptions {
    /// These options with the settings of an `[openapi.sdk]` table.
    pub fn with_output(mut self, sdk: &SdkOutput) -> SdkOptions {
        self.emit = sdk.emit;
        self.tanstack_query = sdk.tanstack_query;
        self.zod = sdk.zod;
        self
    }
}

/// The generated client: relative path (with `/`) → file contents.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SdkFiles {
    /// Each file's text by its relative path.
    pub files: BTreeMap<String, String>,
    /// What the generator had to decide for the document, e.g. a method
    /// renamed because two operations share an operationId.
    pub warnings: Vec<String>,
}

impl SdkFiles {
    /// The text of the file at `path`.
    pub fn get(&self, path: &str) -> Option<&str> {
        self.files.get(path).map(String::as_str)
    }

    /// Every file, path and text, in path order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.files.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

/// Why a client could not be generated or written.
#[derive(Debug)]
pub enum SdkError {
    /// The document is not an OpenAPI 3 document the generator can read.
    InvalidDocument(String),
    /// An `openapi` version other than 3.0.x, 3.1.x or 3.2.x.
    UnsupportedVersion(String),
    /// A file would be written outside the output directory.
    UnsafePath(String),
    /// Reading or writing a file failed.
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

impl fmt::Display for SdkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SdkError::InvalidDocument(m) => write!(f, "invalid OpenAPI document: {m}"),
            SdkError::UnsupportedVersion(v) => write!(
                f,
                "unsupported OpenAPI version `{v}`: the client generator reads 3.0.x, 3.1.x and 3.2.x documents"
            ),
            SdkError::UnsafePath(p) => write!(
                f,
                "refusing to write `{p}`: generated files must stay inside the output directory"
            ),
            SdkError::Io { path, source } => write!(f, "{}: {source}", path.display()),
        }
    }
}

impl std::error::Error for SdkError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SdkError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Generates the client's files from an OpenAPI document.
pub fn generate_sdk(doc: &Value, options: &SdkOptions) -> Result<SdkFiles, SdkError> {
    let doc = document::Document::new(doc)?;
    let (files, warnings) = emit::generate(&doc, options);
    Ok(SdkFiles { files, warnings })
}

/// Generates ONE client from the documents of a HEADER-versioned API, one
/// per version in version order (`openapi.v1.json`, `openapi.v2.json`):
/// operations grouped by version (`client.v1.articles`, `client.v2.articles`,
/// each sending its own version header), unversioned ones once, one copy of
/// the runtime. A single document is [`generate_sdk`].
pub fn generate_sdk_versions(docs: &[Value], options: &SdkOptions) -> Result<SdkFiles, SdkError> {
    if let [one] = docs {
        return generate_sdk(one, options);
    }
    let root = versions::merge(docs)?;
    let doc = document::Document::versions(&root, docs)?;
    let (files, warnings) = emit::generate(&doc, options);
    Ok(SdkFiles { files, warnings })
}
