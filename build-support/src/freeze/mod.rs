//! Released versions are frozen: releasing version `1` (`cargo tether
//! release 1`) writes its document to `api/v1.json` beside the crate, its
//! lock; every later build compares the version's document with its lock
//! and fails on a breaking change, at the source line that made it (the
//! field, the argument, the route), or reports a compatible one.
//!
//! A version's document holds what its clients call: the routes of that
//! version, and the neutral and unversioned ones.

mod locate;
#[cfg(test)]
mod tests;

use crate::analysis::diagnostics::Diagnostic;
use crate::diff::{diff, Change, Level};
use crate::openapi::sites::Sites;
use crate::openapi::{build_version, Inputs};
use serde_json::Value;
use std::path::{Path, PathBuf};
use tether_model::config::OpenApiOutput;

/// The directory, beside the crate's `Cargo.toml`, of the locks.
pub const LOCK_DIR: &str = "api";

/// The lock of `version` of `output`: `api/v1.json`, or `api/admin.v1.json`
/// for an output named `admin`.
pub fn lock_path(crate_root: &Path, output: &OpenApiOutput, version: &str) -> PathBuf {
    crate_root
        .join(LOCK_DIR)
        .join(format!("{}v{version}.json", prefix(output)))
}

fn prefix(output: &OpenApiOutput) -> String {
    output
        .name
        .as_ref()
        .map(|n| format!("{n}."))
        .unwrap_or_default()
}

/// The released versions of `output`, from the locks in `api/`, with
/// their files, sorted by file name.
pub fn released(crate_root: &Path, output: &OpenApiOutput) -> Vec<(String, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(crate_root.join(LOCK_DIR)) else {
        return Vec::new();
    };
    let prefix = format!("{}v", prefix(output));
    let mut found: Vec<(String, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            let version = name.strip_prefix(&prefix)?.strip_suffix(".json")?;
            // `admin.v1.json` is not a version of the unnamed output.
            let plain = !version.is_empty()
                && version
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-' || c == '_');
            plain.then(|| (version.to_string(), e.path()))
        })
        .collect();
    found.sort_by(|a, b| a.1.cmp(&b.1));
    found
}

/// What the check of an output's released versions found, short of an error.
#[derive(Debug, Default)]
pub(crate) struct Checked {
    /// The locks read (and the directory holding them), watched by cargo.
    pub watched: Vec<PathBuf>,
    /// Compatible and possibly breaking changes, one line each.
    pub notes: Vec<String>,
}

/// Compares the document of every released version of the output with
/// its lock: breaking changes are errors at their source line, the
/// others notes.
pub(crate) fn check_output(
    inputs: &Inputs<'_>,
    crate_root: &Path,
) -> Result<Checked, Vec<Diagnostic>> {
    let mut checked = Checked::default();
    let mut errors = Vec::new();
    let released = released(crate_root, inputs.output);
    if released.is_empty() {
        return Ok(checked);
    }
    checked.watched.push(crate_root.join(LOCK_DIR));
    let next = next_version(&released);
    for (version, path) in released {
        checked.watched.push(path.clone());
        let shown = show(crate_root, &path);
        let lock = match read_lock(&path) {
            Ok(lock) => lock,
            Err(message) => {
                errors.push(Diagnostic::in_file(&path, message).with_help(format!(
                    "write it again with `cargo tether release {version}`, or restore it from version control"
                )));
                continue;
            }
        };
        let Some((current, sites)) = build_version(inputs, &version)? else {
            errors.push(
                Diagnostic::in_file(&path, format!("version {version} is released ({shown}) but no route serves it any more: its clients would get 404 for every call"))
                    .with_help(format!("keep serving it (`#[version(\"{version}\")]` on the old handlers), or delete {shown} to retire it on purpose")),
            );
            continue;
        };
        let changes = match diff(&lock, &current) {
            Ok(c) => c,
            Err(e) => {
                errors.push(Diagnostic::in_file(&path, e.message));
                continue;
            }
        };
        let released = Released {
            version: &version,
            lock: &shown,
            next: &next,
        };
        // A change to a type many operations use is one error, at the type.
        let mut found: Vec<(Diagnostic, String, usize)> = Vec::new();
        for change in &changes {
            if change.level != Level::Breaking {
                checked.notes.push(released.note(change.level, change));
                continue;
            }
            let d = released.error(inputs, &lock, &current, &sites, change);
            let key = format!("{}|{}", change.rule, change.message);
            match found
                .iter_mut()
                .find(|(f, k, _)| *k == key && f.location() == d.location())
            {
                Some((_, _, more)) => *more += 1,
                None => found.push((d, key, 0)),
            }
        }
        errors.extend(found.into_iter().map(|(mut d, _, more)| {
            if more > 0 {
                d.message.push_str(&format!(
                    " (and in {more} more operation{})",
                    if more == 1 { "" } else { "s" }
                ));
            }
            d
        }));
    }
    if errors.is_empty() {
        Ok(checked)
    } else {
        Err(errors)
    }
}

