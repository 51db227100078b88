//! `cargo tether diff` (issue 35): the real binary on documents written to a
//! temporary directory; outputs and exit statuses.

use crate::cli_support;

use cli_support::{stderr, stdout, tether_cmd};
use serde_json::{json, Value};
use std::path::Path;

/// This module's tests, for the binary's list.
pub(crate) fn tests() -> Vec<libtest_mimic::Trial> {
    tests![
        diff_text_lists_changes_like_rustc_and_fails_on_breaking,
        diff_markdown_is_a_changelog_grouped_by_level,
        diff_json_has_stable_fields,
        diff_exit_status_follows_fail_on,
        diff_bad_input_exits_2_with_a_message,
        diff_base_reads_the_committed_document_and_yaml,
        diff_base_without_a_path_reads_the_documents_of_tether_toml,
        diff_help_shows_examples,
    ]
}

/// `GET /users/{id}` answering a user with `name` (required) and, in the new
/// document, without it, plus `POST /users` added.
fn pair(dir: &Path) {
    let user = |props: Value, required: Value| {
        json!({"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {
            "/users/{id}": {"get": {
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {
                    "type": "object", "properties": props, "required": required}}}}}}}}})
    };
    let old = user(
        json!({"name": {"type": "string"}, "age": {"type": "integer"}}),
        json!(["name"]),
    );
    let mut new = user(json!({"age": {"type": "integer"}}), json!([]));
    new["paths"]["/users"] = json!({"post": {"responses": {"201": {"description": "created"}}}});
    write(dir, "old.json", &old);
    write(dir, "new.json", &new);
}

fn write(dir: &Path, name: &str, v: &Value) {
    std::fs::write(dir.join(name), serde_json::to_string_pretty(v).unwrap()).unwrap();
}

fn run(dir: &Path, args: &[&str]) -> std::process::Output {
    tether_cmd(dir).arg("diff").args(args).output().unwrap()
}

