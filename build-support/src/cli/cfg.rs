//! The `#[cfg]` a crate is compiled with under `cargo build` and the flags
//! `build` and `dev` pass through, so that their documents and clients are
//! the ones build.rs writes: the crate's features (its `[features]` table
//! with `--features`, `--all-features` and `--no-default-features`), and
//! the target's configuration as rustc prints it (`rustc --print cfg`,
//! with `--target`).

use super::{CargoFlags, CliError, Project};
use crate::analysis::cfg::CfgEnv;
use crate::analysis::workspace::same_file;
use cargo_metadata::Metadata;
use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// The configuration `cargo build` with `flags` compiles the project in.
pub(super) fn compiled_cfg(project: &Project, flags: &CargoFlags) -> Result<CfgEnv, CliError> {
    let mut values = target_cfg(flags.target.as_deref())?;
    if flags.release {
        // The release profile turns debug assertions off.
        values.remove("debug_assertions");
    }
    Ok(CfgEnv {
        features: Some(features(project, flags)?),
        values,
    })
}

/// The crate's enabled features: its `[features]` table as cargo reads it
/// (`cargo metadata --no-deps`, so nothing is downloaded), closed over what
/// each enabled feature enables, starting from the requested ones.
fn features(project: &Project, flags: &CargoFlags) -> Result<BTreeSet<String>, CliError> {
    let manifest = project.crate_dir.join("Cargo.toml");
    let meta = super::project::metadata(&project.cargo, &project.crate_dir, Some(&manifest))
        .map_err(|e| CliError::new(format!("cannot read the crate's features: {e}")))?;
    let (name, table) = feature_table(&meta, &manifest).ok_or_else(|| {
        CliError::new(format!(
            "`cargo metadata` does not list the package of {}",
            Project::show(&manifest)
        ))
    })?;
    let asked = requested(&name, &table, flags);
    if let Some(unknown) = unknown_feature(&table, &asked) {
        let known: Vec<&str> = table.keys().map(String::as_str).collect();
        return Err(CliError::new(format!(
            "the package `{name}` has no feature `{unknown}` (as `cargo build` would say); its features: {}",
            match known.is_empty() {
                true => "none".to_string(),
                false => known.join(", "),
            }
        )));
    }
    Ok(enabled(&table, &asked)
        .into_iter()
        .map(|f| f.to_lowercase().replace('_', "-"))
        .collect())
}

/// Feature name to what it enables (`other`, `dep:x`, `x/f`, `x?/f`).
type FeatureTable = BTreeMap<String, Vec<String>>;

/// The name and feature table of the package whose manifest is `manifest`
/// (compared as files, so a symbolic link or `..` does not matter).
fn feature_table(meta: &Metadata, manifest: &std::path::Path) -> Option<(String, FeatureTable)> {
    let package = meta
        .packages
        .iter()
        .find(|p| same_file(p.manifest_path.as_std_path(), manifest))?;
    Some((package.name.clone(), package.features.clone()))
}

/// The features `flags` ask for, as `cargo build` reads them: `default`
/// unless `--no-default-features`, every one with `--all-features`, and
/// each of `--features` (comma or space separated, `package/feature` for
/// this package's own).
fn requested(package: &str, table: &FeatureTable, flags: &CargoFlags) -> Vec<String> {
    if flags.all_features {
        return table.keys().cloned().collect();
    }
    let mut asked: Vec<String> = flags
        .features
        .iter()
        .flat_map(|f| f.split([',', ' ']))
        .filter(|f| !f.is_empty())
        .map(|f| match f.split_once('/') {
            Some((p, feature)) if p == package => feature.to_string(),
            _ => f.to_string(),
        })
        .collect();
    if !flags.no_default_features {
        asked.push("default".into());
    }
    asked
}

/// A feature of `asked` the crate does not have (`default` may be missing,
/// and `dependency/feature` is the dependency's to check), which `cargo
/// build` refuses: `build --check`, which compiles nothing, must too.
fn unknown_feature<'a>(table: &FeatureTable, asked: &'a [String]) -> Option<&'a str> {
    asked
        .iter()
        .map(String::as_str)
        .find(|f| *f != "default" && !f.contains('/') && !table.contains_key(*f))
}

/// `asked` and everything they enable, transitively; `dep:x` and `x?/f`
/// enable no feature of the crate, `x/f` enables `x` when it is one (an
/// optional dependency's implicit feature).
fn enabled(table: &FeatureTable, asked: &[String]) -> BTreeSet<String> {
    let mut on = BTreeSet::new();
    let mut queue: Vec<&str> = asked.iter().map(String::as_str).collect();
    while let Some(feature) = queue.pop() {
        let Some(enables) = table.get(feature) else {
            continue;
        };
        if !on.insert(feature.to_string()) {
            continue;
        }
        for entry in enables {
            if entry.starts_with("dep:") {
                continue;
            }
            match entry.split_once('/') {
                Some((dep, _)) if dep.ends_with('?') => {}
                Some((dep, _)) => queue.push(dep),
                None => queue.push(entry),
            }
        }
    }
    on
}

