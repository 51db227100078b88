#!/usr/bin/env bash
# Open-loop latency: every server of the bench at fixed offered rates (50 %,
# 75 % and 90 % of the slowest Rust peer's closed-loop maximum on each
# route), 512 connections, latency corrected for coordinated omission by
# oha (`-q RATE --latency-correction`). Interleaved rounds; each server in
# a fresh process pinned to one core, oha to all the others. Writes
# results/open-loop.{json,md}. Installs oha (pinned, from crates.io, into
# ../.tools) and wrk (Debian) when missing.
#
#   bench/open-loop.sh                                # 3 rounds of 5 s: ~35 minutes
#   BENCH_NO_BUILD=1 bench/open-loop.sh --rounds 5 --routes plaintext
#
# Options go to the driver (src/bin/open_loop.rs): --rounds N --duration
# SECS --calibrate SECS --connections N --rates 0.5,0.75,0.9 --servers
# tether,tether-per-core,axum,actix,hyper,nest-fastify --judged NAME
# --routes plaintext,json,param,post,versioned --out DIR.
set -euo pipefail
cd "$(dirname "$0")"

OHA_VERSION=1.16.0
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
if ! command -v wrk >/dev/null; then
  echo "==> installing wrk (apt)"
  as_root apt-get install -y wrk || { as_root apt-get update && as_root apt-get install -y wrk; }
fi
tools=$(cd .. && pwd)/.tools
oha=$tools/bin/oha
if [ "$("$oha" --version 2>/dev/null)" != "oha $OHA_VERSION" ]; then
  echo "==> cargo install oha $OHA_VERSION (into $tools)"
  cargo install oha --version "$OHA_VERSION" --locked --root "$tools"
fi

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
if [ "${BENCH_NO_BUILD:-0}" != 1 ]; then
  echo "==> cargo build --release --locked --bin server --bin open-loop"
  cargo build --release --locked --bin server --bin open-loop
fi
args=" $* "
if [[ "$args" != *" --servers "* || "$args" == *nest-* ]]; then
  if [ "${BENCH_NO_BUILD:-0}" != 1 ] || [ ! -f nest/dist/main.js ]; then
    echo "==> npm ci && tsc in bench/nest (Node $(node -v))"
    (cd nest && npm ci --no-audit --no-fund --loglevel=error && ./node_modules/.bin/tsc -p tsconfig.json)
  fi
fi
# 512 connections for the server and as many for oha, plus the listener.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
exec "$CARGO_TARGET_DIR/release/open-loop" --oha "$oha" --out results "$@"
