//! Shared by the `sdk_*` tests: the golden cases, the pinned tsc and node.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use tether_build::sdk::{
    generate_sdk, generate_sdk_versions, write_sdk, ImportExtension, SdkError, SdkFiles, SdkOptions,
};

pub(crate) fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub(crate) fn repo_dir() -> PathBuf {
    crate_dir().parent().unwrap().to_path_buf()
}

/// Every golden case folder, sorted.
pub(crate) fn case_dirs() -> Vec<PathBuf> {
    let root = crate_dir().join("tests/data/sdk");
    let mut dirs: Vec<PathBuf> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !case_document_paths(p).is_empty())
        .collect();
    dirs.sort();
    dirs
}

/// A case's `openapi.json`, or its per-version documents `openapi.v1.json`,
/// `openapi.v2.json`, … (a HEADER-versioned API split by tether-build).
fn case_document_paths(dir: &Path) -> Vec<PathBuf> {
    let single = dir.join("openapi.json");
    if single.is_file() {
        return vec![single];
    }
    let mut versions: Vec<(u64, PathBuf)> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|e| {
            let path = e.ok()?.path();
            let name = path.file_name()?.to_str()?.to_string();
            let v = name.strip_prefix("openapi.v")?.strip_suffix(".json")?;
            Some((v.parse().ok()?, path))
        })
        .collect();
    versions.sort();
    versions.into_iter().map(|(_, p)| p).collect()
}

/// The client of a golden case: of its one document or its version documents.
pub(crate) fn generate_case(dir: &Path, options: &SdkOptions) -> Result<SdkFiles, SdkError> {
    let docs: Vec<serde_json::Value> = case_document_paths(dir)
        .iter()
        .map(|p| {
            serde_json::from_str(&fs::read_to_string(p).unwrap())
                .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        })
        .collect();
    generate_sdk_versions(&docs, options)
}

/// Generates a golden case's client into `out/sdk`; false when refused.
pub(crate) fn generate_case_into(dir: &Path, options: &SdkOptions, out: &Path) -> bool {
    match generate_case(dir, options) {
        Ok(files) => {
            write_sdk(&out.join("sdk"), &files).unwrap();
            true
        }
        Err(_) => false,
    }
}

/// `options.json` next to a case: `{"importExtension": "js" | "ts" | "none", "tanstackQuery": true}`.
pub(crate) fn case_options(dir: &Path) -> SdkOptions {
    let mut options = SdkOptions::default();
    if let Ok(text) = fs::read_to_string(dir.join("options.json")) {
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        options.import_extension = match v["importExtension"].as_str() {
            Some("ts") => ImportExtension::Ts,
            Some("none") => ImportExtension::None,
            _ => ImportExtension::Js,
        };
        options.tanstack_query = v["tanstackQuery"] == serde_json::Value::Bool(true);
        options.zod = v["zod"] == serde_json::Value::Bool(true);
    }
    options
}

/// All files under `dir`, keyed by their `/`-separated relative path.
pub(crate) fn read_tree(dir: &Path) -> BTreeMap<String, String> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for e in entries {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                let rel = p
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                out.insert(rel, fs::read_to_string(&p).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// The pinned TypeScript compiler (root package.json); fails, never skips, when missing.
pub(crate) fn tsc() -> PathBuf {
    pinned_bin("tsc", "TypeScript")
}

/// The command `name` of a pinned npm package (`tool`, root package.json);
/// fails, never skips, when missing.
pub(crate) fn pinned_bin(name: &str, tool: &str) -> PathBuf {
    let bin = repo_dir().join("node_modules/.bin").join(name);
    assert!(
        bin.exists(),
        "{} is missing: run `npm ci` at the repository root to install the pinned {tool}",
        bin.display()
    );
    bin
}

pub(crate) fn node() -> Command {
    let ok = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "`node` is not on PATH: install Node.js 20 or newer to run the SDK tests"
    );
    Command::new("node")
}

/// Runs tsc with `args` and fails with its output when it reports errors.
pub(crate) fn run_tsc(args: &[&str], what: &str) {
    let out = Command::new(tsc()).args(args).output().expect("tsc runs");
    assert!(
        out.status.success(),
        "tsc failed on {what}:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Copies the directory `from` into `to`, recursively.
pub(crate) fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            fs::copy(&path, &target).unwrap();
        }
    }
}

/// `root/tsconfig.json`: a strict NodeNext project (ES2022 with the DOM,
/// `noUncheckedIndexedAccess`, `exactOptionalPropertyTypes`, no unused
/// code) over `root/cases/**/*.ts`; its path.
pub(crate) fn strict_tsconfig(root: &Path) -> String {
    let path = root.join("tsconfig.json");
    fs::write(
        &path,
        r#"{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2022", "DOM", "DOM.Iterable"],
    "types": [],
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true,
    "noUncheckedIndexedAccess": true,
    "exactOptionalPropertyTypes": true,
    "noUnusedLocals": true,
    "noUnusedParameters": true,
    "verbatimModuleSyntax": true,
    "isolatedModules": true,
    "skipLibCheck": false,
    "noEmit": true
  },
  "include": ["cases/**/*.ts"]
}
"#,
    )
    .unwrap();
    path.to_string_lossy().to_string()
}

/// A fresh scratch directory for one test.
pub(crate) fn scratch(name: &str) -> PathBuf {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    link_node_modules(&tmp);
    let dir = tmp.join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Generates the client of the document at `doc_path` into `out/sdk`;
/// false when the generator refuses the document.
pub(crate) fn generate_into(doc_path: &Path, options: &SdkOptions, out: &Path) -> bool {
    let doc: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(doc_path).unwrap()).unwrap();
    match generate_sdk(&doc, options) {
        Ok(files) => {
            write_sdk(&out.join("sdk"), &files).unwrap();
            true
        }
        Err(_) => false,
    }
}

/// The packages the generated clients import (zod, @tanstack/query-core,
/// pinned in the repository's package.json) resolve from the ancestors of
/// the scratch directories: the repository's `node_modules` when the
/// target directory is inside it, else a link to it in `tmp` (a
/// `CARGO_TARGET_DIR` elsewhere; tsc found neither package before, trial3 T9).
fn link_node_modules(tmp: &Path) {
    let modules = repo_dir().join("node_modules");
    if tmp.starts_with(repo_dir()) || !modules.is_dir() {
        return;
    }
    let link = tmp.join("node_modules");
    if link.symlink_metadata().is_ok() {
        return;
    }
    let _ = fs::create_dir_all(tmp);
    // Several tests may race here: whichever links first wins.
    #[cfg(unix)]
    let _ = std::os::unix::fs::symlink(&modules, &link);
}
