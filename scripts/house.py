#!/usr/bin/env python3
"""How a crate's files import each other: the shape of the house.

    scripts/house.py CRATE/src [CRATE/src ...]

Each .rs file is a module (lib.rs / main.rs the root, x/mod.rs and x.rs the
module x). A file imports another when it names `crate::…` or `super::…`
(groups `{a::B, c}` included) and the longest module prefix of that path is
the other file. A module naming its own descendants (re-exports) and test
modules (`#[cfg(test)] mod … {` to the end of the file) do not count.

For each crate it prints the files, folders, import arrows, levels (level 0
imports nothing of its crate; a file sits one level above the highest file it
imports), the arrows that point back up (those inside a cycle, which no
ordering can make point down) and every cycle. Exits 1 when any crate has a
cycle: test.sh runs it over the product crates.
"""
import os
import re
import sys


def modules(root):
    """Module path (tuple) -> file, for every .rs file under root."""
    mods = {}
    for d, _, fs in os.walk(root):
        for f in fs:
            if f.endswith(".rs"):
                p = os.path.join(d, f)
                rel = os.path.relpath(p, root)[:-3].split(os.sep)
                if rel[-1] in ("mod", "lib", "main"):
                    rel = rel[:-1]
                if rel and rel[0] == "bin":
                    continue  # binaries are crates of their own
                mods[tuple(rel)] = p
    return mods


TOKEN = re.compile(r"\s*(::|\{|\}|,|[A-Za-z_][A-Za-z0-9_]*|\*)")


def paths_after(text, start):
    """Expand the path tree that starts at text[start:] (just after the
    `crate`/`super` keyword) into lists of segments: `::{a::B, c}` -> [a, B], [c]."""

    def tokens(i):
        while True:
            m = TOKEN.match(text, i)
            if not m:
                return
            yield m.group(1), m.end()
            i = m.end()

    it = tokens(start)

    def tree(prefix, tok):
        # tok: the token after which a `::`-separated tail may follow.
        out = []
        path = list(prefix)
        t = tok
        while t is not None and t[0] == "::":
            n = next(it, None)
            if n is None:
                break
            if n[0] == "{":
                while True:
                    first = next(it, None)
                    if first is None or first[0] == "}":
                        break
                    if first[0] == ",":
                        continue
                    if re.match(r"[A-Za-z_]", first[0]):
                        sub, last = tree(path + [first[0]], next(it, None))
                        out.extend(sub)
                        if last is None or last[0] == "}":
                            break
                    # `*` or anything else: the group's base is named
                    elif first[0] == "*":
                        out.append(path)
                return out, next(it, None)
            if re.match(r"[A-Za-z_]", n[0]):
                path.append(n[0])
                t = next(it, None)
            else:
                t = n
                break
        out.append(path)
        return out, t

    found, _ = tree([], next(it, None))
    return found


def imports(mods):
    ref = re.compile(r"\b(crate|super)\b(?=\s*::)")
    edges = {m: set() for m in mods}
    for m, p in mods.items():
        text = open(p, encoding="utf-8", errors="replace").read()
        cut = re.search(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*\{", text)
        if cut:
            text = text[: cut.start()]
        text = re.sub(r"//[^\n]*", "", text)
        for hit in ref.finditer(text):
            kw = hit.group(1)
            for parts in paths_after(text, hit.end()):
                if kw == "crate":
                    base = []
                else:
                    # `super` of x.rs or x/mod.rs is x's parent; more `super`s climb on.
                    base = list(m[:-1])
                    while parts and parts[0] == "super":
                        base, parts = base[:-1], parts[1:]
                path = base + parts
                target = next(
                    (tuple(path[:n]) for n in range(len(path), 0, -1) if tuple(path[:n]) in mods),
                    (),
                )
                if target in ((), m) or target[: len(m)] == m:
                    continue
                edges[m].add(target)
    return edges


def strong_components(edges):
    index, low, on, stack, comps, counter = {}, {}, set(), [], [], [0]
    sys.setrecursionlimit(10000)

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            comps.append(comp)

    for v in sorted(edges):
        if v not in index:
            strong(v)
    return comps  # reverse topological order: a component's imports come first


def report(root):
    mods = modules(root)
    edges = imports(mods)
    comps = strong_components(edges)
    comp_of = {v: i for i, c in enumerate(comps) for v in c}
    level = {}
    for i, c in enumerate(comps):
        below = [level[comp_of[w]] for v in c for w in edges[v] if comp_of[w] != i]
        level[i] = 1 + max(below) if below else 0
    cycles = [c for c in comps if len(c) > 1]
    back = sum(1 for v in edges for w in edges[v] if comp_of[v] == comp_of[w])
    folders = {os.path.dirname(p) for p in mods.values()}
    arrows = sum(len(e) for e in edges.values())
    print(
        f"{root}: {len(mods)} files in {len(folders)} folders, {arrows} import arrows, "
        f"{max(level.values()) + 1 if level else 0} levels, {back} arrows back up, "
        f"{sum(len(c) for c in cycles)} files in {len(cycles)} cycles"
    )
    for c in sorted(cycles, key=len, reverse=True):
        names = sorted(os.path.relpath(mods[m], root) for m in c)
        print(f"  cycle of {len(c)}: " + ", ".join(names))
    return not cycles


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    ok = all([report(r.rstrip("/")) for r in sys.argv[1:]])
    sys.exit(0 if ok else 1)
