//! The second step of a run: adds each output's client and
//! `tether.generated` to the documents' [`Plan`], then writes it (only
//! files whose bytes changed); on a dry run only compares the documents.

use super::{Builder, Report, WrittenDocument, WrittenSdk};
use crate::analysis::diagnostics::{Diagnostic, Error};
use crate::plan::{Plan, PlanError, PlannedDocument};
use crate::sdk::SdkOptions;
use std::path::{Path, PathBuf};

impl Builder {
    /// Completes and writes the plan of [`Builder::plan_documents`]; on a
    /// dry run, says which documents would change.
    pub(super) fn write(
        &self,
        mut plan: Plan,
        root: &Path,
        out_dir: &Path,
    ) -> Result<Report, Error> {
        if self.dry_run {
            let documents = std::mem::take(&mut plan.documents).into_iter();
            return Ok(Report {
                documents: documents
                    .map(|d| {
                        let changed = d.differs();
                        written_document(d, changed)
                    })
                    .collect(),
                read: plan.read,
                ..Report::default()
            });
        }
        // Every client first, in memory: a client that cannot be generated
        // leaves every document and client on disk as it was.
        plan.add_clients(root, &SdkOptions::default(), |_| {})
            .map_err(diagnostic)?;
        plan.add_manifest(out_dir);
        let written = plan.write().map_err(diagnostic)?;
        let mut watched = plan.planned_files();
        watched.extend(plan.manifest.as_ref().map(|m| m.path()));
        // Watched so that a deleted output is written again by the next
        // `cargo build`.
        self.print_rerun(&watched);
        let Plan {
            read,
            documents,
            clients,
            ..
        } = plan;
        Ok(Report {
            documents: documents
                .into_iter()
                .zip(written.documents)
                .map(|(d, changed)| written_document(d, changed))
                .collect(),
            clients: clients
                .into_iter()
                .zip(written.clients)
                .map(|(c, report)| WrittenSdk { dir: c.dir, report })
                .collect(),
            leftovers: written.deleted,
            read,
        })
    }
}

fn written_document(d: PlannedDocument, changed: bool) -> WrittenDocument {
    WrittenDocument {
        path: d.path,
        changed,
        document: d.document,
        output: d.output,
    }
}

/// A failed plan as build.rs reports it: a diagnostic at the file.
fn diagnostic(e: PlanError) -> Error {
    let (at, message): (PathBuf, String) = match e {
        PlanError::Generate { dir, error, .. } | PlanError::WriteClient { dir, error } => (
            dir,
            format!("cannot generate the TypeScript client: {error}"),
        ),
        PlanError::ReadClient { dir, error } => {
            (dir, format!("cannot read the TypeScript client: {error}"))
        }
        PlanError::WriteDocument { path, error } => {
            (path, format!("cannot write the OpenAPI document: {error}"))
        }
        PlanError::Manifest { path, error } => (
            path,
            format!("cannot update the list of generated files: {error}"),
        ),
    };
    Error::one(Diagnostic::in_file(&at, message))
}
