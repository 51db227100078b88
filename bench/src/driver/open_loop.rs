//! Open-loop latency (`bench/open-loop.sh`): each server gets requests at a
//! fixed offered rate whatever it answers, from `oha -q RATE
//! --latency-correction`, so a slow answer does not slow the sender
//! (no coordinated omission): a request's latency counts from when it was
//! due, not from when a free connection sent it.
//!
//! The rates are fractions of the slowest Rust peer's closed-loop maximum
//! on each route, measured first in the same run with `wrk` at the same
//! connection count. Rounds are interleaved as in the closed-loop driver:
//! every (route, rate) runs every server once per round, each in a fresh
//! process pinned to one core, `oha` pinned to all the others.

use super::report::{document, median, Panel};
use super::wrk;
use super::{
    drain, machine, pinning, scenario, server_spec, server_specs, start, warm_up, Pinning, Route,
    Running, ServerSpec,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// What `open-loop` was asked to do.
#[derive(Debug, Clone)]
pub struct Options {
    /// Interleaved rounds.
    pub rounds: u32,
    /// Seconds of each measured `oha` run.
    pub duration: f64,
    /// Seconds of each closed-loop `wrk` run that finds a peer's maximum.
    pub calibrate: f64,
    /// Open connections, for `wrk` and `oha` alike.
    pub connections: u32,
    /// The offered rates, as fractions of the slowest Rust peer's maximum.
    pub fractions: Vec<f64>,
    /// Which servers, by name (the closed-loop driver's names).
    pub servers: Vec<String>,
    /// The shape of tether the goal is judged on, named before the run.
    pub judged: String,
    /// Which routes, by key (`plaintext`, `json`, `param`, `post`, `versioned`).
    pub routes: Vec<String>,
    /// The `oha` binary.
    pub oha: PathBuf,
    /// Where `open-loop.json` and `open-loop.md` go.
    pub out: PathBuf,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            rounds: 3,
            duration: 5.0,
            calibrate: 3.0,
            connections: 512,
            fractions: vec![0.5, 0.75, 0.9],
            servers: [
                "tether",
                "tether-per-core",
                "axum",
                "actix",
                "hyper",
                "nest-fastify",
            ]
            .map(String::from)
            .to_vec(),
            judged: "tether-per-core".into(),
            routes: super::ROUTES.iter().map(|r| r.key.to_string()).collect(),
            oha: PathBuf::from("oha"),
            out: PathBuf::from("results"),
        }
    }
}

/// The maxima's name for the load generator's own ceiling.
const GENERATOR: &str = "oha itself (vs raw hyper)";

/// One `oha` run against one server: latencies in µs, corrected for
/// coordinated omission.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
pub struct Latency {
    /// Requests per second offered.
    pub offered: f64,
    /// Requests per second answered.
    pub achieved: f64,
    /// Median, µs.
    pub p50_us: f64,
    /// 99th percentile, µs.
    pub p99_us: f64,
    /// 99.9th percentile, µs.
    pub p999_us: f64,
    /// The slowest answer, µs.
    pub max_us: f64,
    /// Socket errors and answers other than 2xx.
    pub errors: u64,
    /// Connections the machine dropped from a full listen queue during the
    /// run (their SYN is retried after 1 s: a 1 s max is one of these).
    #[serde(default)]
    pub listen_overflows: u64,
}

/// Every run at one (route, rate), by server, in round order.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RateResults {
    /// The route key.
    pub route: String,
    /// `GET /api/plaintext`.
    pub title: String,
    /// The fraction of the slowest Rust peer's maximum, or of the load
    /// generator's when that is lower.
    pub fraction: f64,
    /// The offered rate, requests per second.
    pub rate: f64,
    /// Runs by server.
    pub runs: BTreeMap<String, Vec<Latency>>,
}

