//! Source analysis: the crate's files and modules read with syn, the names
//! they define and import, controllers, serde attributes and resolved types.
//! Nothing here knows about OpenAPI.

pub mod cfg;
pub mod controllers;
pub mod dependencies;
pub mod diagnostics;
pub mod index;
pub mod modules;
pub mod overrides;
pub mod serde;
pub mod types;
pub mod workspace;

pub use diagnostics::{Diagnostic, Error};
