//! Everything a command would write, built in memory first: then either
//! written (only files whose bytes changed) or compared (`--check`, D3).

use super::{CargoFlags, CliError, Progress, Project};
use crate::builder::{sdk_dir, WrittenDocument};
use crate::manifest::{self, Manifest};
use crate::openapi::{file_name, write};
use crate::sdk::{check_sdk, generate_sdk_versions, write_sdk, SdkFiles, SdkOptions};
use std::path::{Path, PathBuf};
use std::time::SystemTime;
use tether_model::config::{OpenApiOutput, SdkOutput};

/// One OpenAPI document to write.
#[derive(Debug, Clone)]
pub struct PlannedDocument {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
}

/// One TypeScript client to write.
#[derive(Debug, Clone)]
pub struct PlannedClient {
    pub dir: PathBuf,
    pub files: SdkFiles,
    /// The document(s) it comes from, as shown in the summary.
    pub from: String,
}

/// What a command writes.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    /// The OpenAPI documents.
    pub documents: Vec<PlannedDocument>,
    /// The TypeScript clients.
    pub clients: Vec<PlannedClient>,
    /// `tether.generated` listing every planned file (`cargo tether build`
    /// only: `sdk` leaves the list alone).
    pub manifest: Option<Manifest>,
    /// Files the manifest on disk lists that this plan no longer writes.
    pub leftovers: Vec<PathBuf>,
}

/// The outputs `tether-build` uses: the configured ones, else `openapi.json`.
pub(super) fn outputs(project: &Project) -> Vec<OpenApiOutput> {
    if project.config.openapi.is_empty() {
        vec![OpenApiOutput {
            output: "openapi.json".into(),
            ..OpenApiOutput::default()
        }]
    } else {
        project.config.openapi.clone()
    }
}

/// The key `WrittenDocument::output` uses for an output.
fn key(output: &OpenApiOutput) -> String {
    output.name.clone().unwrap_or_else(|| output.output.clone())
}

impl Plan {
    /// Every document from the sources, and every configured client from
    /// those documents (`cargo tether build`), with `#[cfg]` evaluated as
    /// `cargo build` with `flags` compiles the crate.
    pub fn from_sources(project: &Project, flags: &CargoFlags) -> Result<Plan, CliError> {
        let cfg = super::cfg::compiled_cfg(project, flags)?;
        let report = project.builder().cfg(cfg).run()?;
        let mut plan = Plan::default();
        for output in outputs(project) {
            let docs: Vec<WrittenDocument> = report
                .documents
                .iter()
                .filter(|d| d.output == key(&output))
                .cloned()
                .collect();
            plan.add_clients(&output, &docs, &project.crate_dir, &SdkOptions::default())?;
        }
        plan.documents = report
            .documents
            .iter()
            .map(|d| PlannedDocument {
                path: d.path.clone(),
                bytes: write::to_bytes(&d.document),
            })
            .collect();
        plan.plan_manifest(&project.crate_dir);
        Ok(plan)
    }

    /// Every file the plan writes, and what earlier runs wrote that it no
    /// longer does.
    fn plan_manifest(&mut self, dir: &Path) {
        let files = self.planned_files();
        let planned = Manifest::new(dir, files.iter().map(PathBuf::as_path));
        self.leftovers = planned.leftovers(&Manifest::read(dir));
        self.manifest = Some(planned);
    }

    /// Every file the plan writes: documents, then the clients' files.
    fn planned_files(&self) -> Vec<PathBuf> {
        let documents = self.documents.iter().map(|d| d.path.clone());
        let clients = self.clients.iter().flat_map(|c| {
            c.files
                .iter()
                .map(|(rel, _)| c.dir.join(rel))
                .collect::<Vec<_>>()
        });
        documents.chain(clients).collect()
    }

