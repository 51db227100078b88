//! The report: medians of the interleaved rounds, ratios to axum and raw
//! hyper, the goals of SPEC A10 checked, and an SVG chart.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// One `wrk` run against one server.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct Measurement {
    /// Requests per second.
    pub rps: f64,
    /// Median latency, µs.
    pub p50_us: f64,
    /// 99th percentile latency, µs.
    pub p99_us: f64,
    /// Server CPU time (user + system) per request, µs.
    pub cpu_us_per_req: f64,
    /// The part of it in the server's own code (user time), µs; the rest
    /// is the kernel's (read, write, epoll). Absent in older results.
    #[serde(default)]
    pub user_us_per_req: f64,
    /// Peak resident set (`VmHWM`), KiB.
    pub peak_rss_kib: f64,
    /// Socket errors and non-2xx answers.
    pub errors: u64,
}

/// Every run of one scenario, by server.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ScenarioResults {
    /// `plaintext-64`.
    pub key: String,
    /// `GET /api/plaintext, 64 connections`.
    pub title: String,
    /// The route key: `plaintext`, `json`, `param`, `post`, `versioned`.
    pub route: String,
    /// Open connections.
    pub connections: u32,
    /// Requests per write.
    pub pipeline: u32,
    /// Runs by server name, in round order.
    pub runs: BTreeMap<String, Vec<Measurement>>,
}

/// Everything one `bench` run measured.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Results {
    /// CPU, cores, memory, kernel, rustc, wrk.
    pub machine: String,
    /// How `bench` was called.
    pub command: String,
    /// Interleaved rounds.
    pub rounds: u32,
    /// Seconds per measured run.
    pub duration_s: f64,
    /// Whether servers and `wrk` ran on different cores.
    pub pinned: bool,
    /// Wall time of the load runs.
    pub wall_s: f64,
    /// Server names, in run order.
    pub servers: Vec<String>,
    /// Per scenario.
    pub scenarios: Vec<ScenarioResults>,
    /// Allocations per request, by server then route.
    pub allocs: BTreeMap<String, BTreeMap<String, f64>>,
    /// Requests per route when counting allocations.
    pub alloc_requests: u64,
}

/// The median of `v`; NaN when it is empty.
pub fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// The median of each figure over the rounds.
fn med(runs: &[Measurement]) -> Measurement {
    let f = |g: fn(&Measurement) -> f64| median(runs.iter().map(g).collect());
    Measurement {
        rps: f(|m| m.rps),
        p50_us: f(|m| m.p50_us),
        p99_us: f(|m| m.p99_us),
        cpu_us_per_req: f(|m| m.cpu_us_per_req),
        user_us_per_req: f(|m| m.user_us_per_req),
        peak_rss_kib: f(|m| m.peak_rss_kib),
        errors: runs.iter().map(|m| m.errors).sum(),
    }
}

impl ScenarioResults {
    fn median(&self, server: &str) -> Option<Measurement> {
        self.runs.get(server).map(|r| med(r))
    }
}

fn ratio(a: f64, b: Option<f64>) -> String {
    match b {
        Some(b) if b > 0.0 && a.is_finite() => format!("{:.2}×", a / b),
        _ => "–".into(),
    }
}

fn table(r: &Results, out: &mut String) {
    for s in &r.scenarios {
        let axum = s.median("axum");
        let hyper = s.median("hyper");
        let _ = writeln!(out, "\n#### {}\n", s.title);
        out.push_str("| server | req/s | ×axum | ×hyper | p50 ms | p99 ms | p99 ×axum | CPU µs/req | ×axum | ×hyper | of it user µs | ×axum | peak RSS MiB | ×axum | errors |\n");
        out.push_str("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        for name in &r.servers {
            let Some(m) = s.median(name) else { continue };
            let _ = writeln!(
                out,
                "| {name} | {:.0} | {} | {} | {:.2} | {:.2} | {} | {:.2} | {} | {} | {:.2} | {} | {:.1} | {} | {} |",
                m.rps,
                ratio(m.rps, axum.map(|a| a.rps)),
                ratio(m.rps, hyper.map(|a| a.rps)),
                m.p50_us / 1000.0,
                m.p99_us / 1000.0,
                ratio(m.p99_us, axum.map(|a| a.p99_us)),
                m.cpu_us_per_req,
                ratio(m.cpu_us_per_req, axum.map(|a| a.cpu_us_per_req)),
                ratio(m.cpu_us_per_req, hyper.map(|a| a.cpu_us_per_req)),
                m.user_us_per_req,
                ratio(m.user_us_per_req, axum.map(|a| a.user_us_per_req)),
                m.peak_rss_kib / 1024.0,
                ratio(m.peak_rss_kib, axum.map(|a| a.peak_rss_kib)),
                m.errors
            );
        }
    }
}

