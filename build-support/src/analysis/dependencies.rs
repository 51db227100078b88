//! The crate's own dependencies that tether relies on.
//!
//! `#[derive(serde_valid::Validate)]` implements the trait of the
//! serde_valid the crate depends on. tether checks bodies and queries
//! through serde_valid 3's trait, so a DTO deriving another major
//! version's would be read unchecked while the document states its rules:
//! a silent hole in the contract. The crate's `Cargo.toml` (and the
//! workspace's, for `workspace = true`) is read, and another major
//! version is an error naming the file, the line and the fix.

use super::Diagnostic;
use std::path::{Path, PathBuf};

/// The major version of serde_valid tether checks with.
const SERDE_VALID_MAJOR: u64 = 3;

/// The crate's manifests that name its serde_valid, for the build to be
/// rerun when they change, or the problem with the version they ask for.
pub fn check_serde_valid(manifest_dir: &Path) -> Result<Vec<PathBuf>, Diagnostic> {
    let Some(own) = Manifest::read(manifest_dir.join("Cargo.toml")) else {
        return Ok(Vec::new());
    };
    let Some(dep) = own.dependency("serde_valid") else {
        return Ok(Vec::new());
    };
    let mut read = vec![own.path.clone()];
    let root;
    let (file, dep) = match dep.requirement {
        Some(_) => (&own, dep),
        None => {
            let Some(found) = Manifest::workspace_root(manifest_dir) else {
                return Ok(read);
            };
            read.push(found.path.clone());
            root = found;
            match root.workspace_dependency("serde_valid") {
                Some(dep) => (&root, dep),
                None => return Ok(read),
            }
        }
    };
    let requirement = dep.requirement.as_deref().unwrap_or_default();
    match major(requirement) {
        Some(m) if m != SERDE_VALID_MAJOR => Err(mismatch(file, &dep.key, requirement)),
        _ => Ok(read),
    }
}

/// The error for a serde_valid requirement of another major version,
/// at the line of its dependency `key` in `file`.
fn mismatch(file: &Manifest, key: &str, requirement: &str) -> Diagnostic {
    let (line, snippet) =
        key_line(&file.text, key).map_or((0, None), |(i, l)| (i + 1, Some(l.to_string())));
    Diagnostic {
        file: file.path.clone(),
        line,
        column: usize::from(line > 0),
        message: format!(
            "serde_valid `{requirement}`: tether checks `#[derive(Validate)]` bodies and queries with serde_valid {SERDE_VALID_MAJOR}, so this version's rules would be documented but never checked"
        ),
        help: Some(format!("depend on serde_valid {SERDE_VALID_MAJOR}: `serde_valid = \"{SERDE_VALID_MAJOR}\"`")),
        snippet,
        width: 0,
        reported_by_macros: false,
    }
}

/// The first line that gives dependency `key`: `key = …`, `key.version = …`
/// or a `[….key]` table header (0-based index and text).
fn key_line<'t>(text: &'t str, key: &str) -> Option<(usize, &'t str)> {
    text.lines().enumerate().find(|(_, line)| {
        let line = line.trim();
        let entry = line
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with(['=', '.']));
        let header = line.starts_with('[') && line.ends_with(&format!(".{key}]"));
        entry || header
    })
}

/// A `Cargo.toml`, read once: its path, text and table.
struct Manifest {
    path: PathBuf,
    text: String,
    table: toml::Table,
}

/// A dependency as a manifest names it: its key (`serde_valid`, or the
/// name a renamed one is used by) and its requirement, `None` when it is
/// the workspace's (`workspace = true`).
struct Dependency {
    key: String,
    requirement: Option<String>,
}

impl Manifest {
    /// `path`, when it exists and is TOML (cargo reports the rest).
    fn read(path: PathBuf) -> Option<Manifest> {
        let text = std::fs::read_to_string(&path).ok()?;
        let table = text.parse().ok()?;
        Some(Manifest { path, text, table })
    }

    /// The nearest `Cargo.toml` above `dir` with a `[workspace]` table.
    fn workspace_root(dir: &Path) -> Option<Manifest> {
        dir.ancestors()
            .skip(1)
            .filter_map(|d| Manifest::read(d.join("Cargo.toml")))
            .find(|m| m.table.contains_key("workspace"))
    }

    /// Normal dependency `name` (renamed ones, `package = "…"`, and
    /// target-specific tables included).
    fn dependency(&self, name: &str) -> Option<Dependency> {
        super::workspace::normal_dependencies(&self.table)
            .find_map(|(key, spec)| requirement_of(key, spec, name))
    }

    /// `[workspace.dependencies]`'s entry for `name`.
    fn workspace_dependency(&self, name: &str) -> Option<Dependency> {
        let deps = self
            .table
            .get("workspace")?
            .get("dependencies")?
            .as_table()?;
        deps.iter()
            .find_map(|(key, spec)| requirement_of(key, spec, name))
    }
}

