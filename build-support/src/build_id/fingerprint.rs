//! The fingerprint of a tether-build's sources: FNV-1a (64 bits) over the
//! path and bytes of every file that shapes what it writes. Compiled twice:
//! into tether-build's own build.rs (`#[path]`), which stamps the crate
//! with the fingerprint of the sources it is built from, and into the
//! library, where `cargo tether` takes the fingerprint of the tether-build
//! an app builds with. Plain std, and the same function in both, so equal
//! sources give equal fingerprints whatever compiled them.

use std::io;
use std::path::{Path, PathBuf};

/// The directories read, each with the name it has in the hash: `src/`
/// and `ts/` of the crate (the templates' tests left out), and in a
/// checkout of tether the grammar's sources, `../model/src` (a packaged
/// tether-build has no `../model`: its version stands for the grammar's).
pub(crate) fn roots(crate_dir: &Path) -> Vec<(&'static str, PathBuf)> {
    let mut roots = vec![("src", crate_dir.join("src")), ("ts", crate_dir.join("ts"))];
    let model = crate_dir.join("../model");
    let is_model = std::fs::read_to_string(model.join("Cargo.toml"))
        .is_ok_and(|m| m.contains("name = \"tether-model\""));
    if is_model {
        roots.push(("model/src", model.join("src")));
    }
    roots
}

/// The fingerprint of the sources of the tether-build at `crate_dir`.
pub(crate) fn fingerprint(crate_dir: &Path) -> io::Result<u64> {
    let mut hash = Fnv::default();
    for (name, root) in roots(crate_dir) {
        let mut files = Vec::new();
        walk(&root, &root, &mut files)?;
        files.sort();
        for rel in files {
            hash.write(format!("{name}/{rel}").as_bytes());
            hash.write(&[0]);
            let bytes = std::fs::read(root.join(&rel))?;
            hash.write(&(bytes.len() as u64).to_le_bytes());
            hash.write(&bytes);
        }
    }
    Ok(hash.0)
}

/// Every file under `dir`, relative to `root` and `/`-separated; hidden
/// files (editors' swap files), backups (`~`) and `ts/test` left out.
fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name.ends_with('~') {
            continue;
        }
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            if root.ends_with("ts") && name == "test" && dir == root {
                continue;
            }
            walk(root, &path, out)?;
        } else {
            let rel = path.strip_prefix(root).unwrap_or(&path);
            let parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            out.push(parts.join("/"));
        }
    }
    Ok(())
}

/// FNV-1a, 64 bits: stable across Rust releases, unlike std's hasher.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}
