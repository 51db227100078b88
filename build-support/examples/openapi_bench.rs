//! Generation speed (SPEC B, target: under 200 ms): writes a fixture crate
//! with 200 routes and 100 types, then times `Builder::run` on it.
//! Run through `bench/openapi/run.sh`.

#[path = "fixtures/openapi_app.rs"]
mod fixture;

use fixture::{CONTROLLERS, ROUTES_PER_CONTROLLER, TYPES};
use std::time::{Duration, Instant};

fn main() {
    let dir = std::env::temp_dir().join(format!("tether-openapi-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    fixture::write_app(&dir);

    let run = || {
        let start = Instant::now();
        let report = tether_build::Builder::new()
            .manifest_dir(&dir)
            .run()
            .unwrap_or_else(|e| panic!("{e}"));
        (start.elapsed(), report)
    };
    let (first, report) = run();
    let doc = &report.documents[0].document;
    let operations: usize = doc["paths"]
        .as_object()
        .unwrap()
        .values()
        .map(|p| p.as_object().unwrap().len())
        .sum();
    let schemas = doc["components"]["schemas"].as_object().unwrap().len();
    let mut times: Vec<Duration> = (0..20).map(|_| run().0).collect();
    times.sort();
    println!("fixture: {CONTROLLERS} controllers, {} routes, {TYPES} types -> {operations} operations, {schemas} schemas", CONTROLLERS * ROUTES_PER_CONTROLLER);
    println!(
        "first run (writes the file):  {:>8.2} ms",
        first.as_secs_f64() * 1e3
    );
    println!(
        "median of 20 (unchanged):     {:>8.2} ms",
        times[10].as_secs_f64() * 1e3
    );
    println!(
        "fastest / slowest:            {:>8.2} / {:.2} ms",
        times[0].as_secs_f64() * 1e3,
        times[19].as_secs_f64() * 1e3
    );
    println!(
        "target: under 200 ms -> {}",
        if times[10] < Duration::from_millis(200) {
            "met"
        } else {
            "MISSED"
        }
    );
    let _ = std::fs::remove_dir_all(&dir);
}