const ROUTE_KEYS: [&str; 5] = ["plaintext", "json", "param", "post", "versioned"];

fn alloc_table(r: &Results, out: &mut String) {
    if r.allocs.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\n### Heap allocations per request\n\nCounted by a global allocator in `server-counted` over {} requests per route on one keep-alive connection (alloc + alloc_zeroed + realloc). Independent of machine noise.\n",
        r.alloc_requests
    );
    out.push_str(
        "| server | plaintext | json | param | post | versioned |\n|---|--:|--:|--:|--:|--:|\n",
    );
    for name in &r.servers {
        let Some(a) = r.allocs.get(name) else {
            continue;
        };
        let cells: Vec<String> = ROUTE_KEYS
            .iter()
            .map(|k| a.get(*k).map_or("–".into(), |v| format!("{v:.1}")))
            .collect();
        let _ = writeln!(out, "| {name} | {} |", cells.join(" | "));
    }
}

/// One goal's verdict: whether it holds and the figures behind it.
struct Verdict {
    goal: String,
    holds: bool,
    detail: Vec<String>,
}

fn check(goal: &str, items: Vec<(String, bool)>) -> Option<Verdict> {
    if items.is_empty() {
        return None;
    }
    Some(Verdict {
        goal: goal.to_string(),
        holds: items.iter().all(|(_, ok)| *ok),
        detail: items
            .into_iter()
            .map(|(d, ok)| format!("{}{d}", if ok { "" } else { "✗ " }))
            .collect(),
    })
}

fn goals_for(r: &Results, t: &str) -> Vec<Verdict> {
    let plain: Vec<&ScenarioResults> = r.scenarios.iter().filter(|s| s.pipeline == 1).collect();
    let cmp = |field: fn(&Measurement) -> f64,
               other: &str,
               list: &[&ScenarioResults],
               ok: &dyn Fn(f64) -> bool| {
        list.iter()
            .filter_map(|s| {
                let x = field(&s.median(t)?);
                let y = field(&s.median(other)?);
                let q = x / y;
                Some((format!("{} {q:.2}", s.key), ok(q)))
            })
            .collect::<Vec<_>>()
    };
    let mut v = Vec::new();
    if let Some(h) = r.allocs.get("hyper") {
        if let Some(a) = r.allocs.get(t) {
            let items = ROUTE_KEYS
                .iter()
                .filter_map(|k| {
                    let (x, y) = (a.get(*k)?, h.get(*k)?);
                    Some((format!("{k} {x:.1} vs {y:.1}"), *x <= *y + 0.05))
                })
                .collect();
            v.extend(check(
                "heap allocations per request ≤ raw hyper's, every route",
                items,
            ));
        }
    }
    let rps = |m: &Measurement| m.rps;
    let cpu = |m: &Measurement| m.cpu_us_per_req;
    v.extend(check(
        "req/s ≥ 1.15× axum, every route",
        cmp(rps, "axum", &plain, &|q| q >= 1.15),
    ));
    v.extend(check(
        "req/s ≥ 1.0× actix-web, every route",
        cmp(rps, "actix", &plain, &|q| q >= 1.0),
    ));
    v.extend(check(
        "server CPU per request ≤ 0.75× axum",
        cmp(cpu, "axum", &plain, &|q| q <= 0.75),
    ));
    v.extend(check(
        "req/s ≥ 0.9× raw hyper",
        cmp(rps, "hyper", &plain, &|q| q >= 0.9),
    ));
    v.extend(check(
        "server CPU per request ≤ 1/0.9 (1.11×) raw hyper's",
        cmp(cpu, "hyper", &plain, &|q| q <= 1.0 / 0.9),
    ));
    let piped: Vec<&ScenarioResults> = r.scenarios.iter().filter(|s| s.pipeline > 1).collect();
    v.extend(check(
        "pipelined plaintext req/s ≥ 4× axum",
        cmp(rps, "axum", &piped, &|q| q >= 4.0),
    ));
    let c256: Vec<&ScenarioResults> = plain
        .iter()
        .copied()
        .filter(|s| s.connections == 256)
        .collect();
    let p99 = |m: &Measurement| m.p99_us;
    v.extend(check(
        "p99 at 256 connections below axum's",
        cmp(p99, "axum", &c256, &|q| q < 1.0),
    ));
    v.extend(check(
        "p99 at 256 connections below actix-web's",
        cmp(p99, "actix", &c256, &|q| q < 1.0),
    ));
    v.extend(nest_goals(t, &plain));
    let rss = |m: &Measurement| m.peak_rss_kib;
    let all256: Vec<&ScenarioResults> = r
        .scenarios
        .iter()
        .filter(|s| s.connections == 256)
        .collect();
    v.extend(check(
        "peak RSS at 256 connections ≤ axum's",
        cmp(rss, "axum", &all256, &|q| q <= 1.0),
    ));
    v
}

