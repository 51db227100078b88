//! The `x-tether*` extension keys: written by the OpenAPI writer
//! (`openapi/`), read by the client generator (`sdk/`). One list, so the
//! two halves cannot drift apart. `sdk/mod.rs` documents what each holds.

/// Root object: `{ globalPrefix, versioning }`.
pub const ROOT: &str = "x-tether";
/// In [`ROOT`]: the global prefix, skipped when naming controllers.
pub const GLOBAL_PREFIX: &str = "globalPrefix";
/// In [`ROOT`]: `{ type, prefix | header, defaultVersion, documentVersion }`.
pub const VERSIONING: &str = "versioning";
/// In [`VERSIONING`]: `"URI"` or `"HEADER"`.
pub const VERSIONING_TYPE: &str = "type";
/// In [`VERSIONING`]: the URI segment prefix (`v`).
pub const URI_PREFIX: &str = "prefix";
/// In [`VERSIONING`]: the request header that carries the version
/// (`X-API-Version`) under HEADER versioning.
pub const VERSION_HEADER: &str = "header";
/// In [`VERSIONING`]: the version of routes without `#[version]`.
pub const DEFAULT_VERSION: &str = "defaultVersion";
/// In [`VERSIONING`]: the one version a per-version document holds.
pub const DOCUMENT_VERSION: &str = "documentVersion";
/// On an operation: the client's controller name.
pub const CONTROLLER: &str = "x-tether-controller";
/// On an operation: the client's method name.
pub const METHOD: &str = "x-tether-method";
/// On an operation: its version group under URI and HEADER versioning.
pub const VERSION: &str = "x-tether-version";
/// On `text/event-stream` content in 3.0/3.1: the schema of one event.
pub const ITEM_SCHEMA: &str = "x-tether-item-schema";
/// On a property, inside tether-build only (never in a written document):
/// serde always writes the field though a client may omit it (an `Option`
/// without `skip_serializing_if`, a `#[serde(default)]` field).
pub const ALWAYS_SENT: &str = "x-tether-always-sent";
/// On a form body's inline schema, inside tether-build only (never in a
/// written document): the component it is the form's view of (see
/// `openapi/form_views.rs`).
pub const FORM_VIEW_OF: &str = "x-tether-form-view-of";

/// What the last paragraph of a deprecated item's description starts
/// with when `#[deprecated]` has a note (`Deprecated: use list`); the
/// client's JSDoc turns it into `@deprecated use list`.
pub const DEPRECATED_NOTE: &str = "Deprecated: ";
