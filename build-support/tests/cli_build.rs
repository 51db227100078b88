//! `cargo tether build` (SPEC D1, D2, D3) on copies of the fixture app.
//! Compiles the fixture (tether once for all tests, in a shared target dir).

mod cli_support;

use cli_support::{snapshot, stderr, stdout, Fixture};

#[test]
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

#[test]
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

#[test]
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
