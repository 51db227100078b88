//! A [`Plan`] on disk: written (only the files whose bytes changed, so an
//! unchanged run leaves every file and its mtime alone), or compared with
//! what is there (`--check`).

use super::{Plan, PlanError};
use crate::manifest;
use crate::openapi::write::write_if_changed;
use crate::sdk::{check_sdk, write_sdk, WriteReport};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// What [`Plan::write`] did.
#[derive(Debug, Clone, Default)]
pub struct Written {
    /// For each planned document, in order: whether it was written (false:
    /// it already held these bytes).
    pub documents: Vec<bool>,
    /// For each planned client, in order: what was written, left alone and
    /// deleted.
    pub clients: Vec<WriteReport>,
    /// The leftovers deleted: those of [`Plan::leftovers`] that writing the
    /// clients had not already deleted (none without a manifest).
    pub deleted: Vec<PathBuf>,
}

impl Plan {
    /// Writes every document, then every client, then deletes the
    /// leftovers and updates `tether.generated` (with a manifest only);
    /// each file only when its bytes changed.
    pub fn write(&self) -> Result<Written, PlanError> {
        let mut written = Written::default();
        for d in &self.documents {
            let changed =
                write_if_changed(&d.path, &d.bytes).map_err(|error| PlanError::WriteDocument {
                    path: d.path.clone(),
                    error,
                })?;
            written.documents.push(changed);
        }
        for c in &self.clients {
            let report = write_sdk(&c.dir, &c.files).map_err(|error| PlanError::WriteClient {
                dir: c.dir.clone(),
                error,
            })?;
            written.clients.push(report);
        }
        if let Some(m) = &self.manifest {
            let fail = |error| PlanError::Manifest {
                path: m.path(),
                error,
            };
            // A client's stale files went with the client: not twice.
            written.deleted = self
                .leftovers
                .iter()
                .filter(|p| p.exists())
                .cloned()
                .collect();
            manifest::remove(m.base(), &written.deleted).map_err(fail)?;
            write_if_changed(&m.path(), &m.to_bytes()).map_err(fail)?;
        }
        Ok(written)
    }

    /// The files that differ from what [`Plan::write`] would write (none:
    /// up to date), each once, with whether writing would delete it.
    pub fn stale(&self) -> Result<Vec<(PathBuf, bool)>, PlanError> {
        let mut out: Vec<(PathBuf, bool)> = self
            .documents
            .iter()
            .filter(|d| d.differs())
            .map(|d| (d.path.clone(), false))
            .collect();
        for c in &self.clients {
            let stale = check_sdk(&c.dir, &c.files).map_err(|error| PlanError::ReadClient {
                dir: c.dir.clone(),
                error,
            })?;
            // A generated file the client no longer has is listed with the
            // rest: writing deletes it.
            out.extend(stale.into_iter().map(|rel| {
                let gone = c
                    .files
                    .get(&rel.to_string_lossy().replace('\\', "/"))
                    .is_none();
                (c.dir.join(rel), gone)
            }));
        }
        out.extend(self.leftovers.iter().map(|p| (p.clone(), true)));
        if let Some(m) = &self.manifest {
            if std::fs::read(m.path()).map_or(true, |old| old != m.to_bytes()) {
                out.push((m.path(), false));
            }
        }
        // The manifest's leftovers include the clients' files that are
        // gone: one line each.
        let mut seen = BTreeSet::new();
        out.retain(|(p, _)| seen.insert(p.clone()));
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use crate::manifest::MANIFEST_FILE;
    use crate::plan::{Plan, PlannedClient};
    use crate::sdk::{SdkFiles, GENERATED_MARKER};
    use std::path::{Path, PathBuf};

    fn client(dir: &Path, names: &[&str]) -> PlannedClient {
        let files = names
            .iter()
            .map(|n| (n.to_string(), format!("{GENERATED_MARKER}\n// {n}\n")))
            .collect();
        PlannedClient {
            dir: dir.to_path_buf(),
            files: SdkFiles {
                files,
                warnings: Vec::new(),
            },
            sources: Vec::new(),
        }
    }

    #[test]
    fn d3_a_client_file_no_longer_generated_is_deleted_once() {
        let tmp = tempfile::tempdir().unwrap();
        let base = tmp.path();
        let sdk = base.join("sdk");
        let mut first = Plan {
            clients: vec![client(&sdk, &["index.ts", "old/index.ts"])],
            ..Plan::default()
        };
        first.add_manifest(base);
        first.write().unwrap();
        // The next run no longer has `old/`: listed in tether.generated, and
        // a stale file of the client's directory.
        let mut second = Plan {
            clients: vec![client(&sdk, &["index.ts"])],
            ..Plan::default()
        };
        second.add_manifest(base);
        assert_eq!(second.leftovers, [sdk.join("old/index.ts")]);
        let written = second.write().unwrap();
        assert_eq!(written.clients[0].deleted, [PathBuf::from("old/index.ts")]);
        assert!(written.deleted.is_empty(), "{:?}", written.deleted);
        assert!(!sdk.join("old").exists());
        let listed = std::fs::read_to_string(base.join(MANIFEST_FILE)).unwrap();
        assert!(listed.ends_with("\nsdk/index.ts\n"), "{listed}");
    }
}
