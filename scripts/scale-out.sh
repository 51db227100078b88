#!/usr/bin/env bash
# Scale-out on PostgreSQL (issue 36): two instances of examples/tracker on
# one PostgreSQL database, checked by scripts/scale-out-check.py: a token
# issued by one instance works on the other, an event feed on one instance
# sees the tickets written through the other, and a feed that reconnects
# to the other instance with Last-Event-ID gets exactly the events it
# missed. Then a rolling deploy behind HAProxy, under load from the
# generated TypeScript client under node (tests/scale-out/load.ts): HAProxy
# checks each instance's /ready every 250 ms; each instance in turn gets
# SIGTERM (its /ready turns 503 at once, its drain period of 1 s is longer
# than the check interval, so HAProxy stops sending to it before it stops
# accepting) and is replaced by a new process. The load must see 0 failed
# requests, every acknowledged write must be in the database and every SSE
# client must see every event once. Then each instance in turn is killed
# (SIGKILL) under load behind the same HAProxy and started again on its
# port: requests in flight on it fail (counted by method); the client's
# retries of GET, PUT and DELETE must hide every one of them from the
# user; a POST whose answer was lost is counted, not retried, and read
# back; every acknowledged write (filed, replaced, deleted) must be in the
# database as acknowledged, and every SSE client must see the database's
# events once each. The survivors' logs must be free of errors.
#
# PostgreSQL and HAProxy come from Debian's packages when they are missing
# (the time it takes is printed). PostgreSQL runs as a user of its own
# (never root; created when this script runs as root), in a temporary data
# directory, reached through a unix socket only (no TCP port to collide
# with). The load generator needs node and the pinned tsc (npm ci).
#
#   scripts/scale-out.sh
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS

if [ "$(id -u)" = 0 ]; then apt_get() { apt-get "$@"; }; else apt_get() { sudo apt-get "$@"; }; fi
# Installs Debian's package $1, or fails naming it.
install_package() {
  local t=$SECONDS
  echo "$1 is not installed: installing Debian's package"
  if ! { apt_get update -qq && DEBIAN_FRONTEND=noninteractive apt_get install -y -qq "$1"; }; then
    echo "error: could not install $1 (apt-get install $1): the scale-out test needs it" >&2
    exit 1
  fi
  echo "installing $1: $((SECONDS - t)) s"
}

pg_bin_dir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
pg_bin=$(pg_bin_dir || true)
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
  install_package postgresql
  pg_bin=$(pg_bin_dir || true)
fi
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
  echo "error: no PostgreSQL server binaries (initdb) under /usr/lib/postgresql/*/bin" >&2
  exit 1
fi
"$pg_bin/postgres" --version
command -v haproxy >/dev/null || install_package haproxy
haproxy -v | sed -n 1p # sed reads it all: no SIGPIPE under pipefail
tsc=node_modules/.bin/tsc
if [ ! -x "$tsc" ]; then
  echo "error: $tsc is missing: run npm ci (./test.sh does) for the load generator" >&2
  exit 1
fi

# PostgreSQL refuses to run as root: as root, it runs as `tether-pg`.
if [ "$(id -u)" = 0 ]; then
  pg_user=tether-pg
  if ! id -u "$pg_user" >/dev/null 2>&1; then
    useradd --system --user-group --no-create-home --shell /usr/sbin/nologin "$pg_user"
  fi
  as_pg() { runuser -u "$pg_user" -- "$@"; }
