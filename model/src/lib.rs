//! The one grammar of tether, shared by `tether-macros`, the `tether`
//! runtime and `tether-build`, so the server and the document can never
//! disagree:
//!
//! - [`media`]: the media types a multipart part may be sent as;
//! - [`method`]: the HTTP method of a route;
//! - [`path`]: route path syntax (`/users/:id`, `*rest`);
//! - [`versioning`]: global prefix, URI/HEADER versioning, version order;
//! - [`prefix_exclude`]: routes served outside the global prefix;
//! - [`attrs`] and [`controller`]: what `#[controller]`, the route
//!   attributes and the parameter attributes mean (feature `syn`);
//! - [`response`]: what a handler's return type means (feature `syn`);
//! - [`api_error`]: `#[derive(ApiError)]` enums, the typed errors (feature `syn`);
//! - [`status`]: reason phrases of HTTP statuses;
//! - [`security`]: `#[security]`, `#[public]`, `#[metadata]` (feature `syn`);
//! - [`config`]: `tether.toml` (feature `config`), with its security
//!   schemes in [`schemes`].

#![warn(missing_docs)]
// docs.rs (`--cfg docsrs`, nightly) marks the items each feature adds.
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod media;
pub mod method;
pub mod path;
pub mod prefix_exclude;
pub mod rename;
pub mod status;
pub mod versioning;

#[cfg(feature = "syn")]
pub mod api_error;
#[cfg(feature = "syn")]
pub mod attrs;
#[cfg(feature = "syn")]
pub mod controller;
#[cfg(feature = "syn")]
pub mod errors;
#[cfg(feature = "syn")]
pub mod response;
#[cfg(feature = "syn")]
pub mod rules;
#[cfg(feature = "syn")]
pub mod security;

#[cfg(feature = "config")]
pub mod config;
#[cfg(feature = "config")]
pub mod config_spans;
#[cfg(feature = "config")]
pub mod schemes;

pub use method::HttpMethod;
pub use path::{PathError, RoutePath, Segment};
pub use prefix_exclude::PrefixExclusion;
pub use versioning::{
    compare_versions, Framework, ServedRoute, Version, VersionSpec, Versioning, VersioningKind,
    VERSION_HEADER,
};
