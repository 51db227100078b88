//! Types from other crates of the same workspace: the crate's
//! path dependencies, found with `cargo metadata`, are read like the crate
//! itself so `use shared_models::User;` documents `User`. tether's own
//! crates are not followed (their types have fixed schemas).

use cargo_metadata::{DependencyKind, Metadata, MetadataCommand, TargetKind};
use std::path::{Path, PathBuf};

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
    let meta = MetadataCommand::new()
        .cargo_path(cargo)
        .manifest_path(&manifest)
        .no_deps()
        .other_options(vec!["--offline".to_string()])
        .exec()
        .map_err(|e| match e {
            cargo_metadata::Error::CargoMetadata { stderr } => {
                format!("`cargo metadata` failed: {}", stderr.trim())
            }
            cargo_metadata::Error::Io(e) => format!("cannot run `cargo metadata`: {e}"),
            e => format!("cannot read `cargo metadata` output: {e}"),
        })?;
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

/// Whether `a` and `b` name the same file (a symbolic link or `..` does
/// not matter).
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || (a
            .canonicalize()
            .ok()
            .is_some_and(|a| b.canonicalize().ok() == Some(a)))
}

/// Reads the path dependencies of the package at `manifest` from
/// `cargo metadata`'s answer.
pub fn from_metadata(meta: &Metadata, manifest: &Path) -> Vec<PathDependency> {
    let package_at = |manifest: &Path| {
        meta.packages
            .iter()
            .find(|p| same_file(p.manifest_path.as_std_path(), manifest))
    };
    let Some(package) = package_at(manifest) else {
        return Vec::new();
    };
    let mut deps = Vec::new();
    for dep in &package.dependencies {
        let Some(path) = dep.path.as_ref().map(|p| p.as_std_path()) else {
            continue;
        };
        if dep.kind != DependencyKind::Normal || FRAMEWORK_CRATES.contains(&dep.name.as_str()) {
            continue;
        }
        let lib_root = package_at(&path.join("Cargo.toml"))
            .and_then(|p| {
                p.targets.iter().find(|t| {
                    t.kind
                        .iter()
                        .any(|k| matches!(k, TargetKind::Lib | TargetKind::RLib))
                })
            })
            .map(|t| t.src_path.clone().into_std_path_buf())
            .unwrap_or_else(|| path.join("src/lib.rs"));
        let used_as = dep.rename.as_deref().unwrap_or(&dep.name);
        deps.push(PathDependency {
            name: used_as.replace('-', "_"),
            lib_root,
        });
    }
    deps.sort_by(|a, b| a.name.cmp(&b.name));
    deps
}

/// `cargo metadata`'s answer from the packages of `json` (each with at
/// least `name` and `manifest_path`), the fields cargo always writes
/// filled in: for unit tests.
#[cfg(test)]
pub(crate) fn test_metadata(json: serde_json::Value) -> Metadata {
    use serde_json::{json, Value};
    let fill = |mut v: Value, defaults: Value| {
        for (k, d) in defaults.as_object().unwrap() {
            v.as_object_mut().unwrap().entry(k).or_insert(d.clone());
        }
        v
    };
    let packages: Vec<Value> = json["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let mut p = fill(
                p.clone(),
                json!({"version": "0.1.0", "dependencies": [], "targets": [], "features": {}}),
            );
            p["id"] = json!(format!("path+file://{}", p["manifest_path"].as_str().unwrap()));
            let deps = p["dependencies"].as_array().unwrap().iter().map(|d| {
                fill(
                    d.clone(),
                    json!({"req": "*", "kind": null, "optional": false, "uses_default_features": true, "features": []}),
                )
            });
            p["dependencies"] = Value::Array(deps.collect());
            p
        })
        .collect();
    serde_json::from_value(json!({
        "packages": packages,
        "workspace_members": [],
        "workspace_root": "/w",
        "target_directory": "/w/target",
        "version": 1
    }))
    .unwrap()
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
        let meta = test_metadata(json!({"packages": [
            {"name": "app", "manifest_path": "/w/app/Cargo.toml", "dependencies": [
                {"name": "shared-models", "path": "/w/shared", "kind": null, "rename": null},
                {"name": "tether", "path": "/w/runtime", "kind": null},
                {"name": "serde", "kind": null},
                {"name": "helpers", "path": "/w/helpers", "kind": "dev"},
                {"name": "x", "path": "/w/x", "kind": null, "rename": "why"}
            ]},
            {"name": "shared-models", "manifest_path": "/w/shared/Cargo.toml", "targets": [{"name": "shared_models", "kind": ["lib"], "src_path": "/w/shared/src/models.rs"}]}
        ]}));
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