/// The peers of the latency goal at 512 connections.
const LATENCY_PEERS: [&str; 4] = ["nest-express", "nest-fastify", "axum", "actix"];

/// Issue 18's goals against NestJS: ≥ 3× NestJS+Fastify's req/s and ≤ a
/// third of its CPU per request on every route; p50 and p99 at 512
/// connections below both Nest adapters', axum's and actix-web's.
fn nest_goals(t: &str, plain: &[&ScenarioResults]) -> Vec<Verdict> {
    let pairs = |field: fn(&Measurement) -> f64,
                 peers: &[&str],
                 list: &[&ScenarioResults],
                 ok: &dyn Fn(f64) -> bool| {
        list.iter()
            .flat_map(|s| peers.iter().map(move |p| (*s, *p)))
            .filter_map(|(s, peer)| {
                let q = field(&s.median(t)?) / field(&s.median(peer)?);
                Some((format!("{} vs {peer} {q:.2}", s.key), ok(q)))
            })
            .collect::<Vec<_>>()
    };
    let c512: Vec<&ScenarioResults> = plain
        .iter()
        .copied()
        .filter(|s| s.connections == 512)
        .collect();
    let mut v = Vec::new();
    v.extend(check(
        "req/s ≥ 3× NestJS+Fastify's, every route",
        pairs(|m| m.rps, &["nest-fastify"], plain, &|q| q >= 3.0),
    ));
    v.extend(check(
        "server CPU per request ≤ 1/3 of NestJS+Fastify's, every route",
        pairs(|m| m.cpu_us_per_req, &["nest-fastify"], plain, &|q| {
            q <= 1.0 / 3.0
        }),
    ));
    v.extend(check(
        "p50 at 512 connections below NestJS (Express, Fastify), axum and actix-web",
        pairs(|m| m.p50_us, &LATENCY_PEERS, &c512, &|q| q < 1.0),
    ));
    v.extend(check(
        "p99 at 512 connections below NestJS (Express, Fastify), axum and actix-web",
        pairs(|m| m.p99_us, &LATENCY_PEERS, &c512, &|q| q < 1.0),
    ));
    v
}

