"""Reads bench/malloc_trace logs: the blocks a run left live between two
points of each log, by size, per connection; one column per server.

    python3 live_by_size.py N NAME=LOG:FROM:TO [NAME=LOG:FROM:TO ...]

FROM and TO are line numbers of the log (`wc -l` of it before the
connections opened, and once they are open); N is the number of
connections. Sizes are what was asked for; the totals count glibc's
chunks too (the size plus 8, rounded up to 16).
"""
import collections
import sys


def live_at(path, upto):
    live = {}
    with open(path) as log:
        for i, line in enumerate(log):
            if i >= upto:
                break
            parts = line.split()
            if len(parts) < 5:
                continue
            _tid, op, ptr, size, old = parts
            if op in "mca":
                live[ptr] = int(size)
            elif op == "r":
                live.pop(old, None)
                live[ptr] = int(size)
            else:
                live.pop(ptr, None)
    return collections.Counter(live.values())


n = int(sys.argv[1])
grown = {}
for arg in sys.argv[2:]:
    name, spec = arg.split("=", 1)
    path, start, end = spec.rsplit(":", 2)
    before, after = live_at(path, int(start)), live_at(path, int(end))
    grown[name] = {size: after[size] - before[size] for size in set(before) | set(after)}
for name, sizes in grown.items():
    asked = sum(size * count for size, count in sizes.items()) / n
    chunks = sum((size + 8 + 15) // 16 * 16 * count for size, count in sizes.items()) / n
    print(f"{name}: {asked:.0f} B asked, {chunks:.0f} B in chunks a connection")
print("size", *grown)
for size in sorted(set().union(*grown.values()), reverse=True):
    row = [grown[name].get(size, 0) / n for name in grown]
    if any(abs(v) >= 0.05 for v in row):
        print(size, *(f"{v:.2f}" for v in row))
