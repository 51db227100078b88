//! Golden cases (SPEC B1–B5): each folder of `tests/data/openapi/` is a
//! crate (`tether.toml`, `src/…`) with the documents it must produce next
//! to it (`openapi.json`, …) or the error it must report
//! (`expected_error.txt`). Each folder is one test named after it:
//! `cargo test -p tether-build --test integration --
//! openapi_golden::basic_crud --exact`
//! runs one case, and `UPDATE_GOLDEN=1` in front rewrites its expectations
//! (without a filter, every case's).

use crate::golden_support;
use crate::openapi_support;

use golden_support::every_folder_is_a_case;
use libtest_mimic::Trial;
use openapi_support::{scratch, validate};
use std::path::{Path, PathBuf};
use tether_build::Builder;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/openapi")
}

fn cases() -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(root())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    cases
}

fn case_name(case: &Path) -> String {
    case.file_name().unwrap().to_string_lossy().to_string()
}

/// This module's tests: one per case folder, and the checks of them all.
pub(crate) fn tests() -> Vec<Trial> {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let cases = cases();
    let names: Vec<String> = cases.iter().map(|case| case_name(case)).collect();
    let mut trials: Vec<Trial> = cases
        .into_iter()
        .map(|case| {
            Trial::test(test_name(&case_name(&case)), move || {
                Ok(check_case(&case, update)?)
            })
        })
        .collect();
    trials.extend([
        Trial::test(test_name("every_folder_is_a_case"), move || {
            Ok(every_folder_is_a_case(&root(), &names, 30)?)
        }),
        Trial::test(test_name("b5_expected_documents_validate"), || {
            b5_expected_documents_validate();
            Ok(())
        }),
        Trial::test(
            test_name("b5_same_input_same_bytes_and_untouched_mtime"),
            || {
                b5_same_input_same_bytes_and_untouched_mtime();
                Ok(())
            },
        ),
        Trial::test(
            test_name("b1_reports_every_file_read_including_tether_toml"),
            || {
                b1_reports_every_file_read_including_tether_toml();
                Ok(())
            },
        ),
    ]);
    trials
}

/// `openapi_golden::<name>`.
fn test_name(name: &str) -> String {
    crate::test_name(module_path!(), name)
}

/// Expected documents already in a case folder.
fn expected_documents(case: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![case.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() && path.file_name().is_some_and(|n| n != "src") {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn check_case(case: &Path, update: bool) -> Result<(), String> {
    let name = case.file_name().unwrap().to_string_lossy().to_string();
    let out = scratch(&format!("golden-{name}"));
    let result = Builder::new().manifest_dir(case).output_dir(&out).run();
    let error_file = case.join("expected_error.txt");
    match result {
        Err(e) => {
            let text = e.to_string().replace(&format!("{}/", case.display()), "");
            if update {
                std::fs::write(&error_file, &text).unwrap();
                return Ok(());
            }
            let expected = std::fs::read_to_string(&error_file)
                .map_err(|_| format!("{name}: unexpected error:\n{text}"))?;
            if expected != text {
                return Err(format!(
                    "{name}: error differs.\n--- expected\n{expected}\n--- actual\n{text}"
                ));
            }
            Ok(())
        }
        Ok(report) => {
            if error_file.exists() && !update {
                return Err(format!("{name}: expected an error, generation succeeded"));
            }
            let mut produced = Vec::new();
            for doc in &report.documents {
                let rel = doc.path.strip_prefix(&out).unwrap();
                let expected_path = case.join(rel);
                let actual = std::fs::read_to_string(&doc.path).unwrap();
                produced.push(expected_path.clone());
                if update {
                    std::fs::create_dir_all(expected_path.parent().unwrap()).unwrap();
                    std::fs::write(&expected_path, &actual).unwrap();
                    continue;
                }
                let expected = std::fs::read_to_string(&expected_path)
                    .map_err(|_| format!("{name}: missing {}", rel.display()))?;
                if expected != actual {
                    return Err(format!(
                        "{name}: {} differs (UPDATE_GOLDEN=1 rewrites it).\n--- actual\n{actual}",
                        rel.display()
                    ));
                }
            }
            produced.sort();
            let stale: Vec<_> = expected_documents(case)
                .into_iter()
                .filter(|p| !produced.contains(p))
                .collect();
            if !stale.is_empty() && !update {
                return Err(format!(
                    "{name}: expected documents that were not produced: {stale:?}"
                ));
            }
            Ok(())
        }
    }
}

/// SPEC B5: every expected document (each case's test compares it with
/// the output) passes an independent validator, in one run.
fn b5_expected_documents_validate() {
    let documents: Vec<PathBuf> = cases().iter().flat_map(|c| expected_documents(c)).collect();
    assert!(documents.len() >= 30);
    validate(&documents);
}

fn b5_same_input_same_bytes_and_untouched_mtime() {
    let case = cases()
        .into_iter()
        .find(|c| c.ends_with("basic_crud"))
        .expect("basic_crud case");
    let out = scratch("mtime");
    let first = Builder::new()
        .manifest_dir(&case)
        .output_dir(&out)
        .run()
        .unwrap();
    let path = &first.documents[0].path;
    assert!(first.documents[0].changed);
    let bytes = std::fs::read(path).unwrap();
    let mtime = std::fs::metadata(path).unwrap().modified().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    let second = Builder::new()
        .manifest_dir(&case)
        .output_dir(&out)
        .run()
        .unwrap();
    assert!(
        !second.documents[0].changed,
        "unchanged input must not rewrite the file"
    );
    assert_eq!(std::fs::read(path).unwrap(), bytes);
    assert_eq!(std::fs::metadata(path).unwrap().modified().unwrap(), mtime);
}

fn b1_reports_every_file_read_including_tether_toml() {
    let case = cases()
        .into_iter()
        .find(|c| c.ends_with("modules_and_paths"))
        .expect("modules_and_paths case");
    let out = scratch("read");
    let report = Builder::new()
        .manifest_dir(&case)
        .output_dir(&out)
        .run()
        .unwrap();
    let read: Vec<String> = report
        .read
        .iter()
        .map(|p| p.strip_prefix(&case).unwrap().display().to_string())
        .collect();
    assert_eq!(read[0], "tether.toml");
    for f in [
        "src/lib.rs",
        "src/api/mod.rs",
        "src/api/users.rs",
        "src/shared/types.rs",
        "src/api/inline/deep.rs",
    ] {
        assert!(read.contains(&f.to_string()), "{f} not in {read:?}");
    }
}
