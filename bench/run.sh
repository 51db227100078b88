#!/usr/bin/env bash
# Builds the benchmark servers in release mode and runs them side by side
# (SPEC A10). Installs wrk from Debian's packages if it is missing.
#
#   bench/run.sh            # the full run: 3 interleaved rounds, ~10 minutes
#   bench/run.sh --quick    # a smoke run: 1 round of 1 s, ~1 minute
#   BENCH_NO_BUILD=1 bench/run.sh --rounds 5   # rerun without rebuilding
#
# Other options go to the driver: --rounds N --duration SECS --warmup SECS
# --servers tether,tether-per-core,axum,actix,hyper --no-allocs --out DIR.
set -euo pipefail
cd "$(dirname "$0")"

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v wrk >/dev/null; then
  echo "==> installing wrk (apt)"
  as_root apt-get install -y wrk || { as_root apt-get update && as_root apt-get install -y wrk; }
fi
command -v taskset >/dev/null || echo "note: no taskset; servers and wrk will share cores"

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
if [ "${BENCH_NO_BUILD:-0}" != 1 ]; then
  echo "==> cargo build --release --features count-alloc (target: $CARGO_TARGET_DIR)"
  cargo build --release --features count-alloc
fi
exec "$CARGO_TARGET_DIR/release/bench" --out results "$@"
