#!/usr/bin/env bash
# Benchmark (not a test): tether's TypeScript client generator against
# @hey-api/openapi-ts and openapi-typescript on one document of 1,200
# operations (SPEC "Beyond the seed": well under a second for a thousand
# operations). Prints generation time (median of runs), the ratio to tether,
# output size and the time tsc takes to check each output.
#
#   bench/sdk/run.sh [RESOURCES]   (6 operations per resource; default 200)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
resources="${1:-200}"
work="${TMPDIR:-/tmp}/tether-sdk-bench"
rm -rf "$work" && mkdir -p "$work"

cd "$here"
[ -d node_modules ] || npm ci --no-audit --no-fund >/dev/null 2>&1
node gen-doc.mjs "$resources" > "$work/openapi.json"
ops=$(node -e 'const d=require(process.argv[1]);let n=0;for(const p of Object.values(d.paths))n+=Object.keys(p).length;console.log(n)' "$work/openapi.json")

(cd "$repo" && cargo build --quiet --release -p tether-build --example sdk_gen)
target="${CARGO_TARGET_DIR:-$repo/target}"
tether_bin="$target/release/examples/sdk_gen"

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
# median_ms RUNS COMMAND...: runs the command RUNS times (output dir wiped each time)
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
size_kb() { du -sk "$1" | awk '{ print $1 }'; }
tsc_ms() {
  local dir=$1
  cat > "$dir/tsconfig.json" <<JSON
{ "compilerOptions": { "target": "ES2022", "module": "ESNext", "moduleResolution": "Bundler",
  "lib": ["ES2022", "DOM", "DOM.Iterable"], "types": [], "strict": true, "noUncheckedIndexedAccess": true,
  "exactOptionalPropertyTypes": true, "skipLibCheck": false, "noEmit": true }, "include": ["**/*.ts"] }
JSON
  local t0; t0=$(now_ms)
  local errors
  errors=$("$here/node_modules/.bin/tsc" -p "$dir/tsconfig.json" 2>&1 | grep -c "error TS" || true)
  echo "$(( $(now_ms) - t0 )) ms ($errors errors)"
}

tether_ms=$(median_ms 7 "$tether_bin" "$work/openapi.json" "$work/out")
"$tether_bin" "$work/openapi.json" "$work/tether" 2>/dev/null
hey_ms=$(median_ms 3 "$here/node_modules/.bin/openapi-ts" -i "$work/openapi.json" -o "$work/out")
"$here/node_modules/.bin/openapi-ts" -i "$work/openapi.json" -o "$work/hey" >/dev/null 2>&1
ot_ms=$(median_ms 3 "$here/node_modules/.bin/openapi-typescript" "$work/openapi.json" -o "$work/out/schema.d.ts")
mkdir -p "$work/ot" && "$here/node_modules/.bin/openapi-typescript" "$work/openapi.json" -o "$work/ot/schema.d.ts" >/dev/null 2>&1

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b < 1) b = 1; printf "%.1fx", a / b }'; }
echo "document: $ops operations, $(size_kb "$work/openapi.json") KiB ($work/openapi.json)"
printf '%-22s %12s %18s %10s   %s\n' "generator" "generate" "vs tether" "output" "tsc --strict --noEmit"
printf '%-22s %9s ms %18s %7s KiB   %s\n' "tether" "$tether_ms" "1.0x" "$(size_kb "$work/tether")" "$(tsc_ms "$work/tether")"
printf '%-22s %9s ms %18s %7s KiB   %s\n' "@hey-api/openapi-ts" "$hey_ms" "$(ratio "$hey_ms" "$tether_ms") slower" "$(size_kb "$work/hey")" "$(tsc_ms "$work/hey")"
printf '%-22s %9s ms %18s %7s KiB   %s\n' "openapi-typescript" "$ot_ms" "$(ratio "$ot_ms" "$tether_ms") slower" "$(size_kb "$work/ot")" "$(tsc_ms "$work/ot") (types only, no client)"
