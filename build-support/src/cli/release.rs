//! `cargo tether release VERSION`: writes the lock of an API version (its
//! document, `api/v1.json`), which every later build compares the
//! version's document with.

use super::{CargoFlags, CliError, Progress, Project, ReleaseArgs};
use crate::diff::{render_text, Level};
use crate::freeze::ReleaseError;

/// Runs `cargo tether release`.
pub(super) fn run(args: &ReleaseArgs) -> Result<(), CliError> {
    let progress = Progress::new(args.target.quiet);
    let project = Project::locate(&args.target)?;
    let cfg = super::cfg::compiled_cfg(&project, &CargoFlags::default())?;
    let released = project
        .builder()
        .cfg(cfg)
        .release(&args.version, args.force)
        .map_err(|e| refused(e, &args.version))?;
    for r in released {
        let shown = Project::show(&r.path);
        if !r.written {
            progress.status(
                "Unchanged",
                format_args!(
                    "{shown} (version {} already released as it is)",
                    args.version
                ),
            );
            continue;
        }
        let verb = if r.changes.is_empty() {
            "Released"
        } else {
            "Updated"
        };
        progress.status(verb, format_args!("version {} in {shown}", args.version));
        if !r.changes.is_empty() && !progress.is_quiet() {
            eprint!("{}", render_text(&r.changes));
        }
    }
    Ok(())
}

fn refused(e: ReleaseError, version: &str) -> CliError {
    match e {
        ReleaseError::Build(diagnostics) => crate::Error::many(diagnostics).into(),
        ReleaseError::Lock(path, message) => {
            CliError::new(format!("{}: {message}", Project::show(&path)))
        }
        ReleaseError::Breaking(path, changes) => {
            let breaking: Vec<_> = changes
                .into_iter()
                .filter(|c| c.level == Level::Breaking)
                .collect();
            CliError::new(format!(
                "{}version {version} is released ({}) and its document changed in a breaking way",
                render_text(&breaking),
                Project::show(&path)
            ))
            .help(format!("serve the change under a new `#[version(..)]` and keep the old handler for version {version}; `--force` rewrites the lock anyway (the version's clients break)"))
        }
        ReleaseError::NotServed(served) => CliError::new(format!(
            "no route serves version {version:?}"
        ))
        .help(if served.is_empty() {
            "give routes a version with `#[version(\"1\")]` (and `[framework.versioning]` in tether.toml)".to_string()
        } else {
            format!("the versions served are {}", served.join(", "))
        }),
    }
}
