#!/usr/bin/env bash
# OpenAPI generation speed: a fixture crate with 200 routes and 100 types,
# generated 21 times by tether-build (release build); prints the timings.
# Not a timed test: run it by hand, e.g. `bench/openapi/run.sh`.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
cargo run --quiet --release -p tether-build --example openapi_bench
