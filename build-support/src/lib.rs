//! tether-build: reads a crate's controllers with the same grammar as the
//! macros and writes its OpenAPI documents (SPEC B) and TypeScript clients
//! (SPEC C). Call `generate` from `build.rs`; `cargo tether` drives the
//! same library from the command line.

pub mod openapi;
pub mod sdk;
