//! `cargo tether build` (SPEC D1, D2, D3) on copies of the fixture app.
//! Compiles the fixture (tether once for all tests, in a shared target dir).

use crate::cli_support;

use cli_support::{snapshot, stderr, stdout, Fixture};

fn d1_build_compiles_then_writes_every_document_and_client() {
    let f = Fixture::new("build");
    let out = f.cmd(&["build"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(f.binary().is_file(), "cargo build ran");
    assert!(f.read("openapi.json").contains("/api/greetings"));
    assert!(f.read("admin.json").contains("/api/admin/stats"));
    assert!(f.read("sdk/greetings/index.ts").contains("hello("));
    let summary = stdout(&out);
    for written in ["openapi.json", "admin.json", "sdk/ from openapi.json"] {
        assert!(
            summary.contains(written),
            "summary lacks {written}: {summary}"
        );
    }
    let progress = stderr(&out);
    // The package by name, as cargo names it (it said `Compiling Cargo.toml`).
    assert!(
        progress.contains("Building cli-app-build v0.1.0 (Cargo.toml)"),
        "{progress}"
    );
    assert!(!progress.contains("Compiling Cargo.toml"), "{progress}");
    assert!(progress.contains("Compiled cargo build ("), "{progress}");
    assert!(
        progress.contains("Finished 2 document(s), 1 client(s)"),
        "{progress}"
    );

    // A change to the sources reaches the document and the client.
    f.add_bye_route();
    f.cmd(&["build", "-q", "--", "--locked"]).assert().success();
    assert!(f.read("openapi.json").contains("/api/greetings/bye"));
    assert!(f.read("sdk/greetings/index.ts").contains("bye("));
    // --check is green right after a build.
    f.cmd(&["build", "--check"]).assert().success();
    f.cmd(&["sdk", "--check"]).assert().success();
}

fn d3_build_check_green_when_fresh_red_after_a_change_without_compiling() {
    let f = Fixture::new("build-check");
    f.generate();
    let out = f.cmd(&["build", "--check"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("all up to date"));
    f.add_bye_route();
    let before = snapshot(&f.dir);
    let out = f.cmd(&["build", "--check"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("openapi.json"), "{err}");
    assert!(err.contains("sdk/greetings/index.ts"), "{err}");
    assert!(!err.contains("admin.json"), "admin did not change: {err}");
    assert!(err.contains("run `cargo tether build`"), "{err}");
    assert_eq!(before, snapshot(&f.dir), "--check wrote files");
    assert!(!f.binary().exists(), "--check must not run cargo build");
}

/// A controller behind `#[cfg(feature = "loud")]`: `build` and
/// `build --check` evaluate `#[cfg]` with the features `cargo build`
/// compiles with (`--features` passed through), as build.rs does, so they
/// agree with it instead of documenting every feature's routes.
fn d3_build_and_check_follow_the_features_cargo_build_compiles_with() {
    let f = Fixture::new("features");
    let manifest = f
        .read("Cargo.toml")
        .replace("[dependencies]", "[features]\nloud = []\n\n[dependencies]");
    f.write("Cargo.toml", &manifest);
    let loud = "\n/// Shouts.\n#[cfg(feature = \"loud\")]\npub struct LoudController;\n\n\
        #[cfg(feature = \"loud\")]\n#[controller(\"/greetings/loud\")]\nimpl LoudController {\n    \
        /// Shouts hello.\n    #[get]\n    async fn shout(&self) -> String {\n        \"HELLO\".to_string()\n    }\n}\n";
    f.write("src/controllers.rs", &(f.read("src/controllers.rs") + loud));

    let out = f.cmd(&["build", "-q"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!f.read("openapi.json").contains("/api/greetings/loud"));
    assert!(!f.read("sdk/greetings/index.ts").contains("shout("));
    f.cmd(&["build", "--check"]).assert().success();

    let out = f
        .cmd(&["build", "-q", "--features", "loud"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(f.read("openapi.json").contains("/api/greetings/loud"));
    f.cmd(&["build", "--check", "--features", "loud"])
        .assert()
        .success();
    f.cmd(&["build", "--check", "--all-features"])
        .assert()
        .success();
    // A misspelt feature is refused, as `cargo build` refuses it, not
    // checked as the default build.
    let out = f
        .cmd(&["build", "--check", "--features", "lowd"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("has no feature `lowd`") && stderr(&out).contains("loud"),
        "{}",
        stderr(&out)
    );
    // Without the feature the document written with it is stale.
    let out = f.cmd(&["build", "--check"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("openapi.json"), "{}", stderr(&out));
}

fn d2_failing_build_says_so_and_writes_nothing() {
    let f = Fixture::new("build-fail");
    // Without build.rs only `cargo tether` itself could write the outputs.
    std::fs::remove_file(f.path("build.rs")).unwrap();
    let src = f.read("src/main.rs").replace(
        "fn main()",
        "fn main() { let x: u8 = \"not a number\"; }\nfn real_main()",
    );
    f.write("src/main.rs", &src);
    let out = f.cmd(&["build"]).output().unwrap();
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("error: `cargo build` failed"), "{err}");
    assert!(
        err.contains("help: fix the errors cargo printed above"),
        "{err}"
    );
    assert!(
        err.contains("mismatched types"),
        "cargo's own error is shown: {err}"
    );
    assert!(!f.path("sdk").exists(), "no client after a failed build");
    assert!(
        !f.path("openapi.json").exists(),
        "no document after a failed build"
    );
    assert_eq!(stdout(&out), "", "no summary of written files");
}

/// HEADER versioning with a second version of `GET /greetings`: the
/// public output splits into one document per version.
fn split_by_version(f: &Fixture) {
    let config = f.read("tether.toml").replace(
        "global_prefix = \"api\"\n",
        "global_prefix = \"api\"\n[framework.versioning]\ntype = \"HEADER\"\ndefault_version = \"1\"\n",
    );
    f.write("tether.toml", &config);
    let src = f.read("src/controllers.rs").replace(
        "    // ROUTES",
        "    /// Says hello, version 2.\n    #[get]\n    #[version(\"2\")]\n    async fn hello_v2(&self) -> String {\n        \"hello 2\".to_string()\n    }",
    );
    f.write("src/controllers.rs", &src);
}

fn stale_list(f: &Fixture) -> Vec<String> {
    let out = f.cmd(&["build", "--check"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    stderr(&out)
        .lines()
        .filter_map(|l| l.strip_prefix("  "))
        .map(str::to_string)
        .collect()
}

/// The fixture's `tether.toml`, and the same with TanStack Query on (the
/// client then has `queries.ts` and `tanstack-query.ts` more).
fn with_tanstack_query(f: &Fixture) -> (String, String) {
    let config = f.read("tether.toml");
    let tanstack = config.replace(
        "[openapi.sdk]\noutput = \"sdk\"\n",
        "[openapi.sdk]\noutput = \"sdk\"\ntanstack_query = true\n",
    );
    assert_ne!(config, tanstack, "the fixture's [openapi.sdk] moved");
    (config, tanstack)
}

/// F7: a client file writing would delete is both a stale file of the
/// client and a leftover of `tether.generated`: listed once, marked, and
/// counted once; one stale file "differs".
fn d3_check_lists_each_file_once_and_marks_the_ones_to_delete() {
    let f = Fixture::new("check-once");
    let (config, tanstack) = with_tanstack_query(&f);
    f.write("tether.toml", &tanstack);
    f.generate();
    f.cmd(&["build", "--check"]).assert().success();
    f.write("tether.toml", &config);
    let out = f.cmd(&["build", "--check"]).output().unwrap();
    let err = stderr(&out);
    // The listed files (progress lines are indented further).
    let stale: Vec<String> = stale_list(&f)
        .into_iter()
        .filter(|l| !l.starts_with(' '))
        .collect();
    let mut once = stale.clone();
    once.sort();
    once.dedup();
    assert_eq!(once.len(), stale.len(), "listed twice: {err}");
    let gone: Vec<&String> = stale
        .iter()
        .filter(|l| l.ends_with(" (would be deleted)"))
        .collect();
    assert!(!gone.is_empty(), "{err}");
    assert!(
        gone.iter().all(|l| l.starts_with("sdk/")),
        "only the TanStack files go: {err}"
    );
    assert!(
        err.contains(&format!("error: {} generated files differ", stale.len())),
        "{err}"
    );

    // One stale file: "differs".
    f.write("tether.toml", &tanstack);
    f.generate();
    let index = f.read("sdk/index.ts");
    f.write("sdk/index.ts", &format!("{index}// edited\n"));
    let out = f.cmd(&["build", "--check"]).output().unwrap();
    let err = stderr(&out);
    assert!(
        err.contains(
            "error: 1 generated file differs from what the sources produce now:\n  sdk/index.ts\n"
        ),
        "{err}"
    );
}

fn d3_outputs_tether_no_longer_writes_are_removed_and_fail_check() {
    let f = Fixture::new("stale");
    f.generate();
    assert!(f.path("openapi.json").is_file());
    f.write("sdk/mine.ts", "// my own file\n");
    split_by_version(&f);
    let stale = stale_list(&f);
    assert!(
        stale.contains(&"openapi.json (would be deleted)".to_string()),
        "{stale:?}"
    );

    f.generate();
    assert!(
        !f.path("openapi.json").exists(),
        "the single document is gone"
    );
    assert!(f.read("openapi.v1.json").contains("/api/greetings"));
    assert!(f.read("openapi.v2.json").contains("/api/greetings"));
    assert!(f.path("sdk/mine.ts").is_file(), "files of your own stay");
    let manifest = f.read("tether.generated");
    for (rel, _) in snapshot(&f.path("sdk")) {
        let rel = format!("sdk/{}", rel.display());
        if rel != "sdk/mine.ts" {
            assert!(
                manifest.contains(&format!("\n{rel}\n")),
                "{rel} is stale: {manifest}"
            );
        }
    }
    f.cmd(&["build", "--check"]).assert().success();

    // And back: the per-version documents go.
    let original = Fixture::new("stale-original");
    for file in ["tether.toml", "src/controllers.rs"] {
        f.write(file, &original.read(file));
    }
    let stale = stale_list(&f);
    assert!(
        stale.contains(&"openapi.v1.json (would be deleted)".to_string()),
        "{stale:?}"
    );
    f.generate();
    assert!(f.path("openapi.json").is_file());
    assert!(!f.path("openapi.v1.json").exists());
    assert!(!f.path("openapi.v2.json").exists());
    f.cmd(&["build", "--check"]).assert().success();
}

fn d1_build_reports_what_build_rs_rewrote() {
    let f = Fixture::new("build-reports");
    f.cmd(&["build", "-q"]).assert().success();
    let src = f
        .read("src/controllers.rs")
        .replace("/// Says hello.", "/// Says hello warmly.");
    f.write("src/controllers.rs", &src);
    let out = f.cmd(&["build"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(f.read("openapi.json").contains("Says hello warmly."));
    let summary = stdout(&out);
    assert!(summary.contains("wrote     openapi.json"), "{summary}");
    assert!(summary.contains("unchanged admin.json"), "{summary}");
    assert!(
        summary.contains("wrote     sdk/ from openapi.json (1 written"),
        "{summary}"
    );
}

/// build.rs deletes what it no longer writes during `cargo build`, before
/// the command plans anything: the summary still reports it (trial3 T7).
fn d1_build_reports_what_build_rs_deleted() {
    let f = Fixture::new("build-deletes");
    let (config, tanstack) = with_tanstack_query(&f);
    f.write("tether.toml", &tanstack);
    f.cmd(&["build", "-q"]).assert().success();
    assert!(f.path("sdk/queries.ts").is_file());
    f.write("sdk/mine.ts", "// my own file\n");
    f.write("tether.toml", &config);
    let out = f.cmd(&["build"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!f.path("sdk/queries.ts").exists());
    assert!(f.path("sdk/mine.ts").is_file(), "files of your own stay");
    let summary = stdout(&out);
    assert!(summary.contains("deleted   sdk/queries.ts"), "{summary}");
    assert!(
        summary.contains("deleted   sdk/tanstack-query.ts"),
        "{summary}"
    );
    assert!(!summary.contains("mine.ts"), "{summary}");
}

/// `cargo build` of the fixture, as a user runs it (build.rs, no `cargo tether`).
fn cargo_build(f: &Fixture) {
    let out = cargo_build_output(f, &["--quiet"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

fn cargo_build_output(f: &Fixture, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO"))
        .args(["build", "--offline"])
        .args(args)
        .current_dir(&f.dir)
        .env("CARGO_TARGET_DIR", cli_support::fixture_target_dir())
        .output()
        .unwrap()
}

/// The files build.rs writes: documents, the client and their list.
fn outputs(f: &Fixture) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut all = snapshot(&f.dir);
    all.retain(|(p, _)| {
        p.starts_with("sdk")
            || p.extension()
                .is_some_and(|e| e == "json" || e == "generated")
    });
    all
}

fn b1_controller_mistake_is_left_to_rustc_and_the_outputs_kept() {
    let f = Fixture::new("macro-error");
    f.generate();
    let before = outputs(&f);
    assert!(before.iter().any(|(p, _)| p.ends_with("openapi.json")));
    let src = f
        .read("src/controllers.rs")
        .replace("#[get(\"/stats\")]", "#[get(\"/{id}\")]");
    f.write("src/controllers.rs", &src);
    let out = cargo_build_output(&f, &[]);
    let err = stderr(&out);
    assert!(!out.status.success(), "rustc fails the build: {err}");
    assert!(
        !err.contains("failed to run custom build command"),
        "build.rs does not fail first: {err}"
    );
    assert!(
        err.contains("tether-build: outputs not updated: the controllers have 1 error that rustc reports (first at "),
        "one short warning: {err}"
    );
    assert!(
        err.contains("invalid character `{` in route path `/{id}`")
            && err.contains("src/controllers.rs:22:11"),
        "the macro's spanned error: {err}"
    );
    let after = outputs(&f);
    let names = |files: &[(std::path::PathBuf, Vec<u8>)]| -> Vec<_> {
        files.iter().map(|(p, _)| p.clone()).collect()
    };
    assert_eq!(names(&before), names(&after));
    assert!(before == after, "the last outputs stay as they were");
}

fn b1_cargo_build_writes_missing_outputs_and_sees_a_new_tether_toml() {
    let f = Fixture::new("rerun");
    let config = f.read("tether.toml");
    std::fs::remove_file(f.path("tether.toml")).unwrap();
    cargo_build(&f);
    assert!(
        f.read("openapi.json").contains("\"/greetings\""),
        "no prefix yet"
    );

    std::fs::remove_file(f.path("openapi.json")).unwrap();
    cargo_build(&f);
    assert!(
        f.path("openapi.json").is_file(),
        "a deleted output is written again"
    );

    let binary = std::fs::metadata(f.binary()).unwrap().modified().unwrap();
    f.write("tether.toml", &config);
    cargo_build(&f);
    assert!(
        f.read("openapi.json").contains("\"/api/greetings\""),
        "tether.toml is read"
    );
    assert!(f.read("sdk/greetings/index.ts").contains("hello("));
    let rebuilt = std::fs::metadata(f.binary()).unwrap().modified().unwrap();
    assert!(
        rebuilt > binary,
        "the app is compiled again with the new [framework]"
    );

    std::fs::remove_dir_all(f.path("sdk")).unwrap();
    cargo_build(&f);
    assert!(
        f.read("sdk/greetings/index.ts").contains("hello("),
        "the client too"
    );
}

/// This module's tests, for the list in `main.rs`.
pub(crate) fn tests() -> Vec<libtest_mimic::Trial> {
    tests![
        d1_build_compiles_then_writes_every_document_and_client,
        d3_build_check_green_when_fresh_red_after_a_change_without_compiling,
        d3_build_and_check_follow_the_features_cargo_build_compiles_with,
        d2_failing_build_says_so_and_writes_nothing,
        d3_check_lists_each_file_once_and_marks_the_ones_to_delete,
        d3_outputs_tether_no_longer_writes_are_removed_and_fail_check,
        d1_build_reports_what_build_rs_rewrote,
        d1_build_reports_what_build_rs_deleted,
        b1_controller_mistake_is_left_to_rustc_and_the_outputs_kept,
        b1_cargo_build_writes_missing_outputs_and_sees_a_new_tether_toml,
    ]
}
