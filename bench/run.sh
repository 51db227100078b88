#!/usr/bin/env bash
# Builds the benchmark servers in release mode (and the NestJS peers in nest/)
# and runs them side by side
# (SPEC A10). Installs wrk from Debian's packages if it is missing.
#
#   bench/run.sh            # the full run: 3 interleaved rounds, ~30 minutes
#   bench/run.sh --quick    # a smoke run: 1 round of 1 s, ~2 minutes
#   BENCH_NO_BUILD=1 bench/run.sh --rounds 5   # rerun without rebuilding
#
# Other options go to the driver: --rounds N --duration SECS --warmup SECS
# --servers tether,tether-per-core,axum,actix,hyper,nest-express,nest-fastify
# --no-allocs --out DIR --scenarios KEY,KEY (only those, e.g.
# plaintext-256-pipelined16). The NestJS peers (bench/nest) are installed with
# `npm ci` from their lockfile and compiled with its `tsc`.
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
  echo "==> cargo build --release --locked --features count-alloc (target: $CARGO_TARGET_DIR)"
  cargo build --release --locked --features count-alloc || {
    echo "error: the release build failed; if cargo says bench/Cargo.lock needs updating (the repo's crates changed their dependencies), run 'cargo update --workspace' in bench/ once and rerun" >&2
    exit 1
  }
fi

# The NestJS peers (bench/nest): Node 20, dependencies from the lockfile,
# TypeScript compiled by the lockfile's tsc.
args=" $* "
if [[ "$args" != *" --servers "* || "$args" == *nest-* ]]; then
  command -v node >/dev/null || { echo "error: node is not installed; the NestJS peers need Node 20 (or pass --servers without nest-*)" >&2; exit 1; }
  node_major=$(node -p 'process.versions.node.split(".")[0]')
  [ "$node_major" = 20 ] || echo "warning: Node $(node -v), the NestJS peers are pinned for Node 20" >&2
  if [ "${BENCH_NO_BUILD:-0}" != 1 ] || [ ! -f nest/dist/main.js ]; then
    echo "==> npm ci && tsc in bench/nest (Node $(node -v))"
    (cd nest && npm ci --no-audit --no-fund --loglevel=error && ./node_modules/.bin/tsc -p tsconfig.json)
  fi
fi
exec "$CARGO_TARGET_DIR/release/bench" --out results "$@"
