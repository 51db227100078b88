//! Helpers shared by the OpenAPI tests: scratch crates and the validator.

#![allow(dead_code)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use tether_build::{Builder, Error};

/// A fresh, empty scratch directory for one test.
pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tether-openapi-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes a crate made of `files` (path, text) into a scratch directory.
pub(crate) fn write_crate(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = scratch(name);
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

/// Generates the documents of a crate given as `tether.toml` text and
/// `src/lib.rs` text.
pub(crate) fn generate(name: &str, toml: &str, lib: &str) -> Result<Vec<(String, Value)>, Error> {
    let dir = write_crate(name, &[("tether.toml", toml), ("src/lib.rs", lib)]);
    let report = Builder::new().manifest_dir(&dir).run()?;
    Ok(report
        .documents
        .into_iter()
        .map(|d| {
            (
                d.path.strip_prefix(&dir).unwrap().display().to_string(),
                d.document,
            )
        })
        .collect())
}

/// The only document of a crate.
pub(crate) fn document(name: &str, toml: &str, lib: &str) -> Value {
    let docs = generate(name, toml, lib).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        docs.len(),
        1,
        "expected one document, got {:?}",
        docs.iter().map(|d| &d.0).collect::<Vec<_>>()
    );
    docs.into_iter().next().unwrap().1
}

/// The repository root (above `build-support/`).
pub(crate) fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Runs the independent validator once over all `files` and fails the
/// test with its output when any is invalid (SPEC B5).
pub(crate) fn validate(files: &[PathBuf]) {
    let validator = repo_root().join(".venv/bin/openapi-spec-validator");
    assert!(
        validator.is_file(),
        "{} is missing: run `python3 -m venv .venv && .venv/bin/pip install -r requirements-dev.txt` in the repository root",
        validator.display()
    );
    let out = Command::new(&validator)
        .args(files)
        .output()
        .expect("run openapi-spec-validator");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let failed: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_end().ends_with(": OK"))
        .collect();
    assert!(
        out.status.success() && failed.is_empty(),
        "openapi-spec-validator rejected a document:\n{text}"
    );
    assert_eq!(
        text.lines().filter(|l| l.ends_with(": OK")).count(),
        files.len(),
        "{text}"
    );
}
