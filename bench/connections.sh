#!/usr/bin/env bash
# Many idle connections: the memory each one costs a server, and the
# latency of a normal request while they are open. tether (multi-thread
# runtime), axum and actix-web, each run with its idle timeouts set to the
# same 300 s (BENCH_IDLE_SECS=300, see src/conns.rs), so nothing is closed
# during the run.
#
#   bench/connections.sh                     # build, then ~6 minutes
#   BENCH_NO_BUILD=1 bench/connections.sh    # without the build
#   SERVERS="tether axum" COUNTS="1000 10000" KINDS="h1 sse" bench/connections.sh
#
# For each server, kind and count N, in a fresh server process pinned to
# CPU 0 (as bench/run.sh pins it; the client on CPU 1):
#   1. 16 connections of the kind are opened, used and closed (warm-up);
#   2. VmRSS of /proc/<pid>/status is read (before);
#   3. the `conns` binary opens N connections of the kind and does one
#      request on each: h1 = HTTP/1.1 GET /api/plaintext, then idle
#      keep-alive; h2 = HTTP/2 with prior knowledge, one GET /api/plaintext
#      stream, then idle; sse = HTTP/1.1 GET /api/events, the first event
#      read, the stream left open. They go to 127.0.0.1 … 127.0.0.8 in turn
#      (the server listens on 0.0.0.0), past one address's ephemeral ports;
#   4. after 2 s VmRSS is read again (after): (after − before) / N is the
#      figure, in KiB per connection.
# Then, in ROUNDS interleaved rounds (default 5), per server, the latency
# of GET /api/plaintext with no idle connection open and with the largest
# N of idle HTTP/1.1 connections open: oha at a fixed rate with coordinated-omission correction
# (`oha -z 10s -q 2000 -c 16 --latency-correction`) when oha is on PATH
# or in ../.tools/bin, else wrk's closed loop (`wrk -t1 -c16 -d10s`).
# Latency taken while the machine does anything else is noise.
#
# The file limit is raised to 200,000 (`ulimit -n`); where the hard limit
# is lower and the process may not raise it (a container without
# CAP_SYS_RESOURCE), a count that does not fit is lowered to the limit
# less 1,000, rounded down to a thousand, and the report says so.
#
# Writes results/connections.md, its chart results/connections.svg, and the
# raw rows (results/connections.tsv, results/connections-latency.tsv).
set -euo pipefail
cd "$(dirname "$0")"

SERVERS=${SERVERS:-"tether axum actix"}
KINDS=${KINDS:-"h1 h2 sse"}
COUNTS=${COUNTS:-"1000 10000 50000"}
IDLE_SECS=${IDLE_SECS:-300}
LOAD_SECS=${LOAD_SECS:-10}
RATE=${RATE:-2000}
ROUNDS=${ROUNDS:-5}
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
bin="$CARGO_TARGET_DIR/release"

ulimit -n 200000 2>/dev/null || ulimit -n "$(ulimit -Hn)"
files=$(ulimit -n)
fit=$(((files - 1000) / 1000 * 1000))
capped=""
counts=""
for n in $COUNTS; do
  if [ "$n" -gt "$fit" ]; then
    capped="$capped $n→$fit"
    n=$fit
  fi
  counts="$counts $n"
done
counts=$(tr ' ' '\n' <<<"$counts" | awk 'NF && !seen[$0]++' | tr '\n' ' ')
largest=$(tr ' ' '\n' <<<"$counts" | awk 'NF' | sort -n | tail -1)
[ -n "$capped" ] && echo "note: open-file limit $files (could not raise it): counts capped:$capped" >&2

if [ "${BENCH_NO_BUILD:-0}" != 1 ]; then
  echo "==> cargo build --release --locked --bin server --bin conns --bin connections-chart"
  cargo build --release --locked --bin server --bin conns --bin connections-chart
fi

oha=""
if command -v oha >/dev/null; then oha=oha; elif [ -x ../.tools/bin/oha ]; then oha=../.tools/bin/oha; fi
if [ -z "$oha" ] && ! command -v wrk >/dev/null; then
  echo "error: neither oha nor wrk is installed (bench/run.sh installs wrk)" >&2
  exit 1
fi
pin_server=() pin_client=()
if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then
  pin_server=(taskset -c 0) pin_client=(taskset -c 1)
fi

