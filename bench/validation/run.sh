#!/usr/bin/env bash
# What a failing 1 MiB form or JSON body costs next to a passing one
# (issue 31 item 1): the release build of runtime/examples/validation_cost.rs
# sends each body in-process 15 times with a value on either side of its rule
# and prints the median times and their ratio (about 1 when the error path
# costs what reading did). Not a timed test: run it by hand,
# e.g. `bench/validation/run.sh`; the figures are in BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
cargo run --quiet --release --locked -p tether --example validation_cost