/// Everything one `open-loop` run measured.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Results {
    /// CPU, cores, memory, kernel, rustc, wrk.
    pub machine: String,
    /// `oha --version`.
    pub oha: String,
    /// How `open-loop` was called.
    pub command: String,
    /// When the run started (UTC, from `date`).
    pub started: String,
    /// Interleaved rounds.
    pub rounds: u32,
    /// Seconds per measured run.
    pub duration_s: f64,
    /// Open connections.
    pub connections: u32,
    /// The tether shape the goal is judged on.
    pub judged: String,
    /// The closed-loop maximum of each Rust peer, and of the load generator
    /// itself, by route then server.
    pub maxima: BTreeMap<String, BTreeMap<String, f64>>,
    /// The open-loop runs.
    pub rates: Vec<RateResults>,
    /// Wall time, seconds.
    pub wall_s: f64,
}

fn cmd_output(program: &Path, args: &[&str]) -> String {
    Command::new(program)
        .args(args)
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}

/// The cores `oha` runs on: every core but the server's, so that on a
/// machine with more than two the load generator has the headroom an
/// open loop needs (`None`: unpinned).
fn load_cpus(server: Option<usize>) -> Option<String> {
    let server = server?;
    let cpus: Vec<String> = super::procfs::cpus()
        .into_iter()
        .filter(|&c| c != server)
        .map(|c| c.to_string())
        .collect();
    (!cpus.is_empty()).then(|| cpus.join(","))
}

/// What every run of one `open-loop` invocation shares, found once.
struct Bench<'a> {
    opts: &'a Options,
    /// The server's core and `wrk`'s.
    pin: Pinning,
    /// `oha`'s cores ([`load_cpus`]).
    oha_cpus: Option<String>,
    /// Clock ticks a second of `/proc` CPU times.
    ticks: f64,
}

impl<'a> Bench<'a> {
    fn new(opts: &'a Options) -> Self {
        let pin = pinning();
        Bench {
            opts,
            pin,
            oha_cpus: load_cpus(pin.server),
            ticks: super::procfs::clock_ticks(),
        }
    }

    /// `spec` started on the server's core and warmed up on `route`: the
    /// running server and the route's URL.
    fn serve(&self, spec: &ServerSpec, route: &Route) -> std::io::Result<(Running, String)> {
        let server = start(spec, "server", self.pin.server)?;
        let s = scenario(route, self.opts.connections, 1);
        warm_up(server.addr, &s)?;
        let url = format!("http://{}{}", server.addr, route.path);
        Ok((server, url))
    }
}

