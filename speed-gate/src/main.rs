//! The speed gate of `./test.sh` (issue 32): instruction counts, which
//! unlike wall time do not move with the machine's load, gated as ratios
//! measured in the same run, which do not move with the CPU's string
//! routines either (see `speed-gate/README.md`).
//!
//! `tether-speed-gate [--bless]` (through `scripts/speed-gate`) runs this
//! binary three times under `valgrind --tool=callgrind`: serving the bench's
//! five routes with tether and with raw hyper, and generating a large app's
//! OpenAPI document and a large document's client beside the reference
//! workload. It compares each ratio with `speed-gate/ratios.txt` and fails
//! when one is more than 3 % worse; `--bless` writes the file instead.

#[allow(dead_code)] // The fixture's sizes are for openapi_bench's report.
#[path = "../../build-support/examples/fixtures/openapi_app.rs"]
mod fixture;
mod gate;
mod generators;
// The bench's payloads and its raw hyper peer, to the byte (their `run`s
// and the allocation route are the bench binary's).
#[allow(dead_code)]
#[path = "../../bench/src/servers/hyper.rs"]
mod hyper_peer;
#[allow(dead_code)]
#[path = "../../bench/src/model.rs"]
mod model;
mod serve;
mod servers;

/// The body of `GET /api/plaintext` (the bench's).
const PLAINTEXT: &str = "Hello, World!";

/// The content type of `GET /api/plaintext` (the bench's).
const TEXT_PLAIN: &str = "text/plain; charset=utf-8";

/// What `bench/src/servers/hyper.rs` takes from the bench's counting
/// allocator; the gate never serves that route.
mod alloc {
    pub const ALLOCS_PATH: &str = "/api/__allocs";
    pub fn allocations() -> u64 {
        0
    }
}

/// Runs `work`: the only code callgrind counts (`--toggle-collect`), each
/// call in a profile part of its own (`--dump-after`). One function for
/// every workload, as callgrind honours one pattern of each option, and by
/// exact name, as its wildcards would match closures inside too.
#[inline(never)]
fn measured(work: &mut dyn FnMut()) {
    work();
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let code = match args.as_slice() {
        ["__serve", server, n] => {
            serve::run(server, n.parse().expect("a number of requests"));
            0
        }
        ["__generate", doc, app_dir] => {
            gate::generate(doc.as_ref(), app_dir.as_ref());
            0
        }
        [] => gate::check(false),
        ["--bless"] => gate::check(true),
        _ => {
            eprintln!("usage: scripts/speed-gate [--bless]");
            2
        }
    };
    std::process::exit(code);
}
