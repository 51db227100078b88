//! SPEC C1–C8 golden cases: each folder under `tests/data/sdk/<case>/` holds
//! an `openapi.json` (or the per-version `openapi.v1.json`, `openapi.v2.json`
//! of a HEADER-versioned API) and the client it must produce under `expected/` (or,
//! for a document that must be refused, the message in `expected_error.txt`).
//! Each folder is one test named after it: `cargo test -p tether-build
//! --test integration -- sdk_golden::zod --exact` runs one case, and `UPDATE_GOLDEN=1` in
//! front rewrites its expectations (without a filter, every case's); review
//! the diff.
//! The fixed files (`client.ts`, `sse.ts`, `form-data.ts`, and the opt-in
//! `tanstack-query.ts`) are not stored per
//! case: they must be the templates in `build-support/ts/` behind the header.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use golden_support::every_folder_is_a_case;
use libtest_mimic::{Failed, Trial};

use tether_build::sdk::{write_sdk, SdkFiles, GENERATED_MARKER};

use crate::golden_support;
use crate::sdk_support;
use sdk_support::{case_dirs, case_options, generate_case, read_tree};

fn update() -> bool {
    std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v != "0")
}

fn first_difference(expected: &str, actual: &str) -> String {
    for (i, (e, a)) in expected.lines().zip(actual.lines()).enumerate() {
        if e != a {
            return format!("line {}:\n  expected: {e}\n  actual:   {a}", i + 1);
        }
    }
    format!(
        "lengths differ: expected {} lines, actual {}",
        expected.lines().count(),
        actual.lines().count()
    )
}

fn check_case(dir: &Path, problems: &mut Vec<String>) {
    let name = dir.file_name().unwrap().to_string_lossy().to_string();
    let error_file = dir.join("expected_error.txt");
    match generate_case(dir, &case_options(dir)) {
        Err(e) => {
            let actual = format!("{e}\n");
            if update() {
                fs::write(&error_file, &actual).unwrap();
            } else if fs::read_to_string(&error_file).ok().as_deref() != Some(actual.as_str()) {
                problems.push(format!("{name}: unexpected error: {actual}"));
            }
        }
        Ok(mut files) => {
            check_templates(&name, &mut files, problems);
            let expected_dir = dir.join("expected");
            if update() {
                write_sdk(&expected_dir, &files).unwrap();
                return;
            }
            if error_file.exists() {
                problems.push(format!("{name}: expected an error, got a client"));
                return;
            }
            compare(&name, &read_tree(&expected_dir), &files, problems);
        }
    }
}

/// Takes the fixed files out of `files`, checking each is its template.
fn check_templates(name: &str, files: &mut SdkFiles, problems: &mut Vec<String>) {
    let templates = sdk_support::crate_dir().join("ts");
    for fixed in ["client.ts", "sse.ts", "form-data.ts"] {
        let template = fs::read_to_string(templates.join(fixed)).unwrap();
        match files.files.remove(fixed) {
            Some(text) => {
                if !text.split_once('\n').is_some_and(|(first, rest)| {
                    first.starts_with(GENERATED_MARKER) && rest == template
                }) {
                    problems.push(format!("{name}: {fixed} is not the header plus ts/{fixed}"));
                }
            }
            None => problems.push(format!("{name}: {fixed} is not generated")),
        }
    }
    // Opt-in: only with `tanstack_query`, and then the template as it is.
    let optional = "tanstack-query.ts";
    if let Some(text) = files.files.remove(optional) {
        let template = fs::read_to_string(templates.join(optional)).unwrap();
        if !text.ends_with(&template) || !text.starts_with(GENERATED_MARKER) {
            problems.push(format!(
                "{name}: {optional} is not the header plus ts/{optional}"
            ));
        }
    }
}

fn compare(
    name: &str,
    expected: &BTreeMap<String, String>,
    actual: &SdkFiles,
    problems: &mut Vec<String>,
) {
    for (path, text) in actual.iter() {
        match expected.get(path) {
            None => problems.push(format!("{name}: {path} is generated but not expected")),
            Some(e) if e != text => problems.push(format!(
                "{name}: {path} differs at {}",
                first_difference(e, text)
            )),
            Some(_) => {}
        }
    }
    for path in expected.keys() {
        if actual.get(path).is_none() {
            problems.push(format!("{name}: {path} is expected but not generated"));
        }
    }
}

/// This module's tests: one per case folder, and the check of them all.
pub(crate) fn tests() -> Vec<Trial> {
    let dirs = case_dirs();
    let names: Vec<String> = dirs
        .iter()
        .map(|dir| dir.file_name().unwrap().to_string_lossy().to_string())
        .collect();
    let mut trials: Vec<Trial> = dirs
        .into_iter()
        .zip(&names)
        .map(|(dir, name)| {
            Trial::test(crate::test_name(module_path!(), name), move || {
                run_case(&dir)
            })
        })
        .collect();
    // SPEC C asks for at least 25 cases.
    let root = sdk_support::crate_dir().join("tests/data/sdk");
    trials.push(Trial::test(
        crate::test_name(module_path!(), "every_folder_is_a_case"),
        move || Ok(every_folder_is_a_case(&root, &names, 25)?),
    ));
    trials
}

fn run_case(dir: &Path) -> Result<(), Failed> {
    let mut problems = Vec::new();
    check_case(dir, &mut problems);
    match problems.is_empty() {
        true => Ok(()),
        false => Err(format!(
            "{} golden mismatch(es) (run with UPDATE_GOLDEN=1 to accept, then review the diff):\n{}",
            problems.len(),
            problems.join("\n")
        )
        .into()),
    }
}