    /// The clients of `outputs` from their documents on disk (`cargo tether sdk`).
    pub fn from_documents(
        project: &Project,
        outputs: &[OpenApiOutput],
        options: &SdkOptions,
    ) -> Result<Plan, CliError> {
        let mut plan = Plan::default();
        for output in outputs {
            let docs = read_documents(&project.crate_dir, output)?;
            plan.add_clients(output, &docs, &project.crate_dir, options)?;
        }
        Ok(plan)
    }

    /// The client of one document file (`cargo tether sdk --input`).
    pub fn from_file(input: &Path, dir: &Path, options: &SdkOptions) -> Result<Plan, CliError> {
        let document = read_document(input)?;
        let output = OpenApiOutput {
            // No config: the options (`--zod`, `--tanstack-query`,
            // `--emit`) stand for its `[openapi.sdk]` table.
            sdk: Some(SdkOutput {
                output: dir.display().to_string(),
                emit: options.emit,
                tanstack_query: options.tanstack_query,
                zod: options.zod,
            }),
            ..OpenApiOutput::default()
        };
        let docs = [WrittenDocument {
            path: input.to_path_buf(),
            changed: false,
            document,
            output: String::new(),
        }];
        let mut plan = Plan::default();
        plan.add_clients(&output, &docs, Path::new(""), options)?;
        Ok(plan)
    }

    fn add_clients(
        &mut self,
        output: &OpenApiOutput,
        docs: &[WrittenDocument],
        crate_dir: &Path,
        options: &SdkOptions,
    ) -> Result<(), CliError> {
        let Some(dir) = sdk_dir(output, crate_dir) else {
            return Ok(());
        };
        let from: Vec<String> = docs.iter().map(|d| Project::show(&d.path)).collect();
        let from = from.join(", ");
        // One document (the usual case) is read in place: a copy of a large
        // one costs about as much as parsing it did.
        let several: Vec<serde_json::Value>;
        let documents = match docs {
            [one] => std::slice::from_ref(&one.document),
            _ => {
                several = docs.iter().map(|d| d.document.clone()).collect();
                several.as_slice()
            }
        };
        let options = match &output.sdk {
            Some(sdk) => options.clone().with_output(sdk),
            None => options.clone(),
        };
        let files = generate_sdk_versions(documents, &options).map_err(|e| {
            CliError::new(format!("cannot generate a client from {from}: {e}"))
            .help("the generator reads OpenAPI 3.0, 3.1 and 3.2 documents; fix the document or point at another one")
        })?;
        for warning in &files.warnings {
            eprintln!("warning: {from}: {warning}");
        }
        self.clients.push(PlannedClient { dir, files, from });
        Ok(())
    }

    /// Writes what changed; one summary line per document and client.
    pub fn write(&self) -> Result<Summary, CliError> {
        self.write_since(None)
    }

    /// As [`Plan::write`]; a file modified at or after `since` (by the
    /// build.rs of the `cargo build` that just ran) also counts as written.
    pub fn write_since(&self, since: Option<SystemTime>) -> Result<Summary, CliError> {
        let mut summary = Summary::default();
        for d in &self.documents {
            let changed = write::write_if_changed(&d.path, &d.bytes).map_err(|e| {
                CliError::new(format!("cannot write {}: {e}", d.path.display()))
                    .help("check that the directory is writable")
            })? || modified_since(&d.path, since);
            summary.lines.push(format!(
                "{} {}",
                if changed { "wrote    " } else { "unchanged" },
                Project::show(&d.path)
            ));
            summary.changed |= changed;
        }
        for c in &self.clients {
            let mut report = write_sdk(&c.dir, &c.files).map_err(|e| {
                CliError::new(format!(
                    "cannot write the client in {}: {e}",
                    c.dir.display()
                ))
                .help("check that the directory is writable and holds no symbolic links")
            })?;
            let (rewritten, unchanged) = std::mem::take(&mut report.unchanged)
                .into_iter()
                .partition(|rel| modified_since(&c.dir.join(rel), since));
            report.written.extend::<Vec<PathBuf>>(rewritten);
            report.unchanged = unchanged;
            let changed = !report.written.is_empty() || !report.deleted.is_empty();
            summary.changed |= changed;
            summary.lines.push(format!(
                "{} {}/ from {} ({} written, {} unchanged, {} deleted)",
                if changed { "wrote    " } else { "unchanged" },
                Project::show(&c.dir).trim_end_matches('/'),
                c.from,
                report.written.len(),
                report.unchanged.len(),
                report.deleted.len()
            ));
        }
        self.write_manifest(&mut summary)?;
        Ok(summary)
    }

