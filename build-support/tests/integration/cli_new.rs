//! `cargo tether new` (issue 34): from an empty directory, a project whose
//! `cargo test` passes, whose documents `build --check` finds fresh, which
//! `cargo tether dev` serves, and whose web/ package calls it through the
//! generated client; the versioning and SQLite variants; the names,
//! directories and versions it refuses. The projects build into the fixture's shared target
//! directory, with the repository's lock file, so tether is compiled once.

use crate::cli_support;

use cli_support::{fixture_target_dir, repo_root, snapshot, stderr, stdout, tether_cmd};
use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// `cargo tether new ARGS` in `dir`; the output, after checking its status.
fn new_in(dir: &Path, args: &[&str]) -> std::process::Output {
    let out = tether_cmd(dir).arg("new").args(args).output().unwrap();
    assert!(
        out.status.success(),
        "cargo tether new {args:?}:\n{}",
        stderr(&out)
    );
    out
}

/// `cargo tether new ARGS` failing in `dir`: its stderr, and nothing written.
fn refused(dir: &Path, args: &[&str]) -> String {
    let before = snapshot(dir);
    let out = tether_cmd(dir).arg("new").args(args).output().unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    assert!(
        err.starts_with("error: ") && err.contains("\nhelp: "),
        "{args:?}: {err}"
    );
    assert_eq!(snapshot(dir), before, "{args:?}: nothing written");
    err
}

/// `cargo CMD` in the project, built into the fixture's target directory,
/// offline, on the repository's lock file; its time printed.
fn cargo(project: &Path, args: &[&str]) -> std::process::Output {
    let lock = project.join("Cargo.lock");
    if !lock.exists() {
        std::fs::copy(repo_root().join("Cargo.lock"), lock).unwrap();
    }
    let start = Instant::now();
    let out = Command::new(env!("CARGO"))
        .args(args)
        .current_dir(project)
        .env("CARGO_TARGET_DIR", fixture_target_dir())
        .env("CARGO_NET_OFFLINE", "true")
        .output()
        .unwrap();
    eprintln!(
        "cli_new: `cargo {}` in {} took {:.1}s",
        args.join(" "),
        project.file_name().unwrap().to_string_lossy(),
        start.elapsed().as_secs_f64()
    );
    assert!(
        out.status.success(),
        "cargo {args:?} failed:\n{}{}",
        stdout(&out),
        stderr(&out)
    );
    out
}

/// The web package's tools: the repository's pinned typescript and
/// @types/node, so the test installs nothing from the network.
fn link_node_modules(web: &Path) {
    let modules = repo_root().join("node_modules");
    assert!(
        modules.join("typescript").is_dir(),
        "run `npm ci` at the repository root to install the pinned typescript"
    );
    std::os::unix::fs::symlink(modules, web.join("node_modules")).unwrap();
}

/// `npm ARGS` in the web package.
fn npm(web: &Path, args: &[&str], api_url: Option<&str>) -> String {
    let mut cmd = Command::new("npm");
    cmd.args(args)
        .current_dir(web)
        .env("NPM_CONFIG_UPDATE_NOTIFIER", "false")
        .env("NO_COLOR", "1");
    if let Some(url) = api_url {
        cmd.env("API_URL", url);
    }
    let start = Instant::now();
    let out = cmd.output().expect("npm runs");
    eprintln!(
        "cli_new: `npm {}` took {:.1}s",
        args.join(" "),
        start.elapsed().as_secs_f64()
    );
    let text = format!("{}{}", stdout(&out), stderr(&out));
    assert!(out.status.success(), "npm {args:?} failed:\n{text}");
    text
}

/// `cargo tether dev` serving the app, stopped on drop: SIGTERM, on which
/// dev stops the app (in a process group of its own) before it exits;
/// SIGKILL to dev's group if it has not exited within 20 s.
struct Served(Child);

impl Drop for Served {
    fn drop(&mut self) {
        let pid = self.0.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        let deadline = Instant::now() + Duration::from_secs(20);
        while matches!(self.0.try_wait(), Ok(None)) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{pid}")])
            .status();
        let _ = self.0.wait();
    }
}

/// Starts `cmd` in a process group of its own; its base URL, once the app
/// says where it listens.
fn serve(mut cmd: Command) -> (Served, String) {
    let mut child = cmd
        .env("PORT", "0")
        .stdout(Stdio::piped())
        .process_group(0)
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let served = Served(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Some((_, url)) = line.split_once("listening on ") {
                let _ = tx.send(url.to_string());
            }
        }
    });
    let url = rx
        .recv_timeout(Duration::from_secs(300))
        .expect("the app says where it listens");
    (served, url)
}

