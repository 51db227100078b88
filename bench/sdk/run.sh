#!/usr/bin/env bash
# Benchmark (not a test): tether's TypeScript client generator against
# @hey-api/openapi-ts and openapi-typescript, in one run, on GitHub's REST
# document (@octokit/openapi, pinned) or on a synthetic one. For each tool:
# generation time (median of runs), peak memory, output size, and the time
# `tsc --strict --noEmit` takes on the output; then the same with the
# TanStack Query and zod outputs on (tether's `--tanstack-query --zod`,
# hey-api's `@tanstack/react-query` and `zod` plugins).
#
#   bench/sdk/run.sh            GitHub's api.github.com.json
#   bench/sdk/run.sh N          a synthetic document of N resources x 6 operations
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
work="${TMPDIR:-/tmp}/tether-sdk-bench"
rm -rf "$work" && mkdir -p "$work"

cd "$here"
[ -d node_modules/@octokit/openapi ] || npm ci --no-audit --no-fund >/dev/null 2>&1
if [ $# -gt 0 ]; then
  node gen-doc.mjs "$1" > "$work/openapi.json"
  label="synthetic, $1 resources"
else
  cp node_modules/@octokit/openapi/generated/api.github.com.json "$work/openapi.json"
  label="GitHub REST, @octokit/openapi $(node -p 'require("@octokit/openapi/package.json").version')"
fi
ops=$(node -e 'const d=require(process.argv[1]);let n=0;for(const p of Object.values(d.paths))n+=Object.keys(p).filter(m=>m!=="parameters").length;console.log(n)' "$work/openapi.json")

(cd "$repo" && cargo build --quiet --release -p tether-build --example sdk_gen)
target="${CARGO_TARGET_DIR:-$repo/target}"
tether_bin="$target/release/examples/sdk_gen"
hey="$here/node_modules/.bin/openapi-ts"
ot="$here/node_modules/.bin/openapi-typescript"

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
# median_ms RUNS COMMAND...: the median wall time of RUNS runs (output wiped each time).
median_ms() {
  local runs=$1; shift
  local times=()
  for _ in $(seq "$runs"); do
    rm -rf "$work/out"
    local t0; t0=$(now_ms)
    "$@" >/dev/null 2>&1
    times+=($(( $(now_ms) - t0 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}
# peak_mib COMMAND...: the command's peak resident memory (GNU time), in MiB.
peak_mib() {
  rm -rf "$work/out"
  /usr/bin/time -f '%M' -o "$work/rss" "$@" >/dev/null 2>&1
  awk '{ printf "%d", $1 / 1024 }' "$work/rss"
}
size_kb() { du -sk "$1" | awk '{ print $1 }'; }
tsc_ms() {
  local dir=$1
  cat > "$dir/tsconfig.json" <<JSON
{ "compilerOptions": { "target": "ES2022", "module": "ESNext", "moduleResolution": "Bundler",
  "lib": ["ES2022", "DOM", "DOM.Iterable"], "types": [], "strict": true, "noUncheckedIndexedAccess": true,
  "exactOptionalPropertyTypes": true, "skipLibCheck": true, "noEmit": true,
  "typeRoots": ["$here/node_modules/@types"], "baseUrl": ".", "paths": { "*": ["$here/node_modules/*"] } },
  "include": ["**/*.ts"] }
JSON
  local t0; t0=$(now_ms)
  local errors
  errors=$("$here/node_modules/.bin/tsc" -p "$dir/tsconfig.json" 2>&1 | grep -c "error TS" || true)
  echo "$(( $(now_ms) - t0 )) ms ($errors errors)"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b < 1) b = 1; printf "%.1fx", a / b }'; }

# row NAME DIR RUNS COMMAND...: generates into $work/out for timing and into DIR for the checks.
row() {
  local name=$1 dir=$2 runs=$3; shift 3
  local ms mib
  ms=$(median_ms "$runs" "$@")
  mib=$(peak_mib "$@")
  rm -rf "$dir" && mv "$work/out" "$dir"
  printf '%-34s %8s ms %8s MiB %8s KiB   %s\n' "$name" "$ms" "$mib" "$(size_kb "$dir")" "$(tsc_ms "$dir")"
  echo "$ms" > "$dir.ms"
}

echo "document: $label: $ops operations, $(size_kb "$work/openapi.json") KiB"
echo "machine: $(nproc) cores; $(node --version); tsc $("$here/node_modules/.bin/tsc" --version)"
printf '%-34s %11s %12s %12s   %s\n' "generator" "generate" "peak memory" "output" "tsc --strict --noEmit"
row "tether" "$work/tether" 7 "$tether_bin" "$work/openapi.json" "$work/out"
row "@hey-api/openapi-ts 0.99.0" "$work/hey" 3 "$hey" -i "$work/openapi.json" -o "$work/out"
row "openapi-typescript 7.13.0 (types)" "$work/ot" 3 bash -c "mkdir -p '$work/out' && '$ot' '$work/openapi.json' -o '$work/out/schema.d.ts'"
row "tether + TanStack Query + zod" "$work/tether-full" 7 "$tether_bin" "$work/openapi.json" "$work/out" --tanstack-query --zod
row "hey-api + TanStack Query + zod" "$work/hey-full" 3 "$hey" -i "$work/openapi.json" -o "$work/out" \
  -p @hey-api/client-fetch @hey-api/typescript @hey-api/sdk @tanstack/react-query zod

t=$(cat "$work/tether.ms"); h=$(cat "$work/hey.ms"); tf=$(cat "$work/tether-full.ms"); hf=$(cat "$work/hey-full.ms")
echo "hey-api / tether: $(ratio "$h" "$t") (client), $(ratio "$hf" "$tf") (with TanStack Query and zod)"
echo "tether with TanStack Query and zod / without: $(ratio "$tf" "$t")"
