//! Running `cargo build` for `build` and `dev`, with the usual flags passed
//! through, and finding the binary it produced.

use super::signals::{self, Group};
use super::{CargoFlags, CliError, Progress, Project};
use cargo_metadata::{Artifact, Message, TargetKind};
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// `cargo build` for the project, with `flags`, `-p` and `extra`.
fn command(project: &Project, flags: &CargoFlags, package: Option<&str>, quiet: bool) -> Command {
    let mut cmd = Command::new(&project.cargo);
    cmd.arg("build")
        .arg("--manifest-path")
        .arg(project.crate_dir.join("Cargo.toml"))
        .current_dir(&project.crate_dir);
    if let Some(p) = package {
        cmd.args(["-p", p]);
    }
    if flags.release {
        cmd.arg("--release");
    }
    if let Some(p) = &flags.profile {
        cmd.args(["--profile", p]);
    }
    for f in &flags.features {
        cmd.args(["--features", f]);
    }
    if flags.all_features {
        cmd.arg("--all-features");
    }
    if flags.no_default_features {
        cmd.arg("--no-default-features");
    }
    if let Some(t) = &flags.target {
        cmd.args(["--target", t]);
    }
    if let Some(b) = &flags.bin {
        cmd.args(["--bin", b]);
    }
    if quiet {
        cmd.arg("--quiet");
    }
    cmd
}

fn failed(status: std::process::ExitStatus) -> CliError {
    CliError::new(format!("`cargo build` failed ({status})"))
        .help("fix the errors cargo printed above, then run the command again")
}

/// Runs `cargo build`; its output goes straight to the terminal.
pub(super) fn build(
    project: &Project,
    flags: &CargoFlags,
    package: Option<&str>,
    extra: &[String],
    progress: &Progress,
) -> Result<(), CliError> {
    let mut cmd = command(project, flags, package, progress.is_quiet());
    cmd.args(extra);
    let status = cmd
        .status()
        .map_err(|e| CliError::new(format!("cannot run cargo: {e}")).help("is cargo on PATH?"))?;
    if status.success() {
        Ok(())
    } else {
        Err(failed(status))
    }
}

/// Runs `cargo build` for `cargo tether dev` and returns the app's
/// executable: in a process group of its own (stopped with `dev`), with
/// build.rs writing nothing (`dev` writes after a build that succeeded).
pub(super) fn build_binary(
    project: &Project,
    flags: &CargoFlags,
    package: Option<&str>,
    progress: &Progress,
) -> Result<PathBuf, CliError> {
    let mut cmd = command(project, flags, package, progress.is_quiet());
    cmd.arg("--message-format=json-render-diagnostics")
        .env(crate::builder::DEFER_WRITES_ENV, "1")
        .stdout(Stdio::piped());
    signals::own_group(&mut cmd);
    let mut child = cmd
        .spawn()
        .map_err(|e| CliError::new(format!("cannot run cargo: {e}")).help("is cargo on PATH?"))?;
    let pgid = child.id();
    signals::track(Group::Cargo, Some(pgid));
    if signals::received().is_some() {
        signals::signal_group(pgid, false);
    }
    let stdout = child.stdout.take().expect("piped");
    let mut bins = Vec::new();
    for message in Message::parse_stream(BufReader::new(stdout)) {
        let Ok(message) = message else {
            break;
        };
        if let Message::CompilerArtifact(artifact) = message {
            bins.extend(executable(&artifact, &project.crate_dir));
        }
    }
    let status = child.wait();
    // Its compilers too, when a signal stopped it.
    signals::wait_group_gone(pgid, std::time::Duration::from_secs(5));
    signals::track(Group::Cargo, None);
    let status = status.map_err(|e| CliError::new(format!("cargo: {e}")))?;
    if !status.success() {
        // dev waits for the next change rather than ending.
        return Err(failed(status).help(
            "fix the errors cargo printed above and save: dev builds again on the next change (until a build succeeds, the app already running and its clients are left as they are)",
        ));
    }
    let wanted = flags
        .bin
        .clone()
        .or_else(|| project.package.as_ref().map(|p| p.0.clone()));
    match bins.len() {
        0 => Err(CliError::new(format!(
            "{} has no binary to run",
            Project::show(&project.crate_dir)
        ))
        .help(
            "`cargo tether dev` runs the app's binary: add src/main.rs, or choose a crate with -p",
        )),
        1 => Ok(bins.remove(0).1),
        _ => match bins.iter().position(|b| Some(&b.0) == wanted.as_ref()) {
            Some(i) => Ok(bins.remove(i).1),
            None => Err(
                CliError::new("the crate has several binaries").help(format!(
                    "choose one with --bin: {}",
                    bins.iter()
                        .map(|b| b.0.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            ),
        },
    }
}

/// `(name, path)` of a binary of the crate in `crate_dir` from a
/// `compiler-artifact` message.
fn executable(artifact: &Artifact, crate_dir: &Path) -> Option<(String, PathBuf)> {
    let exe = artifact.executable.as_ref()?;
    if !artifact.target.kind.contains(&TargetKind::Bin) {
        return None;
    }
    let manifest = artifact.manifest_path.as_std_path().canonicalize().ok()?;
    let ours = crate_dir.join("Cargo.toml").canonicalize().ok()?;
    (manifest == ours).then(|| {
        (
            artifact.target.name.clone(),
            exe.clone().into_std_path_buf(),
        )
    })
}
