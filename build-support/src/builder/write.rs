//! The second step of a run: writes a [`BuildPlan`] (only files whose
//! bytes changed), each output's client, and `tether.generated`; on a dry
//! run only compares.

use super::plan::BuildPlan;
use super::{Builder, Report, WrittenDocument, WrittenSdk};
use crate::analysis::diagnostics::{Diagnostic, Error};
use crate::manifest::Manifest;
use crate::openapi::write;
use serde_json::Value;
use std::path::{Path, PathBuf};
use tether_model::config::OpenApiOutput;

impl Builder {
    /// Writes what `plan` holds; on a dry run, says what would change.
    pub(super) fn write(&self, plan: BuildPlan) -> Result<Report, Error> {
        let mut report = Report {
            read: plan.read,
            ..Report::default()
        };
        // Every client first, in memory: a client that cannot be generated
        // leaves every document and client on disk as it was.
        let mut clients = Vec::new();
        if !self.dry_run {
            for planned in &plan.outputs {
                let docs: Vec<Value> = planned
                    .documents
                    .iter()
                    .map(|d| d.document.clone())
                    .collect();
                clients.push(generate_sdk_for_output(&planned.output, &docs, &plan.root)?);
            }
        }
        let mut clients = clients.into_iter();
        for planned in plan.outputs {
            let output = &planned.output;
            let mut written = Vec::new();
            for doc in planned.documents {
                let changed = self.write_document(&doc.path, &doc.bytes)?;
                written.push(WrittenDocument {
                    path: doc.path,
                    changed,
                    document: doc.document,
                    output: output.name.clone().unwrap_or_else(|| output.output.clone()),
                });
            }
            if let Some(Some((dir, files))) = clients.next() {
                let report_of =
                    crate::sdk::write_sdk(&dir, &files).map_err(|e| sdk_error(&dir, e))?;
                report.clients.push(WrittenSdk {
                    dir,
                    report: report_of,
                });
            }
            report.documents.extend(written);
        }
        if !self.dry_run {
            self.finish_outputs(&plan.out_dir, &mut report)?;
        }
        Ok(report)
    }

    /// Whether the file at `path` changes (on a dry run: would change).
    fn write_document(&self, path: &Path, bytes: &[u8]) -> Result<bool, Error> {
        if self.dry_run {
            return Ok(std::fs::read(path).map_or(true, |old| old != bytes));
        }
        write::write_if_changed(path, bytes).map_err(|e| {
            Error::one(Diagnostic::in_file(
                path,
                format!("cannot write the OpenAPI document: {e}"),
            ))
        })
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
}

/// The client directory of an output with `[openapi.sdk]`. It holds ONE
/// client even when HEADER versioning split the output into one document per
/// version: `client.v1.articles`, `client.v2.articles` (see
/// [`crate::sdk::generate_sdk_versions`]).
pub fn sdk_dir(output: &OpenApiOutput, crate_root: &Path) -> Option<PathBuf> {
    output.sdk.as_ref().map(|sdk| crate_root.join(&sdk.output))
}

/// The client of `output` (its directory and files) from its documents,
/// `None` when it has no `[openapi.sdk]`.
fn generate_sdk_for_output(
    output: &OpenApiOutput,
    docs: &[Value],
    crate_root: &Path,
) -> Result<Option<(PathBuf, crate::sdk::SdkFiles)>, Error> {
    let Some(dir) = sdk_dir(output, crate_root) else {
        return Ok(None);
    };
    let options = output
        .sdk
        .as_ref()
        .map(|sdk| crate::sdk::SdkOptions::default().with_output(sdk))
        .unwrap_or_default();
    match crate::sdk::generate_sdk_versions(docs, &options) {
        Ok(files) => Ok(Some((dir, files))),
        Err(e) => Err(sdk_error(&dir, e)),
    }
}

fn sdk_error(dir: &Path, e: crate::sdk::SdkError) -> Error {
    Error::one(Diagnostic::in_file(
        dir,
        format!("cannot generate the TypeScript client: {e}"),
    ))
}
