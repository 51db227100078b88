//! `cargo tether new NAME`: a project that builds, serves and passes its
//! tests at once, as `nest new` makes one for NestJS. The files are the
//! templates under `build-support/templates/new`, rendered by plain
//! replacement of `{{key}}`; then the document and the client are written
//! as build.rs would, so `web/` compiles before the first `cargo build`.

use super::{CliError, NewArgs, Progress, VersioningArg};
use std::path::{Path, PathBuf};

/// One file of the project: where it goes, and its template.
struct Template {
    path: &'static str,
    text: &'static str,
}

macro_rules! template {
    ($path:literal, $file:literal) => {
        Template {
            path: $path,
            text: include_str!(concat!("../../templates/new/", $file)),
        }
    };
}

/// Every project's files.
const FILES: &[Template] = &[
    template!("Cargo.toml", "Cargo.toml.tmpl"),
    template!("tether.toml", "tether.toml.tmpl"),
    template!("build.rs", "build.rs.tmpl"),
    template!(".gitignore", "gitignore.tmpl"),
    template!("README.md", "README.md.tmpl"),
    template!("src/lib.rs", "src/lib.rs.tmpl"),
    template!("src/main.rs", "src/main.rs.tmpl"),
    template!("src/notes.rs", "src/notes.rs.tmpl"),
    template!("tests/api.rs", "tests/api.rs.tmpl"),
    template!("web/package.json", "web/package.json.tmpl"),
    template!("web/tsconfig.json", "web/tsconfig.json.tmpl"),
    template!("web/src/api.test.ts", "web/src/api.test.ts.tmpl"),
];

/// The store: in memory, or on SQLite with `--sqlite`.
const STORE_MEMORY: Template = template!("src/store.rs", "src/store_memory.rs.tmpl");
const STORE_SQLITE: Template = template!("src/store.rs", "src/store_sqlite.rs.tmpl");

/// The versions of the web package's tools (the ones tether's own tests
/// run; the test `cli_new::new_web_package_pins_the_repository_tools`
/// keeps them equal).
pub(crate) const TYPESCRIPT_VERSION: &str = "5.9.3";
pub(crate) const TYPES_NODE_VERSION: &str = "20.19.0";

/// Where tether's crates come from in the project's `Cargo.toml`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TetherSource {
    /// A checkout of tether (`runtime/`, `build-support/` under this root).
    Checkout(PathBuf),
    /// A version requirement for crates.io (`0.1`, `=0.1.2`).
    Version(String),
}

impl TetherSource {
    /// The checkout this `cargo tether` was built from, when it is still
    /// there; else its own version.
    pub fn default_for_this_build() -> TetherSource {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let is_checkout = std::fs::read_to_string(root.join("runtime/Cargo.toml"))
            .is_ok_and(|m| m.contains("name = \"tether\""));
        match is_checkout {
            true => TetherSource::Checkout(root.canonicalize().unwrap_or(root)),
            false => TetherSource::Version(env!("CARGO_PKG_VERSION").to_string()),
        }
    }

    /// The dependency's TOML value for the crate in `dir` of a checkout.
    fn dependency(&self, dir: &str, features: &str) -> String {
        let source = match self {
            TetherSource::Checkout(root) => {
                format!(
                    "path = {}",
                    toml_string(&root.join(dir).display().to_string())
                )
            }
            TetherSource::Version(v) => format!("version = {}", toml_string(v)),
        };
        format!("{{ {source}{features} }}")
    }
}

/// What to write: the project's options.
#[derive(Debug, Clone)]
pub struct NewProject {
    /// The package's name.
    pub name: String,
    /// URI or HEADER versioning, or none.
    pub versioning: Option<VersioningArg>,
    /// A store on SQLite instead of one in memory.
    pub sqlite: bool,
    /// Where tether comes from.
    pub tether: TetherSource,
}

