//! The source analysis of tether-build (SPEC B1) on arbitrary Rust text:
//! a compiler-style error or a document, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;
use std::sync::OnceLock;

/// A scratch crate: `src/lib.rs` is rewritten with each input.
fn scratch() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("tether-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::write(
            dir.join("tether.toml"),
            "[framework]\nglobal_prefix = \"api\"\n[framework.versioning]\ntype = \"URI\"\ndefault_version = \"1\"\n[openapi]\noutput = \"openapi.json\"\n",
        )
        .unwrap();
        dir
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let dir = scratch();
    std::fs::write(dir.join("src/lib.rs"), text).unwrap();
    let _ = tether_build::Builder::new()
        .manifest_dir(dir)
        .cargo_directives(false)
        .run();
});
