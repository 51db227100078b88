//! Which crate a command works on and its `tether.toml`: the nearest one up
//! from the current directory, the workspace member of `-p`, or `--config`.

use super::{CliError, Target};
use crate::build_id::BuildId;
use cargo_metadata::{Metadata, MetadataCommand};
use std::path::{Path, PathBuf};
use tether_model::config::{Config, CONFIG_FILE};

/// A crate with its settings.
#[derive(Debug, Clone)]
pub struct Project {
    /// Where its `Cargo.toml` is; outputs are relative to it.
    pub crate_dir: PathBuf,
    /// The `tether.toml` read.
    pub config_path: PathBuf,
    /// Its settings.
    pub config: Config,
    /// `name` and `version` of its `Cargo.toml` (`info` defaults).
    pub package: Option<(String, String)>,
    /// The `cargo` to run (`$CARGO` under `cargo tether`).
    pub cargo: PathBuf,
}

/// `$CARGO` (set when cargo runs a subcommand), else `cargo`.
pub(super) fn cargo_bin() -> PathBuf {
    std::env::var_os("CARGO").map_or_else(|| PathBuf::from("cargo"), PathBuf::from)
}

impl Project {
    /// Finds the crate and reads its config, from the current directory.
    pub fn locate(target: &Target) -> Result<Project, CliError> {
        let cwd = std::env::current_dir()
            .map_err(|e| CliError::new(format!("cannot read the current directory: {e}")))?;
        Project::locate_from(&cwd, target)
    }

    /// As [`Project::locate`], starting at `cwd`.
    pub fn locate_from(cwd: &Path, target: &Target) -> Result<Project, CliError> {
        let cargo = cargo_bin();
        let crate_dir = match &target.package {
            Some(spec) => member_dir(&cargo, cwd, spec)?,
            None => match &target.config {
                Some(_) => nearest_crate(cwd)?,
                None => match Config::find(cwd) {
                    Some(file) => file.parent().map(Path::to_path_buf).unwrap_or_default(),
                    None => return Err(missing_config(cwd)),
                },
            },
        };
        let config_path = match &target.config {
            Some(path) => cwd.join(path),
            None => crate_dir.join(CONFIG_FILE),
        };
        if !config_path.is_file() {
            return Err(if target.config.is_some() {
                CliError::new(format!(
                    "the config file {} does not exist",
                    config_path.display()
                ))
                .help("check the path given to --config")
            } else {
                missing_config(&crate_dir)
            });
        }
        if !crate_dir.join("Cargo.toml").is_file() {
            return Err(CliError::new(format!(
                "{} has a {CONFIG_FILE} but no Cargo.toml",
                crate_dir.display()
            ))
            .help("put tether.toml in the root of the app's crate, next to Cargo.toml"));
        }
        let config = Config::load(&config_path).map_err(|e| {
            CliError::new(e.to_string())
                .help("fix the file; the chapter `tether.toml reference` of tether's guide (book/src/config.md) lists every key")
        })?;
        let (package, tether_build) = package_of(&cargo, &crate_dir);
        if let Some(app) = tether_build {
            same_build(&app)?;
        }
        Ok(Project {
            crate_dir,
            config_path,
            config,
            package,
            cargo,
        })
    }

    /// Generates documents in memory with this crate's settings.
    pub fn builder(&self) -> crate::Builder {
        let mut b = crate::Builder::new()
            .manifest_dir(&self.crate_dir)
            .config(self.config.clone())
            .cargo_directives(false)
            .follow_path_dependencies(&self.cargo)
            .dry_run(true);
        if let Some((name, version)) = &self.package {
            b = b.package(name, version);
        }
        b
    }

    /// The package as cargo names it (`petshop v0.1.0 (Cargo.toml)`), or
    /// its manifest's path when `cargo metadata` could not say.
    pub fn label(&self) -> String {
        let manifest = Self::show(&self.crate_dir.join("Cargo.toml"));
        match &self.package {
            Some((name, version)) => format!("{name} v{version} ({manifest})"),
            None => manifest,
        }
    }

