//! What a command writes, as the shared [`Plan`] (the one build.rs
//! writes too): documents and clients from the sources (`build`, `dev`),
//! clients from documents on disk (`sdk`); then written, with one summary
//! line per document and client, or compared (`--check`, D3).

use super::{CargoFlags, CliError, Progress, Project};
use crate::openapi::file_name;
use crate::plan::{Plan, PlanError, PlannedClient};
use crate::sdk::SdkOptions;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::SystemTime;
use tether_model::config::{OpenApiOutput, SdkOutput};

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

/// Every document from the sources, every configured client from those
/// documents and `tether.generated` (`cargo tether build`, `dev`), with
/// `#[cfg]` evaluated as `cargo build` with `flags` compiles the crate.
pub(super) fn from_sources(project: &Project, flags: &CargoFlags) -> Result<Plan, CliError> {
    let cfg = super::cfg::compiled_cfg(project, flags)?;
    let (mut plan, _, _) = project.builder().cfg(cfg).plan_documents()?;
    for note in &plan.released_notes {
        eprintln!("warning: {note}");
    }
    plan.add_clients(&project.crate_dir, &SdkOptions::default(), warn)?;
    plan.add_manifest(&project.crate_dir);
    Ok(plan)
}

/// The clients of `outputs` from their documents on disk (`cargo tether sdk`).
pub(super) fn from_documents(
    project: &Project,
    outputs: &[OpenApiOutput],
    options: &SdkOptions,
) -> Result<Plan, CliError> {
    let mut plan = Plan::default();
    for output in outputs {
        let (paths, docs) = read_documents(&project.crate_dir, output)?;
        let docs: Vec<&Value> = docs.iter().collect();
        add_client(&mut plan, output, &docs, paths, &project.crate_dir, options)?;
    }
    Ok(plan)
}

/// The client of one document file (`cargo tether sdk --input`).
pub(super) fn from_file(input: &Path, dir: &Path, options: &SdkOptions) -> Result<Plan, CliError> {
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
    let mut plan = Plan::default();
    let sources = vec![input.to_path_buf()];
    add_client(
        &mut plan,
        &output,
        &[&document],
        sources,
        Path::new(""),
        options,
    )?;
    Ok(plan)
}

fn add_client(
    plan: &mut Plan,
    output: &OpenApiOutput,
    docs: &[&Value],
    sources: Vec<PathBuf>,
    crate_dir: &Path,
    options: &SdkOptions,
) -> Result<(), CliError> {
    if let Some(client) = PlannedClient::generate(output, docs, sources, crate_dir, options)? {
        warn(&client);
        plan.clients.push(client);
    }
    Ok(())
}

/// The document(s) a client comes from, as the summary shows them.
fn from(sources: &[PathBuf]) -> String {
    let shown: Vec<String> = sources.iter().map(|p| Project::show(p)).collect();
    shown.join(", ")
}

/// The generator's warnings about a client's documents, on stderr.
fn warn(client: &PlannedClient) {
    for warning in &client.files.warnings {
        eprintln!("warning: {}: {warning}", from(&client.sources));
    }
}

impl From<PlanError> for CliError {
    fn from(e: PlanError) -> Self {
        match e {
            PlanError::Generate { sources, error, .. } => CliError::new(format!(
                "cannot generate a client from {}: {error}",
                from(&sources)
            ))
            .help("the generator reads OpenAPI 3.0, 3.1 and 3.2 documents; fix the document or point at another one"),
            PlanError::WriteDocument { path, error } => {
                CliError::new(format!("cannot write {}: {error}", path.display()))
                    .help("check that the directory is writable")
            }
            PlanError::WriteClient { dir, error } => CliError::new(format!(
                "cannot write the client in {}: {error}",
                dir.display()
            ))
            .help("check that the directory is writable and holds no symbolic links"),
            PlanError::ReadClient { dir, error } => CliError::new(format!(
                "cannot read the client in {}: {error}",
                dir.display()
            )),
            PlanError::Manifest { path, error } => {
                CliError::new(format!("cannot update {}: {error}", Project::show(&path)))
                    .help("check that the directory is writable")
            }
        }
    }
}

/// Writes what changed; one summary line per document and client.
pub(super) fn write(plan: &Plan) -> Result<Summary, CliError> {
    write_since(plan, None)
}

/// As [`write`]; a file modified at or after `since` (by the build.rs of
/// the `cargo build` that just ran) also counts as written.
fn write_since(plan: &Plan, since: Option<SystemTime>) -> Result<Summary, CliError> {
    let written = plan.write()?;
    let mut summary = Summary::default();
    for (d, changed) in plan.documents.iter().zip(&written.documents) {
        let changed = *changed || modified_since(&d.path, since);
        summary.lines.push(format!(
            "{} {}",
            if changed { "wrote    " } else { "unchanged" },
            Project::show(&d.path)
        ));
        summary.changed |= changed;
    }
    for (c, mut report) in plan.clients.iter().zip(written.clients) {
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
            from(&c.sources),
            report.written.len(),
            report.unchanged.len(),
            report.deleted.len()
        ));
    }
    for gone in &written.deleted {
        summary
            .lines
            .push(format!("deleted   {}", Project::show(gone)));
        summary.changed = true;
    }
    Ok(summary)
}

/// As [`write_since`], after a `cargo build` that began at `since`, whose
/// build.rs deleted what it no longer writes: each of `generated_before`
/// (the files `tether.generated` listed before the build) that is gone now
/// and not planned is reported as deleted.
pub(super) fn write_after_build(
    plan: &Plan,
    since: SystemTime,
    generated_before: &[PathBuf],
) -> Result<Summary, CliError> {
    let mut summary = write_since(plan, Some(since))?;
    let planned = plan.planned_files();
    for gone in generated_before {
        if gone.exists() || planned.contains(gone) || plan.leftovers.contains(gone) {
            continue;
        }
        summary
            .lines
            .push(format!("deleted   {}", Project::show(gone)));
        summary.changed = true;
    }
    Ok(summary)
}

/// `--check`: Ok when nothing is stale, else an error listing the files.
pub(super) fn check(plan: &Plan, progress: &Progress, fix: &str) -> Result<(), CliError> {
    let stale = plan.stale()?;
    if stale.is_empty() {
        let n = plan.documents.len()
            + plan
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

/// Whether `path` was modified at or after `since`.
fn modified_since(path: &Path, since: Option<SystemTime>) -> bool {
    let Some(since) = since else {
        return false;
    };
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .is_ok_and(|m| m >= since)
}

/// What [`write`] did, one line per document and client.
#[derive(Debug, Clone, Default)]
pub(super) struct Summary {
    /// The lines, as printed.
    pub lines: Vec<String>,
    /// Whether any file was written or deleted.
    pub changed: bool,
}

impl Summary {
    /// The summary on stdout, unless `-q`.
    pub(super) fn print(&self, progress: &Progress) {
        if !progress.is_quiet() {
            for line in &self.lines {
                println!("{line}");
            }
        }
    }
}

/// The document(s) of an output on disk: `output` itself, or the
/// per-version files (`openapi.v1.json`, …) HEADER versioning splits it in;
/// their paths and the documents.
fn read_documents(
    crate_dir: &Path,
    output: &OpenApiOutput,
) -> Result<(Vec<PathBuf>, Vec<Value>), CliError> {
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
    let docs = paths
        .iter()
        .map(|path| read_document(path))
        .collect::<Result<_, _>>()?;
    Ok((paths, docs))
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
