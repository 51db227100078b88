//! Stamps tether-build with the fingerprint of its sources
//! (`TETHER_BUILD_SOURCE_ID`), so `cargo tether` can tell whether an app's
//! build.rs runs the same build of tether-build as itself.

#[path = "src/build_id/fingerprint.rs"]
mod fingerprint;

use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    for (_, root) in fingerprint::roots(&dir) {
        println!("cargo:rerun-if-changed={}", root.display());
    }
    let id = fingerprint::fingerprint(&dir)
        .unwrap_or_else(|e| panic!("cannot read tether-build's sources: {e}"));
    println!("cargo:rustc-env=TETHER_BUILD_SOURCE_ID={id:016x}");
}
