//! `bench [--quick] [--rounds N] [--duration S] [--servers a,b] [--scenarios k,l] [--out DIR]`:
//! runs every benchmark server under `wrk` in interleaved rounds, counts
//! their heap allocations per request, and writes the table and chart.
//! `bench/run.sh` builds everything first; see `bench/README.md`.

use std::path::PathBuf;
use tether_bench::driver::{self, Options};

fn usage() -> ! {
    eprintln!(
        "usage: bench [--quick] [--rounds N] [--duration SECS] [--warmup SECS] \
         [--servers tether,tether-per-core,axum,actix,hyper,nest-express,nest-fastify] [--out DIR] [--no-allocs] \
         [--scenarios plaintext-256-pipelined16,json-64,...] \
         [--report RESULTS.json]"
    );
    std::process::exit(2)
}

fn main() -> std::io::Result<()> {
    let mut opts = Options::default();
    let mut report = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage());
        match arg.as_str() {
            "--quick" => opts = Options::quick(opts),
            "--rounds" => opts.rounds = value().parse().unwrap_or_else(|_| usage()),
            "--duration" => opts.duration = value().parse().unwrap_or_else(|_| usage()),
            "--warmup" => opts.warmup = value().parse().unwrap_or_else(|_| usage()),
            "--servers" => opts.servers = value().split(',').map(str::to_string).collect(),
            "--out" => opts.out = PathBuf::from(value()),
            "--no-allocs" => opts.allocs = false,
            "--scenarios" => opts.only = value().split(',').map(str::to_string).collect(),
            "--report" => report = Some(PathBuf::from(value())),
            _ => usage(),
        }
    }
    match report {
        Some(path) => driver::report_from(&path, &opts.out),
        None => driver::run(&opts),
    }
}
