//! One plan of what a run writes, shared by `build.rs`
//! ([`crate::builder`]) and `cargo tether` (`crate::cli`): every OpenAPI
//! document, every client of an output with `[openapi.sdk]`, and
//! `tether.generated` listing them, all built in memory first. Then
//! [`Plan::write`] writes only the files whose bytes changed and deletes
//! what an earlier run wrote and this one no longer does, or
//! [`Plan::stale`] lists what differs (`--check`).
//!
//! Each caller turns a [`PlanError`] into its own words: build.rs into a
//! diagnostic, the command line into an error with a `help:` line.

mod write;

use crate::manifest::Manifest;
use crate::sdk::{generate_sdk_versions, SdkError, SdkFiles, SdkOptions};
use serde_json::Value;
use std::fmt;
use std::path::{Path, PathBuf};
use tether_model::config::OpenApiOutput;

pub use write::Written;

/// Everything a run writes, in memory.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    /// Every file read to make it: `tether.toml` and each source file
    /// (empty for clients of documents on disk).
    pub read: Vec<PathBuf>,
    /// The outputs the documents belong to, in configuration order.
    pub outputs: Vec<OpenApiOutput>,
    /// The OpenAPI documents, in output order.
    pub documents: Vec<PlannedDocument>,
    /// The TypeScript clients, in output order.
    pub clients: Vec<PlannedClient>,
    /// `tether.generated` listing every planned file (none: the list on
    /// disk is left alone, as `cargo tether sdk` does).
    pub manifest: Option<Manifest>,
    /// Files the list on disk names that this plan no longer writes, still
    /// on disk and still generated: deleted by [`Plan::write`].
    pub leftovers: Vec<PathBuf>,
    /// What changed, compatibly, in the documents of released versions
    /// (their locks in `api/`): one line each, shown as warnings.
    pub released_notes: Vec<String>,
}

/// One OpenAPI document file.
#[derive(Debug, Clone)]
pub struct PlannedDocument {
    /// Where it goes.
    pub path: PathBuf,
    /// The document.
    pub document: Value,
    /// Its bytes as written.
    pub bytes: Vec<u8>,
    /// The output it belongs to (its `name`, else its file).
    pub output: String,
}

/// One TypeScript client.
#[derive(Debug, Clone)]
pub struct PlannedClient {
    /// Its directory.
    pub dir: PathBuf,
    /// Its files.
    pub files: SdkFiles,
    /// The document file(s) it comes from.
    pub sources: Vec<PathBuf>,
}

/// Why a plan could not be made, written or compared.
#[derive(Debug)]
pub enum PlanError {
    /// A client could not be generated from its documents.
    Generate {
        /// The client's directory.
        dir: PathBuf,
        /// The document file(s) it comes from.
        sources: Vec<PathBuf>,
        /// Why.
        error: SdkError,
    },
    /// A document could not be written.
    WriteDocument {
        /// The document's file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// A client could not be written.
    WriteClient {
        /// The client's directory.
        dir: PathBuf,
        /// Why.
        error: SdkError,
    },
    /// A client on disk could not be read to compare it.
    ReadClient {
        /// The client's directory.
        dir: PathBuf,
        /// Why.
        error: SdkError,
    },
    /// A leftover could not be deleted, or `tether.generated` written.
    Manifest {
        /// `tether.generated`.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::Generate { dir, error, .. } => write!(
                f,
                "{}: cannot generate the TypeScript client: {error}",
                dir.display()
            ),
            PlanError::WriteDocument { path, error } => write!(
                f,
                "{}: cannot write the OpenAPI document: {error}",
                path.display()
            ),
            PlanError::WriteClient { dir, error } => write!(
                f,
                "{}: cannot write the TypeScript client: {error}",
                dir.display()
            ),
            PlanError::ReadClient { dir, error } => write!(
                f,
                "{}: cannot read the TypeScript client: {error}",
                dir.display()
            ),
            PlanError::Manifest { path, error } => write!(
                f,
                "{}: cannot update the list of generated files: {error}",
                path.display()
            ),
        }
    }
}

impl std::error::Error for PlanError {}

