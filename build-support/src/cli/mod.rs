//! `cargo tether` (SPEC D): `sdk`, `build` and `dev` over the same library
//! `build.rs` uses. The binary (`src/bin/cargo-tether.rs`) only parses the
//! arguments with [`Cli`] and calls [`run`], so every command is testable.
//!
//! Every command generates everything in memory first ([`crate::plan`])
//! and writes only when all of it succeeded, so an error never leaves half
//! a client.

mod build;
mod cargo;
mod cfg;
mod dev;
mod diff;
mod new;
mod plan;
mod project;
mod release;
mod sdk;
mod signals;

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::fmt;
use std::path::PathBuf;
use std::time::Instant;

pub use crate::plan::Plan;
pub use new::{invalid_name, NewProject, TetherSource};
pub use project::Project;

/// `cargo tether`: OpenAPI documents and TypeScript clients of a tether app.
#[derive(Debug, Parser)]
#[command(
    name = "cargo-tether",
    bin_name = "cargo tether",
    version,
    about = "OpenAPI documents and TypeScript clients of a tether app (build, sdk, dev, diff, new)",
    after_help = "Examples:
  cargo tether build                      compile, then write every document and client
  cargo tether build --release -p api     the same for one workspace member, in release
  cargo tether build --check              CI: fail when committed documents or clients are stale
  cargo tether sdk                        regenerate clients from the existing documents
  cargo tether sdk --name admin -o web/   only the `admin` output, into web/
  cargo tether sdk -i openapi.yaml -o sdk any OpenAPI 3.x document (JSON or YAML), no config
  cargo tether dev --runtime per-core     run, watch, regenerate and restart on change
  cargo tether diff --base v1 openapi.json   changes since tag v1, breaking first (exit 1 if any)
  cargo tether release 1                  freeze API version 1: later builds fail when it breaks
  cargo tether new my-api --sqlite        a new project: one controller, its tests, a web/ client

Installed with `cargo install --path build-support --features cli`; from a checkout
of tether, `cargo run -p tether-build --features cli --bin cargo-tether -- <command>`
does the same."
)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Regenerate TypeScript clients from OpenAPI documents.
    #[command(after_help = "Examples:
  cargo tether sdk                               every output with [openapi.sdk]
  cargo tether sdk --name public                 only the output named `public`
  cargo tether sdk --name public --output web/   ... into web/ instead of its sdk.output
  cargo tether sdk --config ../api/tether.toml   settings from another file
  cargo tether sdk --input api.yaml --output sdk someone else's API, no tether.toml needed
  cargo tether sdk -i api.yaml -o sdk --zod --tanstack-query   ... with zod.ts and queries.ts
  cargo tether sdk --check                       exit 1, listing stale files, without writing")]
    Sdk(SdkArgs),
    /// Compile the app, then write every OpenAPI document and client.
    #[command(after_help = "Examples:
  cargo tether build                    cargo build, then documents and clients, with a summary
  cargo tether build --release -p api   flags of cargo build are passed through
  cargo tether build -- --locked        so is anything after `--`
  cargo tether build --check            no compile, no write: exit 1 listing stale files")]
    Build(BuildArgs),
    /// Build and run the app; on change regenerate, rebuild and restart.
    #[command(after_help = "Examples:
  cargo tether dev                          runtime from tether.toml (default multi-thread)
  cargo tether dev --runtime per-core       one single-threaded runtime per core
  cargo tether dev -p api -- --port 8080    arguments after `--` go to the app

The app gets TETHER_RUNTIME (the flag, else TETHER_RUNTIME, else `runtime` in
tether.toml) and RUST_BACKTRACE=1 unless set. Watched: src/, tether.toml,
Cargo.toml and build.rs.")]
    Dev(DevArgs),
    /// Compare two OpenAPI documents and list every change, breaking first.
    #[command(after_help = "Examples:
  cargo tether diff old.json new.json                 changes as rustc-like diagnostics
  cargo tether diff old.json new.json --format markdown   a changelog for release notes
  cargo tether diff --base v1.2.0 openapi.json        the committed copy at tag v1.2.0 vs the file
  cargo tether diff --base main                       every document of tether.toml vs its copy in main
  cargo tether diff a.yaml b.yaml --fail-on possibly  CI: exit 1 on possibly breaking changes too