/// One released version, as its messages name it.
struct Released<'a> {
    version: &'a str,
    /// Its lock, relative to the crate.
    lock: &'a str,
    /// A version that is not served yet, for the help.
    next: &'a str,
}

impl Released<'_> {
    fn error(
        &self,
        inputs: &Inputs<'_>,
        lock: &Value,
        current: &Value,
        sites: &Sites,
        c: &Change,
    ) -> Diagnostic {
        let Released {
            version,
            lock: shown,
            next,
        } = self;
        let place = where_(c);
        let message = format!(
            "released version {version} changed in a breaking way: {}{place} [{}]",
            c.message, c.rule
        );
        let help = format!(
            "version {version} is released ({shown}) and its clients rely on it: serve this change under a new version (one not released yet: a handler with `#[version(\"{next}\")]`, with new types for what changes), and keep the old handler and its types for version {version}"
        );
        let site = locate::site_of(c, lock, current, sites)
            .or_else(|| locate::former_handler(c, lock, version, inputs.controllers));
        let d = match site {
            Some(site) => inputs
                .index
                .sources
                .diagnostic(site.module, site.span, message),
            None => Diagnostic::in_file(Path::new(shown), message),
        };
        d.with_help(help)
    }

    fn note(&self, level: Level, c: &Change) -> String {
        let what = match level {
            Level::PossiblyBreaking => "possibly breaking change",
            _ => "compatible change",
        };
        format!(
            "released version {} ({}): {what}: {}{} [{}]; `cargo tether release {}` records it in the lock",
            self.version,
            self.lock,
            c.message,
            where_(c),
            c.rule,
            self.version
        )
    }
}

/// ` (in GET /books response 200 body .name)`, or nothing.
fn where_(c: &Change) -> String {
    let place: Vec<&str> = [c.operation.as_str(), c.location.as_str()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect();
    if place.is_empty() {
        String::new()
    } else {
        format!(" (at {})", place.join(" "))
    }
}

/// `api/v1.json`: `path` relative to the crate when it is inside it.
fn show(crate_root: &Path, path: &Path) -> String {
    path.strip_prefix(crate_root)
        .unwrap_or(path)
        .display()
        .to_string()
}

fn read_lock(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the lock of a released version: {e}"))?;
    serde_json::from_str(&text)
        .map_err(|e| format!("the lock of a released version is not JSON: {e}"))
}

/// The version after the released ones (`2` after `1`), the first a
/// change can go to; `N` when they are not numbers.
fn next_version(released: &[(String, PathBuf)]) -> String {
    let mut max = None;
    for (v, _) in released {
        match v.parse::<u64>() {
            Ok(n) => max = Some(max.map_or(n, |m: u64| m.max(n))),
            Err(_) => return "N".into(),
        }
    }
    max.map_or_else(|| "N".into(), |m| (m + 1).to_string())
}

/// What `cargo tether release` wrote or found for one output.
#[derive(Debug, Clone)]
pub struct Release {
    /// The lock.
    pub path: PathBuf,
    /// Whether the lock was written (false: it already held this document).
    pub written: bool,
    /// The changes from the lock that was there before, if any.
    pub changes: Vec<Change>,
}

/// Writes the lock of `version` of the output: its document as it is now.
/// Refuses (the changes listed) to overwrite a lock with breaking changes
/// unless `force`; `Ok(None)` when no route of the output serves `version`.
pub(crate) fn release(
    inputs: &Inputs<'_>,
    crate_root: &Path,
    version: &str,
    force: bool,
) -> Result<Option<Release>, ReleaseError> {
    let Some((document, _)) = build_version(inputs, version).map_err(ReleaseError::Build)? else {
        return Ok(None);
    };
    let path = lock_path(crate_root, inputs.output, version);
    let bytes = crate::openapi::write::to_bytes(&document);
    let changes = match std::fs::read(&path) {
        Ok(old) if old == bytes => {
            return Ok(Some(Release {
                path,
                written: false,
                changes: Vec::new(),
            }))
        }
        Ok(_) => {
            let old = read_lock(&path).map_err(|m| ReleaseError::Lock(path.clone(), m))?;
            diff(&old, &document).map_err(|e| ReleaseError::Lock(path.clone(), e.message))?
        }
        Err(_) => Vec::new(),
    };
    if !force && changes.iter().any(|c| c.level == Level::Breaking) {
        return Err(ReleaseError::Breaking(path, changes));
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| ReleaseError::Lock(path.clone(), e.to_string()))?;
    }
    std::fs::write(&path, &bytes).map_err(|e| ReleaseError::Lock(path.clone(), e.to_string()))?;
    Ok(Some(Release {
        path,
        written: true,
        changes,
    }))
}

/// Why a version could not be released.
#[derive(Debug)]
pub enum ReleaseError {
    /// The document could not be built.
    Build(Vec<Diagnostic>),
    /// The lock could not be read or written.
    Lock(PathBuf, String),
    /// The lock exists and the document changed in a breaking way.
    Breaking(PathBuf, Vec<Change>),
    /// No route serves the version; the versions served.
    NotServed(Vec<String>),
}
