//! The generator workloads: the OpenAPI document of a large app, the
//! TypeScript client of a large document, and the reference they are
//! divided by, serde_json reading and writing that same document (work
//! that does not change with tether, run in the same process, so what the
//! CPU's string routines cost moves both sides alike).

use std::path::Path;

/// Generates the document of the app in `app_dir` (written by
/// `fixture::write_app`) once.
pub fn openapi(app_dir: &Path) -> usize {
    let report = tether_build::Builder::new()
        .manifest_dir(app_dir)
        .run()
        .unwrap_or_else(|e| panic!("{e}"));
    report.documents.len()
}

/// Generates the client of `doc` in memory (nothing written).
pub fn sdk(doc: &serde_json::Value) -> usize {
    let files = tether_build::sdk::generate_sdk(doc, &tether_build::sdk::SdkOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    files.files.len()
}

/// The reference: `text` read into a `serde_json::Value` and written back
/// pretty-printed.
pub fn reference(text: &str) -> usize {
    let value: serde_json::Value = serde_json::from_str(text).expect("the reference document");
    serde_json::to_string_pretty(&value)
        .expect("written back")
        .len()
}