/// tether's req/s and CPU per request against each NestJS adapter's, per
/// scenario.
fn nest_table(r: &Results, out: &mut String) {
    let nests: Vec<&str> = ["nest-fastify", "nest-express"]
        .into_iter()
        .filter(|n| r.servers.iter().any(|s| s == n))
        .collect();
    if nests.is_empty() || !r.servers.iter().any(|s| s == "tether") {
        return;
    }
    out.push_str("\n### tether against NestJS\n\nMedians per scenario; ×: tether ÷ NestJS (req/s: higher is better for tether; CPU: lower). Node runs JavaScript on one thread; it is pinned to the same single core as every Rust server, so both sides have one core.\n\n");
    let mut head = String::from("| scenario | tether req/s |");
    let mut rule = String::from("|---|--:|");
    for n in &nests {
        let _ = write!(head, " {n} req/s | × |");
        rule.push_str("--:|--:|");
    }
    head.push_str(" tether CPU µs/req |");
    rule.push_str("--:|");
    for n in &nests {
        let _ = write!(head, " {n} CPU µs/req | × |");
        rule.push_str("--:|--:|");
    }
    let _ = writeln!(out, "{head}\n{rule}");
    for s in &r.scenarios {
        let Some(t) = s.median("tether") else {
            continue;
        };
        let mut row = format!("| {} | {:.0} |", s.key, t.rps);
        for n in &nests {
            let m = s.median(n);
            let rps = m.map_or("–".into(), |m| format!("{:.0}", m.rps));
            let _ = write!(row, " {rps} | {} |", ratio(t.rps, m.map(|m| m.rps)));
        }
        let _ = write!(row, " {:.2} |", t.cpu_us_per_req);
        for n in &nests {
            let m = s.median(n);
            let cpu = m.map_or("–".into(), |m| format!("{:.2}", m.cpu_us_per_req));
            let q = ratio(t.cpu_us_per_req, m.map(|m| m.cpu_us_per_req));
            let _ = write!(row, " {cpu} | {q} |");
        }
        let _ = writeln!(out, "{row}");
    }
}

/// p50 / p99 of every server at 512 connections, one row per route.
fn latency_table(r: &Results, out: &mut String) {
    let c512: Vec<&ScenarioResults> = r
        .scenarios
        .iter()
        .filter(|s| s.connections == 512 && s.pipeline == 1)
        .collect();
    if c512.is_empty() {
        return;
    }
    out.push_str("\n### Latency at 512 connections: p50 / p99 in ms\n\n| route |");
    for n in &r.servers {
        let _ = write!(out, " {n} |");
    }
    out.push_str("\n|---|");
    out.push_str(&"--:|".repeat(r.servers.len()));
    out.push('\n');
    for s in c512 {
        let _ = write!(out, "| {} |", s.route);
        for n in &r.servers {
            let cell = s.median(n).map_or("–".into(), |m| {
                format!("{:.2} / {:.2}", m.p50_us / 1000.0, m.p99_us / 1000.0)
            });
            let _ = write!(out, " {cell} |");
        }
        out.push('\n');
    }
}

fn goals(r: &Results, out: &mut String) {
    for t in r.servers.iter().filter(|s| s.starts_with("tether")) {
        let _ = writeln!(out, "\n### Goals for `{t}` (ratios are {t} ÷ other)\n");
        for g in goals_for(r, t) {
            let _ = writeln!(
                out,
                "- {} **{}** — {}",
                if g.holds {
                    "✅ holds:"
                } else {
                    "❌ does not hold:"
                },
                g.goal,
                g.detail.join(", ")
            );
        }
        kernel_floor(r, t, out);
    }
}

/// How low `t`'s CPU per request could go against axum's if its own code
/// cost nothing: its kernel time (total − user) ÷ axum's total.
fn kernel_floor(r: &Results, t: &str, out: &mut String) {
    let items: Vec<String> = r
        .scenarios
        .iter()
        .filter(|s| s.pipeline == 1)
        .filter_map(|s| {
            let (m, a) = (s.median(t)?, s.median("axum")?);
            (m.user_us_per_req > 0.0).then(|| {
                format!(
                    "{} {:.2}",
                    s.key,
                    (m.cpu_us_per_req - m.user_us_per_req) / a.cpu_us_per_req
                )
            })
        })
        .collect();
    if !items.is_empty() {
        let _ = writeln!(
            out,
            "- ℹ️ **kernel floor: {t}'s kernel time per request alone ÷ axum's whole CPU per request** (the best CPU ratio its own code could reach by costing nothing) — {}",
            items.join(", ")
        );
    }
}

