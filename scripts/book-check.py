#!/usr/bin/env python3
"""Checks the guide (book/): `links` and `ts`.

`book-check.py links BUILD_DIR`: every relative link and every anchor in
the HTML that `mdbook build` wrote resolves (mdbook itself lets a broken
`[text](chapter.md)` through as a dead link; its linkcheck backend is a
crate of its own, so this script stands in for it). Each `href` or `src`
that names no scheme (`https:`, `mailto:`) must be a file of the built
book, and its `#fragment`, when it has one, an `id` in that file. Links
to other sites are not fetched.

`book-check.py ts`: every ```ts block of book/src/*.md and README.md is
type-checked by the pinned tsc (node_modules/.bin/tsc) against the
examples' generated clients, as the e2e tests are: each block is a module
of its own in target/book-ts/, importing `bookstore-sdk`, `newsroom-sdk`,
`contract-sdk` or `tracker-sdk` (mapped to examples/*/sdk by `paths`), and
may use the names `book-ts-globals.d.ts` declares below (a `baseUrl`, a
React `useMutation`, a TanStack `queryClient`, a token `session`). Blocks
tagged ```typescript are other frameworks' code (NestJS), shown for
comparison, and are not checked.
"""

import html.parser
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class _Refs(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids = set()
        self.refs = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is None:
                continue
            if name in ("id", "name"):
                self.ids.add(value)
            elif name in ("href", "src") and tag != "base":
                self.refs.append(value)


def _parse(path, cache):
    if path not in cache:
        parser = _Refs()
        with open(path, encoding="utf-8") as f:
            parser.feed(f.read())
        cache[path] = parser
    return cache[path]


def links(build):
    build = os.path.abspath(build)
    cache = {}
    broken = []
    pages = 0
    for folder, _, files in os.walk(build):
        for name in files:
            if not name.endswith(".html"):
                continue
            pages += 1
            page = os.path.join(folder, name)
            for ref in _parse(page, cache).refs:
                url = urllib.parse.urlsplit(ref)
                if url.scheme or url.netloc or ref.startswith("javascript:"):
                    continue
                target = page
                if url.path:
                    target = os.path.normpath(
                        os.path.join(folder, urllib.parse.unquote(url.path))
                    )
                    if os.path.isdir(target):
                        target = os.path.join(target, "index.html")
                    if not os.path.exists(target):
                        broken.append(f"{os.path.relpath(page, build)}: {ref}: no such file")
                        continue
                if url.fragment and target.endswith(".html"):
                    if urllib.parse.unquote(url.fragment) not in _parse(target, cache).ids:
                        broken.append(
                            f"{os.path.relpath(page, build)}: {ref}: no element with this id"
                        )
    for line in broken:
        print(f"error: broken link in the guide: {line}", file=sys.stderr)
    print(f"book links: {pages} pages, {len(broken)} broken")
    return 1 if broken else 0


GLOBALS = """\
// What the guide's TypeScript blocks may use without declaring it.
declare const baseUrl: string;
declare const queryClient: import("@tanstack/query-core").QueryClient;
declare function useMutation(options: unknown): unknown;
declare const session: { accessToken: string; refresh(): Promise<boolean> };
"""

SDKS = ("bookstore", "newsroom", "contract", "tracker")


def ts_blocks():
    sources = [os.path.join(ROOT, "README.md")]
    src = os.path.join(ROOT, "book", "src")
    sources += sorted(os.path.join(src, n) for n in os.listdir(src) if n.endswith(".md"))
    for path in sources:
        block = None
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                fence = re.match(r"^\s*```(\S*)", line)
                if block is None:
                    if fence and fence.group(1) == "ts":
                        block = (number, [])
                    elif fence and fence.group(1):
                        block = (number, None)  # another language: skip to its end
                elif fence and not fence.group(1):
                    if block[1] is not None:
                        yield path, block[0], "".join(block[1])
                    block = None
                elif block[1] is not None:
                    block[1].append(line)


def ts():
    started = time.monotonic()
    out = os.path.join(ROOT, "target", "book-ts")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    files = []
    for path, line, code in ts_blocks():
        name = re.sub(r"[^A-Za-z0-9]", "_", os.path.relpath(path, ROOT)) + f"_{line}.ts"
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write(f"// {os.path.relpath(path, ROOT)}:{line}\n{code}\nexport {{}};\n")
        files.append(name)
    with open(os.path.join(out, "book-ts-globals.d.ts"), "w", encoding="utf-8") as f:
        f.write(GLOBALS)
    paths = {}
    for sdk in SDKS:
        paths[f"{sdk}-sdk"] = [f"../../examples/{sdk}/sdk/index.ts"]
        paths[f"{sdk}-sdk/*"] = [f"../../examples/{sdk}/sdk/*.ts"]
    import json

    config = {
        "compilerOptions": {
            "target": "ES2022",
            "module": "ES2022",
            "moduleResolution": "Bundler",
            "strict": True,
            "noUncheckedIndexedAccess": True,
            "exactOptionalPropertyTypes": True,
            "noEmit": True,
            # The libraries are checked by the e2e tests; here only the blocks.
            "skipLibCheck": True,
            "types": ["node"],
            "lib": ["ES2022", "DOM", "DOM.Iterable"],
            "paths": paths,
        },
        "files": ["book-ts-globals.d.ts"] + files,
    }
    with open(os.path.join(out, "tsconfig.json"), "w", encoding="utf-8") as f:
        json.dump(config, f, indent=2)
    tsc = os.path.join(ROOT, "node_modules", ".bin", "tsc")
    status = subprocess.call([tsc, "-p", os.path.join(out, "tsconfig.json")])
    print(
        f"book TypeScript: {len(files)} blocks type-checked by tsc in "
        f"{time.monotonic() - started:.1f} s ({'passed' if status == 0 else 'FAILED'})"
    )
    return status


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "links":
        return links(sys.argv[2])
    if len(sys.argv) == 2 and sys.argv[1] == "ts":
        return ts()
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
