//! `cargo tether dev`: build and run the app; when its sources,
//! `tether.toml`, `Cargo.toml` or `build.rs` change, rebuild, then
//! regenerate the documents and clients and restart. A failing step keeps
//! the running app, and the clients that match it, and waits for the next
//! change. Stopped, it exits after the app and cargo have (see `signals`).

use super::plan;
use super::signals::{self, Group};
use super::{cargo, elapsed, CliError, DevArgs, Progress, Project, RuntimeArg};
use crate::plan::Plan;
use notify::{EventKind, RecursiveMode, Watcher};
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use tether_model::config::RuntimeKind;

/// The variable the runtime reads (`tether::server::runtime::RUNTIME_ENV`).
pub(super) const RUNTIME_ENV: &str = "TETHER_RUNTIME";

/// Quiet time that ends a burst of file events (an editor's save, a checkout).
const DEBOUNCE: Duration = Duration::from_millis(300);

/// How long a stopped app may take to shut down gracefully.
const STOP_DEADLINE: Duration = Duration::from_secs(3);

pub(super) fn run(args: &DevArgs) -> Result<(), CliError> {
    let progress = Progress::new(args.target.quiet);
    let project = Project::locate(&args.target)?;
    let (tx, rx) = channel();
    let mut watcher = notify::recommended_watcher(move |event| {
        let _ = tx.send(event);
    })
    .map_err(|e| CliError::new(format!("cannot watch files: {e}")))?;
    let watch = Watch::new(&project);
    for (path, mode) in watch.roots() {
        watcher.watch(&path, mode).map_err(|e| {
            CliError::new(format!("cannot watch {}: {e}", path.display()))
                .help("on Linux, raise fs.inotify.max_user_watches")
        })?;
    }
    progress.status(
        "Watching",
        format_args!(
            "{} (src/, {}, Cargo.toml, build.rs)",
            Project::show(&project.crate_dir),
            Project::show(&project.config_path)
        ),
    );
    signals::install();
    let mut session = Session {
        args,
        progress,
        app: None,
        ignored: Vec::new(),
    };
    session.cycle();
    loop {
        if let Some(sig) = signals::received() {
            session.stop();
            session.progress.status("Stopped", "cargo tether dev");
            std::process::exit(128 + sig);
        }
        let Some(changed) = session.next_change(&rx, &watch) else {
            return Ok(());
        };
        if let Some(changed) = changed {
            session.progress.status("Changed", Project::show(&changed));
            session.cycle();
        }
    }
}

/// The runtime passed to the app: the flag, else `TETHER_RUNTIME`, else
/// `runtime` in tether.toml, else the default; with where it came from.
pub(super) fn resolve_runtime(
    flag: Option<RuntimeArg>,
    project: &Project,
) -> (String, &'static str) {
    if let Some(r) = flag {
        let name = match r {
            RuntimeArg::MultiThread => "multi-thread",
            RuntimeArg::PerCore => "per-core",
        };
        return (name.to_string(), "--runtime");
    }
    match std::env::var(RUNTIME_ENV) {
        Ok(v) if !v.is_empty() => (v, RUNTIME_ENV),
        _ => match project.config.runtime {
            Some(r) => (r.as_str().to_string(), "tether.toml"),
            None => (RuntimeKind::default().as_str().to_string(), "the default"),
        },
    }
}

/// What is watched and which events count.
struct Watch {
    crate_dir: PathBuf,
    src: PathBuf,
    config: PathBuf,
}

impl Watch {
    fn new(project: &Project) -> Self {
        Watch {
            crate_dir: project.crate_dir.clone(),
            src: project.crate_dir.join("src"),
            config: project.config_path.clone(),
        }
    }

    /// Directories, so that editors that save by renaming are still seen.
    fn roots(&self) -> Vec<(PathBuf, RecursiveMode)> {
        let mut roots = vec![(self.crate_dir.clone(), RecursiveMode::NonRecursive)];
        if self.src.is_dir() {
            roots.push((self.src.clone(), RecursiveMode::Recursive));
        }
        if let Some(dir) = self.config.parent().filter(|d| *d != self.crate_dir) {
            roots.push((dir.to_path_buf(), RecursiveMode::NonRecursive));
        }
        roots
    }

    fn relevant(&self, path: &Path, ignored: &[PathBuf]) -> bool {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default();
        if name.starts_with('.')
            || name.ends_with('~')
            || ignored.iter().any(|i| path.starts_with(i))
        {
            return false;
        }
        path == self.config
            || path.starts_with(&self.src)
            || (path.parent() == Some(&self.crate_dir)
                && ["tether.toml", "Cargo.toml", "build.rs"].contains(&&*name))
    }
}

struct Session<'a> {
    args: &'a DevArgs,
    progress: Progress,
    app: Option<Child>,
    /// What this command writes itself (documents, clients).
    ignored: Vec<PathBuf>,
}