port=3400
server_pid="" opener_pid=""
cleanup() {
  if [ -n "$opener_pid" ]; then
    kill "$opener_pid" 2>/dev/null || true
    wait "$opener_pid" 2>/dev/null || true
  fi
  if [ -n "$server_pid" ]; then
    kill -9 "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  opener_pid="" server_pid=""
  return 0
}
trap cleanup EXIT INT TERM

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }

# Starts server $1 on a new port; sets server_pid and port.
start_server() {
  local name=$1 framework=$1 runtime=multi-thread
  [ "$name" = tether-per-core ] && framework=tether runtime=per-core
  port=$((port + 1))
  BENCH_IDLE_SECS=$IDLE_SECS TETHER_RUNTIME=$runtime \
    "${pin_server[@]}" "$bin/server" "$framework" "0.0.0.0:$port" >/dev/null 2>&1 &
  server_pid=$!
  for _ in $(seq 100); do
    curl -sf -o /dev/null "http://127.0.0.1:$port/api/plaintext" && return 0
    sleep 0.1
  done
  echo "error: $name did not start on port $port" >&2
  exit 1
}

# Opens $2 connections of kind $1 and holds them; sets opener_pid.
open_idle() {
  local kind=$1 n=$2 out
  out=$(mktemp)
  "${pin_client[@]}" "$bin/conns" "$kind" "$n" "$port" 8 >"$out" &
  opener_pid=$!
  for _ in $(seq 1200); do
    if grep -q '^ready' "$out"; then
      local line
      line=$(grep '^ready' "$out")
      rm -f "$out"
      if [[ "$line" != *" failed=0" ]]; then
        echo "error: $kind × $n: $line" >&2
        exit 1
      fi
      return 0
    fi
    kill -0 "$opener_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "error: could not open $n $kind connections ($(cat "$out"))" >&2
  exit 1
}

# p50 and p99 of GET /api/plaintext in ms, "p50 p99".
latency() {
  local url="http://127.0.0.1:$port/api/plaintext"
  if [ -n "$oha" ]; then
    "${pin_client[@]}" "$oha" -z "${LOAD_SECS}s" -q "$RATE" -c 16 --latency-correction --no-tui "$url" |
      awk 'function ms(v, unit) { if (unit ~ /^s/) return v * 1000; if (unit == "ms") return v; if (unit ~ /^(us|µs)$/) return v * 0.001; if (unit == "ns") return v * 0.000001; return v }
           /^ *50(\.00)?% in/ { p50 = ms($3, $4) } /^ *99(\.00)?% in/ { p99 = ms($3, $4) }
           END { printf "%.3f %.3f\n", p50, p99 }'
  else
    "${pin_client[@]}" wrk -t1 -c16 -d"${LOAD_SECS}s" --latency "$url" |
      awk 'function ms(v) { if (v ~ /us$/) return v * 0.001; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
           /^ +50%/ { p50 = ms($2) } /^ +99%/ { p99 = ms($2) }
           END { printf "%.3f %.3f\n", p50, p99 }'
  fi
}

mkdir -p results
tsv=results/connections.tsv
printf 'server\tkind\tn\tbefore_kib\tafter_kib\tkib_per_conn\n' >"$tsv"
start=$(date +%s)
for server in $SERVERS; do
  for kind in $KINDS; do
    for n in $counts; do
      start_server "$server"
      "${pin_client[@]}" "$bin/conns" "$kind" 16 "$port" 8 close >/dev/null
      sleep 0.5
      before=$(rss_kib "$server_pid")
      open_idle "$kind" "$n"
      sleep 2
      after=$(rss_kib "$server_pid")
      per=$(awk -v a="$after" -v b="$before" -v n="$n" 'BEGIN { printf "%.2f", (a - b) / n }')
      printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$server" "$kind" "$n" "$before" "$after" "$per" | tee -a "$tsv"
      cleanup
    done
  done
done

lat=results/connections-latency.tsv
printf 'round\tserver\tidle\tp50_ms\tp99_ms\n' >"$lat"
for round in $(seq "$ROUNDS"); do
  for server in $SERVERS; do
    start_server "$server"
    latency >/dev/null # warm-up
    read -r p50 p99 < <(latency)
    printf '%s\t%s\t0\t%s\t%s\n' "$round" "$server" "$p50" "$p99" | tee -a "$lat"
    open_idle h1 "$largest"
    sleep 2
    read -r p50 p99 < <(latency)
    printf '%s\t%s\t%s\t%s\t%s\n' "$round" "$server" "$largest" "$p50" "$p99" | tee -a "$lat"
    cleanup
  done