/// The client directory of an output with `[openapi.sdk]`. It holds ONE
/// client even when HEADER versioning split the output into one document per
/// version: `client.v1.articles`, `client.v2.articles` (see
/// [`crate::sdk::generate_sdk_versions`]).
pub fn sdk_dir(output: &OpenApiOutput, crate_root: &Path) -> Option<PathBuf> {
    output.sdk.as_ref().map(|sdk| crate_root.join(&sdk.output))
}

/// The key [`PlannedDocument::output`] uses for an output.
fn output_key(output: &OpenApiOutput) -> String {
    output.name.clone().unwrap_or_else(|| output.output.clone())
}

impl PlannedDocument {
    /// The document of `output` at `path`, with the bytes it is written as.
    pub fn new(path: PathBuf, document: Value, output: &OpenApiOutput) -> Self {
        PlannedDocument {
            bytes: crate::openapi::write::to_bytes(&document),
            path,
            document,
            output: output_key(output),
        }
    }

    /// Whether the file on disk differs from these bytes (or is missing).
    pub fn differs(&self) -> bool {
        std::fs::read(&self.path).map_or(true, |old| old != self.bytes)
    }
}

impl PlannedClient {
    /// The client of `output` from its documents (`sources` their files),
    /// with `options` and the output's `[openapi.sdk]` table; `None` when it
    /// has no such table.
    pub fn generate(
        output: &OpenApiOutput,
        documents: &[&Value],
        sources: Vec<PathBuf>,
        crate_root: &Path,
        options: &SdkOptions,
    ) -> Result<Option<PlannedClient>, PlanError> {
        let Some(dir) = sdk_dir(output, crate_root) else {
            return Ok(None);
        };
        // One document (the usual case) is read in place: a copy of a large
        // one costs about as much as parsing it did.
        let several: Vec<Value>;
        let documents = match documents {
            [one] => std::slice::from_ref(*one),
            _ => {
                several = documents.iter().map(|d| (*d).clone()).collect();
                several.as_slice()
            }
        };
        let options = match &output.sdk {
            Some(sdk) => options.clone().with_output(sdk),
            None => options.clone(),
        };
        match generate_sdk_versions(documents, &options) {
            Ok(files) => Ok(Some(PlannedClient {
                dir,
                files,
                sources,
            })),
            Err(error) => Err(PlanError::Generate {
                dir,
                sources,
                error,
            }),
        }
    }
}

impl Plan {
    /// Adds the client of every output with `[openapi.sdk]`, from its
    /// planned documents, each directory relative to `crate_root`;
    /// `generated` sees each client as it is made (its warnings).
    pub fn add_clients(
        &mut self,
        crate_root: &Path,
        options: &SdkOptions,
        mut generated: impl FnMut(&PlannedClient),
    ) -> Result<(), PlanError> {
        for output in &self.outputs {
            let key = output_key(output);
            let docs: Vec<&PlannedDocument> =
                self.documents.iter().filter(|d| d.output == key).collect();
            let values: Vec<&Value> = docs.iter().map(|d| &d.document).collect();
            let sources = docs.iter().map(|d| d.path.clone()).collect();
            if let Some(client) =
                PlannedClient::generate(output, &values, sources, crate_root, options)?
            {
                generated(&client);
                self.clients.push(client);
            }
        }
        Ok(())
    }

    /// Plans `tether.generated` in `dir`, listing every planned file, and
    /// finds what earlier runs wrote that this plan no longer does.
    pub fn add_manifest(&mut self, dir: &Path) {
        let files = self.planned_files();
        let planned = Manifest::new(dir, files.iter().map(PathBuf::as_path));
        self.leftovers = planned.leftovers(&Manifest::read(dir));
        self.manifest = Some(planned);
    }

    /// Every file the plan writes: documents, then the clients' files.
    pub fn planned_files(&self) -> Vec<PathBuf> {
        let documents = self.documents.iter().map(|d| d.path.clone());
        let clients = self.clients.iter().flat_map(|c| {
            c.files
                .iter()
                .map(|(rel, _)| c.dir.join(rel))
                .collect::<Vec<_>>()
        });
        documents.chain(clients).collect()
    }
}