impl NewProject {
    /// Every file of the project, relative to its directory, rendered.
    pub fn files(&self) -> Vec<(&'static str, String)> {
        let store = if self.sqlite {
            &STORE_SQLITE
        } else {
            &STORE_MEMORY
        };
        let values = self.values();
        FILES
            .iter()
            .chain([store])
            .map(|t| (t.path, render(t.text, &values)))
            .collect()
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        let (versioning, api, client_notes) = match self.versioning {
            None => ("", "/api", "notes"),
            Some(VersioningArg::Uri) => (
                "\n# Paths carry the version: /api/v1/notes.\n[framework.versioning]\ntype = \"URI\"\ndefault_version = \"1\"\n",
                "/api/v1",
                "v1.notes",
            ),
            Some(VersioningArg::Header) => (
                "\n# Clients send the version in X-API-Version (default 1).\n[framework.versioning]\ntype = \"HEADER\"\ndefault_version = \"1\"\n",
                "/api",
                "v1.notes",
            ),
        };
        let (store_dependencies, storage_error, store_note) = if self.sqlite {
            (
                "rusqlite = { version = \"0.40\", features = [\"bundled\"] }\n",
                "\n    /// The database failed; the server's log has the details.\n    #[status(500, message = \"the database failed\")]\n    Storage,",
                format!("The notes are kept in SQLite: the file `$DATABASE_PATH`, by default `{}.db`.\n", self.name),
            )
        } else {
            (
                "",
                "",
                "The notes are kept in memory (`cargo tether new --sqlite` writes a store on SQLite).\n".to_string(),
            )
        };
        vec![
            ("name", self.name.clone()),
            ("crate", self.name.replace('-', "_")),
            ("npm_name", self.name.to_lowercase().replace('_', "-")),
            (
                "tether_dependency",
                self.tether.dependency("runtime", ", features = [\"docs\"]"),
            ),
            (
                "tether_build_dependency",
                self.tether.dependency("build-support", ""),
            ),
            ("store_dependencies", store_dependencies.to_string()),
            ("storage_error", storage_error.to_string()),
            ("store_note", store_note),
            ("versioning", versioning.to_string()),
            ("api", api.to_string()),
            ("client_notes", client_notes.to_string()),
            ("typescript_version", TYPESCRIPT_VERSION.to_string()),
            ("types_node_version", TYPES_NODE_VERSION.to_string()),
        ]
    }
}

/// `text` with each `{{key}}` replaced by its value.
fn render(text: &str, values: &[(&str, String)]) -> String {
    let mut out = text.to_string();
    for (key, value) in values {
        out = out.replace(&format!("{{{{{key}}}}}"), value);
    }
    out
}

/// A TOML basic string.
fn toml_string(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// Why `name` cannot name a package, if it cannot (cargo's rules).
pub fn invalid_name(name: &str) -> Option<String> {
    let Some(first) = name.chars().next() else {
        return Some("the name is empty".into());
    };
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '_'))
    {
        return Some(format!(
            "`{name}` has the character {c:?}: a package's name is ASCII letters, digits, `-` and `_`"
        ));
    }
    if !first.is_ascii_alphabetic() {
        return Some(format!("`{name}` does not start with a letter"));
    }
    if name.len() > 64 {
        return Some(format!("`{name}` is longer than crates.io's 64 characters"));
    }
    let lower = name.to_ascii_lowercase().replace('-', "_");
    if KEYWORDS.contains(&lower.as_str()) {
        return Some(format!("`{name}` is a Rust keyword"));
    }
    if RESERVED.contains(&lower.as_str()) {
        return Some(format!(
            "`{name}` is the name of a crate the project uses or of Rust's own"
        ));
    }
    None
}

const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut",
    "pub", "ref", "return", "self", "static", "struct", "super", "trait", "true", "type", "unsafe",
    "use", "where", "while", "abstract", "become", "box", "do", "final", "macro", "override",
    "priv", "try", "typeof", "unsized", "virtual", "yield",
];

/// Rust's own crates, and those the project depends on (a package of the
/// same name would shadow them).
const RESERVED: &[&str] = &[
    "std",
    "core",
    "alloc",
    "proc_macro",
    "test",
    "tether",
    "tether_build",
    "tether_model",
    "tether_macros",
    "serde",
    "serde_valid",
    "serde_json",
    "tokio",
    "rusqlite",
    "build",
    "deps",
    "examples",
    "incremental",
];