    /// `path` relative to the current directory when it is below it.
    pub fn show(path: &Path) -> String {
        let cwd = std::env::current_dir().unwrap_or_default();
        path.strip_prefix(&cwd)
            .ok()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(path)
            .display()
            .to_string()
    }
}

fn missing_config(dir: &Path) -> CliError {
    CliError::new(format!(
        "no {CONFIG_FILE} found in {} or any parent directory",
        dir.display()
    ))
    .help(format!(
        "run from the app's crate, create {CONFIG_FILE} next to its Cargo.toml (with an [openapi] table), \
         pass --config PATH, or name a workspace member with -p"
    ))
}

/// The nearest directory up from `dir` with a `Cargo.toml`.
fn nearest_crate(dir: &Path) -> Result<PathBuf, CliError> {
    dir.ancestors()
        .find(|d| d.join("Cargo.toml").is_file())
        .map(Path::to_path_buf)
        .ok_or_else(|| {
            CliError::new(format!(
                "no Cargo.toml in {} or any parent directory",
                dir.display()
            ))
            .help("run from the app's crate, or name a workspace member with -p")
        })
}

/// `cargo metadata --no-deps` run in `cwd` (for `manifest`, if given).
pub(super) fn metadata(
    cargo: &Path,
    cwd: &Path,
    manifest: Option<&Path>,
) -> Result<Metadata, String> {
    let mut cmd = MetadataCommand::new();
    cmd.cargo_path(cargo).current_dir(cwd).no_deps();
    if let Some(m) = manifest {
        cmd.manifest_path(m);
    }
    cmd.exec().map_err(|e| match e {
        cargo_metadata::Error::CargoMetadata { stderr } => stderr.trim().to_string(),
        cargo_metadata::Error::Io(e) => format!("cannot run `cargo metadata`: {e}"),
        e => format!("`cargo metadata`: {e}"),
    })
}

/// The directory of the workspace member named `spec`.
fn member_dir(cargo: &Path, cwd: &Path, spec: &str) -> Result<PathBuf, CliError> {
    let meta = metadata(cargo, cwd, None)
        .map_err(|e| CliError::new(format!("cannot list the workspace's packages: {e}")))?;
    let name = spec.split('@').next().unwrap_or(spec);
    meta.packages
        .iter()
        .find(|p| p.name == name)
        .and_then(|p| p.manifest_path.parent())
        .map(|dir| dir.as_std_path().to_path_buf())
        .ok_or_else(|| {
            let names: Vec<&str> = meta.packages.iter().map(|p| p.name.as_str()).collect();
            CliError::new(format!("no package `{name}` in this workspace"))
                .help(format!("-p takes one of: {}", names.join(", ")))
        })
}

/// The tether-build an app builds with: its version, where its sources
/// are, and whether it comes from a registry (else a path or git).
#[derive(Debug, Clone)]
struct AppTetherBuild {
    version: String,
    dir: PathBuf,
    registry: bool,
}

/// `name` and `version` of the package at `crate_dir`, and the
/// tether-build it depends on, if that can be known without resolving
/// (`cargo metadata --no-deps`: nothing downloaded, `Cargo.lock` left as
/// it is).
fn package_of(
    cargo: &Path,
    crate_dir: &Path,
) -> (Option<(String, String)>, Option<AppTetherBuild>) {
    let manifest = crate_dir.join("Cargo.toml");
    let (Ok(meta), Ok(want)) = (
        metadata(cargo, crate_dir, Some(&manifest)),
        manifest.canonicalize(),
    ) else {
        return (None, None);
    };
    let Some(package) = meta.packages.iter().find(|p| {
        p.manifest_path
            .as_std_path()
            .canonicalize()
            .is_ok_and(|path| path == want)
    }) else {
        return (None, None);
    };
    let app = package
        .dependencies
        .iter()
        .find(|d| d.name == "tether-build")
        .and_then(|dep| match &dep.path {
            Some(path) => by_path(cargo, path.as_std_path()),
            None => from_registry(meta.workspace_root.as_std_path(), &cargo_home()?),
        });
    (
        Some((package.name.clone(), package.version.to_string())),
        app,
    )
}

