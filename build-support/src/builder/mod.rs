//! The build.rs run (SPEC B, C): reads `tether.toml` and the crate and
//! builds every document in memory (`plan.rs`), then adds the clients and
//! `tether.generated` and writes them (`write.rs`), as one
//! [`crate::plan::Plan`], the same `cargo tether` writes. Called from the
//! app's `build.rs`,
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

mod config;
mod plan;
mod write;

pub use crate::plan::sdk_dir;

use crate::analysis::cfg::CfgEnv;
use crate::analysis::diagnostics::Error;
use crate::openapi::PackageInfo;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;
use tether_model::config::{Config, OpenApiOutput, VersioningSection, VersioningType};

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
    /// Leaves the locks of released versions unchecked (`cargo tether
    /// release`, which rewrites them).
    skip_locks: bool,
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

    /// Evaluates `#[cfg]` with this configuration (`cargo tether` passes
    /// the one `cargo build` compiles with; [`Builder::from_env`] reads
    /// cargo's variables; otherwise what cannot be known is true).
    pub fn cfg(mut self, cfg: CfgEnv) -> Self {
        self.cfg = cfg;
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

    /// Leaves the documents of released versions unchecked against their
    /// locks (`api/v1.json`), which a build checks by default.
    pub fn check_released(mut self, on: bool) -> Self {
        self.skip_locks = !on;
        self
    }

    /// Runs; on error prints compiler-style diagnostics and exits with
    /// status 1 so the build fails. Mistakes in controllers that the
    /// macros report at their span are left to rustc: the last outputs
    /// stay, a `cargo:warning` says so, and build.rs succeeds.
    pub fn generate(self) -> Report {
        let warn = self.cargo_directives;
        match self.run() {
            Ok(report) => report,
            Err(e) if warn && e.left_to_compiler() => {
                println!("cargo:warning={}", left_to_compiler_warning(&e));
                Report::default()
            }
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        }
    }

    /// Reads the crate and writes every document; returns what was read
    /// and written, or every problem found. Nothing is written unless
    /// every output was built.
    pub fn run(self) -> Result<Report, Error> {
        let (plan, root, out_dir) = self.plan_documents()?;
        self.write(plan, &root, &out_dir)
    }

    fn print_rerun(&self, read: &[PathBuf]) {
        if self.cargo_directives {
            for path in read {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
}

/// One line for cargo: the outputs were kept, and where rustc's own
/// error will point.
fn left_to_compiler_warning(e: &Error) -> String {
    let n = e.diagnostics.len();
    let first = e
        .diagnostics
        .first()
        .map(|d| d.location())
        .unwrap_or_default();
    format!(
        "tether-build: outputs not updated: the controllers have {n} error{} that rustc reports (first at {first})",
        if n == 1 { "" } else { "s" }
    )
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