else
  pg_user=$(id -un)
  as_pg() { "$@"; }
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/tether-scale-out.XXXXXX")
chmod 755 "$work"
mkdir "$work/pg"
chown "$pg_user" "$work/pg"
pids=()
failed=1
cleanup() {
  local p
  # TERM (a background job of a script ignores INT); KILL after 10 s.
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do
    for _ in $(seq 100); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
  done
  as_pg "$pg_bin/pg_ctl" -D "$work/pg/data" -m immediate stop >/dev/null 2>&1 || true
  if [ "$failed" = 1 ]; then
    for log in "$work"/*.log "$work/pg/server.log"; do
      [ -f "$log" ] && { echo "--- $log" >&2; tail -n 40 "$log" >&2; }
    done
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap "exit 1" INT TERM

t=$SECONDS
as_pg "$pg_bin/initdb" -D "$work/pg/data" -U tracker -A trust -E UTF8 --locale=C --no-sync >"$work/initdb.log"
as_pg "$pg_bin/pg_ctl" -D "$work/pg/data" -l "$work/pg/server.log" -w -t 60 \
  -o "-c listen_addresses='' -c unix_socket_directories='$work/pg' -c fsync=off -c synchronous_commit=off" \
  start >/dev/null
as_pg "$pg_bin/createdb" -h "$work/pg" -U tracker tracker
echo "PostgreSQL up (initdb, start, createdb): $((SECONDS - t)) s, as $pg_user, socket in $work/pg"
export DATABASE_URL="postgresql:///tracker?host=$work/pg&user=tracker"

# The tracker binary as ./test.sh's `cargo test --workspace --no-run` built
# it (there this is a no-op; `cargo build -p tracker` would unify features
# otherwise and build the tracker's dependencies a second time).
cargo test --workspace --locked --no-run --quiet
target=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Starts instance $1 on port $2 (a free one if none): sets `port` and
# `pid`. The first two start at once, so both migrate the same empty
# database (one waits for the other).
start() {
  local name=$1
  port=${2:-$(free_port)}
  PORT=$port NO_COLOR=1 RUST_LOG=info TRACKER_INSECURE_COOKIE=1 TRACKER_DRAIN_MS=1000 \
    "$target/debug/tracker" >"$work/$name.log" 2>&1 &
  pid=$!
  pids+=("$pid")
}
wait_up() {
  local name=$1 port=$2
  for _ in $(seq 150); do
    code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/ready" || true)
    [ "$code" = 200 ] && return 0
    sleep 0.1
  done
  echo "error: instance $name did not start" >&2
  exit 1
}
start a
port_a=$port pid_a=$pid
start b
port_b=$port pid_b=$pid
wait_up a "$port_a"
wait_up b "$port_b"
grep -q 'database="postgres"\|database=postgres' "$work/a.log" || { echo "error: instance a is not on PostgreSQL" >&2; exit 1; }

python3 scripts/scale-out-check.py "http://127.0.0.1:$port_a" "http://127.0.0.1:$port_b"


# The rolling deploy behind HAProxy, under load.
t=$SECONDS
"$tsc" -p tests/scale-out/tsconfig.json
echo '{"type":"module"}' >target/scale-out/package.json
port_lb=$(free_port)
cat >"$work/haproxy.cfg" <<CFG
global
    maxconn 2000
defaults
    mode http
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    # A connection an instance refused is tried on another (never a
    # request it received: a POST is not sent twice).
    retries 3
    retry-on conn-failure
    option redispatch 1
frontend api
    bind 127.0.0.1:$port_lb
    default_backend trackers
backend trackers
    balance roundrobin
    option httpchk GET /ready
    http-check expect status 200
    default-server inter 250ms fall 1 rise 2
    server a 127.0.0.1:$port_a check
    server b 127.0.0.1:$port_b check
CFG
haproxy -c -q -f "$work/haproxy.cfg"
haproxy -db -f "$work/haproxy.cfg" >"$work/haproxy.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port_lb/api/v1/auth/me" || true)" = 401 ] && break
  sleep 0.1
done
sleep 1 # both servers pass their first checks

now_ms() { date +%s%3N; }
BALANCER_URL="http://127.0.0.1:$port_lb" LOAD_MS=14000 DEPLOY_WINDOW="$work/deploy-window" \
  node target/scale-out/tests/scale-out/load.js &
load=$!
sleep 2
deploy_start=$(now_ms)
# Replaces instance $2 (pid $3, port $4) after signal $1: after TERM, waits
# for it to drain and exit cleanly; after KILL, for it to die. Then starts
# the new process, $2-$5, on the same port (sets `pid`), and waits until
# it is ready and HAProxy has seen it pass two checks.
replace() {
  local signal=$1 name=$2 old=$3 port=$4 next=$2-$5
  kill -"$signal" "$old"
  if [ "$signal" = TERM ]; then
    wait "$old" || { echo "error: instance $name did not exit cleanly" >&2; exit 1; }
  else
    wait "$old" 2>/dev/null || true # 137: killed
  fi
  start "$next" "$port"
  wait_up "$next" "$port"
  sleep 0.75
}
replace TERM a "$pid_a" "$port_a" 2
pid_a=$pid
replace TERM b "$pid_b" "$port_b" 2
pid_b=$pid
echo "$deploy_start $(now_ms)" >"$work/deploy-window"
if ! wait "$load"; then
  echo "error: the load under the rolling deploy failed" >&2
  exit 1
fi
echo "rolling deploy behind HAProxy: $((SECONDS - t)) s"

# The kills behind the same HAProxy, under load: more workers, so that
# requests are in flight on an instance when it dies.
t=$SECONDS
BALANCER_URL="http://127.0.0.1:$port_lb" MODE=kill PROJECT=KILL WORKERS=16 LOAD_MS=12000 \
  DEPLOY_WINDOW="$work/kill-window" PSQL="$pg_bin/psql" \
  node target/scale-out/tests/scale-out/load.js &
load=$!
sleep 2
kill_start=$(now_ms)
replace KILL a "$pid_a" "$port_a" 3
sleep 1
replace KILL b "$pid_b" "$port_b" 3
echo "$kill_start $(now_ms)" >"$work/kill-window"
if ! wait "$load"; then
  echo "error: the load under the kills failed" >&2
  exit 1
fi
echo "SIGKILL of each instance behind HAProxy: $((SECONDS - t)) s"

# No instance logged an error (a failed query, a lost LISTEN connection);
# those killed (a-2, b-2) are not read: they died.
if grep -E 'ERROR|WARN|panicked' "$work"/{a,b,a-3,b-3}.log; then
  echo "error: the instances' logs above show errors or warnings" >&2
  exit 1
fi
failed=0
echo "scale-out on PostgreSQL: passed in $((SECONDS - started)) s"
