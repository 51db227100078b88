#!/usr/bin/env python3
"""The slow-client soak of issue 31 (Python 3.11 standard library only).

`soak.py SERVER_BINARY [SECONDS]` starts the soak server (it prints
`listening <addr>`), then for SECONDS (default 60) runs every slow client at
once while one normal client makes a request every 20 ms on a keep-alive
connection:

- stalled heads: a request head that never ends;
- stalled bodies: a POST head promising 1000 bytes, then 5 and nothing;
- HTTP/1 non-readers: `GET /api/soak/big` (16 MiB), never read;
- HTTP/2 window-0 clients: `SETTINGS_INITIAL_WINDOW_SIZE = 0`, ten streams
  of `/api/soak/big` each, `PING`s and `SETTINGS` answered;
- idle connections that send nothing, reopened as they close, up to past
  the connection limit;
- a form of 20,000 keys failing validation, in a loop;
- a slow but reading SSE client.

Every 250 ms it reads the server's RSS and open file descriptors from /proc.
It prints the peaks and the normal client's latencies and exits non-zero
unless peak RSS < 256 MiB, open fds stay within the connection limit (plus
the descriptors the server had before any client), and the normal client's
p99 < 100 ms.
"""

import os
import socket
import struct
import subprocess
import sys
import threading
import time

RSS_LIMIT = 256 * 1024 * 1024
P99_LIMIT = 0.100

stop = threading.Event()
lock = threading.Lock()
counts = {}


def bump(name, n=1):
    with lock:
        counts[name] = counts.get(name, 0) + n


def connect(addr):
    s = socket.create_connection(addr, timeout=10)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def keep_open(addr, name, count, opening, pause):
    """Keeps `count` connections that sent `opening` and nothing more;
    closed ones (by the server) are replaced."""
    held = []
    while not stop.is_set():
        alive = []
        for s in held:
            try:
                s.setblocking(False)
                data = s.recv(65536)
                if data == b"":
                    s.close()
                    bump(name + " closed by the server")
                    continue
                bump(f"{name} answered {data[9:12].decode(errors='replace')}")
            except BlockingIOError:
                pass
            except OSError:
                s.close()
                bump(name + " closed by the server")
                continue
            alive.append(s)
        held = alive
        while len(held) < count and not stop.is_set():
            try:
                s = connect(addr)
                if opening:
                    s.sendall(opening)
                held.append(s)
                bump(name + " opened")
            except OSError:
                bump(name + " connect failed")
                break
        stop.wait(pause)
    for s in held:
        s.close()


def non_readers(addr, count, timeout):
    """HTTP/1 clients that ask for 16 MiB and never read (a tiny receive
    buffer, so the server holds the answer). Twice the server's send
    timeout after the answer's first byte came in (seen by peeking, which
    reads nothing), each is drained: the server must have closed it by
    then ("non-readers closed by the server"), else it counts as
    "non-readers still open" and the soak fails. One still waiting in the
    listen backlog (the server at its connection limit) is left waiting."""
    held = []
    while not stop.is_set():
        while len(held) < count:
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            try:
                s.connect(addr)
                s.sendall(b"GET /api/soak/big HTTP/1.1\r\nHost: soak\r\n\r\n")
            except OSError:
                bump("http/1 non-readers connect failed")
                break
            s.setblocking(False)
            held.append([None, s])
            bump("http/1 non-readers opened")
        stop.wait(1)
        alive = []
        for entry in held:
            first_byte, s = entry
            if first_byte is None:
                try:
                    if s.recv(1, socket.MSG_PEEK):
                        entry[0] = time.monotonic()
                except BlockingIOError:
                    pass
                except OSError:
                    pass
            if entry[0] is None or time.monotonic() - entry[0] < 2 * timeout:
                alive.append(entry)
                continue
            bump(f"http/1 non-readers {drained(s)}")
            s.close()
        held = alive
    for _, s in held:
        s.close()


def drained(s):
    """Reads what `s` (non-blocking) holds: whether the server had closed it."""
    try:
        while True:
            if s.recv(1 << 20) == b"":
                return "closed by the server"
    except BlockingIOError:
        return "still open"
    except OSError:
        return "closed by the server"


