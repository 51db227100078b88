//! A crate written out for unit tests: its sources in a scratch folder,
//! indexed, with its controllers read.

use crate::analysis::cfg::CfgEnv;
use crate::analysis::controllers::{read_controllers, FoundController};
use crate::analysis::index::CrateIndex;
use crate::analysis::modules::CrateSources;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A one-file crate (`src` is its `lib.rs`), indexed.
pub(crate) struct Fixture {
    /// The crate.
    pub index: CrateIndex,
    /// Its controllers.
    pub controllers: Vec<FoundController>,
    dir: PathBuf,
}

impl Fixture {
    /// The crate whose root is `src`.
    pub(crate) fn new(src: &str) -> Self {
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("tether-fixture-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let lib = dir.join("lib.rs");
        std::fs::write(&lib, src).unwrap();
        let sources = CrateSources::load(&[lib], None, &CfgEnv::default()).unwrap();
        let index = CrateIndex::new(sources);
        let controllers = read_controllers(&index).expect("controllers read");
        Fixture {
            index,
            controllers,
            dir,
        }
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
