//! `connections-chart DIR`: the chart of a `bench/connections.sh` run,
//! `DIR/connections.svg`, from `DIR/connections.tsv` (memory per
//! connection) and `DIR/connections-latency.tsv` (p99 without and with the
//! idle connections, per round). `connections.sh` runs it at its end.

use std::path::{Path, PathBuf};
use tether_bench::driver::report::{document, median, Panel};

/// The rows of a TSV file with a header line, split on tabs.
fn rows(path: &Path) -> std::io::Result<Vec<Vec<String>>> {
    let text = std::fs::read_to_string(path)?;
    Ok(text
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect())
}

/// Adds `item` to `list` unless it is there.
fn push_new(list: &mut Vec<String>, item: &str) {
    if !list.iter().any(|x| x == item) {
        list.push(item.to_string());
    }
}

fn main() -> std::io::Result<()> {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "results".into()));
    // server, kind, n, before, after, KiB per connection
    let memory = rows(&dir.join("connections.tsv"))?;
    // round, server, idle, p50, p99
    let latency = rows(&dir.join("connections-latency.tsv")).unwrap_or_default();
    let (mut servers, mut kinds) = (Vec::new(), Vec::new());
    let mut largest = 0u64;
    for r in &memory {
        push_new(&mut servers, &r[0]);
        push_new(&mut kinds, &r[1]);
        largest = largest.max(r[2].parse().unwrap_or(0));
    }
    for r in &latency {
        push_new(&mut servers, &r[1]);
    }
    let kib = |server: &str, kind: &str| {
        memory
            .iter()
            .find(|r| r[0] == server && r[1] == kind && r[2] == largest.to_string())
            .and_then(|r| r[5].parse().ok())
    };
    let memory_title = format!("KiB of RSS per connection, {largest} open (lower is better)");
    let mut panels = vec![Panel {
        title: &memory_title,
        groups: kinds.clone(),
        values: kinds
            .iter()
            .map(|k| servers.iter().map(|s| kib(s, k)).collect())
            .collect(),
        lines: vec![],
        decimals: 1,
    }];
    // Per server, the p99 with idle connections over the p99 without, by round.
    let ratio = |server: &str| {
        let base = |round: &str| {
            latency
                .iter()
                .find(|r| r[0] == round && r[1] == server && r[2] == "0")
                .and_then(|r| r[4].parse::<f64>().ok())
        };
        let ratios = latency
            .iter()
            .filter(|r| r[1] == server && r[2] != "0")
            .filter_map(|r| Some(r[4].parse::<f64>().ok()? / base(&r[0])?))
            .collect();
        Some(median(ratios)).filter(|m| !m.is_nan())
    };
    let latency_title =
        "p99 with the idle HTTP/1.1 connections open ÷ p99 with none, median of the rounds (lower is better)";
    if !latency.is_empty() {
        panels.push(Panel {
            title: latency_title,
            groups: vec!["GET /api/plaintext".into()],
            values: vec![servers.iter().map(|s| ratio(s)).collect()],
            lines: vec![(1.5, "goal 1.5×".into())],
            decimals: 2,
        });
    }
    let out = dir.join("connections.svg");
    std::fs::write(&out, document(&servers, &panels))?;
    println!("==> {}", out.display());
    Ok(())
}
