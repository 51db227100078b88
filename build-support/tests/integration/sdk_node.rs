//! SPEC C2–C6 at run time: the templates' own tests (`build-support/ts/test`:
//! the SSE parser over the HTML standard's cases, the client core with a fake
//! fetcher, buildFormData) and generated clients of golden cases (the zod
//! schemas with the pinned zod), compiled by the pinned tsc and run with
//! `node --test`.

use std::fs;
use std::path::Path;

use tether_build::sdk::write_sdk;

use crate::sdk_support;
use sdk_support::{case_options, crate_dir, generate_case, node, run_tsc, scratch};

/// The golden cases the node tests import from `./generated/<case>/`.
const GENERATED: &[&str] = &[
    "tether_uri_versioning",
    "tether_header_versioning",
    "tether_header_split",
    "tether_multipart",
    "tether_sse_31",
    "security_schemes",
    "response_headers",
    "header_params",
    "header_object_params",
    "zod_formats",
    "tether_flatten_option",
    "accept_media_types",
];

fn copy_ts(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ts") {
            fs::copy(&path, to.join(path.file_name().unwrap())).unwrap();
        }
    }
}

fn c2_c6_template_and_generated_client_node_tests() {
    let root = scratch("sdk_node");
    let src = root.join("src");
    let templates = crate_dir().join("ts");
    copy_ts(&templates, &src);
    copy_ts(&templates.join("test"), &src.join("test"));
    for case in GENERATED {
        let dir = crate_dir().join("tests/data/sdk").join(case);
        let files = generate_case(&dir, &case_options(&dir)).unwrap();
        write_sdk(&src.join("test/generated").join(case), &files).unwrap();
    }
    let tsconfig = fs::read_to_string(templates.join("tsconfig.json"))
        .unwrap()
        .replace(
            "\"include\": [\"*.ts\"]",
            "\"include\": [\"*.ts\", \"test/**/*.ts\"]",
        )
        .replace("\"rootDir\": \"..\"", "\"rootDir\": \".\"")
        .replace("\"noEmit\": true", "\"outDir\": \"../out\"");
    assert!(
        tsconfig.contains("test/**/*.ts") && tsconfig.contains("outDir"),
        "ts/tsconfig.json changed shape"
    );
    fs::write(src.join("tsconfig.json"), tsconfig).unwrap();
    // @types/node lives in the repository's node_modules.
    let types_root = sdk_support::repo_dir().join("node_modules/@types");
    let types_root = types_root.to_string_lossy();
    run_tsc(
        &[
            "-p",
            &src.join("tsconfig.json").to_string_lossy(),
            "--typeRoots",
            &types_root,
        ],
        "the templates and their tests",
    );
    let out = root.join("out");
    fs::write(out.join("package.json"), "{ \"type\": \"module\" }\n").unwrap();
    let mut tests: Vec<String> = fs::read_dir(out.join("test"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".test.js"))
        .map(|p| p.to_string_lossy().to_string())
        .collect();
    tests.sort();
    assert!(
        tests.len() >= 3,
        "expected the sse, client and form-data tests, found {tests:?}"
    );
    let result = node()
        .arg("--test")
        .args(&tests)
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&result.stdout);
    assert!(
        result.status.success(),
        "node --test failed:\n{stdout}{}",
        String::from_utf8_lossy(&result.stderr)
    );
    let passed = stdout
        .lines()
        .find(|l| l.starts_with("# pass"))
        .unwrap_or("# pass 0");
    assert_ne!(passed, "# pass 0", "node ran no test:\n{stdout}");
}

/// This module's tests, for the list in `main.rs`.
pub(crate) fn tests() -> Vec<libtest_mimic::Trial> {
    tests![c2_c6_template_and_generated_client_node_tests,]
}
