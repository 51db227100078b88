//! `cargo tether diff OLD NEW` and `cargo tether diff --base REF DOC`: reads
//! the two documents (JSON or YAML, a file or a git revision's copy),
//! prints the changes and exits 1 when one is at or above `--fail-on`,
//! 2 when a document cannot be read.

use super::{CliError, DiffArgs, DiffFormat, FailOn};
use crate::diff::{diff, render_json, render_markdown, render_text, Level};
use serde_json::Value;
use std::path::Path;

/// Runs `cargo tether diff`.
pub(super) fn run(args: &DiffArgs) -> Result<(), CliError> {
    let (old, new) = match (&args.base, args.documents.as_slice()) {
        (Some(base), [doc]) => (read_git(base, doc)?, read_file(doc)?),
        (None, [old, new]) => (read_file(old)?, read_file(new)?),
        (Some(_), _) => {
            return Err(bad("--base REF takes one document: `cargo tether diff --base REF PATH`")
                .help("PATH is read from the revision REF (`git show REF:PATH`) and from the work tree"))
        }
        (None, _) => {
            return Err(bad("two documents are needed: `cargo tether diff OLD NEW`")
                .help("or `cargo tether diff --base REF PATH` to compare PATH with its copy in git revision REF"))
        }
    };
    let changes = diff(&old, &new).map_err(|e| bad(e.message))?;
    let text = match args.format {
        DiffFormat::Text => render_text(&changes),
        DiffFormat::Markdown => render_markdown(&changes),
        DiffFormat::Json => render_json(&changes),
    };
    print!("{text}");
    let threshold = match args.fail_on {
        FailOn::Breaking => Level::Breaking,
        FailOn::Possibly => Level::PossiblyBreaking,
    };
    let failing = changes.iter().filter(|c| c.level >= threshold).count();
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

fn read_git(rev: &str, path: &Path) -> Result<Value, CliError> {
    let spec = format!("{rev}:./{}", path.display());
    let out = std::process::Command::new("git")
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
