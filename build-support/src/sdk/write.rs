//! Writing the client: only files whose bytes changed, never outside the
//! output directory, and stale generated files removed.

use std::fs;
use std::path::{Component, Path, PathBuf};

use super::templates::GENERATED_MARKER;
use super::{SdkError, SdkFiles};

/// What `write_sdk` did, paths relative to the output directory.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct WriteReport {
    /// Files whose bytes changed (or that are new).
    pub written: Vec<PathBuf>,
    /// Files that already held these bytes.
    pub unchanged: Vec<PathBuf>,
    /// Generated files of an earlier run that this one no longer writes.
    pub deleted: Vec<PathBuf>,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> SdkError + '_ {
    move |source| SdkError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// A relative path made only of normal components.
fn safe_relative(path: &str) -> Result<PathBuf, SdkError> {
    let unsafe_path = || SdkError::UnsafePath(path.to_string());
    if path.is_empty() || path.contains(['\\', ':', '\0']) {
        return Err(unsafe_path());
    }
    let rel = PathBuf::from(path);
    if rel.components().all(|c| matches!(c, Component::Normal(_))) {
        Ok(rel)
    } else {
        Err(unsafe_path())
    }
}

/// Refuses to go through a symbolic link between `dir` and `rel`'s file.
fn no_symlinks(dir: &Path, rel: &Path) -> Result<(), SdkError> {
    let mut at = dir.to_path_buf();
    for c in rel.components() {
        at.push(c);
        if fs::symlink_metadata(&at).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(SdkError::UnsafePath(rel.display().to_string()));
        }
    }
    Ok(())
}

/// Writes `files` under `dir`: a file is written only when its bytes differ,
/// and generated files (those starting with [`GENERATED_MARKER`]) that are
/// no longer produced are deleted. Files of your own in `dir` are kept.
pub fn write_sdk(dir: &Path, files: &SdkFiles) -> Result<WriteReport, SdkError> {
    let mut report = WriteReport::default();
    let planned: Vec<(PathBuf, &str)> = files
        .iter()
        .map(|(p, text)| safe_relative(p).map(|rel| (rel, text)))
        .collect::<Result<_, _>>()?;
    fs::create_dir_all(dir).map_err(io(dir))?;
    for (rel, text) in planned {
        no_symlinks(dir, &rel)?;
        let path = dir.join(&rel);
        if fs::read(&path).is_ok_and(|old| old == text.as_bytes()) {
            report.unchanged.push(rel);
            continue;
        }
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(io(parent))?;
        }
        fs::write(&path, text).map_err(io(&path))?;
        report.written.push(rel);
    }
    for rel in stale(dir, files)? {
        let path = dir.join(&rel);
        fs::remove_file(&path).map_err(io(&path))?;
        // Remove directories the deletion left empty, up to `dir`.
        let mut parent = path.parent();
        while let Some(p) = parent.filter(|p| *p != dir && p.starts_with(dir)) {
            if fs::remove_dir(p).is_err() {
                break;
            }
            parent = p.parent();
        }
        report.deleted.push(rel);
    }
    Ok(report)
}

/// The files under `dir` that differ from `files`, are missing, or are
/// stale generated files: empty when the committed client is up to date.
pub fn check_sdk(dir: &Path, files: &SdkFiles) -> Result<Vec<PathBuf>, SdkError> {
    let mut out = Vec::new();
    for (p, text) in files.iter() {
        let rel = safe_relative(p)?;
        if !fs::read(dir.join(&rel)).is_ok_and(|old| old == text.as_bytes()) {
            out.push(rel);
        }
    }
    out.extend(stale(dir, files)?);
    Ok(out)
}

/// Generated `.ts`, `.d.ts` and `.js` files under `dir` that `files` no longer has.
fn stale(dir: &Path, files: &SdkFiles) -> Result<Vec<PathBuf>, SdkError> {
    let mut out = Vec::new();
    if dir.is_dir() {
        walk(dir, Path::new(""), files, &mut out)?;
    }
    out.sort();
    Ok(out)
}

fn walk(dir: &Path, rel: &Path, files: &SdkFiles, out: &mut Vec<PathBuf>) -> Result<(), SdkError> {
    let here = dir.join(rel);
    for entry in fs::read_dir(&here).map_err(io(&here))? {
        let entry = entry.map_err(io(&here))?;
        let kind = entry.file_type().map_err(io(&here))?;
        let child = rel.join(entry.file_name());
        if kind.is_dir() {
            walk(dir, &child, files, out)?;
        } else if kind.is_file() && child.extension().is_some_and(|e| e == "ts" || e == "js") {
            let key = child.to_string_lossy().replace('\\', "/");
            if files.get(&key).is_none() && is_generated(&dir.join(&child)) {
                out.push(child);
            }
        }
    }
    Ok(())
}

fn is_generated(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 64];
    let n = fs::File::open(path)
        .and_then(|mut f| f.read(&mut head))
        .unwrap_or(0);
    head[..n].starts_with(GENERATED_MARKER.as_bytes())
}