/// The Markdown report.
pub fn markdown(r: &Results) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Machine: {}.\n\nMedian of {} interleaved round(s) (every server once per scenario per round, A B C D …) of {} s each; servers {}; `wrk -t1`, one fresh server process per run. Load runs took {:.0} s.",
        r.machine,
        r.rounds,
        r.duration_s,
        if r.pinned {
            "pinned to one core and wrk to another (taskset)"
        } else {
            "not pinned"
        },
        r.wall_s
    );
    if r.servers.iter().any(|s| s.starts_with("nest-")) {
        out.push_str("\nThe NestJS servers (`nest-express`, `nest-fastify`: NestJS 11 on Node 20, `bench/nest`) run in one Node process, whose JavaScript runs on one thread, pinned with `taskset` to the same single core as the Rust servers (so both sides get one core; Node's helper threads share it). Each gets at least 1 s of `wrk` load before its measured run so V8 has compiled the hot paths.\n");
    }
    table(r, &mut out);
    nest_table(r, &mut out);
    latency_table(r, &mut out);
    alloc_table(r, &mut out);
    goals(r, &mut out);
    out
}

const COLORS: [&str; 8] = [
    "#d94f30", "#f29e4c", "#4a7bd0", "#5bb35b", "#7a7a7a", "#9b59b6", "#e0245e", "#1aa39a",
];

/// The color of server `name`, by its place among `servers`.
fn color(servers: &[String], name: &str) -> &'static str {
    let i = servers.iter().position(|s| s == name).unwrap_or(0);
    COLORS[i % COLORS.len()]
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// One panel of grouped vertical bars, a bar per server in each group.
pub struct Panel<'a> {
    pub title: &'a str,
    pub groups: Vec<String>,
    /// values[group][server]
    pub values: Vec<Vec<Option<f64>>>,
    /// Dashed reference lines: (value, label).
    pub lines: Vec<(f64, String)>,
    pub decimals: usize,
}

fn nice_max(v: f64) -> f64 {
    if v <= 0.0 || !v.is_finite() {
        return 1.0;
    }
    let mag = 10f64.powf(v.log10().floor());
    for m in [1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0] {
        if m * mag >= v {
            return m * mag;
        }
    }
    10.0 * mag
}

fn panel(svg: &mut String, servers: &[String], p: &Panel, y0: f64, width: f64) -> f64 {
    let height = 250.0;
    let (left, right, top, bottom) = (60.0, 20.0, 34.0, 46.0);
    let plot_w = width - left - right;
    let plot_h = height - top - bottom;
    let max = p
        .values
        .iter()
        .flatten()
        .flatten()
        .copied()
        .chain(p.lines.iter().map(|l| l.0))
        .fold(0.0, f64::max);
    let max = nice_max(max * 1.08);
    let y = |v: f64| y0 + top + plot_h - v / max * plot_h;
    let _ = writeln!(
        svg,
        r#"<text x="{left}" y="{:.1}" font-size="15" font-weight="bold">{}</text>"#,
        y0 + 20.0,
        esc(p.title)
    );
    for i in 0..=4 {
        let v = max * i as f64 / 4.0;
        let _ = writeln!(
            svg,
            r##"<line x1="{left}" x2="{:.1}" y1="{:.1}" y2="{:.1}" stroke="#e3e3e3"/><text x="{:.1}" y="{:.1}" font-size="11" text-anchor="end">{:.*}</text>"##,
            left + plot_w,
            y(v),
            y(v),
            left - 6.0,
            y(v) + 4.0,
            p.decimals,
            v
        );
    }
    let group_w = plot_w / p.groups.len().max(1) as f64;
    let n = servers.len().max(1) as f64;
    let bar_w = (group_w * 0.8) / n;
    for (gi, (g, vals)) in p.groups.iter().zip(&p.values).enumerate() {
        let gx = left + gi as f64 * group_w + group_w * 0.1;
        for (si, v) in vals.iter().enumerate() {
            let Some(v) = v else { continue };
            let name = &servers[si];
            let x = gx + si as f64 * bar_w;
            let _ = writeln!(
                svg,
                r#"<rect x="{x:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{}"><title>{}: {:.*}</title></rect>"#,
                y(*v),
                (bar_w - 1.0).max(1.0),
                (y0 + top + plot_h - y(*v)).max(0.0),
                color(servers, name),
                esc(name),
                p.decimals,
                v
            );
        }
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" font-size="10.5" text-anchor="middle">{}</text>"#,
            gx + group_w * 0.4,
            y0 + top + plot_h + 15.0,
            esc(g)
        );
    }
    for (v, label) in &p.lines {
        let _ = writeln!(
            svg,
            r##"<line x1="{left}" x2="{:.1}" y1="{:.1}" y2="{:.1}" stroke="#333" stroke-dasharray="5,4"/><text x="{:.1}" y="{:.1}" font-size="10.5" text-anchor="end" fill="#333">{}</text>"##,
            left + plot_w,
            y(*v),
            y(*v),
            left + plot_w,
            y(*v) - 4.0,
            esc(label)
        );
    }
    height
}

