#!/usr/bin/env bash
# Per-request counts the machine's load moves little, for the extras rows of
# issue 15: page faults and CPU time (user, system) of the server process,
# read from /proc/<pid>/stat before and after a fixed load. Server on core 0,
# load generator on core 1 (as in run.sh and extras.sh).
#
#   bench/counts.sh gzip   # wrk -c64 5 s on /api/big with Accept-Encoding: gzip:
#                          # tether (Compression), tether (tower-http's layer), axum
#   bench/counts.sh h2     # h2load -c64 -m10, 400,000 requests on /api/plaintext:
#                          # tether, tether per-core, axum
#
# Build first: (cd bench && cargo build --release --bin server --features matched-path)
set -euo pipefail
cd "$(dirname "$0")"
bin="${CARGO_TARGET_DIR:-$PWD/target}/release/server"
PORT="${PORT:-3996}"

# Fields 10 (minor faults), 14 (user ticks) and 15 (system ticks) of /proc/<pid>/stat.
stat() { awk '{print $10, $14, $15}' "/proc/$1/stat"; }

# count <label> <framework> <requests-or-0> <load command...>: one row.
count() {
  local label=$1 framework=$2 fixed=$3 pid f0 u0 s0 f1 u1 s1 out n
  shift 3
  env "${ENV[@]}" taskset -c 0 "$bin" "$framework" "127.0.0.1:$PORT" & pid=$!
  sleep 0.7
  read -r f0 u0 s0 < <(stat "$pid")
  out=$(taskset -c 1 "$@")
  read -r f1 u1 s1 < <(stat "$pid")
  kill "$pid"; wait "$pid" 2>/dev/null || true
  n=$fixed
  [ "$n" = 0 ] && n=$(awk '/requests in/ {print $1}' <<<"$out")
  local tick; tick=$(getconf CLK_TCK)
  awk -v f=$((f1 - f0)) -v u=$((u1 - u0)) -v s=$((s1 - s0)) -v n="$n" -v t="$tick" -v l="$label" \
    'BEGIN {printf "| %s | %.2f | %.2f | %.2f |\n", l, f / n, u * 1e6 / t / n, s * 1e6 / t / n}'
}

echo "| server | page faults per request | user µs per request | system µs per request |"
echo "|---|--:|--:|--:|"
case "${1:-}" in
  gzip)
    load=(wrk -t1 -c64 -d5s -H 'Accept-Encoding: gzip' "http://127.0.0.1:$PORT/api/big")
    ENV=(BENCH_GZIP=1); count "tether, Compression" tether 0 "${load[@]}"
    ENV=(BENCH_GZIP=tower); count "tether, tower-http's CompressionLayer" tether 0 "${load[@]}"
    ENV=(BENCH_GZIP=1); count "axum, tower-http's CompressionLayer" axum 0 "${load[@]}"
    ;;
  h2)
    load=(h2load -t1 -c64 -m10 -n 400000 "http://127.0.0.1:$PORT/api/plaintext")
    ENV=(BENCH_GZIP=0); count "tether" tether 400000 "${load[@]}"
    ENV=(TETHER_RUNTIME=per-core); count "tether, per-core runtime" tether 400000 "${load[@]}"
    ENV=(BENCH_GZIP=0); count "axum" axum 400000 "${load[@]}"
    ;;
  *) echo "usage: bench/counts.sh gzip|h2" >&2; exit 2 ;;
esac
