//! Types from other crates of the same workspace (SPEC B3): the crate's
//! path dependencies, found with `cargo metadata`, are read like the crate
//! itself so `use shared_models::User;` documents `User`. tether's own
//! crates are not followed (their types have fixed schemas).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// tether's own crates: their types are mapped, not read.
const FRAMEWORK_CRATES: [&str; 4] = ["tether", "tether-macros", "tether-model", "tether-build"];

/// A path dependency: the name it is used by in code and its library root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathDependency {
    /// `shared_models` (the dependency key with `-` as `_`).
    pub name: String,
    /// `…/shared-models/src/lib.rs`.
    pub lib_root: PathBuf,
}

/// The normal (not dev, not build) path dependencies of the crate at
/// `manifest_dir`, with `cargo` the cargo binary to ask.
pub fn path_dependencies(manifest_dir: &Path, cargo: &Path) -> Result<Vec<PathDependency>, String> {
    let manifest = manifest_dir.join("Cargo.toml");
    // `cargo metadata` is a process of its own (tens of milliseconds):
    // not asked when the manifest names no dependency it could find.
    if !std::fs::read_to_string(&manifest).is_ok_and(|m| may_have_path_dependencies(&m)) {
        return Ok(Vec::new());
    }
    let out = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
            "--manifest-path",
        ])
        .arg(&manifest)
        .output()
        .map_err(|e| format!("cannot run `cargo metadata`: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "`cargo metadata` failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let meta: Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("cannot read `cargo metadata` output: {e}"))?;
    Ok(from_metadata(&meta, &manifest))
}

/// Whether a manifest has a normal dependency that may be a path
/// dependency: one with `path`, or one from the workspace (`workspace =
/// true`, whose table may give it a path), tether's own crates aside. A
/// manifest that is not valid TOML: true, and cargo says what is wrong.
fn may_have_path_dependencies(manifest: &str) -> bool {
    let Ok(manifest) = manifest.parse::<toml::Table>() else {
        return true;
    };
    let local = normal_dependencies(&manifest).any(|(key, spec)| {
        let Some(spec) = spec.as_table() else {
            return false;
        };
        let package = spec.get("package").and_then(toml::Value::as_str);
        let local = spec.contains_key("path")
            || spec.get("workspace").and_then(toml::Value::as_bool) == Some(true);
        local && !FRAMEWORK_CRATES.contains(&package.unwrap_or(key))
    });
    local
}

/// A manifest's normal dependencies: `[dependencies]` and every
/// `[target.'…'.dependencies]`, as (key, spec).
pub(crate) fn normal_dependencies(
    manifest: &toml::Table,
) -> impl Iterator<Item = (&String, &toml::Value)> {
    let per_target = manifest
        .get("target")
        .and_then(toml::Value::as_table)
        .into_iter()
        .flat_map(|targets| targets.values().filter_map(|t| t.get("dependencies")));
    manifest
        .get("dependencies")
        .into_iter()
        .chain(per_target)
        .filter_map(toml::Value::as_table)
        .flatten()
}

fn same_file(a: &str, b: &Path) -> bool {
    let a = Path::new(a);
    a == b
        || (a
            .canonicalize()
            .ok()
            .is_some_and(|a| b.canonicalize().ok() == Some(a)))
}

/// Reads the path dependencies of the package at `manifest` from
/// `cargo metadata` JSON.
pub fn from_metadata(meta: &Value, manifest: &Path) -> Vec<PathDependency> {
    let empty = Vec::new();
    let packages = meta["packages"].as_array().unwrap_or(&empty);
    let Some(package) = packages.iter().find(|p| {
        p["manifest_path"]
            .as_str()
            .is_some_and(|m| same_file(m, manifest))
    }) else {
        return Vec::new();
    };
    let mut deps = Vec::new();
    for dep in package["dependencies"].as_array().unwrap_or(&empty) {
        let (Some(name), Some(path)) = (dep["name"].as_str(), dep["path"].as_str()) else {
            continue;
        };
        if !dep["kind"].is_null() || FRAMEWORK_CRATES.contains(&name) {
            continue;
        }
        let dep_manifest = Path::new(path).join("Cargo.toml");
        let lib_root = packages
            .iter()
            .find(|p| {
                p["manifest_path"]
                    .as_str()
                    .is_some_and(|m| same_file(m, &dep_manifest))
            })
            .and_then(|p| {
                p["targets"].as_array()?.iter().find(|t| {
                    t["kind"]
                        .as_array()
                        .is_some_and(|k| k.iter().any(|k| k == "lib" || k == "rlib"))
                })
            })
            .and_then(|t| t["src_path"].as_str().map(PathBuf::from))
            .unwrap_or_else(|| Path::new(path).join("src/lib.rs"));
        let used_as = dep["rename"].as_str().unwrap_or(name);
        deps.push(PathDependency {
            name: used_as.replace('-', "_"),
            lib_root,
        });
    }
    deps.sort_by(|a, b| a.name.cmp(&b.name));
    deps
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn b3_cargo_metadata_only_for_manifests_with_path_dependencies() {
        let none = r#"
            [package]
            name = "app"
            [dependencies]
            tether = { path = "../runtime" }
            serde = { version = "1", features = ["derive"] }
            anyhow = "1"
            [dev-dependencies]
            helpers = { path = "../helpers" }
            [build-dependencies]
            tether-build = { path = "../build-support" }
        "#;
        assert!(!may_have_path_dependencies(none));
        let path = "[dependencies]\nshared-models = { path = \"../shared\" }\n";
        assert!(may_have_path_dependencies(path));
        let renamed = "[dependencies]\nweb = { package = \"tether\", path = \"../rt\" }\n";
        assert!(!may_have_path_dependencies(renamed));
        let workspace = "[dependencies]\nshared = { workspace = true }\n";
        assert!(may_have_path_dependencies(workspace));
        let target = "[target.'cfg(unix)'.dependencies]\nunix-models = { path = \"../u\" }\n";
        assert!(may_have_path_dependencies(target));
        assert!(may_have_path_dependencies("not toml ["));
    }

    #[test]
    fn b3_reads_path_dependencies_from_metadata() {
        let meta = json!({"packages": [
            {"manifest_path": "/w/app/Cargo.toml", "dependencies": [
                {"name": "shared-models", "path": "/w/shared", "kind": null, "rename": null},
                {"name": "tether", "path": "/w/runtime", "kind": null},
                {"name": "serde", "kind": null},
                {"name": "helpers", "path": "/w/helpers", "kind": "dev"},
                {"name": "x", "path": "/w/x", "kind": null, "rename": "why"}
            ]},
            {"manifest_path": "/w/shared/Cargo.toml", "targets": [{"kind": ["lib"], "src_path": "/w/shared/src/models.rs"}]}
        ]});
        let deps = from_metadata(&meta, Path::new("/w/app/Cargo.toml"));
        assert_eq!(
            deps,
            [
                PathDependency {
                    name: "shared_models".into(),
                    lib_root: "/w/shared/src/models.rs".into()
                },
                PathDependency {
                    name: "why".into(),
                    lib_root: "/w/x/src/lib.rs".into()
                },
            ]
        );
    }
}
