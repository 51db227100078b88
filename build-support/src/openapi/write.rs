//! Writing documents: deterministic bytes, written only when they changed,
//! so an unchanged build leaves the file and its mtime alone.

use serde_json::Value;
use std::io;
use std::path::Path;

/// The bytes of a document: pretty JSON with a final newline.
pub(crate) fn to_bytes(document: &Value) -> Vec<u8> {
    let mut bytes = serde_json::to_vec_pretty(document).expect("a JSON value always serializes");
    bytes.push(b'\n');
    bytes
}

/// Writes `bytes` to `path` unless it already holds them; returns whether
/// the file was written.
pub(crate) fn write_if_changed(path: &Path, bytes: &[u8]) -> io::Result<bool> {
    if std::fs::read(path).is_ok_and(|old| old == bytes) {
        return Ok(false);
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, bytes)?;
    Ok(true)
}