def frame(kind, flags, stream, payload=b""):
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream) + payload


def h2_window_zero(addr, streams):
    """One HTTP/2 connection with an initial window of 0, answering
    SETTINGS and PINGs, `streams` streams of /api/soak/big; reopened when the
    server ends it."""
    while not stop.is_set():
        try:
            s = connect(addr)
            s.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + frame(4, 0, 0, struct.pack(">HI", 4, 0)))
            authority = f"{addr[0]}:{addr[1]}".encode()
            for i in range(streams):
                block = b"\x82\x86\x04" + bytes([len(b"/api/soak/big")]) + b"/api/soak/big"
                block += b"\x01" + bytes([len(authority)]) + authority
                s.sendall(frame(1, 0x5, 2 * i + 1, block))
            bump("http/2 window-0 connections opened")
            buf = b""
            s.settimeout(1)
            while not stop.is_set():
                try:
                    data = s.recv(65536)
                except socket.timeout:
                    continue
                if not data:
                    break
                buf += data
                while len(buf) >= 9:
                    length = int.from_bytes(buf[:3], "big")
                    if len(buf) < 9 + length:
                        break
                    kind, flags = buf[3], buf[4]
                    payload = buf[9 : 9 + length]
                    buf = buf[9 + length :]
                    if kind == 4 and not flags & 1:
                        s.sendall(frame(4, 1, 0))
                    elif kind == 6 and not flags & 1:
                        s.sendall(frame(6, 1, 0, payload))
                    elif kind == 3:
                        bump("http/2 streams reset by the server")
                    elif kind == 7:
                        bump("http/2 GOAWAYs")
            s.close()
            bump("http/2 window-0 connections ended by the server")
        except OSError:
            bump("http/2 window-0 errors")
            stop.wait(0.5)


