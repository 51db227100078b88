#!/usr/bin/env python3
"""The checks of scripts/scale-out.sh (issue 36), against two tracker
instances A and B on one PostgreSQL database:

    scripts/scale-out-check.py http://127.0.0.1:PORT_A http://127.0.0.1:PORT_B

1. Sessions live in the database: a token issued by A works on B (as a
   bearer token and as the plain-HTTP session cookie); a logout on B ends
   it on A.
2. Events cross instances: a feed on A sees a ticket filed and updated
   through B.
3. Last-Event-ID resumes from the database: after the feed on A closes,
   writes through A; a feed on B given the last id seen gets exactly the
   missed events (not another project's), in order, then live ones.
4. Under concurrent writes through both instances, feeds on A and on B see
   every acknowledged write exactly once, in increasing id order, and a
   feed that moves from A to B halfway misses and repeats nothing.
5. A ticket replaced (PUT) through B then through A is the same ticket
   both times, with an `updated` event each on a feed on A; deleted
   (DELETE) through B it is gone from A's list, and A answers a second
   DELETE and a PUT with 404 `NO_TICKET`; the deletion sends no event.
"""
import http.client
import json
import queue
import socket
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlparse

TIMEOUT = 15


def address(url):
    u = urlparse(url)
    return u.hostname, u.port


def call(base, method, path, body=None, token=None, headers=None):
    """One request on a new connection: (status, headers, JSON body or None)."""
    conn = http.client.HTTPConnection(*address(base), timeout=TIMEOUT)
    h = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body)
        h["content-type"] = "application/json"
    if token:
        h["authorization"] = f"Bearer {token}"
    conn.request(method, "/api/v1" + path, body=data, headers=h)
    res = conn.getresponse()
    text = res.read()
    conn.close()
    return res.status, dict(res.getheaders()), (json.loads(text) if text else None)


def expect(status, want, what, body=None):
    if status != want:
        raise SystemExit(f"FAIL: {what}: status {status}, expected {want}: {body}")


class Feed:
    """An event feed read on a thread: events arrive in `self.events`."""

    def __init__(self, base, key, token, last_event_id=None):
        self.conn = http.client.HTTPConnection(*address(base), timeout=60)
        h = {"authorization": f"Bearer {token}", "accept": "text/event-stream"}
        if last_event_id is not None:
            h["last-event-id"] = str(last_event_id)
        self.conn.request("GET", f"/api/v1/projects/{key}/events", headers=h)
        self.sock = self.conn.sock
        self.res = self.conn.getresponse()
        if self.res.status != 200:
            raise SystemExit(f"FAIL: feed on {base}: status {self.res.status}: {self.res.read()}")
        # The answer's head arrives once the feed knows where it starts.
        self.events = queue.Queue()
        self.closed = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        # read1, not readline: http.client's readline on a chunked body
        # waits for the head of the next chunk (here, up to the next
        # keep-alive comment) before it returns the line ending this one.
        event, pending = {}, b""
        try:
            while True:
                data = self.res.read1(65536)
                if not data:
                    return
                pending += data
                *lines, pending = pending.split(b"\n")
                for line in lines:
                    line = line.decode().rstrip("\r")
                    if line == "":
                        if "data" in event:
                            self.events.put(event)
                        event = {}
                    elif not line.startswith(":"):
                        field, _, value = line.partition(":")
                        event[field] = value[1:] if value.startswith(" ") else value
        except Exception:  # the connection was closed by close()
            if not self.closed:
                raise

    def next(self, timeout=TIMEOUT):
        """The next event as (id, name, ticket)."""
        try:
            e = self.events.get(timeout=timeout)
        except queue.Empty:
            raise SystemExit(f"FAIL: no event within {timeout} s") from None
        return int(e["id"]), e.get("event", "message"), json.loads(e["data"])

    def take(self, n):
        return [self.next() for _ in range(n)]

    def nothing_more(self, wait=1.0):
        try:
            e = self.events.get(timeout=wait)
        except queue.Empty:
            return
        raise SystemExit(f"FAIL: an event more than expected: {e}")

    def close(self):
        """Disconnects. The socket is shut down first: that ends the
        reader's blocked read, which holds the response's buffer."""
        self.closed = True
        self.sock.shutdown(socket.SHUT_RDWR)
        self.conn.close()