/// `spec`, under `key`, when it is dependency `name`.
fn requirement_of(key: &str, spec: &toml::Value, name: &str) -> Option<Dependency> {
    let requirement = match spec {
        toml::Value::String(req) if key == name => Some(req.clone()),
        toml::Value::Table(t) => {
            let package = t
                .get("package")
                .and_then(toml::Value::as_str)
                .unwrap_or(key);
            if package != name {
                return None;
            }
            if t.get("workspace").and_then(toml::Value::as_bool) == Some(true) {
                None
            } else {
                Some(t.get("version").and_then(toml::Value::as_str)?.to_string())
            }
        }
        _ => return None,
    };
    Some(Dependency {
        key: key.to_string(),
        requirement,
    })
}

/// The major version a requirement pins (`"2"`, `"^2.0"`, `"=2.0.4"`,
/// `"~3.1"`, the first of `">=2, <3"`); `None` for `*` or what is not a
/// version.
fn major(requirement: &str) -> Option<u64> {
    let first = requirement.split(',').next()?.trim();
    let version = first.trim_start_matches(['^', '=', '~', '>', '<', ' ']);
    let digits = version.split('.').next()?;
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn crate_with(dir: &Path, manifest: &str) {
        std::fs::create_dir_all(dir).unwrap();
        std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    }

    #[test]
    fn e5_majors_of_requirements() {
        assert_eq!(major("3"), Some(3));
        assert_eq!(major("^3.2"), Some(3));
        assert_eq!(major("=2.0.4"), Some(2));
        assert_eq!(major("~1.0"), Some(1));
        assert_eq!(major(">=2, <3"), Some(2));
        assert_eq!(major("*"), None);
        assert_eq!(major(""), None);
    }

    #[test]
    fn e5_another_serde_valid_major_is_refused_at_its_line() {
        let dir = tempfile::tempdir().unwrap();
        crate_with(
            dir.path(),
            "[package]\nname = \"app\"\n\n[dependencies]\nserde = \"1\"\nserde_valid = \"2\"\n",
        );
        let e = check_serde_valid(dir.path()).unwrap_err();
        assert_eq!(e.line, 6);
        assert_eq!(e.snippet.as_deref(), Some("serde_valid = \"2\""));
        assert!(e.message.contains("serde_valid `2`"), "{}", e.message);
        assert!(e.help.unwrap().contains("serde_valid = \"3\""));
    }

    #[test]
    fn e5_serde_valid_3_in_any_spelling_passes() {
        let dir = tempfile::tempdir().unwrap();
        for spec in [
            "serde_valid = \"3.2\"",
            "serde_valid = { version = \"^3\", features = [\"toml\"] }",
            "sv = { package = \"serde_valid\", version = \"3\" }",
        ] {
            crate_with(
                dir.path(),
                &format!("[package]\nname = \"app\"\n[dependencies]\n{spec}\n"),
            );
            assert!(check_serde_valid(dir.path()).is_ok(), "{spec}");
        }
        crate_with(
            dir.path(),
            "[package]\nname = \"app\"\n[dependencies]\nserde = \"1\"\n",
        );
        assert_eq!(
            check_serde_valid(dir.path()).unwrap(),
            Vec::<PathBuf>::new()
        );
    }

    #[test]
    fn e5_renamed_and_target_specific_dependencies_are_read() {
        let dir = tempfile::tempdir().unwrap();
        crate_with(
            dir.path(),
            "[package]\nname = \"app\"\n[target.'cfg(unix)'.dependencies]\nsv = { package = \"serde_valid\", version = \"1.0\" }\n",
        );
        let e = check_serde_valid(dir.path()).unwrap_err();
        assert_eq!(e.line, 4, "at the renamed dependency's line");
        crate_with(
            dir.path(),
            "[package]\nname = \"app\"\n[dependencies]\nserde_valid_derive = \"2\"\n\n[dependencies.serde_valid]\nversion = \"2\"\n",
        );
        let e = check_serde_valid(dir.path()).unwrap_err();
        assert_eq!(
            e.line, 6,
            "at the table's header, not at serde_valid_derive"
        );
    }

    #[test]
    fn e5_the_workspace_requirement_is_followed() {
        let root = tempfile::tempdir().unwrap();
        crate_with(
            root.path(),
            "[workspace]\nmembers = [\"app\"]\n\n[workspace.dependencies]\nserde_valid = { version = \"2.0\" }\n",
        );
        let app = root.path().join("app");
        crate_with(
            &app,
            "[package]\nname = \"app\"\n[dependencies]\nserde_valid = { workspace = true }\n",
        );
        let e = check_serde_valid(&app).unwrap_err();
        assert_eq!(e.file, root.path().join("Cargo.toml"));
        assert_eq!(e.line, 5);
        crate_with(
            root.path(),
            "[workspace]\n[workspace.dependencies]\nserde_valid = \"3\"\n",
        );
        let read = check_serde_valid(&app).unwrap();
        assert_eq!(
            read,
            vec![app.join("Cargo.toml"), root.path().join("Cargo.toml")]
        );
    }
}
