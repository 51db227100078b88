//! OpenAPI generation (SPEC B): called from the app's `build.rs`,
//!
//! ```no_run
//! // build.rs, in `fn main`:
//! tether_build::generate();
//! ```
//!
//! reads `tether.toml`, walks the crate's sources, and writes every
//! configured document, only when its bytes changed. The global prefix and
//! versioning are read from `tether.toml` only, like `#[controller]` does,
//! so the served paths are the documented ones; outputs and schemas can
//! also be given in code:
//!
//! ```no_run
//! use tether_build::Builder;
//! use tether_build::config::{OpenApiOutput, OpenApiVersion};
//!
//! fn main() {
//!     Builder::from_env()
//!         .output(OpenApiOutput {
//!             output: "openapi.json".into(),
//!             title: Some("Bookstore".into()),
//!             openapi_version: OpenApiVersion::V3_1,
//!             ..Default::default()
//!         })
//!         .schema("geo::Point", serde_json::json!({"type": "array", "items": {"type": "number"}}))
//!         .generate();
//! }
//! ```

mod always_sent;
mod constraints;
mod dialect;
mod document;
mod errors;
mod naming;
mod operation;
mod schema;
mod security;
pub(crate) mod write;

pub use dialect::downgrade;
pub use document::PackageInfo;
pub use naming::{controller_key, lower_camel, method_key};

use crate::analysis::cfg::CfgEnv;
use crate::analysis::controllers::{read_controllers, FoundController};
use crate::analysis::diagnostics::{Diagnostic, Error};
use crate::analysis::index::CrateIndex;
use crate::analysis::modules::CrateSources;
use crate::analysis::overrides::parse_schema_text;
use crate::manifest::Manifest;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use syn::spanned::Spanned;
use tether_model::config::{Config, OpenApiOutput, VersioningSection, VersioningType, CONFIG_FILE};
use tether_model::controller::{neutral_beside, RouteModel};

/// Set to `1` by `cargo tether dev` for its `cargo build`: build.rs then
/// checks and generates in memory but writes nothing, and `dev` writes the
/// outputs once the build has succeeded, so a client never gets ahead of
/// the app that serves it.
pub const DEFER_WRITES_ENV: &str = "TETHER_DEFER_WRITES";

/// One document file of a run.
#[derive(Debug, Clone)]
pub struct WrittenDocument {
    /// Where it is (absolute when the crate root is).
    pub path: PathBuf,
    /// Whether this run wrote it (false: it already held these bytes).
    pub changed: bool,
    /// The document.
    pub document: Value,
    /// The output it belongs to.
    pub output: String,
}

/// What a run read and wrote.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Every file read: `tether.toml` and each source file.
    pub read: Vec<PathBuf>,
    /// Every document, in output order.
    pub documents: Vec<WrittenDocument>,
    /// Every TypeScript client of outputs with `[openapi.sdk]`.
    pub clients: Vec<WrittenSdk>,
    /// Files an earlier run wrote and this one no longer does (listed in
    /// `tether.generated`): deleted, or only found on a dry run.
    pub leftovers: Vec<PathBuf>,
}

/// One TypeScript client of a run.
#[derive(Debug, Clone)]
pub struct WrittenSdk {
    /// Its directory.
    pub dir: PathBuf,
    /// What was written, left alone and deleted.
    pub report: crate::sdk::WriteReport,
}

/// Settings of a run; [`generate`] is `Builder::from_env().generate()`.
#[derive(Debug, Clone, Default)]
pub struct Builder {
    manifest_dir: Option<PathBuf>,
    config_file: Option<PathBuf>,
    config: Option<Config>,
    output_dir: Option<PathBuf>,
    roots: Vec<PathBuf>,
    package: PackageInfo,
    cfg: CfgEnv,
    stated: BTreeMap<String, Value>,
    global_prefix: Option<String>,
    versioning: Option<VersioningSection>,
    outputs: Vec<OpenApiOutput>,
    cargo_directives: bool,
    cargo: Option<PathBuf>,
    dry_run: bool,
    /// Run from `build.rs`: the crate is compiled with the `[framework]` of
    /// its `tether.toml`, so the document must use the same.
    compiled_with_config: bool,
}