Exit status: 0, 1 when a change at or above --fail-on is found, 2 when a
document cannot be read or is not OpenAPI 3.x.")]
    Diff(DiffArgs),
    /// Release an API version: lock its document (`api/v1.json`) so that
    /// builds fail when it changes in a breaking way.
    #[command(after_help = "Examples:
  cargo tether release 1            write api/v1.json, the document of version 1 as it is now
  cargo tether release 1            again, after compatible additions: records them
  cargo tether release 1 --force    accept breaking changes to version 1 (its clients break)

The document of a released version holds the routes of that version and the
neutral and unversioned ones. `cargo build` and `cargo tether build --check`
compare it with the lock: a breaking change fails at the source line that
made it; a compatible one is reported as a warning until released again.")]
    Release(ReleaseArgs),
    /// Create a project: an app with one controller, its tests, and a
    /// TypeScript package calling it through the generated client.
    #[command(after_help = "Examples:
  cargo tether new my-api                      in ./my-api: Cargo.toml, tether.toml, build.rs, src/, tests/, web/
  cargo tether new my-api --versioning uri     routes under /api/v1 (`--versioning header`: X-API-Version)
  cargo tether new my-api --sqlite             notes in SQLite (rusqlite, bundled) instead of memory
  cargo tether new my-api --tether-version 0.1 tether from crates.io instead of this checkout

Then: cd my-api && cargo test && cargo run, and with the app running,
cd web && npm install && npm test.")]
    New(NewArgs),
}

/// `cargo tether release`.
#[derive(Debug, Clone, Args)]
pub struct ReleaseArgs {
    /// The API version to release, as in `#[version("1")]`.
    #[arg(value_name = "VERSION")]
    pub version: String,
    /// Overwrite a lock even when the version changed in a breaking way.
    #[arg(long)]
    pub force: bool,
    /// The crate (`-p`, `--manifest-path`).
    #[command(flatten)]
    pub target: Target,
}

/// `cargo tether new`.
#[derive(Debug, Clone, Args)]
pub struct NewArgs {
    /// The new directory; its name is the package's, unless --name says.
    #[arg(value_name = "PATH")]
    pub path: PathBuf,
    /// The package's name (default: the directory's).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// Version the routes: in the path (`/api/v1/…`) or in a header.
    #[arg(long, value_enum, value_name = "KIND")]
    pub versioning: Option<VersioningArg>,
    /// Keep the notes in SQLite (rusqlite, SQLite compiled in).
    #[arg(long)]
    pub sqlite: bool,
    /// Depend on tether's crates by this version requirement, not on the
    /// checkout this `cargo tether` was built from.
    #[arg(long, value_name = "V")]
    pub tether_version: Option<String>,
    /// Print only errors.
    #[arg(short, long)]
    pub quiet: bool,
}

/// `--versioning` of `new`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VersioningArg {
    /// `/api/v1/notes`.
    Uri,
    /// `/api/notes` with `X-API-Version: 1`.
    Header,
}

/// `cargo tether diff`.
#[derive(Debug, Clone, Args)]
pub struct DiffArgs {
    /// OLD NEW; with --base, one document PATH, or none for every document
    /// of the crate's tether.toml.
    #[arg(value_name = "DOCUMENT", num_args = 0..=2, required_unless_present = "base")]
    pub documents: Vec<PathBuf>,
    /// Read the old document from this git revision (`git show REF:PATH`).
    #[arg(long, value_name = "REF")]
    pub base: Option<String>,
    /// How to print the changes.
    #[arg(long, value_enum, default_value_t = DiffFormat::Text)]
    pub format: DiffFormat,
    /// Exit 1 when a change at or above this level is found.
    #[arg(long, value_enum, default_value_t = FailOn::Breaking)]
    pub fail_on: FailOn,
}

