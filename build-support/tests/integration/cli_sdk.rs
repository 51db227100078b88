//! `cargo tether sdk` (SPEC C1, D1, D3) on a copy of the fixture app.

use crate::cli_support;

use cli_support::{snapshot, stderr, stdout, tether_cmd, Fixture};

fn d1_sdk_regenerates_every_configured_client_from_the_documents() {
    let f = Fixture::new("sdk-all");
    f.generate();
    std::fs::remove_dir_all(f.path("sdk")).unwrap();
    let out = f.cmd(&["sdk"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(f.read("sdk/greetings/index.ts").contains("hello("));
    assert!(f.read("sdk/index.ts").contains("createClient"));
    // `admin` has no [openapi.sdk]: no client for it anywhere.
    assert!(!f.path("sdk/admin").exists());
    assert!(
        stdout(&out).contains("sdk/ from openapi.json"),
        "{}",
        stdout(&out)
    );
    assert!(
        stderr(&out).contains("Generated"),
        "progress line: {}",
        stderr(&out)
    );
}

fn d1_sdk_reads_the_document_not_the_sources() {
    let f = Fixture::new("sdk-doc");
    f.generate();
    // A route added to the sources but not yet to openapi.json is not in the client.
    f.add_bye_route();
    f.cmd(&["sdk"]).assert().success();
    assert!(!f.read("sdk/greetings/index.ts").contains("bye("));
}

fn d1_sdk_name_selects_one_of_two_outputs() {
    let f = Fixture::new("sdk-name");
    f.generate();
    std::fs::remove_dir_all(f.path("sdk")).unwrap();
    // `admin` has no [openapi.sdk]: --output gives it a directory.
    f.cmd(&["sdk", "--name", "admin", "--output", "admin-client"])
        .assert()
        .success();
    let admin = f.read("admin-client/admin/index.ts");
    assert!(admin.contains("stats("), "{admin}");
    assert!(!f.path("admin-client/greetings").exists());
    assert!(
        !f.path("sdk").exists(),
        "--name admin must not write public's client"
    );
    f.cmd(&["sdk", "--name", "public"]).assert().success();
    assert!(f.read("sdk/greetings/index.ts").contains("hello("));
    assert!(!f.path("sdk/admin").exists());
}

/// The fixture under HEADER versioning, with `GET /greetings` in versions 1
/// and 2 and `GET /admin/stats` (v1 only), all in the `public` output.
fn header_versioned(name: &str) -> Fixture {
    let f = Fixture::new(name);
    let config = f
        .read("tether.toml")
        .replace(
            "global_prefix = \"api\"\n",
            "global_prefix = \"api\"\n[framework.versioning]\ntype = \"HEADER\"\ndefault_version = \"1\"\n",
        )
        .replace("paths = [\"/greetings\"]", "paths = [\"/greetings\", \"/admin\"]");
    f.write("tether.toml", &config);
    let src = f.read("src/controllers.rs").replace(
        "    // ROUTES",
        "    /// Says hello, version 2.\n    #[get]\n    #[version(\"2\")]\n    async fn hello_v2(&self) -> String {\n        \"hello 2\".to_string()\n    }",
    );
    f.write("src/controllers.rs", &src);
    f.generate();
    assert!(f.path("openapi.v1.json").is_file() && f.path("openapi.v2.json").is_file());
    f
}

/// Issue 12 item 18, issue 16 defect 5: `--name` of a HEADER-versioned output
/// writes its one client, grouped by version, from both version documents.
fn g1_sdk_name_selects_the_one_client_of_a_header_versioned_output() {
    let f = header_versioned("sdk-header-name");
    std::fs::remove_dir_all(f.path("sdk")).unwrap();
    let out = f.cmd(&["sdk", "--name", "public"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("sdk/ from openapi.v1.json, openapi.v2.json"),
        "{}",
        stdout(&out)
    );
    let index = f.read("sdk/index.ts");
    assert!(
        index.contains("readonly v1: {") && index.contains("readonly v2: {"),
        "{index}"
    );
    let greetings = f.read("sdk/greetings/index.ts");
    assert!(
        greetings.contains("constHeaders: { \"X-API-Version\": \"1\" }"),
        "{greetings}"
    );
    assert!(
        greetings.contains("constHeaders: { \"X-API-Version\": \"2\" }"),
        "{greetings}"
    );
    // The v1-only route is in the same client.
    assert!(f.read("sdk/admin/index.ts").contains("stats("));
    assert!(!f.path("sdk/v1").exists() && !f.path("sdk/v2").exists());
    // --output moves that one client, --check agrees with what was written.
    f.cmd(&["sdk", "--name", "public", "--output", "web"])
        .assert()
        .success();
    assert_eq!(f.read("web/index.ts"), index);
    f.cmd(&["sdk", "--name", "public", "--check"])
        .assert()
        .success();
    // What build.rs writes is the same client.
    f.generate();
    assert_eq!(f.read("sdk/index.ts"), index);
}

fn d1_sdk_output_overrides_the_configured_directory() {
    let f = Fixture::new("sdk-output");
    f.generate();
    std::fs::remove_dir_all(f.path("sdk")).unwrap();
    // Relative to the current directory, not the crate.
    tether_cmd(&f.path("src"))
        .args(["sdk", "--output", "../web/api"])
        .assert()
        .success();
    assert!(f.read("web/api/greetings/index.ts").contains("hello("));
    assert!(!f.path("sdk").exists());
}

fn d1_sdk_config_from_another_path() {
    let f = Fixture::new("sdk-config");
    f.generate();
    std::fs::remove_dir_all(f.path("sdk")).unwrap();
    let elsewhere = f.tmp.path().join("settings/api.toml");
    std::fs::create_dir_all(elsewhere.parent().unwrap()).unwrap();
    let config = f
        .read("tether.toml")
        .replace("output = \"sdk\"", "output = \"from-other-config\"");
    std::fs::write(&elsewhere, config).unwrap();
    std::fs::remove_file(f.path("tether.toml")).unwrap();
    f.cmd(&["sdk", "--config", elsewhere.to_str().unwrap()])
        .assert()
        .success();
    assert!(f
        .read("from-other-config/greetings/index.ts")
        .contains("hello("));
    // Without --config there is nothing to go by.
    let out = f.cmd(&["sdk"]).output().unwrap();
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("no tether.toml found"),
        "{}",
        stderr(&out)
    );
}

fn d1_sdk_package_flag_finds_the_workspace_member() {
    let f = Fixture::new("sdk-p");
    f.generate();
    std::fs::remove_dir_all(f.path("sdk")).unwrap();
    // From a directory with no tether.toml above it, -p names the crate.
    tether_cmd(&f.path("src"))
        .args(["sdk", "-p", &f.package, "--check"])
        .assert()
        .failure();
    tether_cmd(&f.path("src"))
        .args(["sdk", "-p", &f.package])
        .assert()
        .success();
    assert!(f.path("sdk/greetings/index.ts").is_file());
}

fn c1_sdk_input_yaml_without_config() {
    let f = Fixture::new("sdk-input");
    f.generate();
    let json: serde_json::Value = serde_json::from_str(&f.read("openapi.json")).unwrap();
    let front_end = tempfile::tempdir().unwrap();
    std::fs::write(
        front_end.path().join("their-api.yaml"),
        serde_norway::to_string(&json).unwrap(),
    )
    .unwrap();
    std::fs::write(
        front_end.path().join("their-api.json"),
        f.read("openapi.json"),
    )
    .unwrap();
    tether_cmd(front_end.path())
        .args(["sdk", "--input", "their-api.yaml", "--output", "from-yaml"])
        .assert()
        .success();
    tether_cmd(front_end.path())
        .args(["sdk", "-i", "their-api.json", "-o", "from-json"])
        .assert()
        .success();
    let yaml = snapshot(&front_end.path().join("from-yaml"));
    assert!(!yaml.is_empty());
    assert_eq!(yaml, snapshot(&front_end.path().join("from-json")));
    // The same client tether's own command writes from the config.
    assert_eq!(yaml, snapshot(&f.path("sdk")));
}

/// A client from someone else's document can have the opt-in files too:
/// `--zod`, `--tanstack-query` and `--emit js` stand for the
/// `[openapi.sdk]` table such a document has none of (trial3 T4).
fn g3_sdk_input_with_zod_tanstack_query_and_emit() {
    let f = Fixture::new("sdk-input-g3");
    f.generate();
    let front_end = tempfile::tempdir().unwrap();
    std::fs::write(front_end.path().join("api.json"), f.read("openapi.json")).unwrap();
    tether_cmd(front_end.path())
        .args(["sdk", "-i", "api.json", "-o", "plain"])
        .assert()
        .success();
    assert!(!front_end.path().join("plain/zod.ts").exists());
    tether_cmd(front_end.path())
        .args([
            "sdk",
            "-i",
            "api.json",
            "-o",
            "both",
            "--zod",
            "--tanstack-query",
        ])
        .assert()
        .success();
    let both = front_end.path().join("both");
    assert!(both.join("zod.ts").is_file());
    assert!(both.join("queries.ts").is_file());
    assert!(both.join("tanstack-query.ts").is_file());
    tether_cmd(front_end.path())
        .args(["sdk", "-i", "api.json", "-o", "js", "--emit", "js", "--zod"])
        .assert()
        .success();
    let js = front_end.path().join("js");
    assert!(js.join("index.js").is_file() && js.join("index.d.ts").is_file());
    assert!(js.join("zod.js").is_file());
    assert!(!js.join("index.ts").exists());
    // The configured outputs take these from tether.toml: refused there.
    let out = f.cmd(&["sdk", "--zod"]).output().unwrap();
    assert!(!out.status.success());
    assert!(stderr(&out).contains("--input"), "{}", stderr(&out));
}

fn d3_sdk_check_green_when_fresh_red_after_a_change() {
    let f = Fixture::new("sdk-check");
    f.generate();
    let out = f.cmd(&["sdk", "--check"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    // The document changes (a route was added and build.rs ran); the client did not.
    f.add_bye_route();
    let before = snapshot(&f.path("sdk"));
    let doc = tether_build::Builder::new()
        .manifest_dir(&f.dir)
        .dry_run(true)
        .run()
        .unwrap()
        .documents
        .into_iter()
        .find(|d| d.output == "public")
        .unwrap();
    std::fs::write(
        f.path("openapi.json"),
        serde_json::to_string_pretty(&doc.document).unwrap(),
    )
    .unwrap();
    let out = f.cmd(&["sdk", "--check"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("sdk/greetings/index.ts"), "{err}");
    assert!(err.contains("cargo tether sdk"), "says how to fix: {err}");
    assert_eq!(before, snapshot(&f.path("sdk")), "--check wrote files");
}

fn d1_sdk_quiet_prints_nothing() {
    let f = Fixture::new("sdk-quiet");
    f.generate();
    std::fs::remove_dir_all(f.path("sdk")).unwrap();
    let out = f.cmd(&["sdk", "-q"]).output().unwrap();
    assert!(out.status.success());
    assert_eq!(stdout(&out), "");
    assert_eq!(stderr(&out), "");
    assert!(f.path("sdk/index.ts").is_file());
}

fn d1_help_shows_examples() {
    for args in [
        &["--help"][..],
        &["sdk", "--help"],
        &["build", "--help"],
        &["dev", "--help"],
    ] {
        let out = tether_cmd(std::path::Path::new("."))
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = stdout(&out);
        assert!(text.contains("Examples:"), "{args:?}: {text}");
        assert!(text.contains("cargo tether"), "{args:?}: {text}");
    }
}

fn d1_cargo_subcommand_convention() {
    // `cargo tether sdk` runs `cargo-tether tether sdk`.
    let out = tether_cmd(std::path::Path::new("."))
        .args(["tether", "sdk", "--help"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("--input"));
}

/// Issue 16: OpenAI's YAML document has `minimum` values beyond 64 bits,
/// which JSON Schema allows; the YAML reader refused them as "out of range".
fn c1_sdk_input_yaml_with_integers_beyond_64_bits() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("big.yaml"),
        r#"openapi: 3.1.0
info: { title: Big, version: "1" }
paths:
  /seeds:
    get:
      operationId: listSeeds
      parameters:
        - name: seed
          in: query
          schema: { type: integer, minimum: -9223372036854775809, maximum: 340282366920938463463374607431768211456 }
      responses:
        200:
          description: ok
          content: { application/json: { schema: { type: integer, maximum: 99999999999999999999 } } }
"#,
    )
    .unwrap();
    tether_cmd(dir.path())
        .args(["sdk", "--input", "big.yaml", "--output", "sdk"])
        .assert()
        .success();
    let seeds = std::fs::read_to_string(dir.path().join("sdk/seeds/index.ts")).unwrap();
    assert!(seeds.contains("listSeeds("), "{seeds}");
}

fn c1_sdk_input_unparsable_yaml_names_the_place_not_the_document() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.yaml"), "openapi: 3.1.0\ninfo: [\n").unwrap();
    let out = tether_cmd(dir.path())
        .args(["sdk", "--input", "bad.yaml", "--output", "sdk"])
        .assert()
        .failure()
        .get_output()
        .stderr
        .clone();
    let text = String::from_utf8_lossy(&out);
    assert!(
        text.contains("cannot parse") && text.contains("as YAML"),
        "{text}"
    );
    assert!(!text.contains("not a readable OpenAPI document"), "{text}");
}

/// Issue 16: two operations sharing an operationId were renamed `foo`/`foo2` silently.
fn c8_sdk_duplicate_operation_ids_are_renamed_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("dup.json"),
        r#"{"openapi": "3.1.0", "info": {"title": "Dup", "version": "1"}, "paths": {
  "/items": {"get": {"operationId": "fetch", "tags": ["items"], "responses": {"204": {"description": "ok"}}},
             "post": {"operationId": "fetch", "tags": ["items"], "responses": {"204": {"description": "ok"}}}}}}"#,
    )
    .unwrap();
    let out = tether_cmd(dir.path())
        .args(["sdk", "--input", "dup.json", "--output", "sdk"])
        .assert()
        .success()
        .get_output()
        .stderr
        .clone();
    let text = String::from_utf8_lossy(&out);
    assert!(
        text.contains("warning:")
            && text.contains("the method of `POST /items` (operationId `fetch`) is named `fetch2`")
            && text.contains("another operation of ItemsController is already named `fetch`")
            && text.contains("change its operationId to choose another"),
        "{text}"
    );
    let items = std::fs::read_to_string(dir.path().join("sdk/items/index.ts")).unwrap();
    assert!(
        items.contains("  fetch(") && items.contains("  fetch2("),
        "{items}"
    );
}

/// This module's tests, for the list in `main.rs`.
pub(crate) fn tests() -> Vec<libtest_mimic::Trial> {
    tests![
        d1_sdk_regenerates_every_configured_client_from_the_documents,
        d1_sdk_reads_the_document_not_the_sources,
        d1_sdk_name_selects_one_of_two_outputs,
        g1_sdk_name_selects_the_one_client_of_a_header_versioned_output,
        d1_sdk_output_overrides_the_configured_directory,
        d1_sdk_config_from_another_path,
        d1_sdk_package_flag_finds_the_workspace_member,
        c1_sdk_input_yaml_without_config,
        g3_sdk_input_with_zod_tanstack_query_and_emit,
        d3_sdk_check_green_when_fresh_red_after_a_change,
        d1_sdk_quiet_prints_nothing,
        d1_help_shows_examples,
        d1_cargo_subcommand_convention,
        c1_sdk_input_yaml_with_integers_beyond_64_bits,
        c1_sdk_input_unparsable_yaml_names_the_place_not_the_document,
        c8_sdk_duplicate_operation_ids_are_renamed_with_a_warning,
    ]
}