impl Builder {
    /// A builder that reads nothing from the environment: set
    /// [`Builder::manifest_dir`] before running.
    pub fn new() -> Self {
        Builder::default()
    }

    /// A builder for `build.rs`: the crate root, package name and version,
    /// enabled features and target from cargo's variables, and
    /// `cargo:rerun-if-changed` lines printed for what is read.
    pub fn from_env() -> Self {
        let env = |k: &str| std::env::var(k).ok();
        Builder {
            manifest_dir: env("CARGO_MANIFEST_DIR").map(PathBuf::from),
            package: PackageInfo {
                name: env("CARGO_PKG_NAME"),
                version: env("CARGO_PKG_VERSION"),
            },
            cfg: CfgEnv::from_build_env(),
            cargo_directives: true,
            cargo: Some(env("CARGO").map_or_else(|| PathBuf::from("cargo"), PathBuf::from)),
            compiled_with_config: true,
            dry_run: env(DEFER_WRITES_ENV).is_some_and(|v| v == "1"),
            ..Builder::default()
        }
    }

    /// The crate root (where `Cargo.toml` is).
    pub fn manifest_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.manifest_dir = Some(dir.into());
        self
    }

    /// Reads this file instead of looking for `tether.toml`.
    pub fn config_file(mut self, file: impl Into<PathBuf>) -> Self {
        self.config_file = Some(file.into());
        self
    }

    /// Uses these settings instead of reading `tether.toml`.
    pub fn config(mut self, config: Config) -> Self {
        self.config = Some(config);
        self
    }

    /// Where outputs are written (default: the crate root).
    pub fn output_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.output_dir = Some(dir.into());
        self
    }

    /// Reads the crate from this root file (repeatable) instead of
    /// `src/lib.rs` and `src/main.rs`.
    pub fn source_root(mut self, file: impl Into<PathBuf>) -> Self {
        self.roots.push(file.into());
        self
    }

    /// `info.title` / `info.version` defaults.
    pub fn package(mut self, name: impl Into<String>, version: impl Into<String>) -> Self {
        self.package = PackageInfo {
            name: Some(name.into()),
            version: Some(version.into()),
        };
        self
    }

    /// Refused when the run starts: `#[controller]` reads `[framework]
    /// global_prefix` from `tether.toml`, so a prefix set here would be in
    /// the document but not in the served paths.
    #[deprecated(
        note = "put `global_prefix = \"…\"` under `[framework]` in tether.toml: the controllers read it from there"
    )]
    pub fn global_prefix(mut self, prefix: impl Into<String>) -> Self {
        self.global_prefix = Some(prefix.into());
        self
    }

    /// Refused when the run starts, like [`Builder::global_prefix`]:
    /// versioning is read from `[framework.versioning]` of `tether.toml`.
    #[deprecated(
        note = "put `[framework.versioning]` in tether.toml: the controllers read it from there"
    )]
    pub fn versioning(mut self, kind: VersioningType, default_version: Option<&str>) -> Self {
        self.versioning = Some(VersioningSection {
            kind,
            default_version: default_version.map(str::to_string),
            prefix: None,
        });
        self
    }

    /// Adds an output; outputs given in code replace those of `tether.toml`.
    pub fn output(mut self, output: OpenApiOutput) -> Self {
        self.outputs.push(output);
        self
    }

    /// States the schema of a type tether-build cannot see into, by path
    /// (`"geo::Point"`) or name (`"Point"`); wins over `[schemas]`.
    pub fn schema(mut self, type_path: impl Into<String>, schema: Value) -> Self {
        self.stated.insert(type_path.into(), schema);
        self
    }

    /// Also reads the crate's path dependencies (other crates of the
    /// workspace), found with this `cargo`'s `cargo metadata`, so their
    /// types can be documented (on in [`Builder::from_env`]).
    pub fn follow_path_dependencies(mut self, cargo: impl Into<PathBuf>) -> Self {
        self.cargo = Some(cargo.into());
        self
    }

    /// Prints `cargo:rerun-if-changed` lines (on in [`Builder::from_env`]).
    pub fn cargo_directives(mut self, on: bool) -> Self {
        self.cargo_directives = on;
        self
    }

    /// Writes nothing: documents are built in memory (`changed` then says
    /// whether the file would change) and no client is generated, so the
    /// caller can compare or write them itself (`cargo tether --check`).
    pub fn dry_run(mut self, on: bool) -> Self {
        self.dry_run = on;
        self
    }

    /// Runs; on error prints compiler-style diagnostics and exits with
    /// status 1 so the build fails.
    pub fn generate(self) -> Report {
        match self.run() {
            Ok(report) => report,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        }
    }

    /// The settings of the run. The crate's own `tether.toml` is the one
    /// `#[controller]` embeds: it is in `read` even when it does not exist
    /// yet, so that creating it reruns build.rs.
    fn load_config(&self, root: &Path, read: &mut Vec<PathBuf>) -> Result<Config, Error> {
        let crate_config = root.join(CONFIG_FILE);
        let mut config = match (&self.config, &self.config_file) {
            (Some(c), _) => c.clone(),
            (None, Some(file)) => {
                read.push(file.clone());
                Config::load(file).map_err(config_error)?
            }
            (None, None) => {
                read.push(crate_config.clone());
                if crate_config.is_file() {
                    Config::load(&crate_config).map_err(config_error)?
                } else {
                    Config::default()
                }
            }
        };
        self.refuse_overrides(&crate_config)?;
        if self.compiled_with_config && (self.config.is_some() || self.config_file.is_some()) {
            check_served_framework(&config, &crate_config)?;
        }
        if !self.outputs.is_empty() {
            config.openapi = self.outputs.clone();
        }
        if config.openapi.is_empty() {
            config.openapi.push(OpenApiOutput {
                output: "openapi.json".into(),
                ..OpenApiOutput::default()
            });
        }
        Ok(config)
    }

    /// `Builder::global_prefix`/`versioning` would change the document and
    /// not the served paths: an error that says where the setting goes.
    fn refuse_overrides(&self, crate_config: &Path) -> Result<(), Error> {
        let mut errors = Vec::new();
        if let Some(p) = &self.global_prefix {
            errors.push(Diagnostic::in_file(Path::new("build.rs"), format!(
                "`Builder::global_prefix({p:?})` would change the document but not the served paths: `#[controller]` reads the prefix from tether.toml"
            )).with_help(format!("put `global_prefix = {p:?}` under `[framework]` in {} and remove the call", crate_config.display())));
        }
        if let Some(v) = &self.versioning {
            let kind = match v.kind {
                VersioningType::Uri => "URI",
                VersioningType::Header => "HEADER",
            };
            let default = v
                .default_version
                .as_ref()
                .map(|d| format!(", default_version = {d:?}"))
                .unwrap_or_default();
            errors.push(Diagnostic::in_file(Path::new("build.rs"), "`Builder::versioning(..)` would change the document but not the served paths: `#[controller]` reads versioning from tether.toml")
                .with_help(format!("put `[framework.versioning]` with `type = \"{kind}\"{default}` in {} and remove the call", crate_config.display())));
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(Error::many(errors))
        }
    }

    fn stated_schemas(
        &self,
        config: &Config,
        config_path: Option<&Path>,
    ) -> Result<BTreeMap<String, Value>, Error> {
        let mut stated = BTreeMap::new();
        let mut errors = Vec::new();
        for (name, text) in &config.schemas {
            match parse_schema_text(text) {
                Ok(v) => {
                    stated.insert(name.clone(), v);
                }
                Err(e) => errors.push(Diagnostic::in_file(
                    config_path.unwrap_or(Path::new(CONFIG_FILE)),
                    format!("key `schemas.\"{name}\"`: {e}"),
                )),
            }
        }
        stated.extend(self.stated.clone());
        if errors.is_empty() {
            Ok(stated)
        } else {
            Err(Error::many(errors))
        }
    }

    /// Reads the crate and writes every document; returns what was read
    /// and written, or every problem found.
    pub fn run(self) -> Result<Report, Error> {
        let root = self.manifest_dir.clone().ok_or_else(|| {
            Error::one(Diagnostic::in_file(Path::new("build.rs"), "CARGO_MANIFEST_DIR is not set; call `tether_build::generate()` from build.rs, or set `Builder::manifest_dir`"))
        })?;
        if self.cargo_directives {
            println!("cargo:rerun-if-env-changed={DEFER_WRITES_ENV}");
        }
        let mut read = Vec::new();
        let config = self.load_config(&root, &mut read)?;
        let stated = self.stated_schemas(&config, read.first().map(PathBuf::as_path))?;
        let roots = if self.roots.is_empty() {
            ["src/lib.rs", "src/main.rs"]
                .iter()
                .map(|r| root.join(r))
                .filter(|p| p.is_file())
                .collect()
        } else {
            self.roots.clone()
        };
        if roots.is_empty() {
            return Err(Error::one(Diagnostic::in_file(&root.join("src"), "found neither src/lib.rs nor src/main.rs").with_help("run tether-build from a crate with sources, or name the root with `Builder::source_root`")));
        }
        let deps = self.path_dependencies(&root);
        let sources =
            CrateSources::load_with_deps(&roots, self.package.name.as_deref(), &deps, &self.cfg);
        let sources = match sources {
            Ok(s) => s,
            Err(e) => {
                self.print_rerun(&read);
                return Err(e);
            }
        };
        read.extend(sources.files.iter().map(|f| f.path.clone()));
        self.print_rerun(&read);
        let index = CrateIndex::new(sources);
        let controllers = read_controllers(&index).map_err(Error::many)?;
        let framework = config.framework();
        check_neutral_routes(&index, &controllers, &framework)?;
        let schemes = &config.security.schemes;
        let unknown = security::unknown(&index, &controllers, schemes);
        if !unknown.is_empty() {
            return Err(Error::many(unknown));
        }
        let out_dir = self.output_dir.clone().unwrap_or_else(|| root.clone());
        let mut report = Report {
            read,
            documents: Vec::new(),
            clients: Vec::new(),
            leftovers: Vec::new(),
        };
        let mut errors = Vec::new();
        for output in &config.openapi {
            match document::build(
                &index,
                &controllers,
                &framework,
                schemes,
                output,
                &self.package,
                &stated,
            ) {
                Ok(built) => {
                    let mut written = Vec::new();
                    for b in built {
                        let path = out_dir.join(file_name(&output.output, b.suffix.as_deref()));
                        let bytes = write::to_bytes(&b.document);
                        let changed = if self.dry_run {
                            std::fs::read(&path).map_or(true, |old| old != bytes)
                        } else {
                            write::write_if_changed(&path, &bytes).map_err(|e| {
                                Error::one(Diagnostic::in_file(
                                    &path,
                                    format!("cannot write the OpenAPI document: {e}"),
                                ))
                            })?
                        };
                        written.push(WrittenDocument {
                            path,
                            changed,
                            document: b.document,
                            output: output.name.clone().unwrap_or_else(|| output.output.clone()),
                        });
                    }
                    if !self.dry_run {
                        report
                            .clients
                            .extend(write_sdk_for_output(output, &written, &root)?);
                    }
                    report.documents.extend(written);
                }
                Err(mut e) => errors.append(&mut e),
            }
        }
        if !errors.is_empty() {
            return Err(Error::many(errors));
        }
        if !self.dry_run {
            self.finish_outputs(&out_dir, &mut report)?;
        }
        Ok(report)
    }

    /// Deletes what earlier runs wrote and this one did not, records what
    /// it wrote in `tether.generated`, and watches every output so that a
    /// deleted one is written again by the next `cargo build`.
    fn finish_outputs(&self, out_dir: &Path, report: &mut Report) -> Result<(), Error> {
        let outputs = report.output_files();
        let manifest = Manifest::new(out_dir, outputs.iter().map(PathBuf::as_path));
        report.leftovers = manifest.leftovers(&Manifest::read(out_dir));
        let path = manifest.path();
        let fail = |e: std::io::Error| {
            Error::one(Diagnostic::in_file(
                &path,
                format!("cannot update the list of generated files: {e}"),
            ))
        };
        crate::manifest::remove(out_dir, &report.leftovers).map_err(fail)?;
        write::write_if_changed(&path, &manifest.to_bytes()).map_err(fail)?;
        let mut watched = outputs;
        watched.push(path.clone());
        self.print_rerun(&watched);
        Ok(())
    }

    /// Path dependencies to read; when cargo cannot tell, none (their
    /// types are then reported like any unknown foreign type).
    fn path_dependencies(&self, root: &Path) -> Vec<(String, PathBuf)> {
        let Some(cargo) = &self.cargo else {
            return Vec::new();
        };
        if !root.join("Cargo.toml").is_file() {
            return Vec::new();
        }
        match crate::analysis::workspace::path_dependencies(root, cargo) {
            Ok(deps) => deps
                .into_iter()
                .filter(|d| d.lib_root.is_file())
                .map(|d| (d.name, d.lib_root))
                .collect(),
            Err(e) => {
                if self.cargo_directives {
                    println!("cargo:warning=tether-build: types of path dependencies are not documented: {e}");
                }
                Vec::new()
            }
        }
    }

    fn print_rerun(&self, read: &[PathBuf]) {
        if self.cargo_directives {
            for path in read {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
}

impl Report {
    /// Every document and client file of the run.
    pub fn output_files(&self) -> Vec<PathBuf> {
        let documents = self.documents.iter().map(|d| d.path.clone());
        let clients = self.clients.iter().flat_map(|c| {
            let r = &c.report;
            r.written
                .iter()
                .chain(&r.unchanged)
                .map(|f| c.dir.join(f))
                .collect::<Vec<_>>()
        });
        documents.chain(clients).collect()
    }
}

/// A neutral route beside a versioned one on the same method and path
/// under HEADER versioning, in any two controllers: the error the runtime
/// gives at startup, at the neutral route.
fn check_neutral_routes(
    index: &CrateIndex,
    controllers: &[FoundController],
    framework: &tether_model::Framework,
) -> Result<(), Error> {
    let routes: Vec<(&FoundController, &RouteModel)> = controllers
        .iter()
        .flat_map(|c| c.model.routes.iter().map(move |r| (c, r)))
        .collect();
    let mut errors = Vec::new();
    for (i, (ca, a)) in routes.iter().enumerate() {
        for (cb, b) in &routes[i + 1..] {
            let Some(a_neutral) = neutral_beside(framework, (&ca.model, a), (&cb.model, b)) else {
                continue;
            };
            let ((cn, n), (co, o)) = if a_neutral {
                ((ca, a), (cb, b))
            } else {
                ((cb, b), (ca, a))
            };
            let label = |c: &FoundController, r: &RouteModel| {
                format!("{}::{}", c.model.type_name, r.fn_ident)
            };
            let message = tether_model::versioning::neutral_beside_versioned(
                &label(cn, n),
                &label(co, o),
                &format!("{} {}", a.method.as_str(), a.full_path),
            );
            errors.push(index.sources.diagnostic(cn.module, n.attr.span(), message));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(Error::many(errors))
    }
}

/// A `[framework]` given in code (`Builder::config`, `Builder::config_file`)
/// that differs from the crate's `tether.toml`, which `#[controller]`
/// embeds, would document paths the app does not serve.
fn check_served_framework(config: &Config, crate_config: &Path) -> Result<(), Error> {
    let served = if crate_config.is_file() {
        Config::load(crate_config).map_err(config_error)?.framework
    } else {
        Default::default()
    };
    if served == config.framework {
        return Ok(());
    }
    Err(Error::one(
        Diagnostic::in_file(crate_config, "the `[framework]` settings given to tether-build differ from this file's, which `#[controller]` compiles into the app: the document would describe paths the app does not serve")
            .with_help("keep `[framework]` (global_prefix, versioning) in the crate's tether.toml only"),
    ))
}

fn config_error(e: tether_model::config::ConfigError) -> Error {
    Error::one(Diagnostic::in_file(&e.file, e.message))
}

/// `openapi.json` + `v2` → `openapi.v2.json`.
pub fn file_name(output: &str, suffix: Option<&str>) -> String {
    let Some(suffix) = suffix else {
        return output.to_string();
    };
    let path = Path::new(output);
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    let name = match path.extension() {
        Some(ext) => format!("{stem}.{suffix}.{}", ext.to_string_lossy()),
        None => format!("{stem}.{suffix}"),
    };
    match path.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(dir) => dir.join(name).to_string_lossy().to_string(),
        None => name,
    }
}

/// The client directory of an output with `[openapi.sdk]`. It holds ONE
/// client even when HEADER versioning split the output into one document per
/// version: `client.v1.articles`, `client.v2.articles` (see
/// [`crate::sdk::generate_sdk_versions`]).
pub fn sdk_dir(output: &OpenApiOutput, crate_root: &Path) -> Option<PathBuf> {
    output.sdk.as_ref().map(|sdk| crate_root.join(&sdk.output))
}

/// Writes the TypeScript client of an output with `[openapi.sdk]` from the
/// document(s) just produced; files are written only when they change.
fn write_sdk_for_output(
    output: &OpenApiOutput,
    documents: &[WrittenDocument],
    crate_root: &Path,
) -> Result<Vec<WrittenSdk>, Error> {
    let Some(dir) = sdk_dir(output, crate_root) else {
        return Ok(Vec::new());
    };
    let fail = |e: crate::sdk::SdkError| {
        Error::one(Diagnostic::in_file(
            &dir,
            format!("cannot generate the TypeScript client: {e}"),
        ))
    };
    let docs: Vec<Value> = documents.iter().map(|d| d.document.clone()).collect();
    let options = output
        .sdk
        .as_ref()
        .map(|sdk| crate::sdk::SdkOptions::default().with_output(sdk))
        .unwrap_or_default();
    let files = crate::sdk::generate_sdk_versions(&docs, &options).map_err(fail)?;
    let report = crate::sdk::write_sdk(&dir, &files).map_err(fail)?;
    Ok(vec![WrittenSdk { dir, report }])
}

/// Generates every configured document from `build.rs`; on error prints
/// the diagnostics and fails the build.
///
/// ```no_run
/// // build.rs, in `fn main`:
/// tether_build::generate();
/// ```
pub fn generate() {
    Builder::from_env().generate();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn b2h_per_version_file_names() {
        assert_eq!(file_name("openapi.json", Some("v2")), "openapi.v2.json");
        assert_eq!(file_name("docs/api.json", Some("v10")), "docs/api.v10.json");
        assert_eq!(file_name("openapi", Some("v1")), "openapi.v1");
        assert_eq!(file_name("openapi.json", None), "openapi.json");
    }
}
