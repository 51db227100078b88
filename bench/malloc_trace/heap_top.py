"""Reads a bench/malloc_trace log: for every free of a block of SIZE bytes
(the last piece of a response's compressor state that is freed), which
live blocks sit above it in the same heap (within 16 MiB). With none, the
freed memory joins the heap's top chunk, and glibc gives it back to the
kernel when the top exceeds its trim threshold.

    python3 heap_top.py trace.log [SIZE]
"""
import collections
import sys

path = sys.argv[1]
size = int(sys.argv[2]) if len(sys.argv) > 2 else 65712
live = {}
above_counts = collections.Counter()
for line in open(path):
    _tid, op, ptr, n, old = line.split()
    if op in "mc":
        live[ptr] = int(n)
    elif op == "r":
        live.pop(old, None)
        live[ptr] = int(n)
    elif live.pop(ptr, None) == size:
        at = int(ptr, 16)
        above = sorted(
            (int(p, 16) - at, n)
            for p, n in live.items()
            if 0 < int(p, 16) - at < 1 << 24
        )
        above_counts[tuple(n for _, n in above[-3:])] += 1
total = sum(above_counts.values())
print(f"{total} frees of {size}-byte blocks; highest live blocks above them:")
for sizes, count in above_counts.most_common(8):
    print(f"  {count:6}  {sizes or 'none: the heap top'}")
