//! tether-build: reads a crate's controllers with the same grammar as the
//! macros and writes its OpenAPI documents (SPEC B) and TypeScript clients
//! (SPEC C). Call `generate` from `build.rs`; `cargo tether` drives the
//! same library from the command line (module `cli` and the `cargo-tether`
//! binary, behind the `cli` feature, off by default).
//!
//! ```no_run
//! // build.rs, in `fn main`:
//! tether_build::generate();
//! ```

// docs.rs (`--cfg docsrs`, nightly) marks the items of the `cli` feature.
#![cfg_attr(docsrs, feature(doc_cfg))]
// No `unsafe` here: process groups and signals go through rustix and
// signal-hook (`cli::signals`).
#![forbid(unsafe_code)]

pub mod analysis;
pub mod build_id;
pub mod builder;
mod checks;
#[cfg(feature = "cli")]
pub mod cli;
pub mod diff;
pub mod extensions;
pub mod freeze;
pub mod manifest;
pub mod openapi;
pub mod plan;
pub mod sdk;

pub use analysis::{Diagnostic, Error};
pub use builder::{generate, sdk_dir, Builder, Report, WrittenDocument, WrittenSdk};
/// `tether.toml`, for settings given in code.
pub use tether_model::config;