def read_response(s):
    """Reads one HTTP/1.1 answer with a Content-Length; its status."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(65536)
        if not chunk:
            raise OSError("closed")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(body) < length:
        chunk = s.recv(65536)
        if not chunk:
            raise OSError("closed")
        body += chunk
    return int(head.split(b" ")[1])


def form_flood(addr):
    keys = "&".join(f"k{i}=v" for i in range(20_000))
    body = (keys + "&name=x").encode()
    request = (
        b"POST /api/soak/form HTTP/1.1\r\nHost: soak\r\nContent-Type: application/x-www-form-urlencoded\r\n"
        + f"Content-Length: {len(body)}\r\n\r\n".encode()
        + body
    )
    while not stop.is_set():
        try:
            s = connect(addr)
            s.sendall(request)
            s.settimeout(60)
            bump(f"form answers {read_response(s)}")
            s.close()
        except OSError:
            bump("form errors")
            stop.wait(0.2)


def sse_reader(addr):
    while not stop.is_set():
        try:
            s = connect(addr)
            s.sendall(b"GET /api/soak/events HTTP/1.1\r\nHost: soak\r\n\r\n")
            s.settimeout(1)
            while not stop.is_set():
                try:
                    data = s.recv(256)
                except socket.timeout:
                    continue
                if not data:
                    break
                bump("sse bytes", len(data))
                time.sleep(0.05)
            s.close()
        except OSError:
            bump("sse errors")
            stop.wait(0.5)


def normal(addr, latencies):
    s = None
    while not stop.is_set():
        started = time.monotonic()
        try:
            if s is None:
                s = connect(addr)
            s.sendall(b"GET /api/soak/ping HTTP/1.1\r\nHost: soak\r\n\r\n")
            status = read_response(s)
            latencies.append(time.monotonic() - started)
            bump(f"normal answers {status}")
        except OSError:
            bump("normal errors")
            if s is not None:
                s.close()
            s = None
            latencies.append(time.monotonic() - started)
        stop.wait(0.02)


def watch(pid, peaks):
    while not stop.is_set():
        try:
            with open(f"/proc/{pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        peaks["rss"] = max(peaks["rss"], int(line.split()[1]) * 1024)
            peaks["fds"] = max(peaks["fds"], len(os.listdir(f"/proc/{pid}/fd")))
        except OSError:
            pass
        stop.wait(0.25)


SERVER_FILES = 1024  # the server's open-file limit: the usual `ulimit -n`


def default_cap():
    """The server's default connection limit at SERVER_FILES open files
    (runtime/src/server/connection_limit.rs)."""
    return max(1, SERVER_FILES - max(SERVER_FILES // 8, 64))


def limit_server_files():
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (SERVER_FILES, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))


def raise_own_files():
    """The clients hold more sockets than the server may: past its limit."""
    import resource

    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def main():
    binary = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 60
    cap = int(os.environ.get("SOAK_MAX_CONNECTIONS", default_cap()))
    # The server's timeouts (soak_server.rs reads the same variable).
    timeout = float(os.environ.get("SOAK_TIMEOUT_SECS", 5))
    raise_own_files()
    server = subprocess.Popen([binary, "127.0.0.1:0"], stdout=subprocess.PIPE, text=True, preexec_fn=limit_server_files)
    line = server.stdout.readline().split()
    host, port = line[1].rsplit(":", 1)
    addr = (host, int(port))
    time.sleep(0.2)
    baseline_fds = len(os.listdir(f"/proc/{server.pid}/fd"))
    peaks = {"rss": 0, "fds": 0}
    latencies = []
    threads = [
        threading.Thread(target=watch, args=(server.pid, peaks)),
        threading.Thread(target=normal, args=(addr, latencies)),
        threading.Thread(target=keep_open, args=(addr, "stalled heads", 100, b"GET /api/soak/ping HTTP/1.1\r\nHost: so", 0.2)),
        threading.Thread(
            target=keep_open,
            args=(addr, "stalled bodies", 100, b"POST /api/soak/form HTTP/1.1\r\nHost: soak\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nname=", 0.2),
        ),
        threading.Thread(target=non_readers, args=(addr, 10, timeout)),
        threading.Thread(target=h2_window_zero, args=(addr, 10)),
        threading.Thread(target=h2_window_zero, args=(addr, 10)),
        threading.Thread(target=keep_open, args=(addr, "idle", cap + 100, b"", 0.5)),
        threading.Thread(target=form_flood, args=(addr,)),
        threading.Thread(target=sse_reader, args=(addr,)),
    ]
    for t in threads:
        t.daemon = True
        t.start()
    time.sleep(seconds)
    stop.set()
    time.sleep(1.5)
    server.terminate()
    server.wait(timeout=30)
    latencies.sort()
    p50 = latencies[len(latencies) // 2] if latencies else float("inf")
    p99 = latencies[int(len(latencies) * 0.99) - 1] if latencies else float("inf")
    fd_limit = cap + baseline_fds
    print(f"soak: {seconds:.0f} s, connection limit {cap}")
    for name in sorted(counts):
        print(f"  {name}: {counts[name]}")
    print(f"peak RSS: {peaks['rss'] / 2**20:.1f} MiB (limit {RSS_LIMIT / 2**20:.0f} MiB)")
    print(f"peak open fds: {peaks['fds']} (limit {fd_limit}: the connection limit + {baseline_fds} open before any client)")
    print(f"normal client: {len(latencies)} requests, p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms (limit {P99_LIMIT * 1000:.0f} ms)")
    # Each behaviour must have happened as meant: a soak of 404s proves nothing.
    seen = {
        "the normal client got only 200s": counts.get("normal answers 200", 0) == len(latencies) > 0,
        "the failing forms got 400s": counts.get("form answers 400", 0) > 0,
        "HTTP/1 non-readers were closed by the server": counts.get("http/1 non-readers closed by the server", 0) > 0
        and counts.get("http/1 non-readers still open", 0) == 0,
        "the SSE reader got events": counts.get("sse bytes", 0) > 0,
        "HTTP/2 window-0 streams were reset": counts.get("http/2 streams reset by the server", 0) > 0,
        "stalled bodies were answered 408 and closed": counts.get("stalled bodies answered 408", 0) > 0
        and counts.get("stalled bodies closed by the server", 0) > 0,
    }
    for what, held in seen.items():
        print(f"  {'ok' if held else 'NOT SEEN'}: {what}")
    ok = peaks["rss"] < RSS_LIMIT and peaks["fds"] <= fd_limit and p99 < P99_LIMIT and all(seen.values())
    print("PASS" if ok else "FAIL")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
