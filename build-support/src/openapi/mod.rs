//! OpenAPI generation (SPEC B): from the crate's controllers (read by
//! [`crate::analysis`]) to one document per output, or one per version
//! under split HEADER versioning. [`crate::builder`] runs it for build.rs.

mod always_sent;
mod constraints;
mod dialect;
mod document;
mod enums;
mod errors;
#[cfg(test)]
pub(crate) mod fixture;
mod form_views;
mod keywords;
mod naming;
mod operation;
pub(crate) mod output;
mod parameters;
pub(crate) mod schema;
pub(crate) mod security;
mod shape;
pub(crate) mod sites;
mod unused;
pub(crate) mod write;

pub use dialect::downgrade;
pub use document::PackageInfo;
pub(crate) use document::{build as build_documents, build_version, served_versions, Inputs};
pub use naming::{controller_key, lower_camel, method_key};

use std::path::Path;

/// `openapi.json` + `v2` → `openapi.v2.json`.
pub fn file_name(output: &str, suffix: Option<&str>) -> String {
    let Some(suffix) = suffix else {
        return output.to_string();
    };
    let path = Path::new(output);
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    let name = match path.extension() {
        Some(ext) => format!("{stem}.{suffix}.{}", ext.to_string_lossy()),
        None => format!("{stem}.{suffix}"),
    };
    match path.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(dir) => dir.join(name).to_string_lossy().to_string(),
        None => name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn b2h_per_version_file_names() {
        assert_eq!(file_name("openapi.json", Some("v2")), "openapi.v2.json");
        assert_eq!(file_name("docs/api.json", Some("v10")), "docs/api.v10.json");
        assert_eq!(file_name("openapi", Some("v1")), "openapi.v1");
        assert_eq!(file_name("openapi.json", None), "openapi.json");
    }
}
