//! `cargo tether diff OLD NEW` and `cargo tether diff --base REF [DOC]`:
//! reads the two documents (JSON or YAML, a file or a git revision's copy;
//! without DOC, every document `tether.toml` configures, per-version ones
//! included), prints the changes and exits 1 when one is at or above
//! `--fail-on`, 2 when a document cannot be read.

use super::{plan, CliError, DiffArgs, DiffFormat, FailOn, Project, Target};
use crate::diff::{diff, render_json, render_markdown, render_text, Change, Level};
use crate::openapi::file_name;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Runs `cargo tether diff`.
pub(super) fn run(args: &DiffArgs) -> Result<(), CliError> {
    let compared: Vec<(String, Vec<Change>)> = match (&args.base, args.documents.as_slice()) {
        (Some(base), [doc]) => vec![(
            doc.display().to_string(),
            changes(&read_git(base, doc, None)?, &read_file(doc)?)?,
        )],
        (Some(base), []) => committed_documents(base)?,
        (None, [old, new]) => vec![(
            new.display().to_string(),
            changes(&read_file(old)?, &read_file(new)?)?,
        )],
        (Some(_), _) => {
            return Err(bad("--base REF takes one document: `cargo tether diff --base REF PATH`")
                .help("PATH is read from the revision REF (`git show REF:PATH`) and from the work tree; without PATH, every document of tether.toml"))
        }
        (None, _) => {
            return Err(bad("two documents are needed: `cargo tether diff OLD NEW`")
                .help("or `cargo tether diff --base REF [PATH]` to compare the documents (or PATH) with their copies in git revision REF"))
        }
    };
    print!("{}", render(args.format, &compared));
    let threshold = match args.fail_on {
        FailOn::Breaking => Level::Breaking,
        FailOn::Possibly => Level::PossiblyBreaking,
    };
    let failing = compared
        .iter()
        .flat_map(|(_, c)| c)
        .filter(|c| c.level >= threshold)
        .count();
    if failing > 0 {
        let what = if threshold == Level::Breaking {
            "breaking"
        } else {
            "breaking or possibly breaking"
        };
        return Err(CliError::new(format!(
            "{failing} {what} change{} found",
            if failing == 1 { "" } else { "s" }
        )));
    }
    Ok(())
}

fn bad(message: impl Into<String>) -> CliError {
    let mut e = CliError::new(message);
    e.code = 2;
    e
}

fn read_file(path: &Path) -> Result<Value, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| bad(format!("cannot read {}: {e}", path.display())))?;
    parse(&text, &path.display().to_string(), is_yaml(path))
}

fn is_yaml(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "yaml" || e == "yml")
}

