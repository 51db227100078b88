//! The list of files tether wrote (SPEC D3): `tether.generated`, next to the
//! documents. A run that no longer writes a listed file deletes it, so a
//! document or client that describes routes that are gone does not stay on
//! disk (switching to per-version documents leaves no `openapi.json`
//! behind, and back), and `cargo tether build --check` fails on it.
//!
//! Only listed files that still look generated are deleted: a JSON object
//! with an `openapi` field, or a file starting with the SDK's generated
//! marker. Files of your own are never touched, even if listed.

use crate::sdk::GENERATED_MARKER;
use std::collections::BTreeSet;
use std::io;
use std::path::{Component, Path, PathBuf};

/// The manifest's file name, in the output directory (the crate root).
pub const MANIFEST_FILE: &str = "tether.generated";

const HEADER: &str =
    "# Files written by tether-build (documents and clients), relative to this file.\n\
# Commit it with them: a listed file that tether no longer writes is deleted.\n";

/// The files of one run, relative to the manifest's directory.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Manifest {
    base: PathBuf,
    files: BTreeSet<String>,
}

impl Manifest {
    /// The manifest of `files`, kept in `base`.
    pub fn new<'a>(base: &Path, files: impl IntoIterator<Item = &'a Path>) -> Manifest {
        Manifest {
            base: base.to_path_buf(),
            files: files.into_iter().map(|f| relative(base, f)).collect(),
        }
    }

    /// The manifest on disk in `base`; empty when there is none.
    pub fn read(base: &Path) -> Manifest {
        let text = std::fs::read_to_string(base.join(MANIFEST_FILE)).unwrap_or_default();
        Manifest {
            base: base.to_path_buf(),
            files: text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(str::to_string)
                .collect(),
        }
    }

    /// The directory the paths are relative to.
    pub fn base(&self) -> &Path {
        &self.base
    }

    /// Where the manifest is written.
    pub fn path(&self) -> PathBuf {
        self.base.join(MANIFEST_FILE)
    }

    /// The manifest's text: a header, then one sorted path a line.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut text = HEADER.to_string();
        for f in &self.files {
            text.push_str(f);
            text.push('\n');
        }
        text.into_bytes()
    }

    /// Files `previous` listed that this run does not write, still on disk
    /// and still generated: what [`remove`] deletes and `--check` reports.
    pub fn leftovers(&self, previous: &Manifest) -> Vec<PathBuf> {
        previous
            .files
            .iter()
            .filter(|f| !self.files.contains(*f))
            .map(|f| previous.base.join(f))
            .filter(|p| is_generated(p))
            .collect()
    }
}

/// `path` relative to `base` (with `..` when it is outside), `/`-separated.
fn relative(base: &Path, path: &Path) -> String {
    let base: Vec<Component> = base.components().collect();
    let path_parts: Vec<Component> = path.components().collect();
    let common = base
        .iter()
        .zip(&path_parts)
        .take_while(|(a, b)| a == b)
        .count();
    let mut parts: Vec<String> = vec!["..".to_string(); base.len() - common];
    parts.extend(
        path_parts[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}

/// A document tether writes, or a file of a generated client.
fn is_generated(path: &Path) -> bool {
    let Ok(bytes) = std::fs::read(path) else {
        return false;
    };
    if bytes.starts_with(GENERATED_MARKER.as_bytes()) {
        return true;
    }
    serde_json::from_slice::<serde_json::Value>(&bytes)
        .is_ok_and(|v| v.get("openapi").is_some_and(serde_json::Value::is_string))
}

/// Deletes `files`, then the directories that leaves empty, up to `base`.
pub fn remove(base: &Path, files: &[PathBuf]) -> io::Result<()> {
    for file in files {
        std::fs::remove_file(file)?;
        let mut dir = file.parent();
        while let Some(d) = dir.filter(|d| *d != base && d.starts_with(base)) {
            if std::fs::remove_dir(d).is_err() {
                break;
            }
            dir = d.parent();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn d3_paths_are_relative_to_the_manifest() {
        let base = Path::new("/app");
        assert_eq!(
            relative(base, Path::new("/app/sdk/index.ts")),
            "sdk/index.ts"
        );
        assert_eq!(
            relative(base, Path::new("/web/sdk/a.ts")),
            "../web/sdk/a.ts"
        );
    }

    #[test]
    fn d3_leftovers_are_listed_generated_files_no_longer_written() {
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path();
        let write = |rel: &str, text: &str| {
            std::fs::create_dir_all(base.join(rel).parent().unwrap()).unwrap();
            std::fs::write(base.join(rel), text).unwrap();
        };
        write("openapi.json", "{\"openapi\": \"3.1.0\"}");
        write("sdk/index.ts", &format!("{GENERATED_MARKER}\n"));
        write("notes.json", "{\"mine\": true}");
        let old = Manifest::new(
            base,
            ["openapi.json", "sdk/index.ts", "notes.json", "gone.json"]
                .map(|f| base.join(f))
                .iter()
                .map(PathBuf::as_path),
        );
        std::fs::write(old.path(), old.to_bytes()).unwrap();
        let new = Manifest::new(base, [base.join("openapi.v1.json").as_path()]);
        let left = new.leftovers(&Manifest::read(base));
        assert_eq!(left, [base.join("openapi.json"), base.join("sdk/index.ts")]);
        remove(base, &left).unwrap();
        assert!(!base.join("sdk").exists(), "the emptied directory goes too");
        assert!(base.join("notes.json").exists(), "not generated: kept");
    }
}
