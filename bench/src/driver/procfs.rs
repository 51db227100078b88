//! What `/proc` tells of a server process: CPU time and peak RSS.

/// Clock ticks per second of `/proc/<pid>/stat` times.
pub fn clock_ticks() -> f64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(100.0)
}

/// `utime + stime` of `pid`, in clock ticks.
pub fn cpu_ticks(pid: u32) -> std::io::Result<u64> {
    cpu_ticks_split(pid).map(|(user, system)| user + system)
}

/// `(utime, stime)` of `pid`, in clock ticks: time in the server's own code
/// and time in the kernel on its behalf (sockets, epoll).
pub fn cpu_ticks_split(pid: u32) -> std::io::Result<(u64, u64)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))?;
    // The command name may hold spaces: fields are counted after its `)`.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15; `rest` starts at field 3.
    let field = |n: usize| fields.get(n - 3).and_then(|f| f.parse::<u64>().ok());
    match (field(14), field(15)) {
        (Some(u), Some(s)) => Ok((u, s)),
        _ => Err(std::io::Error::other(format!(
            "unreadable /proc/{pid}/stat"
        ))),
    }
}

/// `VmHWM` of `pid`: its peak resident set, in KiB.
pub fn peak_rss_kib(pid: u32) -> std::io::Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no VmHWM for {pid}")))
}

/// The CPUs this process may run on (`Cpus_allowed_list`, e.g. `0-1,4`).
pub fn cpus() -> Vec<usize> {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let list = status
        .lines()
        .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
        .unwrap_or("0")
        .trim();
    let mut cpus = Vec::new();
    for part in list.split(',') {
        let mut ends = part.split('-').map(|n| n.trim().parse::<usize>());
        match (ends.next(), ends.next()) {
            (Some(Ok(a)), Some(Ok(b))) => cpus.extend(a..=b),
            (Some(Ok(a)), None) => cpus.push(a),
            _ => {}
        }
    }
    if cpus.is_empty() {
        cpus.push(0);
    }
    cpus
}

/// The machine's count of connections dropped because a listen queue was
/// full (`TcpExt: ListenOverflows` of `/proc/net/netstat`): each such
/// connection's SYN is sent again a second later.
pub fn listen_overflows() -> u64 {
    let text = std::fs::read_to_string("/proc/net/netstat").unwrap_or_default();
    let mut lines = text.lines().filter(|l| l.starts_with("TcpExt:"));
    let (Some(names), Some(values)) = (lines.next(), lines.next()) else {
        return 0;
    };
    names
        .split_whitespace()
        .zip(values.split_whitespace())
        .find(|(n, _)| *n == "ListenOverflows")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0)
}