impl Session<'_> {
    /// Rebuild, regenerate, restart; on error report it and keep the old
    /// app and its clients.
    fn cycle(&mut self) {
        if let Err(e) = self.try_cycle() {
            if signals::received().is_some() {
                return;
            }
            eprintln!("{e}");
            self.progress.status("Waiting", "for a change to try again");
        }
    }

    fn try_cycle(&mut self) -> Result<(), CliError> {
        // Re-read tether.toml each time: it is one of the watched files.
        let project = Project::locate(&self.args.target)?;
        // First the build (its build.rs writes nothing: DEFER_WRITES_ENV),
        // so a build that fails leaves the clients of the running app.
        let built = self.build(&project);
        let exe = match built {
            Ok(exe) => exe,
            // A document the app embeds (`include_openapi!`) that does not
            // exist yet fails the build until it is written: write what the
            // sources give, then build again.
            Err(e) => match self.missing_documents(&project) {
                Some(missing) => {
                    plan::write(&missing)?;
                    self.build(&project)?
                }
                None => return Err(e),
            },
        };
        if signals::received().is_some() {
            return Ok(());
        }
        let start = Instant::now();
        let planned = plan::from_sources(&project, &self.args.cargo)?;
        self.ignored = planned.documents.iter().map(|d| d.path.clone()).collect();
        self.ignored
            .extend(planned.clients.iter().map(|c| c.dir.clone()));
        // The build compiled the documents on disk into an app that embeds
        // them: if they change now, build again, so that its `/docs`
        // serves the document of this very change.
        let documents_change = planned.documents.iter().any(|d| d.differs());
        let summary = plan::write(&planned)?;
        let exe = match documents_change {
            true => self.build(&project)?,
            false => exe,
        };
        let changed: Vec<&str> = summary
            .lines
            .iter()
            .filter_map(|l| l.strip_prefix("wrote"))
            .map(str::trim)
            .collect();
        if changed.is_empty() {
            self.progress.status(
                "Generated",
                format_args!("documents and clients unchanged ({})", elapsed(start)),
            );
        } else {
            self.progress.status(
                "Generated",
                format_args!("{} ({})", changed.join("; "), elapsed(start)),
            );
        }
        self.stop();
        let (runtime, from) = resolve_runtime(self.args.runtime, &project);
        let mut cmd = Command::new(&exe);
        cmd.args(&self.args.app_args)
            .current_dir(&project.crate_dir)
            .env(RUNTIME_ENV, &runtime);
        if std::env::var_os("RUST_BACKTRACE").is_none() {
            cmd.env("RUST_BACKTRACE", "1");
        }
        signals::own_group(&mut cmd);
        let child = cmd.spawn().map_err(|e| {
            CliError::new(format!("cannot start {}: {e}", exe.display()))
                .help("check that the build produced an executable for this machine")
        })?;
        self.progress.status(
            "Running",
            format_args!(
                "{} (pid {}, runtime {runtime} from {from})",
                Project::show(&exe),
                child.id()
            ),
        );
        signals::track(Group::App, Some(child.id()));
        self.app = Some(child);
        // A signal while it started found no app to stop: the main loop
        // stops it.
        Ok(())
    }

    /// `cargo build` of the app, build.rs writing nothing; its executable.
    fn build(&self, project: &Project) -> Result<PathBuf, CliError> {
        self.progress.timed("Compiled", "cargo build", || {
            cargo::build_binary(
                project,
                &self.args.cargo,
                self.args.target.package.as_deref(),
                &self.progress,
            )
        })
    }

    /// What the sources give, when a document they make is not on disk.
    fn missing_documents(&self, project: &Project) -> Option<Plan> {
        let planned = plan::from_sources(project, &self.args.cargo).ok()?;
        planned
            .documents
            .iter()
            .any(|d| !d.path.exists())
            .then_some(planned)
    }

    /// SIGTERM to the app's group (the app shuts down gracefully), SIGKILL
    /// after a deadline; returns once no process of the group is left.
    fn stop(&mut self) {
        let Some(mut child) = self.app.take() else {
            return;
        };
        let pid = child.id();
        if matches!(child.try_wait(), Ok(None)) {
            signals::signal_group(pid, false);
            let deadline = Instant::now() + STOP_DEADLINE;
            while matches!(child.try_wait(), Ok(None)) && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(20));
            }
            signals::signal_group(pid, true);
            self.progress.status("Stopped", format_args!("pid {pid}"));
        }
        let _ = child.wait();
        signals::wait_group_gone(pid, Duration::ZERO);
        signals::track(Group::App, None);
    }

    /// Blocks until a relevant file changes (then lets the burst settle)
    /// or a signal stops `dev` (`Some(None)`); reports the app exiting on
    /// its own. `None` when the watcher is gone.
    fn next_change(
        &mut self,
        rx: &Receiver<notify::Result<notify::Event>>,
        watch: &Watch,
    ) -> Option<Option<PathBuf>> {
        let mut first = None;
        loop {
            if signals::received().is_some() {
                return Some(None);
            }
            let timeout = if first.is_some() {
                DEBOUNCE
            } else {
                Duration::from_millis(500)
            };
            match rx.recv_timeout(timeout) {
                Ok(Ok(event)) => {
                    if matches!(event.kind, EventKind::Access(_)) {
                        continue;
                    }
                    for p in event
                        .paths
                        .iter()
                        .filter(|p| watch.relevant(p, &self.ignored))
                    {
                        // Prefer a file that still exists over an editor's temporary one.
                        if first.as_ref().is_none_or(|f: &PathBuf| !f.exists()) {
                            first = Some(p.clone());
                        }
                    }
                }
                Ok(Err(e)) => eprintln!("warning: file watcher: {e}"),
                Err(RecvTimeoutError::Timeout) => {
                    if first.is_some() {
                        return Some(first);
                    }
                    self.reap();
                }
                Err(RecvTimeoutError::Disconnected) => return None,
            }
        }
    }

    /// Notes an app that exited by itself (a panic, a bind error); not one
    /// that a signal to stop stopped too (Ctrl-C reaches both).
    fn reap(&mut self) {
        if signals::received().is_some() {
            return;
        }
        if let Some(child) = &mut self.app {
            if let Ok(Some(status)) = child.try_wait() {
                self.progress.status(
                    "Exited",
                    format_args!("the app ({status}); waiting for a change"),
                );
                self.app = None;
            }
        }
    }
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        self.stop();
    }
}