/// Runs `oha` (on every core but the server's) for `seconds` against
/// `url`: at `rate` requests per second with latency correction, or
/// closed-loop without a rate.
fn oha(
    bench: &Bench<'_>,
    route: &Route,
    url: &str,
    rate: Option<f64>,
    seconds: f64,
) -> std::io::Result<Latency> {
    let opts = bench.opts;
    let mut cmd = match &bench.oha_cpus {
        Some(cpus) => {
            let mut c = Command::new("taskset");
            c.args(["-c", cpus]).arg(&opts.oha);
            c
        }
        None => Command::new(&opts.oha),
    };
    cmd.args(["--no-tui", "--output-format", "json"])
        .args(["-z", &format!("{}ms", (seconds * 1000.0).round() as u64)])
        .args(["-c", &opts.connections.to_string()])
        .args(["-m", route.method])
        // In-flight requests at the deadline are waited for, not dropped.
        .arg("-w");
    if let Some(rate) = rate {
        let rate = format!("{}", rate.round() as u64);
        cmd.args(["-q", &rate, "--latency-correction"]);
    }
    if let Some(body) = route.body {
        cmd.args(["-d", body, "-T", "application/json"]);
    }
    let out = cmd.arg(url).output()?;
    if !out.status.success() {
        return Err(std::io::Error::other(format!(
            "oha failed: {}",
            String::from_utf8_lossy(&out.stderr)
        )));
    }
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).map_err(|e| {
        std::io::Error::other(format!(
            "oha printed no JSON ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        ))
    })?;
    parse_oha(&json, rate.unwrap_or(0.0))
}

/// The figures of `oha --output-format json`'s report (seconds → µs).
fn parse_oha(json: &serde_json::Value, rate: f64) -> std::io::Result<Latency> {
    let us = |v: &serde_json::Value| v.as_f64().map(|s| s * 1e6);
    let pct = |k: &str| us(&json["latencyPercentiles"][k]);
    let missing = |what: &str| std::io::Error::other(format!("oha's report has no {what}"));
    let statuses = json["statusCodeDistribution"]
        .as_object()
        .ok_or_else(|| missing("statusCodeDistribution"))?;
    let not_2xx: u64 = statuses
        .iter()
        .filter(|(code, _)| !code.starts_with('2'))
        .filter_map(|(_, n)| n.as_u64())
        .sum();
    let socket: u64 = json["errorDistribution"]
        .as_object()
        .map(|m| m.values().filter_map(|n| n.as_u64()).sum())
        .unwrap_or(0);
    Ok(Latency {
        offered: rate,
        achieved: json["summary"]["requestsPerSec"]
            .as_f64()
            .ok_or_else(|| missing("summary.requestsPerSec"))?,
        p50_us: pct("p50").ok_or_else(|| missing("p50"))?,
        p99_us: pct("p99").ok_or_else(|| missing("p99"))?,
        p999_us: pct("p99.9").ok_or_else(|| missing("p99.9"))?,
        max_us: us(&json["summary"]["slowest"]).ok_or_else(|| missing("summary.slowest"))?,
        errors: not_2xx + socket,
        listen_overflows: 0,
    })
}

/// Each Rust peer's closed-loop maximum on `route` (req/s), from `wrk` at
/// the same connection count.
fn maxima(
    bench: &Bench<'_>,
    specs: &[ServerSpec],
    route: &Route,
    script_dir: &Path,
) -> std::io::Result<BTreeMap<String, f64>> {
    let s = scenario(route, bench.opts.connections, 1);
    let script = script_dir.join(format!("{}.lua", s.key));
    std::fs::write(&script, s.lua())?;
    let mut out = BTreeMap::new();
    for spec in specs.iter().filter(|s| !s.node) {
        let (_server, url) = bench.serve(spec, route)?;
        let w = wrk::run(&script, &s, &url, bench.opts.calibrate, bench.pin.load)?;
        let rps = w.requests as f64 / w.seconds.max(1e-9);
        println!(
            "closed-loop maximum {:<10} {:<16} {rps:>9.0} req/s",
            route.key, spec.name
        );
        out.insert(spec.name.clone(), rps);
    }
    Ok(out)
}

/// The load generator's own ceiling on `route`: `oha` without a rate
/// limit, closed-loop, against raw hyper (the fastest server of the bench),
/// on the cores it has. An offered rate near it measures `oha`'s own
/// queueing, not the server's.
fn generator_max(bench: &Bench<'_>, route: &Route) -> std::io::Result<f64> {
    let hyper = server_spec("hyper").expect("the hyper peer");
    let (_server, url) = bench.serve(&hyper, route)?;
    let l = oha(bench, route, &url, None, bench.opts.calibrate)?;
    println!(
        "closed-loop maximum {:<10} {:<16} {:>9.0} req/s",
        route.key, "oha itself", l.achieved
    );
    Ok(l.achieved)
}

/// One measured open-loop run of `spec` on `route` at `rate`.
fn measure(
    bench: &Bench<'_>,
    spec: &ServerSpec,
    route: &Route,
    rate: f64,
) -> std::io::Result<Latency> {
    let (server, url) = bench.serve(spec, route)?;
    // The connections open and the JIT warms up at the offered rate.
    let warm = if spec.node { 2.0 } else { 1.0 };
    oha(bench, route, &url, Some(rate), warm)?;
    drain(server.pid(), bench.ticks)?;
    let before = super::procfs::listen_overflows();
    let mut l = oha(bench, route, &url, Some(rate), bench.opts.duration)?;
    l.listen_overflows = super::procfs::listen_overflows() - before;
    Ok(l)
}

/// Runs the open-loop benchmark and writes `open-loop.json` and
/// `open-loop.md` into `opts.out`.
pub fn run(opts: &Options) -> std::io::Result<()> {
    let specs = server_specs(&opts.servers)?;
    let routes: Vec<&Route> = opts
        .routes
        .iter()
        .map(|k| {
            super::ROUTES
                .iter()
                .find(|r| r.key == k)
                .ok_or_else(|| std::io::Error::other(format!("unknown route {k:?}")))
        })
        .collect::<Result<_, _>>()?;
    let oha_version = cmd_output(&opts.oha, &["--version"]);
    if oha_version.is_empty() {
        return Err(std::io::Error::other(format!(
            "{} does not run: bench/open-loop.sh installs oha",
            opts.oha.display()
        )));
    }
    println!("machine: {}\n{oha_version}", machine());
    println!("judged shape (named before the run): {}", opts.judged);
    let started_at = cmd_output(Path::new("date"), &["-u", "+%Y-%m-%d %H:%M UTC"]);
    let started = Instant::now();
    let bench = Bench::new(opts);
    let scripts = opts.out.join("lua");
    std::fs::create_dir_all(&scripts)?;
    let mut all_maxima = BTreeMap::new();
    let mut rates = Vec::new();
    for route in &routes {
        let mut m = maxima(&bench, &specs, route, &scripts)?;
        let slowest = m.values().copied().fold(f64::INFINITY, f64::min);
        let generator = generator_max(&bench, route)?;
        m.insert(GENERATOR.into(), generator);
        // Rates the generator cannot offer cleanly would measure it.
        let base = slowest.min(generator);
        for &fraction in &opts.fractions {
            rates.push(RateResults {
                route: route.key.to_string(),
                title: route.title.to_string(),
                fraction,
                rate: (base * fraction).round(),
                runs: BTreeMap::new(),
            });
        }
        all_maxima.insert(route.key.to_string(), m);
    }
    for round in 1..=opts.rounds {
        for r in rates.iter_mut() {
            let route = routes
                .iter()
                .find(|x| x.key == r.route)
                .expect("route of a rate");
            for spec in &specs {
                let l = measure(&bench, spec, route, r.rate)?;
                println!(
                    "round {round}/{} {:<10} {:>3.0} % {:>8.0} req/s {:<16} answered {:>8.0}/s  p50 {:>8.2} ms  p99 {:>8.2} ms  p99.9 {:>8.2} ms  max {:>8.2} ms{}{}",
                    opts.rounds,
                    r.route,
                    r.fraction * 100.0,
                    r.rate,
                    spec.name,
                    l.achieved,
                    l.p50_us / 1e3,
                    l.p99_us / 1e3,
                    l.p999_us / 1e3,
                    l.max_us / 1e3,
                    if l.errors > 0 { format!("  {} errors", l.errors) } else { String::new() },
                    if l.listen_overflows > 0 { format!("  {} listen overflows", l.listen_overflows) } else { String::new() }
                );
                r.runs.entry(spec.name.clone()).or_default().push(l);
            }
        }
    }
    let results = Results {
        machine: machine(),
        oha: oha_version,
        command: std::env::args().collect::<Vec<_>>().join(" "),
        started: started_at,
        rounds: opts.rounds,
        duration_s: opts.duration,
        connections: opts.connections,
        judged: opts.judged.clone(),
        maxima: all_maxima,
        rates,
        wall_s: started.elapsed().as_secs_f64(),
    };
    std::fs::create_dir_all(&opts.out)?;
    let json = serde_json::to_string_pretty(&results).map_err(std::io::Error::other)?;
    std::fs::write(opts.out.join("open-loop.json"), json)?;
    write_report(&results, &opts.out)
}

/// Writes `open-loop.md` and `open-loop.svg` of `results` into `out`.
pub fn write_report(results: &Results, out: &Path) -> std::io::Result<()> {
    std::fs::write(out.join("open-loop.md"), markdown(results))?;
    std::fs::write(out.join("open-loop.svg"), svg(results))
}

/// Which latency figure a chart's panel shows.
type Pick = fn(&Latency) -> f64;

/// The chart: each server's p99 on every route at each offered rate, and
/// its p99.9 at the highest (medians of the rounds, ms; lower is better).
pub fn svg(r: &Results) -> String {
    let mut servers: Vec<String> = Vec::new();
    let mut routes: Vec<(String, String)> = Vec::new();
    let mut fractions: Vec<f64> = Vec::new();
    for rate in &r.rates {
        for name in rate.runs.keys() {
            if !servers.contains(name) {
                servers.push(name.clone());
            }
        }
        if !routes.iter().any(|(key, _)| *key == rate.route) {
            routes.push((rate.route.clone(), rate.title.clone()));
        }
        if !fractions.contains(&rate.fraction) {
            fractions.push(rate.fraction);
        }
    }
    fractions.sort_by(f64::total_cmp);
    // A server that fell far behind the offered rate has latencies that
    // grow with the run's length (NestJS: seconds): it would flatten the
    // others.
    let behind: Vec<String> = servers
        .iter()
        .filter(|name| {
            r.rates.iter().any(|rate| {
                rate.runs.get(*name).is_some_and(|runs| {
                    median(runs.iter().map(|l| l.achieved).collect()) < 0.9 * rate.rate
                })
            })
        })
        .cloned()
        .collect();
    servers.retain(|name| !behind.contains(name));
    // The judged shape first, then the other tethers, then the peers.
    servers.sort_by_key(|name| (*name != r.judged, !name.starts_with("tether"), name.clone()));
    let values = |fraction: f64, pick: Pick| -> Vec<Vec<Option<f64>>> {
        routes
            .iter()
            .map(|(key, _)| {
                let rate = r
                    .rates
                    .iter()
                    .find(|x| x.route == *key && x.fraction == fraction);
                servers
                    .iter()
                    .map(|name| {
                        let runs = rate?.runs.get(name)?;
                        Some(median(runs.iter().map(pick).collect()) / 1e3)
                    })
                    .collect()
            })
            .collect()
    };
    let mut titles: Vec<(String, f64, Pick)> = fractions
        .iter()
        .map(|f| {
            let title = format!(
                "p99 at {:.0} % of the slowest Rust peer's maximum, ms (lower is better)",
                f * 100.0
            );
            (title, *f, (|l: &Latency| l.p99_us) as Pick)
        })
        .collect();
    if let Some(top) = fractions.last() {
        let title = format!("p99.9 at {:.0} %, ms (lower is better)", top * 100.0);
        titles.push((title, *top, |l: &Latency| l.p999_us));
    }
    if let Some(first) = titles.first_mut().filter(|_| !behind.is_empty()) {
        first.0 += &format!("; not drawn (under 90 % answered): {}", behind.join(", "));
    }
    let groups: Vec<String> = routes.iter().map(|(key, _)| key.clone()).collect();
    let panels: Vec<Panel> = titles
        .iter()
        .map(|(title, fraction, pick)| Panel {
            title,
            groups: groups.clone(),
            values: values(*fraction, *pick),
            lines: vec![],
            decimals: 1,
        })
        .collect();
    document(&servers, &panels)
}

/// How the judged shape compares with `peer` on one percentile: `below`
/// or `above` only when every round agrees, else `tie`.
fn verdict(mine: &[Latency], peer: &[Latency], pick: fn(&Latency) -> f64) -> &'static str {
    let pairs: Vec<(f64, f64)> = mine
        .iter()
        .zip(peer)
        .map(|(a, b)| (pick(a), pick(b)))
        .collect();
    if pairs.is_empty() {
        "—"
    } else if pairs.iter().all(|(a, b)| a < b) {
        "below"
    } else if pairs.iter().all(|(a, b)| a > b) {
        "above"
    } else {
        "tie"
    }
}

