//! The one grammar of tether, shared by `tether-macros`, the `tether`
//! runtime and `tether-build`, so the server and the document can never
//! disagree:
//!
//! - [`method`]: the HTTP method of a route;
//! - [`path`]: route path syntax (`/users/:id`, `*rest`);
//! - [`versioning`]: global prefix, URI/HEADER versioning, version order;
//! - [`attrs`] and [`controller`]: what `#[controller]`, the route
//!   attributes and the parameter attributes mean (feature `syn`);
//! - [`response`]: what a handler's return type means (feature `syn`);
//! - [`config`]: `tether.toml` (feature `config`).

#![warn(missing_docs)]

pub mod method;
pub mod path;
pub mod versioning;

#[cfg(feature = "syn")]
pub mod attrs;
#[cfg(feature = "syn")]
pub mod controller;
#[cfg(feature = "syn")]
pub mod errors;
#[cfg(feature = "syn")]
pub mod response;

#[cfg(feature = "config")]
pub mod config;

pub use method::HttpMethod;
pub use path::{PathError, RoutePath, Segment};
pub use versioning::{
    compare_versions, Framework, ServedRoute, Version, VersionSpec, Versioning, VersioningKind,
    VERSION_HEADER,
};
