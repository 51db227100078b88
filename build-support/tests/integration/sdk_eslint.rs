//! Generated clients pass ESLint's and typescript-eslint's recommended
//! rules (the pinned `eslint`, root package.json), so a project that lints
//! its whole tree does not fail on them (trial 4: `zod.ts` broke
//! `no-loss-of-precision` and `ban-ts-comment`). The two glue files that
//! turn tsc off (`zod.ts`, `queries.ts`) turn ESLint off too, with the
//! reason; every other file is linted for real.

use std::fs;
use std::process::Command;

use tether_build::sdk::SdkOptions;

use crate::sdk_support;
use sdk_support::{
    case_dirs, case_options, copy_dir, crate_dir, generate_case_into, generate_into, pinned_bin,
    repo_dir, scratch,
};

/// The flat config: `@eslint/js` and `typescript-eslint` recommended, for
/// the TypeScript and JavaScript a client is made of.
const CONFIG: &str = r#"import js from "@eslint/js";
import tseslint from "typescript-eslint";
export default tseslint.config(
  { files: ["**/*.ts", "**/*.js", "**/*.mjs"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
);
"#;

fn generated_clients_pass_eslint_recommended() {
    let root = scratch("sdk_eslint");
    fs::write(root.join("package.json"), "{ \"type\": \"module\" }\n").unwrap();
    fs::write(root.join("eslint.config.mjs"), CONFIG).unwrap();
    let mut dirs = Vec::new();
    for dir in case_dirs() {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let out = root.join("cases").join(&name);
        if generate_case_into(&dir, &case_options(&dir), &out) {
            dirs.push(format!("cases/{name}/sdk"));
        }
    }
    let third = crate_dir().join("tests/data/thirdparty");
    for entry in fs::read_dir(&third).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            let out = root.join("thirdparty").join(&name);
            assert!(generate_into(&path, &SdkOptions::default(), &out), "{name}");
            dirs.push(format!("thirdparty/{name}/sdk"));
        }
    }
    for example in ["bookstore", "contract", "newsroom", "tracker"] {
        let sdk = repo_dir().join("examples").join(example).join("sdk");
        let copy = root.join("examples").join(example);
        copy_dir(&sdk, &copy);
        dirs.push(format!("examples/{example}"));
    }
    assert!(dirs.len() > 20, "only {} clients generated", dirs.len());
    let out = Command::new(pinned_bin("eslint", "ESLint"))
        .current_dir(&root)
        .args(["--max-warnings", "0", "--no-warn-ignored"])
        .args(&dirs)
        .output()
        .expect("eslint runs");
    assert!(
        out.status.success(),
        "ESLint found problems in generated clients:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// This module's tests, for the list in `main.rs`.
pub(crate) fn tests() -> Vec<libtest_mimic::Trial> {
    tests![generated_clients_pass_eslint_recommended,]
}
