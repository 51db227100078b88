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
#[allow(
    unsafe_code,
    reason = "libc's signal and kill: each call is a syscall on a process group this command started, with its SAFETY note"
)]
mod imp {
    use super::Group;
    use std::sync::atomic::{AtomicI32, Ordering};

    static SIGNAL: AtomicI32 = AtomicI32::new(0);
    static GROUPS: [AtomicI32; 2] = [AtomicI32::new(0), AtomicI32::new(0)];

    extern "C" fn on_signal(sig: libc::c_int) {
        SIGNAL.store(sig, Ordering::SeqCst);
        for group in &GROUPS {
            let pgid = group.load(Ordering::SeqCst);
            if pgid > 0 {
                // SAFETY: kill is async-signal-safe; the group is one we started.
                unsafe {
                    libc::kill(-pgid, libc::SIGTERM);
                }
            }
        }
    }

    pub(crate) fn install() {
        let handler = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
        for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: the handler only stores atomics and calls kill.
            unsafe {
                libc::signal(sig, handler);
            }
        }
    }

    pub(crate) fn received() -> Option<i32> {
        Some(SIGNAL.load(Ordering::SeqCst)).filter(|s| *s != 0)
    }

    pub(crate) fn track(group: Group, pid: Option<u32>) {
        GROUPS[group as usize].store(pid.map_or(0, |p| p as i32), Ordering::SeqCst);
    }

    pub(crate) fn signal_group(pgid: u32, kill: bool) {
        let sig = if kill { libc::SIGKILL } else { libc::SIGTERM };
        // SAFETY: a plain syscall on a process group we started.
        unsafe {
            libc::kill(-(pgid as i32), sig);
        }
    }

    pub(crate) fn group_alive(pgid: u32) -> bool {
        // SAFETY: signal 0 only checks that the group still has a process.
        unsafe { libc::kill(-(pgid as i32), 0) == 0 }
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
