//! Which build of tether-build this is: its version and the fingerprint of
//! the sources it was compiled from. `cargo tether` and an app's build.rs
//! each run their own copy of tether-build; when the two differ they write
//! different documents and clients, so `cargo tether` compares its own
//! [`BuildId::current`] with [`BuildId::of_source`] of the tether-build the
//! app builds with, and refuses to work on the app when they differ.

mod fingerprint;

use std::fmt;
use std::io;
use std::path::Path;

/// A version of tether-build and the fingerprint of its sources.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildId {
    /// The crate's version (`0.1.0`).
    pub version: String,
    /// 16 hex digits: the fingerprint of the sources.
    pub source: String,
}

impl BuildId {
    /// This build: the version and sources it was compiled from.
    pub fn current() -> BuildId {
        BuildId {
            version: env!("CARGO_PKG_VERSION").to_string(),
            source: env!("TETHER_BUILD_SOURCE_ID").to_string(),
        }
    }

    /// The build that the sources of the tether-build `version` at
    /// `crate_dir` (the directory of its `Cargo.toml`) compile to.
    pub fn of_source(crate_dir: &Path, version: &str) -> io::Result<BuildId> {
        Ok(BuildId {
            version: version.to_string(),
            source: format!("{:016x}", fingerprint::fingerprint(crate_dir)?),
        })
    }
}

impl fmt::Display for BuildId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (sources {})", self.version, self.source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_build_is_the_one_of_its_sources() {
        let here = Path::new(env!("CARGO_MANIFEST_DIR"));
        let of_source = BuildId::of_source(here, env!("CARGO_PKG_VERSION")).unwrap();
        assert_eq!(of_source, BuildId::current());
    }

    #[test]
    fn an_edited_source_is_another_build() {
        let dir = tempfile::tempdir().unwrap();
        let write = |rel: &str, text: &str| {
            let path = dir.path().join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        write("src/lib.rs", "pub fn f() {}\n");
        write("ts/client.ts", "export {};\n");
        let before = BuildId::of_source(dir.path(), "0.1.0").unwrap();
        // An editor's swap file and the templates' tests are not sources.
        write("src/.lib.rs.swp", "x");
        write("ts/test/client.test.ts", "x");
        assert_eq!(BuildId::of_source(dir.path(), "0.1.0").unwrap(), before);
        write("src/lib.rs", "pub fn f() { }\n");
        let after = BuildId::of_source(dir.path(), "0.1.0").unwrap();
        assert_ne!(after, before);
        assert_eq!(after.source.len(), 16);
        // A file moved is another build too.
        write("src/lib.rs", "");
        write("src/a.rs", "pub fn f() {}\n");
        assert_ne!(BuildId::of_source(dir.path(), "0.1.0").unwrap(), before);
    }
}
