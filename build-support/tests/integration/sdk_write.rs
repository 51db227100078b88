//! SPEC C7 and D3: the client is written only where it changed, never outside
//! its directory, and stale generated files go away (yours stay).

use std::fs;
use std::time::{Duration, SystemTime};

use tether_build::sdk::{check_sdk, generate_sdk, write_sdk, SdkError, SdkFiles};

use crate::sdk_support;
use sdk_support::scratch;

fn doc(tags: &[&str]) -> serde_json::Value {
    let mut paths = serde_json::Map::new();
    for (i, tag) in tags.iter().enumerate() {
        paths.insert(
            format!("/p{i}"),
            serde_json::json!({ "get": { "operationId": format!("op{i}"), "tags": [tag], "responses": { "200": { "description": "ok" } } } }),
        );
    }
    serde_json::json!({ "openapi": "3.1.0", "info": { "title": "t", "version": "1" }, "paths": paths })
}

fn c7_write_if_changed_keeps_unchanged_files_untouched() {
    let dir = scratch("sdk_write_unchanged");
    let files = generate_sdk(&doc(&["users", "posts"]), &Default::default()).unwrap();
    let first = write_sdk(&dir, &files).unwrap();
    assert_eq!(first.written.len(), files.files.len());
    let old = SystemTime::now() - Duration::from_secs(3600);
    for (path, _) in files.iter() {
        fs::File::options()
            .write(true)
            .open(dir.join(path))
            .unwrap()
            .set_modified(old)
            .unwrap();
    }
    let second = write_sdk(&dir, &files).unwrap();
    assert!(second.written.is_empty(), "{:?}", second.written);
    assert_eq!(second.unchanged.len(), files.files.len());
    for (path, _) in files.iter() {
        let mtime = fs::metadata(dir.join(path)).unwrap().modified().unwrap();
        assert_eq!(mtime, old, "{path} was touched");
    }
    assert!(check_sdk(&dir, &files).unwrap().is_empty());
}

fn c7_stale_generated_files_are_deleted_and_user_files_kept() {
    let dir = scratch("sdk_write_stale");
    write_sdk(
        &dir,
        &generate_sdk(&doc(&["users", "posts"]), &Default::default()).unwrap(),
    )
    .unwrap();
    fs::write(dir.join("posts/mine.ts"), "export const mine = 1;\n").unwrap();
    fs::write(dir.join("notes.ts"), "// my notes\n").unwrap();
    let fewer = generate_sdk(&doc(&["users"]), &Default::default()).unwrap();
    let stale = check_sdk(&dir, &fewer).unwrap();
    assert!(
        stale.iter().any(|p| p.ends_with("posts/index.ts")),
        "{stale:?}"
    );
    let report = write_sdk(&dir, &fewer).unwrap();
    assert_eq!(
        report.deleted,
        vec![std::path::PathBuf::from("posts/index.ts")]
    );
    assert!(!dir.join("posts/index.ts").exists());
    assert!(
        dir.join("posts/mine.ts").exists(),
        "a file of the user's was deleted"
    );
    assert!(dir.join("notes.ts").exists());
    assert!(check_sdk(&dir, &fewer).unwrap().is_empty());
}

fn c7_nothing_is_written_outside_the_output_directory() {
    let root = scratch("sdk_write_escape");
    let dir = root.join("out");
    for bad in [
        "../escape.ts",
        "/etc/passwd",
        "a/../../b.ts",
        "",
        "c:\\x.ts",
        "./../x.ts",
    ] {
        let mut files = SdkFiles::default();
        files.files.insert(bad.to_string(), "x".into());
        files.files.insert("index.ts".into(), "x".into());
        match write_sdk(&dir, &files) {
            Err(SdkError::UnsafePath(p)) => assert_eq!(p, bad),
            other => panic!("{bad:?} was accepted: {other:?}"),
        }
        assert!(
            !dir.join("index.ts").exists(),
            "nothing is written when one path is unsafe"
        );
    }
    assert!(!root.join("escape.ts").exists());
}

#[cfg(unix)]
fn c7_symbolic_links_inside_the_output_are_not_followed() {
    let root = scratch("sdk_write_symlink");
    let dir = root.join("out");
    let elsewhere = root.join("elsewhere");
    fs::create_dir_all(&dir).unwrap();
    fs::create_dir_all(&elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, dir.join("users")).unwrap();
    let files = generate_sdk(&doc(&["users"]), &Default::default()).unwrap();
    assert!(matches!(
        write_sdk(&dir, &files),
        Err(SdkError::UnsafePath(_))
    ));
    assert!(!elsewhere.join("index.ts").exists());
}

fn c1_generation_is_deterministic() {
    let d = doc(&["b", "a", "c"]);
    let a = generate_sdk(&d, &Default::default()).unwrap();
    let b = generate_sdk(&d, &Default::default()).unwrap();
    assert_eq!(a, b);
}

/// This module's tests, for the list in `main.rs`.
pub(crate) fn tests() -> Vec<libtest_mimic::Trial> {
    tests![
        c7_write_if_changed_keeps_unchanged_files_untouched,
        c7_stale_generated_files_are_deleted_and_user_files_kept,
        c7_nothing_is_written_outside_the_output_directory,
        c7_symbolic_links_inside_the_output_are_not_followed,
        c1_generation_is_deterministic,
    ]
}