/// `--format` of `diff`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DiffFormat {
    /// `error[rule]: …` diagnostics, as rustc prints them.
    Text,
    /// A changelog grouped by level.
    Markdown,
    /// `{"summary", "changes": [{"level", "rule", "operation", "location", "pointer", "message"}]}`.
    Json,
}

/// `--fail-on` of `diff`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    /// Breaking changes only.
    Breaking,
    /// Breaking and possibly breaking changes.
    Possibly,
}

/// Which crate and settings a command works on.
#[derive(Debug, Clone, Default, Args)]
pub struct Target {
    /// The config file (default: the nearest `tether.toml` up from the current directory).
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// The workspace member to work on (as `cargo build -p`).
    #[arg(short = 'p', long, value_name = "SPEC")]
    pub package: Option<String>,
    /// Print only errors.
    #[arg(short, long)]
    pub quiet: bool,
}

/// `cargo tether sdk`.
#[derive(Debug, Clone, Default, Args)]
pub struct SdkArgs {
    /// Only the output with this `name` (default: every output with `[openapi.sdk]`).
    #[arg(long, value_name = "N", conflicts_with = "input")]
    pub name: Option<String>,
    /// The client's directory, instead of `[openapi.sdk] output`.
    #[arg(short, long, value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// Generate from this OpenAPI document (JSON or YAML) instead of the configured ones.
    #[arg(short, long, value_name = "FILE", requires = "output", conflicts_with_all = ["config", "package"])]
    pub input: Option<PathBuf>,
    /// Write nothing; exit 1 listing the files that differ.
    #[arg(long)]
    pub check: bool,
    /// How generated files import each other.
    #[arg(long, value_enum, default_value_t = ImportExt::Js)]
    pub import_extension: ImportExt,
    /// With --input: also `zod.ts`, zod 4 schemas and the client's validator
    /// (`[openapi.sdk] zod = true` for the configured outputs).
    #[arg(long)]
    pub zod: bool,
    /// With --input: also `queries.ts`, TanStack Query options and keys
    /// (`[openapi.sdk] tanstack_query = true` for the configured outputs).
    #[arg(long)]
    pub tanstack_query: bool,
    /// With --input: TypeScript sources (the default), or compiled `.js`
    /// with `.d.ts` (`[openapi.sdk] emit` for the configured outputs).
    #[arg(long, value_enum)]
    pub emit: Option<Emit>,
    /// The crate (`-p`, `--manifest-path`).
    #[command(flatten)]
    pub target: Target,
}

/// `--emit`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum Emit {
    /// `.ts` sources, for a project that compiles them itself.
    #[default]
    Ts,
    /// `.js` ES modules and `.d.ts` declarations: no compile step.
    Js,
}

/// `--import-extension`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum ImportExt {
    /// `./client.js` (NodeNext, Node16, Bundler).
    #[default]
    Js,
    /// `./client.ts` (Deno, allowImportingTsExtensions).
    Ts,
    /// `./client` (bundlers, moduleResolution node10).
    None,
}

/// The `cargo build` flags `build` and `dev` pass through.
#[derive(Debug, Clone, Default, Args)]
pub struct CargoFlags {
    /// Build in release mode.
    #[arg(short, long)]
    pub release: bool,
    /// Build with this profile.
    #[arg(long, value_name = "NAME")]
    pub profile: Option<String>,
    /// Features to enable (space or comma separated).
    #[arg(short = 'F', long, value_name = "FEATURES")]
    pub features: Vec<String>,
    /// Enable every feature.
    #[arg(long)]
    pub all_features: bool,
    /// Do not enable the default feature.
    #[arg(long)]
    pub no_default_features: bool,
    /// Build for this target triple.
    #[arg(long, value_name = "TRIPLE")]
    pub target: Option<String>,
    /// The binary to build (and run, for `dev`).
    #[arg(long, value_name = "NAME")]
    pub bin: Option<String>,
}

