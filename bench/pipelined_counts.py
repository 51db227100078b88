#!/usr/bin/env python3
"""Pipelined plaintext, counted: instructions (callgrind) and system calls
(strace -c) per request of the bench's `server` binary, over real loopback
sockets, the same for every server named.

    python3 bench/pipelined_counts.py                      # tether and hyper, callgrind and strace
    python3 bench/pipelined_counts.py --tools callgrind --servers tether
    python3 bench/pipelined_counts.py --keep DIR           # keep the callgrind profiles
    python3 bench/pipelined_counts.py --servers tether,hyper,hyper-default

Each server runs pinned to one core (`taskset`, as `bench/run.sh` pins
it), on its multi-thread runtime (one worker there), once with N1 and
once with N2 batches per connection. A batch is DEPTH `GET /api/plaintext`
requests in one write, as wrk's pipeline script in `src/driver/wrk.rs`
sends them (16 deep). Each connection sends its next batch once all the
answers of the last one came, so every run is the same work in the same
order: the difference between the two runs divided by the extra requests
is one request's cost, start-up, accept and close cancelled out. Nothing
here depends on wall time; the counts are deterministic within a few
tenths of a percent.
"""

import argparse
import os
import re
import selectors
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REQUEST = b"GET /api/plaintext HTTP/1.1\r\nHost: 127.0.0.1:3000\r\n\r\n"


def responses_in(buf):
    """How many whole responses `buf` starts with, and the bytes they take."""
    n, at = 0, 0
    while True:
        end = buf.find(b"\r\n\r\n", at)
        if end < 0:
            return n, at
        head = buf[at:end].lower()
        m = re.search(rb"\r\ncontent-length: *(\d+)", head)
        length = int(m.group(1)) if m else 0
        if len(buf) < end + 4 + length:
            return n, at
        if not head.startswith(b"http/1.1 200"):
            raise SystemExit(f"unexpected answer: {buf[at:end]!r}")
        n += 1
        at = end + 4 + length


def load(addr, connections, batches, depth):
    """`batches` pipelined batches on each of `connections` connections."""
    batch = REQUEST * depth
    sel = selectors.DefaultSelector()
    state = {}
    for _ in range(connections):
        s = socket.create_connection(addr)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        s.sendall(batch)
        state[s] = [batches - 1, 0, b""]  # batches left to send, answers, buffer
        sel.register(s, selectors.EVENT_READ)
    while state:
        for key, _ in sel.select(timeout=120):
            s = key.fileobj
            st = state[s]
            data = s.recv(1 << 16)
            if not data:
                raise SystemExit("the server closed a connection")
            st[2] += data
            n, used = responses_in(st[2])
            st[1] += n
            st[2] = st[2][used:]
            if st[1] == depth:
                st[1] = 0
                if st[0] == 0:
                    sel.unregister(s)
                    s.close()
                    del state[s]
                else:
                    st[0] -= 1
                    s.sendall(batch)


def wait_listening(addr, proc, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited ({proc.returncode})")
        try:
            socket.create_connection(addr).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not listen")


def stop(proc):
    """Ends the server: strace passes nothing on, so its child is signalled."""
    target = proc.pid
    try:
        with open(f"/proc/{proc.pid}/task/{proc.pid}/children") as f:
            children = f.read().split()
        if children and os.path.basename(os.readlink(f"/proc/{proc.pid}/exe")).startswith("strace"):
            target = int(children[0])
    except OSError:
        pass
    os.kill(target, 15)
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def run_once(tool, server, binary, port, connections, batches, depth, out):
    """Runs `server` under `tool` with this load; returns the tool's figure."""
    addr = ("127.0.0.1", port)
    env = dict(os.environ)
    framework = server
    if server == "tether":
        env["TETHER_RUNTIME"] = "multi-thread"
    if server == "hyper-default":
        # Raw hyper without `pipeline_flush`: each response flushed alone.
        framework, env["BENCH_HYPER_PIPELINE_FLUSH"] = "hyper", "0"
    if tool == "callgrind":
        wrap = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
    else:
        wrap = ["strace", "-f", "-c", "-o", out]
    cmd = ["taskset", "-c", "0"] + wrap + [binary, framework, f"{addr[0]}:{port}"]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_listening(addr, proc)
        # Warm-up: the runtime's threads and buffers exist before counting.
        load(addr, 1, 4, depth)
        load(addr, connections, batches, depth)
    finally:
        stop(proc)
    if tool == "callgrind":
        with open(out) as f:
            for line in f:
                if line.startswith(("summary:", "totals:")):
                    return int(line.split()[1])
        raise SystemExit(f"no totals in {out}")
    calls = {}
    with open(out) as f:
        for line in f:
            parts = line.split()
            # % time, seconds, usecs/call, calls, [errors,] syscall
            if len(parts) >= 5 and parts[0][0].isdigit() and not line.startswith("100.00"):
                name = parts[-1]
                calls[name] = int(parts[3])
    return calls


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--servers", default="tether,hyper")
    p.add_argument("--tools", default="callgrind,strace")
    p.add_argument("--bin", default=os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(HERE, "target")), "release", "server"))
    p.add_argument("--connections", type=int, default=1)
    p.add_argument("--depth", type=int, default=16)
    p.add_argument("--n1", type=int, default=50, help="batches per connection, first run")
    p.add_argument("--n2", type=int, default=550, help="batches per connection, second run")
    p.add_argument("--keep", help="keep the profiles here")
    a = p.parse_args()
    outdir = a.keep or tempfile.mkdtemp(prefix="pipelined-")
    os.makedirs(outdir, exist_ok=True)
    extra = (a.n2 - a.n1) * a.connections * a.depth
    port = 23000 + os.getpid() % 1000
    results = {}
    for tool in a.tools.split(","):
        for server in a.servers.split(","):
            figs = []
            for n in (a.n1, a.n2):
                port += 1
                out = os.path.join(outdir, f"{tool}-{server}-c{a.connections}-n{n}.out")
                figs.append(run_once(tool, server, a.bin, port, a.connections, n, a.depth, out))
            if tool == "callgrind":
                per = (figs[1] - figs[0]) / extra
                results[(tool, server)] = per
                print(f"{server:13} callgrind: {per:,.0f} instructions per request ({a.connections} connection(s), depth {a.depth})")
            else:
                names = sorted(set(figs[0]) | set(figs[1]))
                diff = {k: (figs[1].get(k, 0) - figs[0].get(k, 0)) for k in names}
                diff = {k: v for k, v in diff.items() if v > 0}
                total = sum(diff.values())
                per_batch = ", ".join(f"{k} {v / (extra / a.depth):.2f}" for k, v in sorted(diff.items(), key=lambda kv: -kv[1]))
                results[(tool, server)] = total / extra
                print(f"{server:13} strace: {total / extra:.3f} system calls per request; per batch of {a.depth}: {per_batch}")
    servers = a.servers.split(",")
    if "callgrind" in a.tools:
        x = results[("callgrind", servers[0])]
        for other in servers[1:]:
            y = results[("callgrind", other)]
            print(f"{servers[0]} ÷ {other}: {x / y:.3f}× instructions per request")
    print(f"profiles in {outdir}", file=sys.stderr)


if __name__ == "__main__":
    main()
