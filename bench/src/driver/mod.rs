//! The benchmark driver behind `bench/run.sh`: starts each server pinned to
//! one core, loads it with `wrk` pinned to another, in interleaved rounds
//! (A B C D A B C D …), reads its CPU time and peak RSS from `/proc`, and
//! counts its heap allocations per request with `server-counted`.

pub mod http;
pub mod open_loop;
pub mod procfs;
pub mod report;
pub mod wrk;

use crate::model::NEW_USER_BODY;
use report::{Measurement, Results, ScenarioResults};
use std::collections::BTreeMap;
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use wrk::Scenario;

/// What `bench` was asked to do.
#[derive(Debug, Clone)]
pub struct Options {
    /// Interleaved rounds; the report shows the median of each figure.
    pub rounds: u32,
    /// Seconds of each measured `wrk` run.
    pub duration: f64,
    /// Seconds of `wrk` before each measured run (besides a short
    /// single-connection warm-up that always runs).
    pub warmup: f64,
    /// Which servers, by name (see [`server_spec`]).
    pub servers: Vec<String>,
    /// Where `results.json`, `results.md` and `chart.svg` go.
    pub out: PathBuf,
    /// Count heap allocations per request too.
    pub allocs: bool,
    /// Fewer scenarios and shorter runs: a smoke run.
    pub quick: bool,
    /// Requests per route when counting allocations.
    pub alloc_requests: u64,
    /// Only the scenarios with these keys (`plaintext-256-pipelined16`,
    /// `json-64`, …); all when empty.
    pub only: Vec<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            rounds: 3,
            duration: 3.0,
            warmup: 0.0,
            servers: [
                "tether",
                "tether-per-core",
                "axum",
                "actix",
                "hyper",
                "nest-express",
                "nest-fastify",
            ]
            .map(String::from)
            .to_vec(),
            out: PathBuf::from("results"),
            allocs: true,
            quick: false,
            alloc_requests: 10_000,
            only: Vec::new(),
        }
    }
}

impl Options {
    /// The `--quick` settings: one round of one second, fewer scenarios.
    pub fn quick(base: Options) -> Options {
        Options {
            rounds: 1,
            duration: 1.0,
            warmup: 0.0,
            quick: true,
            alloc_requests: 2_000,
            ..base
        }
    }
}

/// A server to benchmark: a framework of `server` (or of the NestJS app),
/// plus its environment.
#[derive(Debug, Clone)]
pub struct ServerSpec {
    /// The name in the tables.
    pub name: String,
    /// The `server` argument, or the Nest adapter (`express`, `fastify`).
    pub framework: &'static str,
    /// Extra environment.
    pub env: Vec<(&'static str, &'static str)>,
    /// A NestJS server (`node bench/nest/dist/main.js`), not `server`.
    pub node: bool,
}

/// The server called `name`: a framework, `tether-per-core` (tether with
/// `TETHER_RUNTIME=per-core`), `hyper-default` (raw hyper without
/// `pipeline_flush`, hyper's default), or `nest-express` / `nest-fastify` (NestJS 11
/// on Node with that platform adapter).
pub fn server_spec(name: &str) -> Option<ServerSpec> {
    let (framework, env) = match name {
        "tether" => ("tether", vec![("TETHER_RUNTIME", "multi-thread")]),
        "tether-per-core" => ("tether", vec![("TETHER_RUNTIME", "per-core")]),
        "axum" => ("axum", vec![]),
        "actix" => ("actix", vec![]),
        "hyper" => ("hyper", vec![]),
        "hyper-default" => ("hyper", vec![("BENCH_HYPER_PIPELINE_FLUSH", "0")]),
        "nest-express" => ("express", vec![("NODE_ENV", "production")]),
        "nest-fastify" => ("fastify", vec![("NODE_ENV", "production")]),
        _ => return None,
    };
    Some(ServerSpec {
        name: name.to_string(),
        framework,
        env,
        node: name.starts_with("nest-"),
    })
}

