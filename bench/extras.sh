#!/usr/bin/env bash
# The rows of issue 15 beside the main run (bench/run.sh), tether against axum:
#
#   trace  GET /api/users/1 with a JSON request log written to a file:
#          tether's own request span (SPEC F1) vs axum + tower-http TraceLayer
#          with its default span, both at INFO through the same
#          tracing-subscriber JSON layer
#   trace-otel  the same, against axum + TraceLayer opening the span tether
#          opens (its OpenTelemetry HTTP fields, status and latency recorded
#          into the span: BENCH_TRACE_OTEL=1, bench/src/servers/axum.rs);
#          tether's column is the trace row's
#   gzip   GET /api/big (16 KiB of JSON) with Accept-Encoding: gzip:
#          tether's own Compression middleware vs axum + CompressionLayer
#   gzip-tower  the same with tower-http's CompressionLayer on both
#          (tether through App::layer)
#   gzip-notrim  gzip-tower with glibc's heap trimming off for both servers
#          (GLIBC_TUNABLES): what is left once the allocator's heuristic,
#          which trims one server's heap and not the other's, is out
#   h2     GET /api/plaintext over HTTP/2 (h2c, prior knowledge) with h2load
#          (Debian's nghttp2-client): 64 connections, 10 streams each;
#          tether's NativeAdapter vs axum::serve, both choosing h2 by the preface
#
#   bench/extras.sh                 # 3 interleaved rounds of 10 s per row
#   ROUNDS=1 DURATION=3 bench/extras.sh   # a smoke run
#
# Prints one Markdown table of requests per second (median of the rounds)
# and writes it to results/extras.md. Same pinning as run.sh: server on the
# first core, wrk -t1 on the second. Run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")"

ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-10}"
CONNECTIONS="${CONNECTIONS:-64}"
PORT="${PORT:-3917}"

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
command -v wrk >/dev/null || { as_root apt-get update -qq && as_root apt-get install -y -qq wrk; }
command -v h2load >/dev/null || { as_root apt-get update -qq && as_root apt-get install -y -qq nghttp2-client; }
pin_server=() pin_wrk=()
if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then
  pin_server=(taskset -c 0) pin_wrk=(taskset -c 1)
fi

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
if [ "${BENCH_NO_BUILD:-0}" != 1 ]; then
  # axum's matched-path feature: the route in the trace-otel peer's span.
  cargo build --release --bin server --features matched-path
fi
server_bin="$CARGO_TARGET_DIR/release/server"
log_dir="$(mktemp -d)"
trap 'rm -rf "$log_dir"' EXIT

# One measured run: prints requests per second.
# measure <framework> <row> <path> [wrk header]
measure() {
  local framework=$1 row=$2 path=$3 header=${4:-}
  local env=()
  case $row in
    trace) env=(BENCH_TRACE_LOG="$log_dir/$framework.jsonl") ;;
    trace-otel) env=(BENCH_TRACE_LOG="$log_dir/$framework-otel.jsonl" BENCH_TRACE_OTEL=1) ;;
    gzip) env=(BENCH_GZIP=1) ;;
    gzip-tower) env=(BENCH_GZIP=tower) ;;
    # glibc's trimming off for both: the allocator's heuristic, not the work
    # (BENCHMARKS.md, issue 15's gzip row).
    gzip-notrim) env=(BENCH_GZIP=tower GLIBC_TUNABLES=glibc.malloc.trim_threshold=33554432:glibc.malloc.mmap_threshold=33554432) ;;
  esac
  env "${env[@]}" "${pin_server[@]}" "$server_bin" "$framework" "127.0.0.1:$PORT" &
  local pid=$!
  for _ in $(seq 100); do
    curl -fsS -o /dev/null "http://127.0.0.1:$PORT/api/plaintext" 2>/dev/null && break
    sleep 0.05
  done
  local rps
  if [ "$row" = h2 ]; then
    # h2c with prior knowledge; "finished in 10.00s, 123456.70 req/s, ..."
    rps=$("${pin_wrk[@]}" h2load -t1 -c"$CONNECTIONS" -m10 -D"$DURATION" "http://127.0.0.1:$PORT$path" \
      | awk '/^finished in/ {print $4}')
  else
    local args=(-t1 -c"$CONNECTIONS" -d"${DURATION}s")
    [ -n "$header" ] && args+=(-H "$header")
    rps=$("${pin_wrk[@]}" wrk "${args[@]}" "http://127.0.0.1:$PORT$path" | awk '/^Requests\/sec/ {print $2}')
  fi
  kill "$pid"; wait "$pid" 2>/dev/null || true
  echo "$rps"
}