/// The report: per route and rate, the median of each figure per server,
/// and whether the judged shape's p99 and p99.9 are below every Rust peer's
/// in every round.
pub fn markdown(r: &Results) -> String {
    let mut md = String::new();
    let _ = writeln!(
        md,
        "Open-loop latency, {} connections, {} interleaved round(s) of {} s per server and rate, started {}; the median of the rounds in ms. Latency counts from when each request was due (`oha --latency-correction`). A server that answered under 99 % of the offered rate is marked ⚠ (it fell behind: its latencies grow with the run's length). Errors and listen overflows are summed over the rounds; a listen overflow is a connection of oha's opening burst whose SYN the kernel dropped and retried a second later, which sets a 1 s max.\n\nMachine: {}. {}.\n\nCommand: `{}`\n",
        r.connections, r.rounds, r.duration_s, r.started, r.machine, r.oha, r.command
    );
    let _ = writeln!(
        md,
        "Closed-loop maxima (req/s, `wrk`, {} connections; the load generator's own: `oha` without a rate limit against raw hyper, on its one core):\n",
        r.connections
    );
    for (route, m) in &r.maxima {
        let list: Vec<String> = m.iter().map(|(s, v)| format!("{s} {v:.0}")).collect();
        let _ = writeln!(md, "- {route}: {}", list.join(", "));
    }
    let mut verdicts = Vec::new();
    for rate in &r.rates {
        let _ = writeln!(
            md,
            "\n### {}, {:.0} % of the slowest Rust peer's maximum (or oha's, if lower): {:.0} req/s\n\n| server | answered/s | p50 | p99 | p99.9 | max | errors | listen overflows |\n|---|--:|--:|--:|--:|--:|--:|--:|",
            rate.title,
            rate.fraction * 100.0,
            rate.rate
        );
        for (name, runs) in &rate.runs {
            let m = |f: fn(&Latency) -> f64| median(runs.iter().map(f).collect());
            let achieved = m(|l| l.achieved);
            let behind = if achieved < 0.99 * rate.rate {
                " ⚠"
            } else {
                ""
            };
            let _ = writeln!(
                md,
                "| {name} | {achieved:.0}{behind} | {:.2} | {:.2} | {:.2} | {:.2} | {} | {} |",
                m(|l| l.p50_us) / 1e3,
                m(|l| l.p99_us) / 1e3,
                m(|l| l.p999_us) / 1e3,
                m(|l| l.max_us) / 1e3,
                runs.iter().map(|l| l.errors).sum::<u64>(),
                runs.iter().map(|l| l.listen_overflows).sum::<u64>()
            );
        }
        let Some(mine) = rate.runs.get(&r.judged) else {
            continue;
        };
        for (name, peer) in &rate.runs {
            let rust_peer = !name.starts_with("tether") && !name.starts_with("nest-");
            if !rust_peer {
                continue;
            }
            let p99 = verdict(mine, peer, |l| l.p99_us);
            let p999 = verdict(mine, peer, |l| l.p999_us);
            verdicts.push((rate.route.clone(), rate.fraction, name.clone(), p99, p999));
        }
    }
    let held = verdicts
        .iter()
        .filter(|v| v.3 == "below" && v.4 == "below")
        .count();
    let _ = writeln!(
        md,
        "\n### The goal: {}'s p99 and p99.9 below every Rust peer's, at every rate, in every round\n\n{held} of {} comparisons hold.\n\n| route | rate | peer | p99 | p99.9 |\n|---|--:|---|---|---|",
        r.judged,
        verdicts.len()
    );
    for (route, fraction, peer, p99, p999) in &verdicts {
        let _ = writeln!(
            md,
            "| {route} | {:.0} % | {peer} | {p99} | {p999} |",
            fraction * 100.0
        );
    }
    md
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(p99: f64, p999: f64) -> Latency {
        Latency {
            p99_us: p99,
            p999_us: p999,
            ..Latency::default()
        }
    }

    #[test]
    fn a_difference_counts_only_when_every_round_agrees() {
        let mine = [l(1.0, 2.0), l(1.0, 5.0)];
        let peer = [l(2.0, 3.0), l(2.0, 4.0)];
        assert_eq!(verdict(&mine, &peer, |x| x.p99_us), "below");
        assert_eq!(verdict(&mine, &peer, |x| x.p999_us), "tie");
        assert_eq!(verdict(&peer, &mine, |x| x.p99_us), "above");
    }

    #[test]
    fn reads_ohas_json_report() {
        let json = serde_json::json!({
            "summary": {"requestsPerSec": 999.5, "slowest": 0.02},
            "latencyPercentiles": {"p50": 0.001, "p99": 0.004, "p99.9": 0.008},
            "statusCodeDistribution": {"200": 10, "503": 2},
            "errorDistribution": {"connection reset": 1}
        });
        let got = parse_oha(&json, 1000.0).unwrap();
        assert_eq!(got.p99_us, 4000.0);
        assert_eq!(got.p999_us, 8000.0);
        assert_eq!(got.max_us, 20000.0);
        assert_eq!(got.errors, 3);
        assert!(parse_oha(&serde_json::json!({}), 1.0).is_err());
    }
}
