//! Shared by the golden tests (`openapi_golden`, `sdk_golden`): one test
//! per case folder, and a check that no folder is passed over.

use std::path::Path;

/// Fails unless the entries of `root` are exactly the cases `tests` (so a
/// folder the listing skips, or a stray file, is an error) and there are
/// at least `min` of them.
pub(crate) fn every_folder_is_a_case(
    root: &Path,
    tests: &[String],
    min: usize,
) -> Result<(), String> {
    let mut entries: Vec<String> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    entries.sort();
    if entries != tests {
        return Err(format!("folders {entries:?}\nare not the tests {tests:?}"));
    }
    if tests.len() < min {
        return Err(format!(
            "at least {min} golden cases expected, found {}",
            tests.len()
        ));
    }
    Ok(())
}
