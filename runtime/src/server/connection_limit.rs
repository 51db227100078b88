//! The open-connection limit: its default, derived from
//! the process's file limit, and the warnings of the accept loop, at most
//! one per [`WARN_EVERY`] with a count of those left out.

use std::time::{Duration, Instant};

/// At most one warning of a kind per this long.
pub(crate) const WARN_EVERY: Duration = Duration::from_secs(10);

/// The target of this module's warnings: the one it had before the
/// runtime moved into folders, so log filters written for it keep working.
const TARGET: &str = "tether::connection_limit";

/// The default connection limit when the file limit cannot be read.
const UNKNOWN_LIMIT: usize = 10_000;

/// The largest default, whatever the file limit.
const LARGEST: usize = 1 << 20;

/// The default connection limit for a process allowed `files` open files
/// (`RLIMIT_NOFILE`'s soft limit; `None`: unknown or unlimited): each
/// connection is one file, and an eighth of the limit (at least 64) is
/// left for the listener, the runtime, logs, the app's own files and
/// database connections. 1024 files give 896 connections.
pub(crate) fn default_max_connections(files: Option<u64>) -> usize {
    let Some(files) = files else {
        return UNKNOWN_LIMIT;
    };
    let files = usize::try_from(files).unwrap_or(usize::MAX);
    let headroom = (files / 8).max(64);
    files.saturating_sub(headroom).clamp(1, LARGEST)
}

/// `RLIMIT_NOFILE`'s soft limit, if the platform has one and it is finite.
pub(crate) fn open_file_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        use rustix::process::{getrlimit, Resource};
        getrlimit(Resource::Nofile).current
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// A warning logged at most once per [`WARN_EVERY`], saying how many
/// like it were left out since the last one.
#[derive(Debug, Default)]
pub(crate) struct RateLimited {
    last: Option<Instant>,
    left_out: u64,
}

impl RateLimited {
    /// `Some(n)` when the warning is due now (`n` left out before it),
    /// `None` when it is left out.
    pub(crate) fn due(&mut self, now: Instant) -> Option<u64> {
        if self
            .last
            .is_some_and(|last| now.duration_since(last) < WARN_EVERY)
        {
            self.left_out += 1;
            return None;
        }
        self.last = Some(now);
        Some(std::mem::take(&mut self.left_out))
    }
}

/// The accept loop's warnings: the connection limit reached, and accepting
/// failed (out of file descriptors and the like).
#[derive(Debug, Default)]
pub(crate) struct AcceptWarnings {
    full: RateLimited,
    failed: RateLimited,
}

impl AcceptWarnings {
    /// All `limit` connections are open: new ones wait in the backlog.
    pub(crate) fn full(&mut self, limit: usize) {
        if let Some(left_out) = self.full.due(Instant::now()) {
            tracing::warn!(
                target: TARGET,
                limit,
                left_out,
                "connection limit reached: {limit} connections open, new ones wait in the listen backlog \
                 (NativeAdapter::max_connections; {left_out} more such warnings left out)"
            );
        }
    }

    /// Accepting a connection failed with `error`; the loop retries.
    pub(crate) fn failed(&mut self, error: &std::io::Error) {
        if let Some(left_out) = self.failed.due(Instant::now()) {
            tracing::warn!(
                target: TARGET,
                %error,
                left_out,
                "accepting a connection failed: {error}; retrying in 10 ms \
                 (out of file descriptors? lower NativeAdapter::max_connections or raise the file limit; \
                 {left_out} more such warnings left out)"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_leaves_an_eighth_of_the_file_limit_and_at_least_64() {
        assert_eq!(default_max_connections(Some(1024)), 896);
        assert_eq!(default_max_connections(Some(65_536)), 57_344);
        assert_eq!(default_max_connections(Some(256)), 192);
        assert_eq!(default_max_connections(Some(100)), 36);
        assert_eq!(default_max_connections(Some(10)), 1);
        assert_eq!(default_max_connections(Some(u64::MAX)), LARGEST);
        assert_eq!(default_max_connections(None), UNKNOWN_LIMIT);
    }

    #[test]
    fn this_process_has_a_file_limit_and_the_default_stays_below_it() {
        let files = open_file_limit();
        #[cfg(target_os = "linux")]
        assert!(files.is_some());
        if let Some(files) = files {
            assert!((default_max_connections(Some(files)) as u64) < files);
        }
    }

    #[test]
    fn a_warning_is_due_once_per_period_and_counts_those_left_out() {
        let mut warning = RateLimited::default();
        let start = Instant::now();
        assert_eq!(warning.due(start), Some(0));
        assert_eq!(warning.due(start + Duration::from_secs(1)), None);
        assert_eq!(warning.due(start + Duration::from_secs(9)), None);
        assert_eq!(warning.due(start + WARN_EVERY), Some(2));
        assert_eq!(warning.due(start + WARN_EVERY), None);
    }
}