/// `path` as committed in `rev`; `dir` is where git runs and `path` is
/// relative to (the current directory when `None`).
fn read_git(rev: &str, path: &Path, dir: Option<&Path>) -> Result<Value, CliError> {
    let spec = format!("{rev}:./{}", path.display());
    let mut git = std::process::Command::new("git");
    if let Some(dir) = dir {
        git.current_dir(dir);
    }
    let out = git
        .args(["show", &spec])
        .output()
        .map_err(|e| bad(format!("cannot run git: {e}")))?;
    if !out.status.success() {
        return Err(bad(format!(
            "cannot read {} at {rev}: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        ))
        .help(
            "REF is a git revision (a tag, a branch, a commit) and PATH a file committed in it",
        ));
    }
    let text = String::from_utf8(out.stdout)
        .map_err(|_| bad(format!("{} at {rev} is not UTF-8", path.display())))?;
    parse(
        &text,
        &format!("{} at {rev}", path.display()),
        is_yaml(path),
    )
}

fn parse(text: &str, name: &str, yaml: bool) -> Result<Value, CliError> {
    let from_yaml = |t: &str| {
        crate::sdk::lenient_value(serde_norway::Deserializer::from_str(t))
            .map_err(|e| e.to_string())
    };
    let parsed = if yaml {
        from_yaml(text)
    } else {
        serde_json::from_str(text).or_else(|json_err: serde_json::Error| {
            from_yaml(text).map_err(|_| json_err.to_string())
        })
    };
    parsed.map_err(|e| {
        bad(format!(
            "cannot parse {name} as {}: {e}",
            if yaml { "YAML" } else { "JSON (nor as YAML)" }
        ))
        .help("`cargo tether diff` reads OpenAPI 3.x documents in JSON or YAML")
    })
}

fn changes(old: &Value, new: &Value) -> Result<Vec<Change>, CliError> {
    diff(old, new).map_err(|e| bad(e.message))
}

/// The changes of each document, one after the other: as for one
/// document when there is one, else each under its path.
fn render(format: DiffFormat, compared: &[(String, Vec<Change>)]) -> String {
    let one = |changes: &[Change]| match format {
        DiffFormat::Text => render_text(changes),
        DiffFormat::Markdown => render_markdown(changes),
        DiffFormat::Json => render_json(changes),
    };
    if let [(_, changes)] = compared {
        return one(changes);
    }
    match format {
        DiffFormat::Json => {
            let documents: Vec<Value> = compared
                .iter()
                .map(|(path, changes)| {
                    let mut v: Value = serde_json::from_str(&one(changes)).unwrap_or_default();
                    v["document"] = Value::String(path.clone());
                    v
                })
                .collect();
            let mut s =
                serde_json::to_string_pretty(&serde_json::json!({ "documents": documents }))
                    .unwrap_or_default();
            s.push('\n');
            s
        }
        DiffFormat::Markdown => compared
            .iter()
            .map(|(path, changes)| {
                one(changes).replacen("# API changes", &format!("# API changes: `{path}`"), 1)
            })
            .collect::<Vec<_>>()
            .join("\n"),
        DiffFormat::Text => compared
            .iter()
            .map(|(path, changes)| format!("{path}:\n{}", one(changes)))
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// Every document of the crate's `tether.toml` (the nearest one up),
/// per-version files included, compared with its copy in `rev`.
fn committed_documents(rev: &str) -> Result<Vec<(String, Vec<Change>)>, CliError> {
    let project = Project::locate(&Target::default()).map_err(|e| {
        let mut e = e.help("`cargo tether diff --base REF` without a document compares those of the crate's tether.toml; run it in the crate, or name the document: `cargo tether diff --base REF PATH`");
        e.code = 2;
        e
    })?;
    let mut compared = Vec::new();
    for doc in documents(&project) {
        let rel = doc
            .strip_prefix(&project.crate_dir)
            .unwrap_or(&doc)
            .to_path_buf();
        let old = read_git(rev, &rel, Some(&project.crate_dir))?;
        compared.push((Project::show(&doc), changes(&old, &read_file(&doc)?)?));
    }
    if compared.is_empty() {
        return Err(bad(format!(
            "{} configures no document that exists yet",
            Project::show(&project.config_path)
        ))
        .help("write them first (`cargo tether build`), or name the document: `cargo tether diff --base REF PATH`"));
    }
    Ok(compared)
}

/// The document files of every output on disk: `openapi.json`, or the
/// per-version `openapi.v1.json`, `openapi.v2.json`.
fn documents(project: &Project) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for output in plan::outputs(project) {
        let main = project.crate_dir.join(&output.output);
        if main.is_file() {
            found.push(main);
            continue;
        }
        // `openapi.v1.json` and its kin: `file_name` with a suffix.
        let Some(dir) = main.parent() else { continue };
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut versions: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| {
                let name = p
                    .file_name()
                    .map(|n| n.to_string_lossy().to_string())
                    .unwrap_or_default();
                // `openapi.v2.1.json`: the suffix between stem and extension.
                let suffix = name
                    .split_once('.')
                    .and_then(|(_, rest)| rest.rsplit_once('.'))
                    .map_or("", |(suffix, _)| suffix);
                suffix.starts_with('v')
                    && Path::new(&file_name(&output.output, Some(suffix)))
                        .file_name()
                        .is_some_and(|n| n.to_string_lossy() == name)
            })
            .collect();
        versions.sort();
        found.extend(versions);
    }
    found
}