    /// As [`Plan::write_since`], after a `cargo build` that began at
    /// `since`, whose build.rs deleted what it no longer writes: each of
    /// `generated_before` (the files `tether.generated` listed before the
    /// build) that is gone now and not planned is reported as deleted.
    pub fn write_after_build(
        &self,
        since: SystemTime,
        generated_before: &[PathBuf],
    ) -> Result<Summary, CliError> {
        let mut summary = self.write_since(Some(since))?;
        let planned = self.planned_files();
        for gone in generated_before {
            if gone.exists() || planned.contains(gone) || self.leftovers.contains(gone) {
                continue;
            }
            summary
                .lines
                .push(format!("deleted   {}", Project::show(gone)));
            summary.changed = true;
        }
        Ok(summary)
    }

    /// Deletes the leftovers and updates `tether.generated`.
    fn write_manifest(&self, summary: &mut Summary) -> Result<(), CliError> {
        let Some(m) = &self.manifest else {
            return Ok(());
        };
        let fail = |e: std::io::Error| {
            CliError::new(format!("cannot update {}: {e}", Project::show(&m.path())))
                .help("check that the directory is writable")
        };
        manifest::remove(m.base(), &self.leftovers).map_err(fail)?;
        for gone in &self.leftovers {
            summary
                .lines
                .push(format!("deleted   {}", Project::show(gone)));
            summary.changed = true;
        }
        write::write_if_changed(&m.path(), &m.to_bytes()).map_err(fail)?;
        Ok(())
    }

