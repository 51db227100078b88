#!/usr/bin/env bash
# Instructions per request, counted by callgrind (user space only, so the
# machine's load does not move them): every server and route runs twice,
# with N1 and N2 requests on one in-memory connection, and the difference
# divided by N2 - N1 is the cost of one request, start-up excluded.
#
#   bench-harness/measure.sh                 # the bench routes, tether vs raw hyper (and axum)
#   bench-harness/measure.sh extras          # the request-log and gzip rows, tether vs axum
#                                            # (and axum + TraceLayer opening tether's span)
#   BENCH_NO_BUILD=1 bench-harness/measure.sh
#
# Callgrind profiles of the N2 runs are left in $OUT (callgrind_annotate them).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$here/target}
OUT=${OUT:-$here/target/callgrind}
N1=${N1:-1000}
N2=${N2:-5000}
mkdir -p "$OUT"
if [ -z "${BENCH_NO_BUILD:-}" ]; then
  # extras: axum's matched-path feature, for the span with tether's fields.
  features=()
  [ "${1:-}" = extras ] && features=(--features matched-path)
  (cd "$here" && cargo build --release --quiet "${features[@]}")
fi
bin=$CARGO_TARGET_DIR/release/tether-bench-harness

# Total instructions of one run (callgrind's `totals:` line).
instructions() { # <out file> <server> <route> <n>
  valgrind --tool=callgrind --callgrind-out-file="$1" "$bin" "$2" "$3" "$4" >/dev/null 2>&1 \
    || { echo "failed: $bin $2 $3 $4" >&2; exit 1; }
  awk '/^totals:/ {print $2}' "$1"
}

# Instructions per request of <server> on <route>, with <tag> naming the run.
per_request() { # <tag> <server> <route>
  local a b
  a=$(instructions "$OUT/$1-$3.n1.out" "$2" "$3" "$N1")
  b=$(instructions "$OUT/$1-$3.out" "$2" "$3" "$N2")
  echo $(((b - a) / (N2 - N1)))
}

row() { # <label> <route> <tag:server:env>...
  local label=$1 route=$2 first="" line
  shift 2
  line="| $label"
  for spec in "$@"; do
    IFS=: read -r tag server env <<<"$spec"
    local n
    n=$(env ${env:+$env} "$0" __one "$tag" "$server" "$route")
    line="$line | $n"
    if [ -z "$first" ]; then first=$n; elif [ "$tag" != svc ]; then line="$line ($(awk -v a="$first" -v b="$n" 'BEGIN {printf "%.2f×", a / b}'))"; fi
  done
  echo "$line |"
}

if [ "${1:-}" = __one ]; then
  per_request "$2" "$3" "$4"
  exit
fi

export BENCH_NO_BUILD=1
if [ "${1:-}" = extras ]; then
  log=$OUT/trace.log
  echo "| row | tether | axum (tether ÷ axum) | axum, tether's span (tether ÷ axum) |"
  echo "|---|--:|--:|--:|"
  row "trace: GET /api/users/42, JSON log to a file" param \
    "trace-tether:tether:BENCH_TRACE_LOG=$log" "trace-axum:axum:BENCH_TRACE_LOG=$log" \
    "trace-axum-otel:axum:BENCH_TRACE_LOG=$log BENCH_TRACE_OTEL=1"
  row "gzip: GET /api/big, Accept-Encoding: gzip (tether's Compression)" big \
    "gzip-tether:tether:BENCH_GZIP=1" "gzip-axum:axum:BENCH_GZIP=1"
  row "gzip: the same, tower-http's CompressionLayer on both" big \
    "gzip-tower-tether:tether:BENCH_GZIP=tower" "gzip-axum:axum:BENCH_GZIP=1"
  exit
fi
echo "| route | tether | raw hyper (tether ÷ hyper) | axum (tether ÷ axum) | tether's AppService::call alone |"
echo "|---|--:|--:|--:|--:|"
for route in plaintext json param post versioned; do
  row "$route" "$route" tether:tether hyper:hyper axum:axum svc:tether-svc
done
# Plaintext, 16 requests per read: whole batches only.
n="N1=$((N1 / 16 * 16)) N2=$((N2 / 16 * 16))"
row "pipelined ×16" pipelined "tether:tether:$n" "hyper:hyper:$n" "axum:axum:$n"