fn diff_text_lists_changes_like_rustc_and_fails_on_breaking() {
    let dir = tempfile::tempdir().unwrap();
    pair(dir.path());
    let out = run(dir.path(), &["old.json", "new.json"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("error[response-property-removed]: the response property name was removed\n  --> GET /users/{id} response 200 body .name\n"), "{text}");
    assert!(
        text.contains("note[operation-added]: the operation was added\n  --> POST /users\n"),
        "{text}"
    );
    assert!(
        text.contains("1 breaking, 0 possibly breaking, 1 compatible change"),
        "{text}"
    );
    assert!(
        stderr(&out).contains("error: 1 breaking change found"),
        "{}",
        stderr(&out)
    );
}

fn diff_markdown_is_a_changelog_grouped_by_level() {
    let dir = tempfile::tempdir().unwrap();
    pair(dir.path());
    let out = run(
        dir.path(),
        &["old.json", "new.json", "--format", "markdown"],
    );
    let md = stdout(&out);
    assert!(md.starts_with("# API changes\n\n## Breaking changes\n\n- `GET /users/{id}` response 200 body .name: the response property name was removed (`response-property-removed`)\n"), "{md}");
    assert!(
        md.contains(
            "## Compatible changes\n\n- `POST /users`: the operation was added (`operation-added`)"
        ),
        "{md}"
    );
}

fn diff_json_has_stable_fields() {
    let dir = tempfile::tempdir().unwrap();
    pair(dir.path());
    let out = run(dir.path(), &["old.json", "new.json", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        v["summary"],
        json!({"breaking": 1, "possibly-breaking": 0, "compatible": 1})
    );
    assert_eq!(
        v["changes"][0],
        json!({
            "level": "breaking",
            "rule": "response-property-removed",
            "operation": "GET /users/{id}",
            "location": "response 200 body .name",
            "pointer": "/paths/~1users~1{id}/get/responses/200/content/application~1json/schema/properties/name",
            "message": "the response property name was removed",
        })
    );
}

fn diff_exit_status_follows_fail_on() {
    let dir = tempfile::tempdir().unwrap();
    pair(dir.path());
    // Only compatible changes from new to itself plus an operation: exit 0.
    let same = run(dir.path(), &["new.json", "new.json"]);
    assert_eq!(same.status.code(), Some(0), "{}", stderr(&same));
    assert_eq!(stdout(&same), "no changes\n");
    // A response enum value added is possibly breaking: 0 by default, 1 with --fail-on possibly.
    let e = |values: Value| {
        json!({"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/s": {"get": {"responses": {
            "200": {"description": "ok", "content": {"application/json": {"schema": {"type": "string", "enum": values}}}}}}}}})
    };
    write(dir.path(), "a.json", &e(json!(["on"])));
    write(dir.path(), "b.json", &e(json!(["on", "off"])));
    assert_eq!(
        run(dir.path(), &["a.json", "b.json"]).status.code(),
        Some(0)
    );
    let strict = run(dir.path(), &["a.json", "b.json", "--fail-on", "possibly"]);
    assert_eq!(strict.status.code(), Some(1));
    assert!(
        stdout(&strict).contains("warning[response-body-enum-value-added]"),
        "{}",
        stdout(&strict)
    );
}

fn diff_bad_input_exits_2_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    pair(dir.path());
    std::fs::write(dir.path().join("broken.json"), "{ not json").unwrap();
    std::fs::write(
        dir.path().join("swagger.json"),
        r#"{"swagger": "2.0", "paths": {}}"#,
    )
    .unwrap();
    for (args, says) in [
        (vec!["missing.json", "new.json"], "cannot read missing.json"),
        (
            vec!["broken.json", "new.json"],
            "cannot parse broken.json as JSON",
        ),
        (
            vec!["old.json", "swagger.json"],
            "the new document is Swagger 2.0; only OpenAPI 3.x is compared",
        ),
        (vec!["old.json"], "two documents are needed"),
    ] {
        let out = run(dir.path(), &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
    }
}

fn diff_base_reads_the_committed_document_and_yaml() {
    let dir = tempfile::tempdir().unwrap();
    pair(dir.path());
    std::fs::copy(dir.path().join("old.json"), dir.path().join("openapi.json")).unwrap();
    git(dir.path(), &["init", "-q"]);
    git(dir.path(), &["add", "openapi.json"]);
    git(dir.path(), &["commit", "-qm", "v1"]);
    std::fs::copy(dir.path().join("new.json"), dir.path().join("openapi.json")).unwrap();
    let out = run(dir.path(), &["--base", "HEAD", "openapi.json"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("error[response-property-removed]"),
        "{}",
        stdout(&out)
    );
    let missing = run(dir.path(), &["--base", "HEAD", "other.json"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).contains("cannot read other.json at HEAD"),
        "{}",
        stderr(&missing)
    );
    // YAML reads as JSON does.
    std::fs::write(dir.path().join("a.yaml"), "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      responses: {}\n").unwrap();
    std::fs::write(
        dir.path().join("b.yaml"),
        "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths: {}\n",
    )
    .unwrap();
    let out = run(dir.path(), &["a.yaml", "b.yaml"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("error[operation-removed]: the operation was removed\n  --> GET /a"),
        "{}",
        stdout(&out)
    );
}

/// `git` in `dir`, with a throwaway identity.
fn git(dir: &Path, args: &[&str]) {
    let ok = std::process::Command::new("git")
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
}

/// Issue 35, item 3: `--base REF` alone compares every document of the
/// crate's tether.toml, per-version files included, from a subdirectory too.
fn diff_base_without_a_path_reads_the_documents_of_tether_toml() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    pair(d);
    std::fs::write(
        d.join("Cargo.toml"),
        "[package]\nname = \"a\"\nversion = \"0.1.0\"\n",
    )
    .unwrap();
    std::fs::write(
        d.join("tether.toml"),
        "[openapi]\noutput = \"docs/openapi.json\"\n",
    )
    .unwrap();
    std::fs::create_dir_all(d.join("docs")).unwrap();
    std::fs::create_dir_all(d.join("src")).unwrap();
    std::fs::write(d.join("src/lib.rs"), "").unwrap();
    let old = std::fs::read(d.join("old.json")).unwrap();
    let new = std::fs::read(d.join("new.json")).unwrap();
    std::fs::write(d.join("docs/openapi.v1.json"), &old).unwrap();
    std::fs::write(d.join("docs/openapi.v2.json"), &old).unwrap();
    git(d, &["init", "-q"]);
    git(d, &["add", "docs"]);
    git(d, &["commit", "-qm", "v1"]);
    std::fs::write(d.join("docs/openapi.v2.json"), &new).unwrap();
    let out = run(&d.join("src"), &["--base", "HEAD"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    let v1 = text
        .find("openapi.v1.json:\nno changes")
        .unwrap_or_else(|| panic!("{text}"));
    let v2 = text
        .find("openapi.v2.json:\nerror[response-property-removed]")
        .unwrap_or_else(|| panic!("{text}"));
    assert!(v1 < v2, "{text}");
    let json = run(d, &["--base", "HEAD", "--format", "json"]);
    let v: Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["documents"].as_array().map(Vec::len), Some(2), "{v}");
    assert!(
        v["documents"][1]["document"]
            .as_str()
            .unwrap()
            .ends_with("openapi.v2.json"),
        "{v}"
    );
    assert!(
        v["documents"][1]["summary"]["breaking"].as_u64() > Some(0),
        "{v}"
    );
    // Outside a crate there is nothing to find.
    let lost = tempfile::tempdir().unwrap();
    let out = run(lost.path(), &["--base", "HEAD"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("name the document"),
        "{}",
        stderr(&out)
    );
}

fn diff_help_shows_examples() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(dir.path(), &["--help"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.contains("cargo tether diff old.json new.json"),
        "{text}"
    );
    assert!(
        text.contains("Exit status: 0, 1 when a change at or above --fail-on"),
        "{text}"
    );
    let top = tether_cmd(dir.path()).arg("--help").output().unwrap();
    assert!(
        stdout(&top).contains("cargo tether diff --base v1 openapi.json"),
        "{}",
        stdout(&top)
    );
}
