#!/usr/bin/env bash
# Scale-out on PostgreSQL (issue 36): two instances of examples/tracker on
# one PostgreSQL database, checked by scripts/scale-out-check.py: a token
# issued by one instance works on the other, an event feed on one instance
# sees the tickets written through the other, and a feed that reconnects
# to the other instance with Last-Event-ID gets exactly the events it
# missed.
#
# PostgreSQL comes from Debian's packages when it is missing (the time it
# takes is printed), runs as a user of its own (never root; created when
# this script runs as root), in a temporary data directory, reached through
# a unix socket only (no TCP port to collide with).
#
#   scripts/scale-out.sh
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS

pg_bin_dir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
pg_bin=$(pg_bin_dir || true)
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
  echo "PostgreSQL is not installed: installing Debian's package"
  t=$SECONDS
  if [ "$(id -u)" = 0 ]; then apt_get() { apt-get "$@"; }; else apt_get() { sudo apt-get "$@"; }; fi
  if ! { apt_get update -qq && DEBIAN_FRONTEND=noninteractive apt_get install -y -qq postgresql; }; then
    echo "error: could not install PostgreSQL (apt-get install postgresql): the scale-out test needs it" >&2
    exit 1
  fi
  pg_bin=$(pg_bin_dir || true)
  echo "installing PostgreSQL: $((SECONDS - t)) s"
fi
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
  echo "error: no PostgreSQL server binaries (initdb) under /usr/lib/postgresql/*/bin" >&2
  exit 1
fi
"$pg_bin/postgres" --version

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
  for p in "${pids[@]}"; do kill -INT "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
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

cargo build --quiet --locked -p tracker
target=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Starts instance $1 on a free port: sets `port`. Both instances start at
# once, so both migrate the same empty database (one waits for the other).
start() {
  local name=$1
  port=$(free_port)
  PORT=$port NO_COLOR=1 RUST_LOG=info TRACKER_INSECURE_COOKIE=1 \
    "$target/debug/tracker" >"$work/$name.log" 2>&1 &
  pids+=($!)
}
wait_up() {
  local name=$1 port=$2
  for _ in $(seq 150); do
    code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/v1/auth/me" || true)
    [ "$code" = 401 ] && return 0
    sleep 0.1
  done
  echo "error: instance $name did not start" >&2
  exit 1
}
start a
port_a=$port
start b
port_b=$port
wait_up a "$port_a"
wait_up b "$port_b"
grep -q 'database="postgres"\|database=postgres' "$work/a.log" || { echo "error: instance a is not on PostgreSQL" >&2; exit 1; }

python3 scripts/scale-out-check.py "http://127.0.0.1:$port_a" "http://127.0.0.1:$port_b"

# Neither instance logged an error (a failed query, a lost LISTEN connection).
if grep -E 'ERROR|WARN|panicked' "$work/a.log" "$work/b.log"; then
  echo "error: the instances' logs above show errors or warnings" >&2
  exit 1
fi
failed=0
echo "scale-out on PostgreSQL: passed in $((SECONDS - started)) s"
