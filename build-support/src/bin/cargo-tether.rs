//! `cargo tether`: see `tether_build::cli`. Run as `cargo tether <command>`
//! (cargo passes `tether` first) or as `cargo-tether <command>`.

use clap::Parser;
use tether_build::cli::{args_from, run, Cli};

fn main() {
    let cli = Cli::parse_from(args_from(std::env::args_os().collect()));
    if let Err(e) = run(cli) {
        eprintln!("{e}");
        std::process::exit(e.code);
    }
}