/// `rustc --print cfg` for `target` (the host when `None`), as the
/// `CARGO_CFG_*` variables of a build script: `unix` is a key with no
/// values, `target_os="linux"` a key with its values.
fn target_cfg(target: Option<&str>) -> Result<BTreeMap<String, BTreeSet<String>>, CliError> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let mut cmd = Command::new(rustc);
    cmd.args(["--print", "cfg"]);
    if let Some(t) = target {
        cmd.args(["--target", t]);
    }
    let out = output(cmd, "rustc --print cfg")?;
    Ok(parse_cfg(&String::from_utf8_lossy(&out)))
}

fn parse_cfg(printed: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut values: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in printed.lines().map(str::trim).filter(|l| !l.is_empty()) {
        match line.split_once('=') {
            Some((key, value)) => {
                let value = value.trim_matches('"').to_string();
                values.entry(key.to_string()).or_default().insert(value);
            }
            None => {
                values.entry(line.to_string()).or_default();
            }
        }
    }
    values
}

/// The standard output of `cmd`, named `what` in errors.
fn output(mut cmd: Command, what: &str) -> Result<Vec<u8>, CliError> {
    let out = cmd
        .output()
        .map_err(|e| CliError::new(format!("cannot run `{what}`: {e}")))?;
    if !out.status.success() {
        return Err(CliError::new(format!(
            "`{what}` failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(out.stdout)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn d1_rustc_cfg_as_build_script_variables() {
        let cfg = parse_cfg("debug_assertions\npanic=\"unwind\"\ntarget_feature=\"sse\"\ntarget_feature=\"sse2\"\nunix\n");
        assert_eq!(cfg["unix"], BTreeSet::new());
        assert_eq!(cfg["panic"], BTreeSet::from(["unwind".to_string()]));
        assert_eq!(cfg["target_feature"].len(), 2);
        assert!(cfg.contains_key("debug_assertions"));
    }

    fn table(entries: &[(&str, &[&str])]) -> FeatureTable {
        entries
            .iter()
            .map(|(k, v)| (k.to_string(), v.iter().map(|s| s.to_string()).collect()))
            .collect()
    }

    #[test]
    fn d1_features_closed_over_what_they_enable() {
        let t = table(&[
            ("default", &["json"]),
            ("json", &["dep:serde_json"]),
            ("admin", &["audit", "tracing?/std"]),
            ("audit", &[]),
            ("tracing", &["dep:tracing"]),
            ("metrics", &["prometheus/process"]),
            ("prometheus", &["dep:prometheus"]),
            ("unused", &[]),
        ]);
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
        let asked = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            enabled(&t, &asked(&["default"])),
            names(&["default", "json"])
        );
        assert_eq!(
            enabled(&t, &asked(&["admin"])),
            names(&["admin", "audit"]),
            "`tracing?/std` does not turn `tracing` on"
        );
        assert_eq!(
            enabled(&t, &asked(&["metrics", "nonexistent"])),
            names(&["metrics", "prometheus"])
        );
    }

    #[test]
    fn d1_requested_features_as_cargo_build_reads_the_flags() {
        let t = table(&[("default", &[]), ("a", &[]), ("b", &[]), ("c", &[])]);
        let flags = |features: &[&str], all: bool, no_default: bool| CargoFlags {
            features: features.iter().map(|s| s.to_string()).collect(),
            all_features: all,
            no_default_features: no_default,
            ..CargoFlags::default()
        };
        let mut got = requested("app", &t, &flags(&["a,b", "app/c other/x"], false, true));
        got.sort();
        assert_eq!(got, ["a", "b", "c", "other/x"]);
        assert_eq!(requested("app", &t, &flags(&[], false, false)), ["default"]);
        assert_eq!(requested("app", &t, &flags(&[], true, true)).len(), 4);
        // A misspelt feature is refused, as `cargo build` refuses it; a
        // missing `default` and a dependency's feature are not ours to check.
        let asked = requested("app", &t, &flags(&["a,nosuch"], false, false));
        assert_eq!(unknown_feature(&t, &asked), Some("nosuch"));
        let t = table(&[("a", &[])]);
        let asked = requested("app", &t, &flags(&["a", "other/x"], false, false));
        assert_eq!(unknown_feature(&t, &asked), None);
    }

    #[test]
    fn d1_feature_table_of_the_package_at_the_manifest() {
        let meta = crate::analysis::workspace::test_metadata(serde_json::json!({
            "packages": [
                {"name": "lib", "manifest_path": "/w/lib/Cargo.toml", "features": {}},
                {"name": "app", "manifest_path": "/w/app/Cargo.toml", "features": {"loud": []}}
            ]
        }));
        let (name, t) = feature_table(&meta, std::path::Path::new("/w/app/Cargo.toml")).unwrap();
        assert_eq!((name.as_str(), t.len()), ("app", 1));
        assert!(feature_table(&meta, std::path::Path::new("/w/x/Cargo.toml")).is_none());
    }
}