fn read(dir: &Path, rel: &str) -> String {
    std::fs::read_to_string(dir.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The whole journey of a new user, from an empty directory.
fn new_project_tests_checks_serves_and_its_web_test_passes() {
    let tmp = tempfile::tempdir().unwrap();
    let out = new_in(tmp.path(), &["demo"]);
    let demo = tmp.path().join("demo");
    assert!(
        stdout(&out).contains("cd "),
        "says what to run next: {}",
        stdout(&out)
    );
    for file in [
        "Cargo.toml",
        "tether.toml",
        "build.rs",
        "src/main.rs",
        "src/lib.rs",
        "src/notes.rs",
        "src/store.rs",
        "tests/api.rs",
        "web/package.json",
        "web/tsconfig.json",
        "web/src/api.test.ts",
        // Written at once, as the first `cargo build` would.
        "openapi.json",
        "web/src/api/index.ts",
        "tether.generated",
    ] {
        assert!(demo.join(file).is_file(), "{file} is written");
    }
    let tests = stdout(&cargo(&demo, &["test"]));
    assert!(tests.contains("test result: ok. 3 passed"), "{tests}");

    let check = tether_cmd(&demo)
        .args(["build", "--check"])
        .output()
        .unwrap();
    assert!(check.status.success(), "{}", stderr(&check));
    assert!(
        stderr(&check).contains("all up to date"),
        "{}",
        stderr(&check)
    );

    // Served by `cargo tether dev`, which builds (nothing left to compile
    // after `cargo test`) and runs it.
    let mut dev = Command::new(assert_cmd::cargo::cargo_bin("cargo-tether"));
    dev.args(["dev", "-q"])
        .current_dir(&demo)
        .env("CARGO_TARGET_DIR", fixture_target_dir())
        .env("CARGO_NET_OFFLINE", "true");
    let (_served, url) = serve(dev);
    let web = demo.join("web");
    link_node_modules(&web);
    let report = npm(&web, &["test"], Some(&url));
    assert!(
        report.contains("# pass 2") && report.contains("# fail 0"),
        "{report}"
    );
}

/// HEADER versioning with SQLite, and URI versioning: their Rust tests
/// pass (the paths and the store of each) and their web package compiles
/// against its client (`client.v1.notes`).
fn new_project_variants_build_and_test() {
    let tmp = tempfile::tempdir().unwrap();
    new_in(
        tmp.path(),
        &[
            "demo-header-sqlite",
            "--versioning",
            "header",
            "--sqlite",
            "-q",
        ],
    );
    new_in(tmp.path(), &["demo-uri", "--versioning", "uri", "-q"]);
    let header = tmp.path().join("demo-header-sqlite");
    let uri = tmp.path().join("demo-uri");
    assert!(read(&header, "tether.toml").contains("type = \"HEADER\""));
    assert!(read(&header, "Cargo.toml").contains("rusqlite"));
    assert!(read(&uri, "tether.toml").contains("type = \"URI\""));
    assert!(read(&uri, "openapi.json").contains("\"/api/v1/notes/{id}\""));
    assert!(!read(&uri, "Cargo.toml").contains("rusqlite"));
    for project in [&header, &uri] {
        let tests = stdout(&cargo(project, &["test"]));
        assert!(tests.contains("test result: ok. 3 passed"), "{tests}");
        let web = project.join("web");
        link_node_modules(&web);
        npm(&web, &["run", "build"], None);
    }
}

/// A `cargo tether` built from a checkout depends on it by path;
/// `--tether-version` writes version requirements instead.
fn new_project_depends_on_the_checkout_or_on_versions() {
    let tmp = tempfile::tempdir().unwrap();
    new_in(tmp.path(), &["by-path", "-q"]);
    let manifest: toml::Table = read(&tmp.path().join("by-path"), "Cargo.toml")
        .parse()
        .unwrap();
    let root = repo_root().canonicalize().unwrap();
    let path = |table: &str, name: &str| {
        PathBuf::from(
            manifest[table][name]["path"]
                .as_str()
                .unwrap_or_else(|| panic!("{name} by path")),
        )
    };
    assert_eq!(path("dependencies", "tether"), root.join("runtime"));
    assert_eq!(
        path("build-dependencies", "tether-build"),
        root.join("build-support")
    );
    assert_eq!(
        manifest["dependencies"]["tether"]["features"]
            .as_array()
            .unwrap()[0]
            .as_str(),
        Some("docs")
    );

    new_in(
        tmp.path(),
        &["by-version", "--tether-version", "0.1.2", "-q"],
    );
    let manifest: toml::Table = read(&tmp.path().join("by-version"), "Cargo.toml")
        .parse()
        .unwrap();
    for (table, name) in [
        ("dependencies", "tether"),
        ("build-dependencies", "tether-build"),
    ] {
        let dep = manifest[table][name].as_table().unwrap();
        assert_eq!(dep["version"].as_str(), Some("0.1.2"), "{name}");
        assert!(!dep.contains_key("path"), "{name}");
    }
    // An empty directory is taken; the name comes from --name.
    std::fs::create_dir(tmp.path().join("empty")).unwrap();
    new_in(tmp.path(), &["empty", "--name", "named_app", "-q"]);
    assert!(read(&tmp.path().join("empty"), "Cargo.toml").contains("name = \"named_app\""));
    assert!(read(&tmp.path().join("empty"), "tests/api.rs").contains("use named_app::"));
}

/// The Rust files of every variant are as `rustfmt` writes them, so the
/// first `cargo fmt` of a new project changes nothing.
fn new_project_is_formatted() {
    let tmp = tempfile::tempdir().unwrap();
    for args in [
        &["plain", "-q"][..],
        &[
            "zz-sqlite-header",
            "--sqlite",
            "--versioning",
            "header",
            "-q",
        ],
        &["aa_uri", "--versioning", "uri", "-q"],
    ] {
        new_in(tmp.path(), args);
        let dir = tmp.path().join(args[0]);
        let out = Command::new("rustfmt")
            .args(["--check", "--edition", "2021"])
            .args([
                "build.rs",
                "src/lib.rs",
                "src/main.rs",
                "src/notes.rs",
                "src/store.rs",
                "tests/api.rs",
            ])
            .current_dir(&dir)
            .output()
            .expect("rustfmt runs");
        assert!(out.status.success(), "{args:?}:\n{}", stdout(&out));
    }
}

/// The web package pins the typescript and @types/node the repository's
/// own tests run (root package.json), so the tests above, which link the
/// repository's node_modules, test what `npm install` would install.
fn new_web_package_pins_the_repository_tools() {
    let tmp = tempfile::tempdir().unwrap();
    new_in(tmp.path(), &["pins", "-q"]);
    let web: serde_json::Value =
        serde_json::from_str(&read(&tmp.path().join("pins/web"), "package.json")).unwrap();
    let root: serde_json::Value =
        serde_json::from_str(&read(&repo_root(), "package.json")).unwrap();
    for tool in ["typescript", "@types/node"] {
        let pinned = &web["devDependencies"][tool];
        assert!(pinned.is_string(), "{tool} is pinned: {web}");
        assert_eq!(pinned, &root["devDependencies"][tool], "{tool}");
    }
}

/// What `new` refuses, writing nothing: a directory with something in it,
/// a file, names cargo would refuse, a version that is not one.
fn new_refuses_existing_dirs_bad_names_and_bad_versions() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::create_dir(dir.join("taken")).unwrap();
    std::fs::write(dir.join("taken/notes.txt"), "mine").unwrap();
    let err = refused(dir, &["taken"]);
    assert!(err.contains("already exists and is not empty"), "{err}");
    assert!(err.contains("never overwrites"), "{err}");
    std::fs::write(dir.join("a-file"), "mine").unwrap();
    assert!(refused(dir, &["a-file"]).contains("is a file"));

    for (args, says) in [
        (&["1st"][..], "does not start with a letter"),
        (&["my app"], "has the character ' '"),
        (&["fn"], "is a Rust keyword"),
        (&["tether"], "crate the project uses"),
        (&["tether-build"], "crate the project uses"),
        (&["test"], "crate the project uses"),
        (&["ok", "--name", "a/b"], "has the character '/'"),
        (&["ok", "--name", ""], "the name is empty"),
        (&["ok", "--name", "caf\u{e9}"], "has the character"),
        (&["..", "-q"], "does not end in a directory name"),
        (
            &["ok", "--tether-version", "one"],
            "is not a version requirement",
        ),
        (&["ok", "--versioning", "query"], ""),
    ] {
        let out = tether_cmd(dir).arg("new").args(args).output().unwrap();
        let err = stderr(&out);
        assert!(!out.status.success(), "{args:?} refused");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    assert!(!dir.join("ok").exists() && !dir.join("1st").exists());
}

pub(crate) fn tests() -> Vec<libtest_mimic::Trial> {
    tests![
        new_project_tests_checks_serves_and_its_web_test_passes,
        new_project_variants_build_and_test,
        new_project_depends_on_the_checkout_or_on_versions,
        new_project_is_formatted,
        new_web_package_pins_the_repository_tools,
        new_refuses_existing_dirs_bad_names_and_bad_versions,
    ]
}
