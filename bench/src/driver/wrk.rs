//! Runs `wrk` with a Lua script that prints one machine-readable line.

use std::path::Path;
use std::process::Command;

/// One load scenario.
#[derive(Debug, Clone)]
pub struct Scenario {
    /// Short key, e.g. `plaintext-64`.
    pub key: String,
    /// The route, e.g. `GET /api/plaintext`.
    pub route: &'static str,
    /// `GET` or `POST`.
    pub method: &'static str,
    /// The request path.
    pub path: &'static str,
    /// A JSON body to send, for `POST`.
    pub body: Option<&'static str>,
    /// Open connections.
    pub connections: u32,
    /// Requests per write (1: no pipelining).
    pub pipeline: u32,
}

impl Scenario {
    /// A readable title: `GET /api/json, 256 connections`.
    pub fn title(&self) -> String {
        let mut t = format!("{}, {} connections", self.route, self.connections);
        if self.pipeline > 1 {
            t.push_str(&format!(", pipelined ×{}", self.pipeline));
        }
        t
    }

    /// The Lua script for this scenario.
    pub fn lua(&self) -> String {
        let mut lua = String::new();
        lua.push_str(&format!("wrk.method = \"{}\"\n", self.method));
        if let Some(body) = self.body {
            lua.push_str(&format!("wrk.body = '{body}'\n"));
            lua.push_str("wrk.headers[\"Content-Type\"] = \"application/json\"\n");
        }
        if self.pipeline > 1 {
            lua.push_str(&format!(
                "init = function(args)\n  local r = {{}}\n  for i = 1, {} do r[i] = wrk.format(nil, \"{}\") end\n  req = table.concat(r)\nend\nrequest = function() return req end\n",
                self.pipeline, self.path
            ));
        }
        lua.push_str(
            "done = function(summary, latency, requests)\n  local e = summary.errors\n  io.write(string.format(\"BENCH requests=%d duration_us=%d errors=%d p50_us=%d p99_us=%d\\n\", summary.requests, summary.duration, e.connect + e.read + e.write + e.status + e.timeout, latency:percentile(50), latency:percentile(99)))\nend\n",
        );
        lua
    }
}

/// What one `wrk` run reports.
#[derive(Debug, Clone, Copy, Default)]
pub struct WrkResult {
    /// Completed requests.
    pub requests: u64,
    /// Wall time of the run, in seconds.
    pub seconds: f64,
    /// Socket errors plus non-2xx/3xx answers.
    pub errors: u64,
    /// Median latency, µs (per write when pipelined).
    pub p50_us: f64,
    /// 99th percentile latency, µs.
    pub p99_us: f64,
}

fn field(line: &str, name: &str) -> Option<f64> {
    line.split_whitespace()
        .find_map(|kv| kv.strip_prefix(name)?.strip_prefix('='))
        .and_then(|v| v.parse().ok())
}

/// Runs `wrk` (on `cpu` if given) for `seconds` against `url`.
pub fn run(
    script: &Path,
    scenario: &Scenario,
    url: &str,
    seconds: f64,
    cpu: Option<usize>,
) -> std::io::Result<WrkResult> {
    let mut cmd = match cpu {
        Some(cpu) => {
            let mut c = Command::new("taskset");
            c.args(["-c", &cpu.to_string(), "wrk"]);
            c
        }
        None => Command::new("wrk"),
    };
    // wrk takes whole seconds.
    let duration = format!("{}s", seconds.round().max(1.0) as u64);
    cmd.args([
        "-t1",
        "-c",
        &scenario.connections.to_string(),
        "-d",
        &duration,
    ])
    .args(["--timeout", "5s", "-s"])
    .arg(script)
    .arg(url);
    let out = cmd.output()?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout
        .lines()
        .find(|l| l.starts_with("BENCH "))
        .ok_or_else(|| {
            std::io::Error::other(format!(
                "wrk printed no result: {}{}",
                stdout,
                String::from_utf8_lossy(&out.stderr)
            ))
        })?;
    let get = |n| field(line, n).unwrap_or(0.0);
    Ok(WrkResult {
        requests: get("requests") as u64,
        seconds: get("duration_us") / 1e6,
        errors: get("errors") as u64,
        p50_us: get("p50_us"),
        p99_us: get("p99_us"),
    })
}