# The bodies match before anything is measured: gzip really compresses, the
# log really has one line per request (printed, so that the lines can be
# compared). check <framework> [BENCH_TRACE_OTEL value]
check() {
  local gz enc pid
  for gz in 1 tower; do
    BENCH_GZIP=$gz "$server_bin" "$1" "127.0.0.1:$PORT" & pid=$!
    sleep 0.5
    enc=$(curl -fsS -D - -o /dev/null -H 'Accept-Encoding: gzip' "http://127.0.0.1:$PORT/api/big" | tr -d '\r' | awk -F': ' 'tolower($1)=="content-encoding" {print $2}')
    # The same JSON comes out of the gzip.
    curl -fsS --compressed "http://127.0.0.1:$PORT/api/big" | cmp -s - <(curl -fsS "http://127.0.0.1:$PORT/api/big") \
      || { echo "error: $1 (BENCH_GZIP=$gz) answers other JSON compressed" >&2; exit 1; }
    kill "$pid"; wait "$pid" 2>/dev/null || true
    [ "$enc" = gzip ] || { echo "error: $1 (BENCH_GZIP=$gz) did not gzip /api/big (content-encoding: '$enc')" >&2; exit 1; }
  done
  : >"$log_dir/check.jsonl"
  BENCH_TRACE_LOG="$log_dir/check.jsonl" BENCH_TRACE_OTEL="${2:-0}" "$server_bin" "$1" "127.0.0.1:$PORT" & pid=$!
  sleep 0.5
  curl -fsS -o /dev/null "http://127.0.0.1:$PORT/api/users/1"
  sleep 0.2
  kill "$pid"; wait "$pid" 2>/dev/null || true
  grep -q '/api/users' "$log_dir/check.jsonl" || { echo "error: $1 logged no request line" >&2; exit 1; }
  echo "$1${2:+ (BENCH_TRACE_OTEL=$2)} logs: $(grep '/api/users' "$log_dir/check.jsonl" | tail -n1)" >&2
}
check tether
check axum
check axum 1

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

declare -A results
ROWS="${ROWS:-trace trace-otel gzip gzip-tower gzip-notrim h2}"
# The servers each row measures: trace-otel's tether is the trace row's.
peers() {
  case $1 in
    trace-otel) if [[ " $ROWS " == *" trace "* ]]; then echo axum; else echo tether axum; fi ;;
    *) echo tether axum ;;
  esac
}
for round in $(seq "$ROUNDS"); do
  for row in $ROWS; do
    for framework in $(peers "$row"); do
      case $row in
        trace | trace-otel) rps=$(measure "$framework" "$row" /api/users/1) ;;
        gzip | gzip-tower | gzip-notrim) rps=$(measure "$framework" "$row" /api/big 'Accept-Encoding: gzip') ;;
        h2) rps=$(measure "$framework" h2 /api/plaintext) ;;
      esac
      echo "round $round: $row $framework $rps req/s" >&2
      results[$row.$framework]+="$rps "
    done
  done
done
if [[ " $ROWS " == *" trace "* ]]; then results[trace-otel.tether]=${results[trace.tether]:-}; fi

mkdir -p results
{
  echo "| row | tether req/s | axum req/s | tether / axum |"
  echo "|---|---:|---:|---:|"
  for row in $ROWS; do
    t=$(tr ' ' '\n' <<<"${results[$row.tether]}" | grep . | median)
    a=$(tr ' ' '\n' <<<"${results[$row.axum]}" | grep . | median)
    printf '| %s | %.0f | %.0f | %.2f |\n' "$row" "$t" "$a" "$(awk "BEGIN {print $t / $a}")"
  done
  echo
  echo "$ROUNDS rounds of ${DURATION}s, wrk -t1 -c$CONNECTIONS (h2: h2load -t1 -c$CONNECTIONS -m10), $(nproc) cores, $(date -u +%Y-%m-%d)."
  echo "trace: axum + TraceLayer's default span; trace-otel: axum + TraceLayer with tether's OpenTelemetry span (same fields, status and latency recorded)."
  echo "gzip: tether's Compression middleware vs axum + CompressionLayer; gzip-tower: CompressionLayer on both."
  echo "gzip-notrim: gzip-tower with glibc's heap trimming off for both servers (GLIBC_TUNABLES trim and mmap thresholds 32 MiB)."
} | tee results/extras.md
