//! Stopping `cargo tether dev` (Ctrl-C, SIGTERM, SIGHUP) without leaving a
//! process behind. The app and `cargo build` each run in a process group of
//! their own; a signal is forwarded to both groups as SIGTERM and only
//! noted here, and the command exits once every process of both groups has
//! exited (the app after its graceful shutdown or a deadline, cargo with
//! the rustc processes it started).

/// The group of a child process (its pid: it leads the group).
#[derive(Debug, Clone, Copy)]
pub(super) enum Group {
    /// The running app.
    App,
    /// `cargo build` and its compilers.
    Cargo,
}

#[cfg(unix)]
mod imp {
    use super::Group;
    use rustix::process::{kill_process_group, test_kill_process_group, Pid, Signal};
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;
    use std::sync::atomic::{AtomicI32, Ordering};

    static SIGNAL: AtomicI32 = AtomicI32::new(0);
    static GROUPS: [AtomicI32; 2] = [AtomicI32::new(0), AtomicI32::new(0)];

    /// The process group led by `pgid`; `None` for no group (0).
    fn group(pgid: i32) -> Option<Pid> {
        Pid::from_raw(pgid).filter(|_| pgid > 0)
    }

    /// SIGINT, SIGTERM and SIGHUP are noted and forwarded as SIGTERM to
    /// both groups by a thread of their own (signal-hook's handler only
    /// wakes it), as they arrive.
    pub(crate) fn install() {
        let Ok(mut signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        std::thread::spawn(move || {
            for sig in signals.forever() {
                SIGNAL.store(sig, Ordering::SeqCst);
                for g in &GROUPS {
                    if let Some(pid) = group(g.load(Ordering::SeqCst)) {
                        let _ = kill_process_group(pid, Signal::TERM);
                    }
                }
            }
        });
    }

    pub(crate) fn received() -> Option<i32> {
        Some(SIGNAL.load(Ordering::SeqCst)).filter(|s| *s != 0)
    }

    pub(crate) fn track(group: Group, pid: Option<u32>) {
        GROUPS[group as usize].store(pid.map_or(0, |p| p as i32), Ordering::SeqCst);
    }

    pub(crate) fn signal_group(pgid: u32, kill: bool) {
        let sig = if kill { Signal::KILL } else { Signal::TERM };
        if let Some(pid) = group(pgid as i32) {
            let _ = kill_process_group(pid, sig);
        }
    }

    pub(crate) fn group_alive(pgid: u32) -> bool {
        // Signal 0 only checks that the group still has a process.
        group(pgid as i32).is_some_and(|pid| test_kill_process_group(pid).is_ok())
    }

    pub(crate) fn own_group(cmd: &mut std::process::Command) {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
    }
}

#[cfg(not(unix))]
mod imp {
    use super::Group;
    pub fn install() {}
    pub fn received() -> Option<i32> {
        None
    }
    pub fn track(_: Group, _: Option<u32>) {}
    pub fn signal_group(_: u32, _: bool) {}
    pub fn group_alive(_: u32) -> bool {
        false
    }
    pub fn own_group(_: &mut std::process::Command) {}
}

pub(super) use imp::{group_alive, install, own_group, received, signal_group, track};

/// Waits until no process of `pgid` is left: SIGKILL to the group after
/// `deadline`. The leader must have been reaped already.
pub(super) fn wait_group_gone(pgid: u32, deadline: std::time::Duration) {
    let start = std::time::Instant::now();
    while group_alive(pgid) {
        if start.elapsed() >= deadline {
            signal_group(pgid, true);
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}