/// The chart: throughput and CPU per request relative to axum, and
/// allocations per request.
pub fn svg(r: &Results) -> String {
    let groups: Vec<String> = r
        .scenarios
        .iter()
        .map(|s| s.key.replace("-pipelined16", " ×16"))
        .collect();
    let rel = |field: fn(&Measurement) -> f64| -> Vec<Vec<Option<f64>>> {
        r.scenarios
            .iter()
            .map(|s| {
                let base = s.median("axum").map(|m| field(&m));
                r.servers
                    .iter()
                    .map(|n| {
                        let m = s.median(n)?;
                        base.map(|b| field(&m) / b)
                    })
                    .collect()
            })
            .collect()
    };
    let mut panels = vec![
        Panel {
            title: "Requests per second relative to axum (higher is better)",
            groups: groups.clone(),
            values: rel(|m| m.rps),
            lines: vec![(1.0, "axum".into()), (1.15, "goal 1.15×".into())],
            decimals: 1,
        },
        Panel {
            title: "Server CPU time per request relative to axum (lower is better)",
            groups,
            values: rel(|m| m.cpu_us_per_req),
            lines: vec![(1.0, "axum".into()), (0.75, "goal 0.75×".into())],
            decimals: 2,
        },
    ];
    if !r.allocs.is_empty() {
        panels.push(Panel {
            title: "Heap allocations per request (lower is better)",
            groups: ROUTE_KEYS.iter().map(|k| k.to_string()).collect(),
            values: ROUTE_KEYS
                .iter()
                .map(|k| {
                    r.servers
                        .iter()
                        .map(|n| r.allocs.get(n).and_then(|a| a.get(*k)).copied())
                        .collect()
                })
                .collect(),
            lines: vec![],
            decimals: 0,
        });
    }
    document(&r.servers, &panels)
}

/// An SVG of `panels` one above the other, under a legend of `servers`.
pub fn document(servers: &[String], panels: &[Panel]) -> String {
    let width = 1000.0;
    let mut body = String::new();
    let mut y0 = 40.0;
    for p in panels {
        y0 += panel(&mut body, servers, p, y0, width);
    }
    let mut legend = String::new();
    for (i, name) in servers.iter().enumerate() {
        let x = 60.0 + i as f64 * 130.0;
        let _ = write!(
            legend,
            r#"<rect x="{x}" y="12" width="14" height="14" fill="{}"/><text x="{}" y="24" font-size="13">{}</text>"#,
            color(servers, name),
            x + 20.0,
            esc(name)
        );
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{:.0}\" viewBox=\"0 0 {width} {:.0}\" font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{legend}\n{body}</svg>\n",
        y0 + 10.0,
        y0 + 10.0
    )
}

/// Writes `results.md` and `chart.svg` into `out` and prints the report.
pub fn write(r: &Results, out: &Path) -> std::io::Result<()> {
    let md = markdown(r);
    std::fs::write(out.join("results.md"), &md)?;
    std::fs::write(out.join("chart.svg"), svg(r))?;
    println!("{md}");
    println!(
        "wrote {} and {}",
        out.join("results.md").display(),
        out.join("chart.svg").display()
    );
    Ok(())
}
