#!/bin/sh
# The slow-client soak of issue 31: a release build of the soak server
# (src/bin/soak_server.rs), then 60 s of every slow client at once plus a
# normal one (soak.py); exits non-zero unless peak RSS < 256 MiB, open fds
# within the connection limit and the normal client's p99 < 100 ms.
# Usage: bench/soak.sh [SECONDS]. The server runs under an open-file limit
# of 1024, the usual `ulimit -n`, from which it derives its connection
# limit; the clients raise their own to hold more sockets than that.
set -eu
cd "$(dirname "$0")"
cargo build --release --locked --bin soak_server
exec python3 soak.py target/release/soak_server "${1:-60}"