/// `cargo tether build`.
#[derive(Debug, Clone, Default, Args)]
pub struct BuildArgs {
    /// Compile nothing, write nothing; exit 1 listing stale documents and clients.
    #[arg(long)]
    pub check: bool,
    /// Flags passed on to `cargo build`.
    #[command(flatten)]
    pub cargo: CargoFlags,
    /// The crate (`-p`, `--manifest-path`).
    #[command(flatten)]
    pub target: Target,
    /// More arguments for `cargo build`.
    #[arg(last = true, value_name = "CARGO_ARGS")]
    pub cargo_args: Vec<String>,
}

/// `cargo tether dev`.
#[derive(Debug, Clone, Default, Args)]
pub struct DevArgs {
    /// The runtime of the app; wins over `runtime` in tether.toml.
    #[arg(long, value_enum)]
    pub runtime: Option<RuntimeArg>,
    /// Flags passed on to `cargo build`.
    #[command(flatten)]
    pub cargo: CargoFlags,
    /// The crate (`-p`, `--manifest-path`).
    #[command(flatten)]
    pub target: Target,
    /// Arguments for the app.
    #[arg(last = true, value_name = "APP_ARGS")]
    pub app_args: Vec<String>,
}

/// `--runtime`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RuntimeArg {
    /// tokio's multi-threaded runtime.
    MultiThread,
    /// One single-threaded runtime per core.
    PerCore,
}

/// A failed command: what went wrong, how to fix it, the exit code.
#[derive(Debug)]
pub struct CliError {
    /// What went wrong.
    pub message: String,
    /// How to fix it, printed as `help:`.
    pub help: Option<String>,
    /// The exit status.
    pub code: i32,
}

impl CliError {
    /// An error with exit status 1.
    pub fn new(message: impl Into<String>) -> Self {
        CliError {
            message: message.into(),
            help: None,
            code: 1,
        }
    }

    /// Adds the `help:` line.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Diagnostics of tether-build already start with `error`.
        if self.message.starts_with("error") {
            write!(f, "{}", self.message)?;
        } else {
            write!(f, "error: {}", self.message)?;
        }
        if let Some(help) = &self.help {
            write!(f, "\nhelp: {help}")?;
        }
        Ok(())
    }
}

impl std::error::Error for CliError {}

impl From<crate::Error> for CliError {
    fn from(e: crate::Error) -> Self {
        CliError::new(e.to_string().trim_end().to_string())
    }
}

/// Status lines on stderr (cargo's style), silent with `-q`.
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    quiet: bool,
}

impl Progress {
    /// Progress lines on stderr, none when `quiet`.
    pub fn new(quiet: bool) -> Self {
        Progress { quiet }
    }

    /// `   Verb message`, verb right-aligned like cargo's.
    pub fn status(&self, verb: &str, message: impl fmt::Display) {
        if !self.quiet {
            eprintln!("{verb:>12} {message}");
        }
    }

    /// Runs `f`; when it succeeds reports `verb message (1.23s)`.
    pub fn timed<T, E>(
        &self,
        verb: &str,
        message: impl fmt::Display,
        f: impl FnOnce() -> Result<T, E>,
    ) -> Result<T, E> {
        let start = Instant::now();
        let out = f()?;
        self.status(verb, format_args!("{message} ({})", elapsed(start)));
        Ok(out)
    }

    /// Whether progress lines are left out.
    pub fn is_quiet(&self) -> bool {
        self.quiet
    }
}

/// `0.42s`, `12ms`.
pub fn elapsed(start: Instant) -> String {
    let d = start.elapsed();
    if d.as_millis() < 1000 {
        format!("{}ms", d.as_millis())
    } else {
        format!("{:.2}s", d.as_secs_f64())
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Sdk(args) => sdk::run(&args),
        Command::Build(args) => build::run(&args),
        Command::Dev(args) => dev::run(&args),
        Command::Diff(args) => diff::run(&args),
        Command::Release(args) => release::run(&args),
        Command::New(args) => new::run(&args),
    }
}

/// The arguments without the `tether` cargo inserts when it runs
/// `cargo-tether` for `cargo tether …`.
pub fn args_from(mut args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    if args.get(1).is_some_and(|a| a == "tether") {
        args.remove(1);
    }
    args
}