def ids_increase(events, after, what):
    ids = [i for i, _, _ in events]
    if ids != sorted(set(ids)) or (ids and ids[0] <= after):
        raise SystemExit(f"FAIL: {what}: event ids {ids} do not increase after {after}")


def summary(events):
    return [(name, t["id"], t["status"]) for _, name, t in events]


START = time.monotonic()


def say(text):
    print(f"[{time.monotonic() - START:5.1f} s] {text}", flush=True)


def main(a, b):
    # 1. Sessions in the database.
    login = {"name": "ada", "password": "lovelace"}
    status, headers, body = call(a, "POST", "/auth/login", login)
    expect(status, 200, "login on A", body)
    token = body["token"]
    status, _, me = call(b, "GET", "/auth/me", token=token)
    expect(status, 200, "A's token on B", me)
    assert me["name"] == "ada", me
    cookie = {"cookie": f"tracker_session={token}"}
    status, _, me = call(b, "GET", "/auth/me", headers=cookie)
    expect(status, 200, "A's session cookie on B", me)
    status, _, out = call(b, "POST", "/auth/logout", token=token)
    expect(status, 200, "logout on B", out)
    status, _, _ = call(a, "GET", "/auth/me", token=token)
    expect(status, 401, "A after the logout on B")
    say("sessions: a token from A works on B; a logout on B ends it on A")

    _, _, body = call(b, "POST", "/auth/login", login)
    token = body["token"]
    status, _, body = call(a, "POST", "/projects", {"key": "SCALE", "name": "Scale-out"}, token)
    expect(status, 201, "project on A", body)
    status, _, body = call(b, "POST", "/projects", {"key": "OTHER", "name": "Other"}, token)
    expect(status, 201, "project on B", body)
    status, _, body = call(a, "POST", "/projects", {"key": "OTHER", "name": "Taken"}, token)
    expect(status, 409, "a key taken through B, on A", body)

    # 2. A feed on A, writes through B.
    feed = Feed(a, "SCALE", token)
    status, _, t1 = call(b, "POST", "/projects/SCALE/tickets", {"title": "one"}, token)
    expect(status, 201, "ticket on B", t1)
    status, _, body = call(b, "PATCH", f"/projects/SCALE/tickets/{t1['id']}", {"status": "closed"}, token)
    expect(status, 200, "update on B", body)
    seen = feed.take(2)
    ids_increase(seen, 0, "feed on A")
    want = [("filed", t1["id"], "open"), ("updated", t1["id"], "closed")]
    if summary(seen) != want:
        raise SystemExit(f"FAIL: feed on A saw {summary(seen)}, expected {want}")
    feed.nothing_more(0.5)
    feed.close()
    last = seen[-1][0]
    say(f"events: a feed on A saw the ticket filed and closed through B (ids {[i for i, _, _ in seen]})")

    # 3. Missed while disconnected, resumed on B.
    _, _, t2 = call(a, "POST", "/projects/SCALE/tickets", {"title": "two", "labels": ["x"]}, token)
    _, _, t3 = call(a, "POST", "/projects/SCALE/tickets", {"title": "three"}, token)
    call(a, "POST", "/projects/OTHER/tickets", {"title": "elsewhere"}, token)
    status, _, body = call(a, "PATCH", f"/projects/SCALE/tickets/{t2['id']}", {"status": "closed"}, token)
    expect(status, 200, "update on A", body)
    feed = Feed(b, "SCALE", token, last_event_id=last)
    missed = feed.take(3)
    ids_increase(missed, last, "resumed feed on B")
    want = [("filed", t2["id"], "open"), ("filed", t3["id"], "open"), ("updated", t2["id"], "closed")]
    if summary(missed) != want:
        raise SystemExit(f"FAIL: the resumed feed on B got {summary(missed)}, expected {want}")
    if missed[0][2]["labels"] != ["x"] or missed[0][2]["title"] != "two":
        raise SystemExit(f"FAIL: the event's ticket: {missed[0][2]}")
    feed.nothing_more()
    call(a, "PATCH", f"/projects/SCALE/tickets/{t3['id']}", {"status": "closed"}, token)
    live = feed.take(1)
    ids_increase(live, missed[-1][0], "live after the resume")
    if summary(live) != [("updated", t3["id"], "closed")]:
        raise SystemExit(f"FAIL: live event on B: {summary(live)}")
    feed.nothing_more()
    feed.close()
    say(f"resume: Last-Event-ID {last} on B gave exactly the 3 missed events, then the live one")

    # 4. Concurrent writes through both instances.
    n = 60
    feed_a = Feed(a, "SCALE", token)
    feed_b = Feed(b, "SCALE", token)
    mover = Feed(a, "SCALE", token)
    started = time.monotonic()

    def write(i):
        status, _, t = call((a, b)[i % 2], "POST", "/projects/SCALE/tickets", {"title": f"load {i}"}, token)
        expect(status, 201, f"concurrent write {i}", t)
        return t["id"]

    with ThreadPoolExecutor(max_workers=12) as pool:
        written = list(pool.map(write, range(n)))
    elapsed = time.monotonic() - started
    first_half = mover.take(n // 2)
    mover.close()
    moved = Feed(b, "SCALE", token, last_event_id=first_half[-1][0])
    rest = moved.take(n - n // 2)
    for name, events in (("A", feed_a.take(n)), ("B", feed_b.take(n)), ("A then B", first_half + rest)):
        ids_increase(events, live[-1][0], f"feed on {name}")
        tickets = sorted(t["id"] for _, _, t in events)
        if tickets != sorted(written) or any(e != "filed" for _, e, _ in events):
            raise SystemExit(f"FAIL: feed on {name}: tickets {tickets}, written {sorted(written)}")
    for f in (feed_a, feed_b, moved):
        f.nothing_more(0.5)
        f.close()
    status, headers, _ = call(b, "GET", "/projects/SCALE/tickets?limit=1", token=token)
    total = int(headers.get("X-Total-Count") or headers.get("x-total-count"))
    if total != n + 3:
        raise SystemExit(f"FAIL: {total} tickets in SCALE, expected {n + 3}")
    say(f"concurrency: {n} writes through A and B in {elapsed:.2f} s; feeds on A, on B and moving A -> B each saw all {n} once, in order")

    # 5. PUT and DELETE across instances.
    feed = Feed(a, "SCALE", token)
    status, _, t = call(a, "POST", "/projects/SCALE/tickets", {"title": "to replace", "labels": ["x"]}, token)
    expect(status, 201, "ticket to replace", t)
    path = f"/projects/SCALE/tickets/{t['id']}"
    replacement = {"title": "replaced", "labels": ["y", "z"], "status": "closed"}
    want = dict(replacement, id=t["id"], reporter="ada")
    for base, name in ((b, "B"), (a, "A")):
        status, _, body = call(base, "PUT", path, replacement, token)
        expect(status, 200, f"PUT on {name}", body)
        if body != want:
            raise SystemExit(f"FAIL: PUT on {name} answered {body}, expected {want}")
    seen = feed.take(3)
    ids_increase(seen, 0, "feed on A")
    expected = [("filed", t["id"], "open"), ("updated", t["id"], "closed"), ("updated", t["id"], "closed")]
    if summary(seen) != expected or seen[2][2] != want:
        raise SystemExit(f"FAIL: feed on A saw {seen}, expected {expected} ending with {want}")
    status, _, body = call(b, "DELETE", path, token=token)
    expect(status, 204, "DELETE on B", body)
    _, _, listed = call(a, "GET", "/projects/SCALE/tickets", token=token)
    if any(x["id"] == t["id"] for x in listed):
        raise SystemExit(f"FAIL: ticket {t['id']} deleted through B is still in A's list")
    for method, body in (("DELETE", None), ("PUT", replacement)):
        status, _, answer = call(a, method, path, body, token)
        expect(status, 404, f"{method} on A after the DELETE on B", answer)
        if answer["code"] != "NO_TICKET":
            raise SystemExit(f"FAIL: {method} of a deleted ticket: {answer}")
    feed.nothing_more(0.5)
    feed.close()
    say("put and delete: a PUT through B then A gave the same ticket and an event each; deleted through B, it is gone on A (404), with no event")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
    print("scale-out checks: passed")
