//! `cargo tether` refuses an app whose build.rs runs another build of
//! tether-build (issue 34): the two would write different documents and
//! clients, and `build --check` would flip between them. Faked with a
//! tether-build of another version, and with a copy of this one's sources
//! (the same build, accepted) edited by one byte (refused).

use crate::cli_support;

use cli_support::{repo_root, snapshot, stderr, Fixture};
use std::path::Path;

/// A package `tether-build` of `version` in `dir` (for `cargo metadata`:
/// nothing compiles it), with `src/` and `ts/` copied from this one's.
fn fake_tether_build(dir: &Path, version: &str) {
    let real = repo_root().join("build-support");
    crate::sdk_support::copy_dir(&real.join("src"), &dir.join("src"));
    crate::sdk_support::copy_dir(&real.join("ts"), &dir.join("ts"));
    std::fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"tether-build\"\nversion = \"{version}\"\nedition = \"2021\"\n"
        ),
    )
    .unwrap();
}

/// The fixture, building with the tether-build in `dir`.
fn fixture_with(name: &str, dir: &Path) -> Fixture {
    let f = Fixture::new(name);
    f.generate();
    let real = repo_root().join("build-support");
    let manifest = f.read("Cargo.toml").replace(
        &format!("path = \"{}\"", real.display()),
        &format!("path = \"{}\"", dir.display()),
    );
    assert!(manifest.contains(&dir.display().to_string()), "{manifest}");
    f.write("Cargo.toml", &manifest);
    f
}

/// Every command that works on the app refuses, names both builds and how
/// to install the app's, and writes nothing.
fn assert_refused(f: &Fixture, theirs: &str) {
    let ours = format!(
        "tether-build {} (sources {})",
        tether_build::build_id::BuildId::current().version,
        tether_build::build_id::BuildId::current().source
    );
    for args in [
        &["build", "--check"][..],
        &["build"],
        &["sdk"],
        &["sdk", "--check"],
        &["dev"],
    ] {
        let before = snapshot(&f.dir);
        let out = f.cmd(args).output().unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains(&format!("this `cargo tether` is {ours}")),
            "{args:?}: {err}"
        );
        assert!(
            err.contains(&format!("the app builds with {theirs}")),
            "{args:?}: {err}"
        );
        assert!(
            err.contains(
                "help: install the command from the app's tether-build: `cargo install --path "
            ),
            "{err}"
        );
        assert_eq!(
            snapshot(&f.dir),
            before,
            "{args:?}: nothing written, Cargo.lock included"
        );
    }
}

fn another_version_is_refused_naming_both() {
    let tmp = tempfile::tempdir().unwrap();
    let fake = tmp.path().join("tether-build");
    fake_tether_build(&fake, "0.0.9");
    let f = fixture_with("same-build-version", &fake);
    assert_refused(&f, "tether-build 0.0.9 (sources ");
}

fn the_same_sources_are_accepted_an_edited_copy_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let fake = tmp.path().join("build-support");
    fake_tether_build(&fake, env!("CARGO_PKG_VERSION"));
    // The grammar beside it, as in a checkout.
    let model = tmp.path().join("model");
    crate::sdk_support::copy_dir(&repo_root().join("model/src"), &model.join("src"));
    std::fs::copy(
        repo_root().join("model/Cargo.toml"),
        model.join("Cargo.toml"),
    )
    .unwrap();
    let f = fixture_with("same-build-copy", &fake);
    let ok = f.cmd(&["build", "--check"]).output().unwrap();
    assert!(
        ok.status.success(),
        "the same sources are the same build: {}",
        stderr(&ok)
    );

    let lib = fake.join("src/lib.rs");
    let edited = std::fs::read_to_string(&lib).unwrap() + "\n";
    std::fs::write(&lib, edited).unwrap();
    let theirs =
        tether_build::build_id::BuildId::of_source(&fake, env!("CARGO_PKG_VERSION")).unwrap();
    assert_ne!(theirs, tether_build::build_id::BuildId::current());
    assert_refused(&f, &format!("tether-build {theirs}"));
}

pub(crate) fn tests() -> Vec<libtest_mimic::Trial> {
    tests![
        another_version_is_refused_naming_both,
        the_same_sources_are_accepted_an_edited_copy_refused,
    ]
}
