#!/bin/sh
# The slow-client soak of issue 31: a release build of the soak server
# (src/bin/soak_server.rs), then 60 s of every slow client at once plus a
# normal one (soak.py); exits non-zero unless peak RSS < 256 MiB, open fds
# within the connection limit and the normal client's p99 < 100 ms.
# Usage: bench/soak.sh [SECONDS]. Runs under `ulimit -n 1024`, the usual
# limit, from which the server derives its connection limit.
set -eu
cd "$(dirname "$0")"
cargo build --release --locked --bin soak_server
ulimit -n 1024
exec python3 soak.py target/release/soak_server "${1:-60}"