/// Where the NestJS peers are built (`bench/nest`, `npm ci && npx tsc`):
/// `BENCH_NEST_DIR`, else the crate's `nest/` directory.
fn nest_dir() -> PathBuf {
    std::env::var_os("BENCH_NEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("nest"))
}

/// Seconds of `wrk` load a NestJS server gets before each measured run at
/// least, so V8 has compiled the hot paths (the Rust servers get
/// `--warmup`, 0 by default, besides the single-connection warm-up).
const NODE_WARMUP_S: f64 = 1.0;

/// One route of the benchmark: method, path, body.
#[derive(Debug, Clone, Copy)]
pub struct Route {
    /// Short name: `plaintext`, `json`, `param`, `post`, `versioned`.
    pub key: &'static str,
    /// `GET /api/users/:id`.
    pub title: &'static str,
    /// The method.
    pub method: &'static str,
    /// The path requested.
    pub path: &'static str,
    /// The JSON body, for `POST`.
    pub body: Option<&'static str>,
}

/// Every route, in table order.
pub const ROUTES: [Route; 5] = [
    Route {
        key: "plaintext",
        title: "GET /api/plaintext",
        method: "GET",
        path: "/api/plaintext",
        body: None,
    },
    Route {
        key: "json",
        title: "GET /api/json",
        method: "GET",
        path: "/api/json",
        body: None,
    },
    Route {
        key: "param",
        title: "GET /api/users/:id",
        method: "GET",
        path: "/api/users/42",
        body: None,
    },
    Route {
        key: "post",
        title: "POST /api/users",
        method: "POST",
        path: "/api/users",
        body: Some(NEW_USER_BODY),
    },
    Route {
        key: "versioned",
        title: "GET /api/v1/status",
        method: "GET",
        path: "/api/v1/status",
        body: None,
    },
];

pub(crate) fn scenario(route: &Route, connections: u32, pipeline: u32) -> Scenario {
    let mut key = format!("{}-{connections}", route.key);
    if pipeline > 1 {
        key.push_str(&format!("-pipelined{pipeline}"));
    }
    Scenario {
        key,
        route: route.title,
        method: route.method,
        path: route.path,
        body: route.body,
        connections,
        pipeline,
    }
}

/// The load scenarios: every route at 64 connections, all but the
/// versioned one at 256 and at 512 (the latency goal's connections), and
/// plaintext pipelined 16 deep at 256.
pub fn scenarios(quick: bool) -> Vec<Scenario> {
    let mut list: Vec<Scenario> = ROUTES.iter().map(|r| scenario(r, 64, 1)).collect();
    if !quick {
        list.extend(ROUTES[..4].iter().map(|r| scenario(r, 256, 1)));
        list.extend(ROUTES[..4].iter().map(|r| scenario(r, 512, 1)));
    } else {
        list.push(scenario(&ROUTES[0], 256, 1));
        list.push(scenario(&ROUTES[0], 512, 1));
    }
    list.push(scenario(&ROUTES[0], 256, 16));
    list
}

/// Where the benchmark binaries are: beside this one.
fn bin_dir() -> std::io::Result<PathBuf> {
    let exe = std::env::current_exe()?;
    Ok(exe.parent().map(Path::to_path_buf).unwrap_or_default())
}

/// Which core the servers run on and which the load generator runs on.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pinning {
    pub(crate) server: Option<usize>,
    pub(crate) load: Option<usize>,
}

pub(crate) fn pinning() -> Pinning {
    let cpus = procfs::cpus();
    let taskset = Command::new("taskset")
        .arg("-V")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if cpus.len() >= 2 && taskset {
        Pinning {
            server: Some(cpus[0]),
            load: Some(cpus[1]),
        }
    } else {
        Pinning {
            server: None,
            load: None,
        }
    }
}

/// A running server, killed on drop.
pub(crate) struct Running {
    child: Child,
    pub(crate) addr: SocketAddr,
}

