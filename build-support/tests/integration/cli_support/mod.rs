//! Helpers of the `cargo tether` tests: the fixture app copied to a
//! temporary directory, and the command run in it.

#![allow(dead_code)]

use assert_cmd::Command;
use std::path::{Path, PathBuf};
use tempfile::TempDir;

/// The repository root (above `build-support/`).
pub(crate) fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Shared by every fixture copy, so tether is compiled once for all tests.
pub(crate) fn fixture_target_dir() -> PathBuf {
    repo_root().join("target").join("cli-fixture")
}

/// A copy of `tests/fixtures/cli-app` whose package is named
/// `cli-app-<name>` (its own binary in the shared target dir).
pub(crate) struct Fixture {
    pub tmp: TempDir,
    pub dir: PathBuf,
    pub package: String,
}

impl Fixture {
    pub(crate) fn new(name: &str) -> Fixture {
        let tmp = tempfile::Builder::new()
            .prefix(&format!("tether-cli-{name}-"))
            .tempdir()
            .unwrap();
        let dir = tmp.path().join("app");
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cli-app");
        copy_dir(&src, &dir);
        let package = format!("cli-app-{name}");
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml"))
            .unwrap()
            .replace("\"../../../../", &format!("\"{}/", repo_root().display()))
            .replace("name = \"cli-app\"", &format!("name = \"{package}\""));
        std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
        // The repository's lock file: the same versions as the shared build.
        std::fs::copy(repo_root().join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
        Fixture { tmp, dir, package }
    }

    /// `cargo-tether` with `args`, run in the fixture.
    pub(crate) fn cmd(&self, args: &[&str]) -> Command {
        let mut cmd = tether_cmd(&self.dir);
        cmd.args(args);
        cmd
    }

    pub(crate) fn path(&self, rel: &str) -> PathBuf {
        self.dir.join(rel)
    }

    pub(crate) fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
    }

    pub(crate) fn write(&self, rel: &str, text: &str) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// Writes the documents and the client as build.rs would, without
    /// compiling (the library in-process).
    pub(crate) fn generate(&self) {
        tether_build::Builder::new()
            .manifest_dir(&self.dir)
            .package(&self.package, "0.1.0")
            .run()
            .unwrap_or_else(|e| panic!("{e}"));
    }

    /// Adds `GET /greetings/bye` to the fixture's sources.
    pub(crate) fn add_bye_route(&self) {
        let src = self.read("src/controllers.rs").replace(
            "    // ROUTES",
            "    /// Says bye.\n    #[get(\"/bye\")]\n    async fn bye(&self) -> String {\n        \"bye\".to_string()\n    }",
        );
        self.write("src/controllers.rs", &src);
    }

    /// The app binary in the shared target dir.
    pub(crate) fn binary(&self) -> PathBuf {
        fixture_target_dir().join("debug").join(&self.package)
    }
}

/// `cargo-tether` run in `dir`, building into the shared target dir, offline.
pub(crate) fn tether_cmd(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("cargo-tether").unwrap();
    cmd.current_dir(dir)
        .env("CARGO_TARGET_DIR", fixture_target_dir())
        .env("CARGO_NET_OFFLINE", "true")
        .env_remove("TETHER_RUNTIME");
    cmd
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Every file under `dir` (relative, sorted) with its bytes.
pub(crate) fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<(PathBuf, Vec<u8>)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(root, &path, out);
        } else {
            out.push((
                path.strip_prefix(root).unwrap().to_path_buf(),
                std::fs::read(&path).unwrap(),
            ));
        }
    }
}

pub(crate) fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).to_string()
}

pub(crate) fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).to_string()
}