/// The tether-build of a path dependency: its version as cargo reads it
/// (inherited from its workspace in a checkout).
fn by_path(cargo: &Path, dir: &Path) -> Option<AppTetherBuild> {
    let meta = metadata(cargo, dir, Some(&dir.join("Cargo.toml"))).ok()?;
    let package = meta.packages.iter().find(|p| p.name == "tether-build")?;
    Some(AppTetherBuild {
        version: package.version.to_string(),
        dir: dir.to_path_buf(),
        registry: false,
    })
}

/// The tether-build of a registry dependency: the version `Cargo.lock`
/// holds, in cargo's registry cache. None before the first build has
/// locked and downloaded it (and for a git dependency).
fn from_registry(workspace_root: &Path, cargo_home: &Path) -> Option<AppTetherBuild> {
    let lock: toml::Table = std::fs::read_to_string(workspace_root.join("Cargo.lock"))
        .ok()?
        .parse()
        .ok()?;
    let version = lock.get("package")?.as_array()?.iter().find_map(|p| {
        let registry = p.get("source")?.as_str()?.starts_with("registry+")
            || p.get("source")?.as_str()?.starts_with("sparse+");
        (p.get("name")?.as_str()? == "tether-build" && registry)
            .then(|| p.get("version")?.as_str().map(str::to_string))?
    })?;
    let dir = std::fs::read_dir(cargo_home.join("registry/src"))
        .ok()?
        .flatten()
        .map(|index| index.path().join(format!("tether-build-{version}")))
        .find(|dir| dir.join("Cargo.toml").is_file())?;
    Some(AppTetherBuild {
        version,
        dir,
        registry: true,
    })
}

/// `$CARGO_HOME`, else `~/.cargo`.
fn cargo_home() -> Option<PathBuf> {
    std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
}

/// Refuses an app whose build.rs runs another build of tether-build than
/// this `cargo tether`: the two would write different documents and
/// clients, and `build --check` would flip between them.
fn same_build(app: &AppTetherBuild) -> Result<(), CliError> {
    let ours = BuildId::current();
    let theirs = BuildId::of_source(&app.dir, &app.version).map_err(|e| {
        CliError::new(format!(
            "cannot read the sources of the app's tether-build in {}: {e}",
            app.dir.display()
        ))
        .help("check that the directory `cargo metadata` names for tether-build is readable")
    })?;
    if theirs == ours {
        return Ok(());
    }
    let install = if app.registry {
        format!(
            "cargo install tether-build --version ={} --features cli --force",
            app.version
        )
    } else {
        format!(
            "cargo install --path {} --features cli --force",
            app.dir.display()
        )
    };
    Err(CliError::new(format!(
        "this `cargo tether` is tether-build {ours}, but the app builds with tether-build {theirs} \
         from {}: the two would write different documents and clients",
        app.dir.display()
    ))
    .help(format!(
        "install the command from the app's tether-build: `{install}`"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_registry_tether_build_is_the_locked_version_in_the_cache() {
        let tmp = tempfile::tempdir().unwrap();
        let (app, home) = (tmp.path().join("app"), tmp.path().join("cargo"));
        std::fs::create_dir_all(&app).unwrap();
        let lock = "version = 4\n\n[[package]]\nname = \"tether-build\"\nversion = \"0.3.1\"\n\
                    source = \"registry+https://github.com/rust-lang/crates.io-index\"\n";
        std::fs::write(app.join("Cargo.lock"), lock).unwrap();
        assert!(from_registry(&app, &home).is_none(), "not downloaded yet");
        let dir = home.join("registry/src/index.crates.io-1949cf8c6b5b557f/tether-build-0.3.1");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("Cargo.toml"), "").unwrap();
        let found = from_registry(&app, &home).unwrap();
        assert_eq!(
            (found.version.as_str(), found.dir, found.registry),
            ("0.3.1", dir, true)
        );
        // A git or path entry is not the registry's.
        std::fs::write(app.join("Cargo.lock"), lock.replace("registry+", "git+")).unwrap();
        assert!(from_registry(&app, &home).is_none());
    }
}