impl Running {
    pub(crate) fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

static NEXT_PORT: std::sync::atomic::AtomicU16 = std::sync::atomic::AtomicU16::new(0);

fn free_port() -> std::io::Result<u16> {
    // A fresh port each start, so no run waits on the last one's TIME_WAIT.
    let n = NEXT_PORT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    for offset in 0..1000u16 {
        let port = 20_000 + (n.wrapping_add(offset) % 20_000);
        if std::net::TcpListener::bind(("127.0.0.1", port)).is_ok() {
            return Ok(port);
        }
    }
    Err(std::io::Error::other("no free port"))
}

/// The program and leading arguments of `spec`'s server: the `binary`
/// beside this one, or `node` with the NestJS app's entry point.
fn program(spec: &ServerSpec, binary: &str) -> std::io::Result<Vec<std::ffi::OsString>> {
    if spec.node {
        let main = nest_dir().join("dist/main.js");
        if !main.is_file() {
            return Err(std::io::Error::other(format!(
                "{} is missing: run bench/run.sh (npm ci and tsc in bench/nest)",
                main.display()
            )));
        }
        Ok(vec!["node".into(), main.into()])
    } else {
        Ok(vec![bin_dir()?.join(binary).into()])
    }
}

pub(crate) fn start(
    spec: &ServerSpec,
    binary: &str,
    cpu: Option<usize>,
) -> std::io::Result<Running> {
    let addr: SocketAddr = ([127, 0, 0, 1], free_port()?).into();
    let program = program(spec, binary)?;
    let mut cmd = match cpu {
        Some(cpu) => {
            let mut c = Command::new("taskset");
            c.args(["-c", &cpu.to_string()]).args(&program);
            c
        }
        None => {
            let mut c = Command::new(&program[0]);
            c.args(&program[1..]);
            c
        }
    };
    cmd.arg(spec.framework)
        .arg(addr.to_string())
        .envs(spec.env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit());
    let child = cmd.spawn().map_err(|e| {
        std::io::Error::other(format!(
            "cannot start {} ({:?}): {e} (run bench/run.sh to build it)",
            spec.name, program
        ))
    })?;
    let mut running = Running { child, addr };
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(addr).is_err() {
        if let Some(status) = running.child.try_wait()? {
            return Err(std::io::Error::other(format!(
                "{} exited ({status}) before listening on {addr}",
                spec.name
            )));
        }
        if Instant::now() > deadline {
            return Err(std::io::Error::other(format!(
                "{} did not listen on {addr} within 20 s",
                spec.name
            )));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Ok(running)
}

pub(crate) fn warm_up(addr: SocketAddr, s: &Scenario) -> std::io::Result<()> {
    let raw = http::request_bytes(s.method, s.path, s.body);
    let mut client = http::Client::connect(addr)?;
    for _ in 0..1000 {
        client.send(&raw)?;
    }
    Ok(())
}

/// Waits (up to 10 s) until the server has stopped using CPU after the
/// warm-up: a slow server may still be answering pipelined requests of
/// connections `wrk` has closed, which would eat the measured run.
pub(crate) fn drain(pid: u32, ticks: f64) -> std::io::Result<()> {
    let step = Duration::from_millis(200);
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut last = procfs::cpu_ticks(pid)?;
    while Instant::now() < deadline {
        std::thread::sleep(step);
        let now = procfs::cpu_ticks(pid)?;
        // Idle: under 5 % of a core over the step.
        if ((now - last) as f64) / ticks < 0.05 * step.as_secs_f64() {
            break;
        }
        last = now;
    }
    Ok(())
}

fn measure(
    spec: &ServerSpec,
    s: &Scenario,
    script: &Path,
    opts: &Options,
    pin: Pinning,
    ticks: f64,
) -> std::io::Result<Measurement> {
    let server = start(spec, "server", pin.server)?;
    let url = format!("http://{}{}", server.addr, s.path);
    warm_up(server.addr, s)?;
    let warmup = if spec.node {
        opts.warmup.max(NODE_WARMUP_S)
    } else {
        opts.warmup
    };
    if warmup > 0.0 {
        wrk::run(script, s, &url, warmup, pin.load)?;
        drain(server.pid(), ticks)?;
    }
    let before = procfs::cpu_ticks_split(server.pid())?;
    let w = wrk::run(script, s, &url, opts.duration, pin.load)?;
    let after = procfs::cpu_ticks_split(server.pid())?;
    let rss = procfs::peak_rss_kib(server.pid())?;
    let requests = w.requests.max(1) as f64;
    Ok(Measurement {
        rps: w.requests as f64 / w.seconds.max(1e-9),
        p50_us: w.p50_us,
        p99_us: w.p99_us,
        cpu_us_per_req: ((after.0 + after.1) - (before.0 + before.1)) as f64 / ticks * 1e6
            / requests,
        user_us_per_req: (after.0 - before.0) as f64 / ticks * 1e6 / requests,
        peak_rss_kib: rss as f64,
        errors: w.errors,
    })
}

fn fetch_all(addr: SocketAddr) -> std::io::Result<Vec<http::RawResponse>> {
    let mut client = http::Client::connect(addr)?;
    ROUTES
        .iter()
        .map(|r| client.send(&http::request_bytes(r.method, r.path, r.body)))
        .collect()
}

/// Checks every server answers every route with the same status, headers
/// (the `date` value aside) and body as tether (or the first server when
/// tether is not run). The NestJS peers may differ only where Node's HTTP
/// server and both adapters always do (see [`http::RawResponse::node_normalized`]);
/// those differences are printed.
fn verify(specs: &[ServerSpec]) -> std::io::Result<()> {
    let Some(reference) = specs.iter().find(|s| s.name == "tether").or(specs.first()) else {
        return Ok(());
    };
    let want = fetch_all(start(reference, "server", None)?.addr)?;
    for spec in specs.iter().filter(|s| s.name != reference.name) {
        let got = fetch_all(start(spec, "server", None)?.addr)?;
        for ((route, a), b) in ROUTES.iter().zip(&want).zip(&got) {
            let (a, b) = if spec.node {
                (a.node_normalized(), b.node_normalized())
            } else {
                (a.normalized(), b.normalized())
            };
            if a != b {
                return Err(std::io::Error::other(format!(
                    "{} answers {} differently from {}:\n--- {}\n{a}\n--- {}\n{b}",
                    spec.name, route.title, reference.name, reference.name, spec.name
                )));
            }
        }
        if spec.node {
            let mut extra: Vec<String> = Vec::new();
            for (a, b) in want.iter().zip(&got) {
                for d in http::header_differences(a, b) {
                    if !extra.contains(&d) {
                        extra.push(d);
                    }
                }
            }
            println!(
                "{} answers every route like {} but for Node's headers: {}",
                spec.name,
                reference.name,
                extra.join(", ")
            );
        }
    }
    println!(
        "responses identical across servers (checked against {}):",
        reference.name
    );
    for (route, r) in ROUTES.iter().zip(&want) {
        println!(
            "  {:<22} {} {}",
            route.title,
            r.status(),
            String::from_utf8_lossy(&r.body)
        );
    }
    Ok(())
}

fn allocations(client: &mut http::Client) -> std::io::Result<u64> {
    let raw = http::request_bytes("GET", crate::alloc::ALLOCS_PATH, None);
    let res = client.send(&raw)?;
    String::from_utf8_lossy(&res.body)
        .trim()
        .parse()
        .map_err(|_| std::io::Error::other("GET /api/__allocs did not answer a number"))
}

/// Heap allocations per request of each route, on one keep-alive
/// connection: the count read before and after `n` requests, less what one
/// read of the count costs (two reads back to back).
fn count_allocs(
    spec: &ServerSpec,
    n: u64,
    cpu: Option<usize>,
) -> std::io::Result<BTreeMap<String, f64>> {
    let server = start(spec, "server-counted", cpu)?;
    let mut client = http::Client::connect(server.addr)?;
    let mut out = BTreeMap::new();
    for route in ROUTES {
        let raw = http::request_bytes(route.method, route.path, route.body);
        for _ in 0..200 {
            client.send(&raw)?;
        }
        let b0 = allocations(&mut client)?;
        let b1 = allocations(&mut client)?;
        let overhead = b1 - b0;
        let a0 = allocations(&mut client)?;
        for _ in 0..n {
            let res = client.send(&raw)?;
            if res.status() >= 300 {
                return Err(std::io::Error::other(format!(
                    "{} answered {} with {}",
                    spec.name, route.title, res.status_line
                )));
            }
        }
        let a1 = allocations(&mut client)?;
        let per = (a1 - a0).saturating_sub(overhead) as f64 / n as f64;
        out.insert(route.key.to_string(), per);
    }
    Ok(out)
}

pub(crate) fn machine() -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|l| l.strip_prefix("model name"))
        .map(|m| m.trim_start_matches([' ', '\t', ':']).to_string())
        .unwrap_or_else(|| "unknown CPU".into());
    let mem = std::fs::read_to_string("/proc/meminfo")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(String::new(), |kib| {
            format!(", {:.0} GiB RAM", kib / 1048576.0)
        });
    let cmd = |c: &str, a: &str| {
        Command::new(c)
            .arg(a)
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .unwrap_or_default()
    };
    format!(
        "{model}, {} CPUs allowed{mem}; Linux {}; {}; {}",
        procfs::cpus().len(),
        cmd("uname", "-r"),
        cmd("rustc", "-V"),
        cmd("wrk", "-v")
            .split(" Copyright")
            .next()
            .unwrap_or("wrk")
            .trim()
    )
}

/// The servers called `names` (see [`server_spec`]); an unknown name is
/// an error naming it.
pub(crate) fn server_specs(names: &[String]) -> std::io::Result<Vec<ServerSpec>> {
    names
        .iter()
        .map(|n| {
            server_spec(n).ok_or_else(|| std::io::Error::other(format!("unknown server {n:?}")))
        })
        .collect()
}

/// Runs the whole benchmark and writes the report into `opts.out`.
pub fn run(opts: &Options) -> std::io::Result<()> {
    let specs = server_specs(&opts.servers)?;
    let pin = pinning();
    let ticks = procfs::clock_ticks();
    println!("machine: {}", machine());
    match (pin.server, pin.load) {
        (Some(s), Some(l)) => println!("servers pinned to CPU {s}, wrk to CPU {l} (taskset)"),
        _ => println!("one CPU or no taskset: nothing pinned"),
    }
    verify(&specs)?;
    std::fs::create_dir_all(&opts.out)?;
    let scripts = opts.out.join("lua");
    std::fs::create_dir_all(&scripts)?;
    let mut scenarios = scenarios(opts.quick);
    if !opts.only.is_empty() {
        let known: Vec<String> = scenarios.iter().map(|s| s.key.clone()).collect();
        if let Some(unknown) = opts.only.iter().find(|k| !known.contains(k)) {
            return Err(std::io::Error::other(format!(
                "unknown scenario {unknown:?}; the scenarios are {}",
                known.join(", ")
            )));
        }
        scenarios.retain(|s| opts.only.contains(&s.key));
    }
    let mut results: Vec<ScenarioResults> = scenarios
        .iter()
        .map(|s| ScenarioResults {
            key: s.key.clone(),
            title: s.title(),
            route: s.key.split('-').next().unwrap_or("").to_string(),
            connections: s.connections,
            pipeline: s.pipeline,
            runs: BTreeMap::new(),
        })
        .collect();
    let started = Instant::now();
    for round in 1..=opts.rounds {
        for (s, result) in scenarios.iter().zip(results.iter_mut()) {
            let script = scripts.join(format!("{}.lua", s.key));
            std::fs::write(&script, s.lua())?;
            for spec in &specs {
                let m = measure(spec, s, &script, opts, pin, ticks)?;
                println!(
                    "round {round}/{} {:<28} {:<16} {:>10.0} req/s  p50 {:>7.0} µs  p99 {:>7.0} µs  {:>6.2} µs CPU/req  {:>6.1} MiB{}",
                    opts.rounds,
                    s.key,
                    spec.name,
                    m.rps,
                    m.p50_us,
                    m.p99_us,
                    m.cpu_us_per_req,
                    m.peak_rss_kib / 1024.0,
                    if m.errors > 0 { format!("  {} errors", m.errors) } else { String::new() }
                );
                result.runs.entry(spec.name.clone()).or_default().push(m);
            }
        }
    }
    let mut allocs = BTreeMap::new();
    if opts.allocs {
        // A Node process has no counting allocator to ask.
        for spec in specs.iter().filter(|s| !s.node) {
            let counted = count_allocs(spec, opts.alloc_requests, pin.server)?;
            println!("allocations per request, {:<16} {counted:?}", spec.name);
            allocs.insert(spec.name.clone(), counted);
        }
    }
    let results = Results {
        machine: machine(),
        command: std::env::args().collect::<Vec<_>>().join(" "),
        rounds: opts.rounds,
        duration_s: opts.duration,
        pinned: pin.server.is_some(),
        wall_s: started.elapsed().as_secs_f64(),
        servers: specs.iter().map(|s| s.name.clone()).collect(),
        scenarios: results,
        allocs,
        alloc_requests: opts.alloc_requests,
    };
    let json = serde_json::to_string_pretty(&results).map_err(std::io::Error::other)?;
    std::fs::write(opts.out.join("results.json"), json)?;
    report::write(&results, &opts.out)
}

/// Rewrites the report from a saved `results.json`.
pub fn report_from(path: &Path, out: &Path) -> std::io::Result<()> {
    let text = std::fs::read_to_string(path)?;
    let results: Results = serde_json::from_str(&text).map_err(std::io::Error::other)?;
    std::fs::create_dir_all(out)?;
    report::write(&results, out)
}
