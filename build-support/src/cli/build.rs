//! `cargo tether build`: compile, then every document and
//! every configured client; `--check` compares instead, without compiling.

use super::plan;
use super::{cargo, elapsed, BuildArgs, CliError, Progress, Project};
use crate::manifest::Manifest;
use std::time::{Instant, SystemTime};

pub(super) fn run(args: &BuildArgs) -> Result<(), CliError> {
    let start = Instant::now();
    let progress = Progress::new(args.target.quiet);
    let project = Project::locate(&args.target)?;
    if args.check {
        // No `cargo build`: its build.rs would rewrite what is checked.
        let planned = progress.timed("Generated", "documents and clients in memory", || {
            plan::from_sources(&project, &args.cargo)
        })?;
        return plan::check(&planned, &progress, "cargo tether build");
    }
    progress.status("Building", project.label());
    // build.rs rewrites outputs during `cargo build`, and deletes those it
    // no longer writes: report those too.
    let build_start = SystemTime::now();
    let generated_before = Manifest::read(&project.crate_dir).generated_files();
    progress.timed("Compiled", "cargo build", || {
        cargo::build(
            &project,
            &args.cargo,
            args.target.package.as_deref(),
            &args.cargo_args,
            &progress,
        )
    })?;
    let planned = progress.timed("Generated", "documents and clients", || {
        plan::from_sources(&project, &args.cargo)
    })?;
    plan::write_after_build(&planned, build_start, &generated_before)?.print(&progress);
    progress.status(
        "Finished",
        format_args!(
            "{} document(s), {} client(s) in {}",
            planned.documents.len(),
            planned.clients.len(),
            elapsed(start)
        ),
    );
    Ok(())
}