done
took=$(($(date +%s) - start))

# The report.
{
  echo "# Many idle connections"
  echo
  echo "Written by \`bench/connections.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git describe --always --dirty 2>/dev/null || echo '?'),"
  echo "$(nproc) CPUs ($(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)), Linux $(uname -r); the run took ${took} s."
  echo "Every server with its idle timeouts at ${IDLE_SECS} s (\`BENCH_IDLE_SECS\`, \`src/conns.rs\`): tether's"
  echo "header-read and HTTP/2 idle timeouts (HTTP/2 \`PING\`s off), axum on hyper-util's builder with hyper's"
  echo "header-read timeout, actix-web's \`keep_alive\` and \`client_request_timeout\`. tether on its multi-thread"
  echo "runtime; each server pinned to CPU 0, the clients to CPU 1. Open-file limit: $files."
  [ -n "$capped" ] && echo "**Counts lowered to fit the open-file limit, which this machine does not let a process raise:$capped.**"
  echo
  echo "## Memory per connection"
  echo
  echo "RSS growth of the server process while the connections are open, divided by their number"
  echo "(KiB per connection; VmRSS, so what the kernel holds for the sockets is not in it)."
  echo
  for kind in $KINDS; do
    case $kind in
      h1) title="idle HTTP/1.1 keep-alive connection (after one GET /api/plaintext)" ;;
      h2) title="idle HTTP/2 connection (prior knowledge, after one GET /api/plaintext stream)" ;;
      sse) title="open SSE stream (HTTP/1.1 GET /api/events, one event sent)" ;;
    esac
    echo "### $kind: $title"
    echo
    printf '| server |'
    for n in $counts; do printf ' %s |' "$n"; done
    printf ' RSS before (KiB) |\n|---|'
    for _ in $counts; do printf -- '---:|'; done
    printf -- '---:|\n'
    for server in $SERVERS; do
      printf '| %s |' "$server"
      for n in $counts; do
        printf ' %s |' "$(awk -F'\t' -v s="$server" -v k="$kind" -v n="$n" '$1 == s && $2 == k && $3 == n { print $6 }' "$tsv")"
      done
      printf ' %s |\n' "$(awk -F'\t' -v s="$server" -v k="$kind" '$1 == s && $2 == k { print $4; exit }' "$tsv")"
    done
    echo
  done
  echo "## Latency of GET /api/plaintext with idle connections open"
  echo
  if [ -n "$oha" ]; then
    echo "\`oha -z ${LOAD_SECS}s -q $RATE -c 16 --latency-correction\` (open loop, ${RATE} req/s), after one warm-up run."
  else
    echo "\`wrk -t1 -c16 -d${LOAD_SECS}s --latency\` (closed loop: oha was not installed), after one warm-up run."
  fi
  echo "Goal: p99 with $largest idle HTTP/1.1 connections open within 1.5× the p99 with none."
  echo "$ROUNDS interleaved rounds (\`ROUNDS\`), each server fresh in each: its p99 without and then with"
  echo "the idle connections, and their ratio; the figures are the medians over the rounds, and the"
  echo "goal holds for a server when its median ratio is within 1.5× (each round's ratio is shown too)."
  echo
  echo "| server | p50, 0 idle (ms) | p99, 0 idle (ms) | p50, $largest idle (ms) | p99, $largest idle (ms) | p99 ratio, median | p99 ratio, each round |"
  echo "|---|---:|---:|---:|---:|---:|---|"
  for server in $SERVERS; do
    awk -F'\t' -v s="$server" '
      function median(a, n,   i, j, t) {
        for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
      }
      NR > 1 && $2 == s && $3 == 0 { n++; p50[n] = $4; p99[n] = $5; base[$1] = $5 }
      NR > 1 && $2 == s && $3 != 0 { m++; q50[m] = $4; q99[m] = $5; r = base[$1] > 0 ? $5 / base[$1] : 0; ratio[m] = r; rounds = rounds sprintf("%s%.2f×", m > 1 ? ", " : "", r) }
      END { printf "| %s | %.3f | %.3f | %.3f | %.3f | %.2f× | %s |\n", s, median(p50, n), median(p99, n), median(q50, m), median(q99, m), median(ratio, m), rounds }' "$lat"
  done
} >results/connections.md
"$bin/connections-chart" results
echo "==> results/connections.md (${took} s)"