    /// The files that differ from what would be written (none: up to
    /// date), each once, with whether writing would delete it.
    pub fn stale(&self) -> Result<Vec<(PathBuf, bool)>, CliError> {
        let mut out: Vec<(PathBuf, bool)> = self
            .documents
            .iter()
            .filter(|d| std::fs::read(&d.path).map_or(true, |old| old != d.bytes))
            .map(|d| (d.path.clone(), false))
            .collect();
        for c in &self.clients {
            let stale = check_sdk(&c.dir, &c.files).map_err(|e| {
                CliError::new(format!(
                    "cannot read the client in {}: {e}",
                    c.dir.display()
                ))
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
        let mut seen = std::collections::BTreeSet::new();
        out.retain(|(p, _)| seen.insert(Project::show(p)));
        Ok(out)
    }

    /// `--check`: Ok when nothing is stale, else an error listing the files.
    pub fn check(&self, progress: &Progress, fix: &str) -> Result<(), CliError> {
        let stale = self.stale()?;
        if stale.is_empty() {
            let n = self.documents.len()
                + self
                    .clients
                    .iter()
                    .map(|c| c.files.files.len())
                    .sum::<usize>();
            progress.status("Checked", format_args!("{n} files, all up to date"));
            return Ok(());
        }
        let list: Vec<String> = stale
            .iter()
            .map(|(p, gone)| {
                let mark = if *gone { " (would be deleted)" } else { "" };
                format!("  {}{mark}", Project::show(p))
            })
            .collect();
        let (files, differ) = if stale.len() == 1 {
            ("file", "differs")
        } else {
            ("files", "differ")
        };
        Err(CliError::new(format!(
            "{} generated {files} {differ} from what the sources produce now:\n{}",
            stale.len(),
            list.join("\n")
        ))
        .help(format!("run `{fix}` and commit the result")))
    }
}

/// Whether `path` was modified at or after `since`.
fn modified_since(path: &Path, since: Option<SystemTime>) -> bool {
    let Some(since) = since else {
        return false;
    };
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .is_ok_and(|m| m >= since)
}

/// What `Plan::write` did, one line per document and client.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    pub lines: Vec<String>,
    pub changed: bool,
}

impl Summary {
    /// The summary on stdout, unless `-q`.
    pub fn print(&self, progress: &Progress) {
        if !progress.is_quiet() {
            for line in &self.lines {
                println!("{line}");
            }
        }
    }
}

/// The document(s) of an output on disk: `output` itself, or the
/// per-version files (`openapi.v1.json`, …) HEADER versioning splits it in.
fn read_documents(
    crate_dir: &Path,
    output: &OpenApiOutput,
) -> Result<Vec<WrittenDocument>, CliError> {
    let main = crate_dir.join(&output.output);
    let mut paths = vec![];
    if main.is_file() {
        paths.push(main.clone());
    } else {
        paths = per_version_files(crate_dir, &output.output);
    }
    if paths.is_empty() {
        return Err(CliError::new(format!(
            "cannot read the OpenAPI document {}: no such file",
            Project::show(&main)
        ))
        .help("write it first with `cargo tether build` (or `cargo build`, whose build.rs writes it), or give a document with --input FILE"));
    }
    paths
        .into_iter()
        .map(|path| {
            Ok(WrittenDocument {
                document: read_document(&path)?,
                changed: false,
                output: key(output),
                path,
            })
        })
        .collect()
}

/// `openapi.v1.json`, `openapi.v2.json`, … next to `openapi.json`, in version order.
fn per_version_files(crate_dir: &Path, output: &str) -> Vec<PathBuf> {
    let pattern = file_name(output, Some("\u{0}"));
    let (before, after) = pattern.split_once('\u{0}').unwrap_or((&pattern, ""));
    let full = crate_dir.join(before);
    let (Some(dir), Some(prefix)) = (full.parent(), full.file_name()) else {
        return Vec::new();
    };
    let prefix = prefix.to_string_lossy().to_string();
    let mut found: Vec<(String, PathBuf)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            let middle = name.strip_prefix(&prefix)?.strip_suffix(after)?;
            let version = middle.strip_prefix('v')?.to_string();
            Some((version, e.path()))
        })
        .collect();
    found.sort_by(|a, b| tether_model::compare_versions(&a.0, &b.0));
    found.into_iter().map(|(_, p)| p).collect()
}

/// A JSON or YAML OpenAPI document.
fn read_document(path: &Path) -> Result<serde_json::Value, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        CliError::new(format!(
            "cannot read the OpenAPI document {}: {e}",
            Project::show(path)
        ))
        .help("check the path; `cargo tether build` writes the documents tether.toml configures")
    })?;
    let yaml = path.extension().is_some_and(|e| e == "yaml" || e == "yml");
    let parsed = if yaml {
        read_yaml(&text)
    } else {
        serde_json::from_str(&text).or_else(|json_err| {
            // Not JSON: YAML is a superset, so try it before giving up.
            read_yaml(&text).map_err(|_| json_err.to_string())
        })
    };
    parsed.map_err(|e| {
        let format = if yaml { "YAML" } else { "JSON (nor as YAML)" };
        CliError::new(format!(
            "cannot parse {} as {format}: {e}",
            Project::show(path)
        ))
        .help("fix the syntax at the place named above; the generator reads OpenAPI 3.x documents in JSON or YAML (.yaml/.yml)")
    })
}

/// YAML, with integers beyond 64 bits taken as floats (JSON Schema allows them).
fn read_yaml(text: &str) -> Result<serde_json::Value, String> {
    crate::sdk::lenient_value(serde_norway::Deserializer::from_str(text)).map_err(|e| e.to_string())
}
