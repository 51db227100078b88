//! `open-loop [--rounds N] [--duration SECS] [--calibrate SECS]
//! [--connections N] [--rates 0.5,0.75,0.9] [--servers a,b] [--judged NAME]
//! [--routes plaintext,json] [--oha PATH] [--out DIR]`: open-loop latency
//! at fixed offered rates, every server side by side. `bench/open-loop.sh`
//! builds everything and installs `oha` first; see `bench/README.md`.
//! `open-loop --report DIR/open-loop.json` writes the report and chart of
//! an earlier run again, beside it.

use std::path::PathBuf;
use tether_bench::driver::open_loop::{self, Options};

fn usage() -> ! {
    eprintln!(
        "usage: open-loop [--rounds N] [--duration SECS] [--calibrate SECS] [--connections N] \
         [--rates 0.5,0.75,0.9] [--servers tether,tether-per-core,axum,actix,hyper,nest-fastify] \
         [--judged tether-per-core] [--routes plaintext,json,param,post,versioned] [--oha PATH] [--out DIR] \
         | --report DIR/open-loop.json"
    );
    std::process::exit(2)
}

fn list(text: String) -> Vec<String> {
    text.split(',').map(str::to_string).collect()
}

/// Writes `open-loop.md` and `open-loop.svg` beside an earlier run's JSON.
fn report(json: PathBuf) -> std::io::Result<()> {
    let text = std::fs::read_to_string(&json)?;
    let results: open_loop::Results = serde_json::from_str(&text).map_err(std::io::Error::other)?;
    let dir = json.parent().unwrap_or(std::path::Path::new("."));
    open_loop::write_report(&results, dir)
}

fn main() -> std::io::Result<()> {
    let mut opts = Options::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage());
        let number = |v: String| v.parse().unwrap_or_else(|_| usage());
        match arg.as_str() {
            "--rounds" => opts.rounds = value().parse().unwrap_or_else(|_| usage()),
            "--duration" => opts.duration = number(value()),
            "--calibrate" => opts.calibrate = number(value()),
            "--connections" => opts.connections = value().parse().unwrap_or_else(|_| usage()),
            "--rates" => opts.fractions = list(value()).into_iter().map(number).collect(),
            "--servers" => opts.servers = list(value()),
            "--judged" => opts.judged = value(),
            "--routes" => opts.routes = list(value()),
            "--oha" => opts.oha = PathBuf::from(value()),
            "--out" => opts.out = PathBuf::from(value()),
            "--report" => return report(PathBuf::from(value())),
            _ => usage(),
        }
    }
    if !opts.servers.contains(&opts.judged) {
        eprintln!("--judged {} is not among --servers", opts.judged);
        std::process::exit(2)
    }
    open_loop::run(&opts)
}
