//! SPEC D2: each error says what went wrong and how to fix it, exits
//! non-zero, and leaves nothing half-written.

use crate::cli_support;

use cli_support::{snapshot, stderr, tether_cmd, Fixture};

fn fails(cmd: &mut assert_cmd::Command) -> String {
    let out = cmd.output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("error"), "{err}");
    assert!(err.contains("help: "), "says how to fix it: {err}");
    // The last line ends: the prompt or the next output starts on its own.
    assert!(err.ends_with('\n'), "no final newline: {err:?}");
    err
}

/// F14's case: a tether.toml without a Cargo.toml beside it.
fn d2_config_without_cargo_toml_ends_its_output() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("tether.toml"), "").unwrap();
    let err = fails(tether_cmd(dir.path()).args(["sdk"]));
    assert!(
        err.ends_with("help: put tether.toml in the root of the app's crate, next to Cargo.toml\n"),
        "{err:?}"
    );
}

fn d2_missing_config() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("Cargo.toml"), "[package]\nname = \"x\"\n").unwrap();
    for args in [&["sdk"][..], &["build"], &["build", "--check"], &["dev"]] {
        let err = fails(tether_cmd(dir.path()).args(args));
        assert!(err.contains("no tether.toml found"), "{args:?}: {err}");
        assert!(err.contains("--config"), "{err}");
    }
    let err = fails(tether_cmd(dir.path()).args(["sdk", "--config", "nope.toml"]));
    assert!(err.contains("nope.toml does not exist"), "{err}");
}

fn d2_invalid_config_names_the_key() {
    let f = Fixture::new("err-config");
    f.write("tether.toml", "runtime = \"fast\"\n");
    let err = fails(&mut f.cmd(&["sdk"]));
    assert!(err.contains("tether.toml"), "{err}");
    assert!(err.contains("line 1"), "{err}");
    // The user has the guide, not tether's SPEC.md: the help names the
    // chapter that lists every key.
    assert!(!err.contains("SPEC"), "{err}");
    assert!(err.contains("tether.toml reference"), "{err}");
    assert!(err.contains("book/src/config.md"), "{err}");
}

/// `--zod`, `--tanstack-query` and `--emit` without `--input`: clap's
/// message said `--input` and `--output` were missing, as if the flag
/// were meant for a document on disk; the configured outputs take them
/// from `[openapi.sdk]`, which the error names.
fn d2_input_only_flags_name_the_config_key() {
    let f = Fixture::new("err-input-flags");
    f.generate();
    for (flag, key) in [
        (&["--zod"][..], "zod = true"),
        (&["--tanstack-query"], "tanstack_query = true"),
        (&["--emit", "js"], "emit = \"js\""),
    ] {
        let before = snapshot(&f.path("sdk"));
        let mut args = vec!["sdk"];
        args.extend_from_slice(flag);
        let err = fails(&mut f.cmd(&args));
        assert!(
            err.contains(&format!(
                "{} applies to a client generated from --input",
                flag[0]
            )),
            "{err}"
        );
        assert!(err.contains(key) && err.contains("[openapi.sdk]"), "{err}");
        assert!(!err.contains("required arguments"), "{err}");
        assert_eq!(snapshot(&f.path("sdk")), before, "nothing written");
    }
}

fn d2_unknown_output_name() {
    let f = Fixture::new("err-name");
    f.generate();
    let err = fails(&mut f.cmd(&["sdk", "--name", "mobile"]));
    assert!(err.contains("no output named `mobile`"), "{err}");
    assert!(err.contains("public, admin"), "lists the names: {err}");
    let err = fails(&mut f.cmd(&["sdk", "--name", "admin"]));
    assert!(err.contains("has no [openapi.sdk] table"), "{err}");
}

fn d2_unreadable_document() {
    let f = Fixture::new("err-doc");
    let err = fails(&mut f.cmd(&["sdk"]));
    assert!(
        err.contains("cannot read the OpenAPI document openapi.json"),
        "{err}"
    );
    assert!(err.contains("cargo tether build"), "{err}");
    f.write("openapi.json", "{ not json");
    let err = fails(&mut f.cmd(&["sdk"]));
    assert!(
        err.contains("cannot parse openapi.json as JSON (nor as YAML)"),
        "{err}"
    );
    assert!(err.contains("help: fix the syntax"), "{err}");
    f.write("openapi.json", "{\"swagger\": \"2.0\", \"paths\": {}}");
    let err = fails(&mut f.cmd(&["sdk"]));
    assert!(
        err.contains("cannot generate a client from openapi.json"),
        "{err}"
    );
    let err = fails(&mut f.cmd(&["sdk", "-i", "missing.yaml", "-o", "out"]));
    assert!(err.contains("missing.yaml"), "{err}");
    assert!(!f.path("sdk").exists() && !f.path("out").exists());
}

fn d2_no_partial_output_when_one_output_fails() {
    let f = Fixture::new("err-partial");
    f.generate();
    std::fs::remove_dir_all(f.path("sdk")).unwrap();
    // Both outputs get a client; the second one's document is missing.
    let config = f.read("tether.toml") + "[openapi.sdk]\noutput = \"admin-sdk\"\n";
    f.write("tether.toml", &config);
    std::fs::remove_file(f.path("admin.json")).unwrap();
    let before = snapshot(&f.dir);
    let err = fails(&mut f.cmd(&["sdk"]));
    assert!(err.contains("admin.json"), "{err}");
    assert_eq!(
        before,
        snapshot(&f.dir),
        "the first client was written anyway"
    );
}

fn d2_source_error_is_reported_by_build_check() {
    let f = Fixture::new("err-source");
    f.generate();
    let src = f
        .read("src/controllers.rs")
        .replace("#[get(\"/stats\")]", "#[get(\"/stats/:\")]");
    f.write("src/controllers.rs", &src);
    let out = f.cmd(&["build", "--check"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("controllers.rs"),
        "names the file: {}",
        stderr(&out)
    );
}

/// This module's tests, for the list in `main.rs`.
pub(crate) fn tests() -> Vec<libtest_mimic::Trial> {
    tests![
        d2_config_without_cargo_toml_ends_its_output,
        d2_missing_config,
        d2_invalid_config_names_the_key,
        d2_input_only_flags_name_the_config_key,
        d2_unknown_output_name,
        d2_unreadable_document,
        d2_no_partial_output_when_one_output_fails,
        d2_source_error_is_reported_by_build_check,
    ]
}
