//! `cargo tether`: see `tether_build::cli`. Run as `cargo tether <command>`
//! (cargo passes `tether` first) or as `cargo-tether <command>`.

use clap::Parser;
use tether_build::cli::{args_from, run, Cli};

/// Reading a large OpenAPI document (`cargo tether sdk --input`) is mostly
/// small allocations: mimalloc takes a quarter off the generator's CPU time
/// on GitHub's document (BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let cli = Cli::parse_from(args_from(std::env::args_os().collect()));
    if let Err(e) = run(cli) {
        eprintln!("{e}");
        std::process::exit(e.code);
    }
}
