//! Generates a TypeScript client from an OpenAPI JSON document:
//! `cargo run --release -p tether-build --example sdk_gen -- openapi.json out/
//! [--tanstack-query] [--zod]` (used by `bench/sdk/run.sh`; `cargo tether
//! sdk` is the real command).

use std::time::Instant;

/// The allocator `cargo tether` uses, so the bench measures what users run.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut options = tether_build::sdk::SdkOptions::default();
    args.retain(|a| match a.as_str() {
        "--tanstack-query" => {
            options.tanstack_query = true;
            false
        }
        "--zod" => {
            options.zod = true;
            false
        }
        _ => true,
    });
    let [input, output] = args.as_slice() else {
        eprintln!("usage: sdk_gen <openapi.json> <output dir> [--tanstack-query] [--zod]");
        std::process::exit(2);
    };
    let start = Instant::now();
    let text = std::fs::read_to_string(input).unwrap_or_else(|e| fail(&format!("{input}: {e}")));
    let doc: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| fail(&format!("{input}: {e}")));
    let parsed = start.elapsed();
    let files =
        tether_build::sdk::generate_sdk(&doc, &options).unwrap_or_else(|e| fail(&e.to_string()));
    let generated = start.elapsed();
    let report = tether_build::sdk::write_sdk(output.as_ref(), &files)
        .unwrap_or_else(|e| fail(&e.to_string()));
    // The process ends here: freeing the document's million small
    // allocations one by one would take a third of the time generating took.
    std::mem::forget(doc);
    eprintln!(
        "{} files ({} written, {} unchanged, {} deleted) in {:.1} ms (read {:.1} ms, generate {:.1} ms)",
        files.files.len(),
        report.written.len(),
        report.unchanged.len(),
        report.deleted.len(),
        start.elapsed().as_secs_f64() * 1000.0,
        parsed.as_secs_f64() * 1000.0,
        (generated - parsed).as_secs_f64() * 1000.0
    );
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1);
}