pub(super) fn run(args: &NewArgs) -> Result<(), CliError> {
    let progress = Progress::new(args.quiet);
    let dir = &args.path;
    let name = match &args.name {
        Some(name) => name.clone(),
        None => dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .ok_or_else(|| {
                CliError::new(format!(
                    "`{}` does not end in a directory name",
                    dir.display()
                ))
                .help("give the new directory's path, such as `cargo tether new my-api`")
            })?,
    };
    if let Some(why) = invalid_name(&name) {
        return Err(CliError::new(format!("cannot name a package `{name}`: {why}"))
            .help("pick a name of ASCII letters, digits, `-` and `_` that starts with a letter (`my-api`), or pass --name"));
    }
    refuse_existing(dir)?;
    let tether = match &args.tether_version {
        Some(v) => {
            cargo_metadata::semver::VersionReq::parse(v).map_err(|e| {
                CliError::new(format!(
                    "--tether-version `{v}` is not a version requirement: {e}"
                ))
                .help("give one as Cargo.toml takes it: `0.1`, `0.1.2`, `=0.1.2`")
            })?;
            TetherSource::Version(v.clone())
        }
        None => TetherSource::default_for_this_build(),
    };
    let project = NewProject {
        name: name.clone(),
        versioning: args.versioning,
        sqlite: args.sqlite,
        tether,
    };
    for (rel, text) in project.files() {
        let path = dir.join(rel);
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, text));
        written.map_err(|e| {
            CliError::new(format!("cannot write {}: {e}", path.display()))
                .help("check that the directory is writable")
        })?;
    }
    // The document and the client, as the first `cargo build` writes them.
    crate::Builder::new()
        .manifest_dir(dir)
        .package(&name, "0.1.0")
        .run()
        .map_err(CliError::from)?;
    progress.status("Created", format_args!("`{name}` in {}", dir.display()));
    if !args.quiet {
        let api = if args.versioning == Some(VersioningArg::Uri) {
            "/api/v1"
        } else {
            "/api"
        };
        println!(
            "Next:\n  cd {}\n  cargo run                 # serves http://127.0.0.1:3000{api}/notes and /docs\n  cargo test\n  cd web && npm install && npm test   # with the app running",
            dir.display()
        );
    }
    Ok(())
}

/// Refuses a directory that exists with something in it, or a file.
fn refuse_existing(dir: &Path) -> Result<(), CliError> {
    if dir.is_file() {
        return Err(CliError::new(format!("{} is a file", dir.display()))
            .help("give the path of a new directory"));
    }
    let Ok(mut entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    if entries.next().is_some() {
        return Err(CliError::new(format!(
            "{} already exists and is not empty",
            dir.display()
        ))
        .help("give the path of a new or empty directory: `cargo tether new` never overwrites files"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project(versioning: Option<VersioningArg>, sqlite: bool) -> NewProject {
        NewProject {
            name: "my-api".into(),
            versioning,
            sqlite,
            tether: TetherSource::Version("0.1".into()),
        }
    }

    #[test]
    fn every_placeholder_is_filled() {
        for versioning in [None, Some(VersioningArg::Uri), Some(VersioningArg::Header)] {
            for sqlite in [false, true] {
                for (path, text) in project(versioning, sqlite).files() {
                    assert!(!text.contains("{{"), "{path}: {text}");
                }
            }
        }
    }

    #[test]
    fn versions_and_paths_are_toml_strings() {
        let files = project(None, false).files();
        let cargo = &files.iter().find(|(p, _)| *p == "Cargo.toml").unwrap().1;
        let parsed: toml::Table = cargo.parse().unwrap();
        assert_eq!(
            parsed["dependencies"]["tether"]["version"].as_str(),
            Some("0.1")
        );
        let odd = NewProject {
            tether: TetherSource::Checkout(PathBuf::from("/a \"b\"\\c")),
            ..project(None, false)
        };
        let files = odd.files();
        let cargo = &files.iter().find(|(p, _)| *p == "Cargo.toml").unwrap().1;
        let parsed: toml::Table = cargo.parse().unwrap();
        assert_eq!(
            parsed["build-dependencies"]["tether-build"]["path"].as_str(),
            Some("/a \"b\"\\c/build-support")
        );
    }

    #[test]
    fn names_as_cargo_takes_them() {
        for ok in ["demo", "my-api", "my_api2", "A1"] {
            assert_eq!(invalid_name(ok), None, "{ok}");
        }
        for bad in [
            "",
            "1api",
            "-api",
            "my api",
            "my/api",
            "ünï",
            "fn",
            "self",
            "tether",
            "tether-build",
            "std",
            "test",
            &"a".repeat(65),
        ] {
            assert!(invalid_name(bad).is_some(), "{bad:?}");
        }
    }
}
