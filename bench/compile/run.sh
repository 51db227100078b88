#!/usr/bin/env bash
# Compile time (issue 18): the same generated API of 200 routes and 100 DTOs
# (gen.mjs) written with tether (#[controller] macros; build.rs writing the
# OpenAPI document and the TypeScript client with tether-build; path
# dependencies on this repository's crates) and with axum 0.8 + utoipa 5
# (utoipa-axum's OpenApiRouter, #[utoipa::path], ToSchema / IntoParams).
#
# Both apps are members of one generated workspace (bench/compile/work) with
# one target directory. Before anything is timed each app is built once with
# exactly the command that is then timed, so every dependency (tokio, serde,
# hyper, axum, utoipa, tether, tether-macros, tether-build, ...) is already
# built and shared; "clean" is `cargo clean -p <app>` (the app crate and, for
# tether, its build script) followed by `cargo build -p <app>`: the app's own
# compile from nothing, dependencies excluded on both sides. The dev profile
# is cargo's default (debug build, incremental on), as a user edits.
#
#   bench/compile/run.sh             5 runs per figure, medians
#   RUNS=3 bench/compile/run.sh      fewer runs
#
# Timed per app, each the median of RUNS runs (hyperfine when installed,
# from Debian's package if apt-get can, else a shell loop):
#   clean      cargo clean -p <app>; cargo build -p <app>
#   edit       one handler body edited (a string literal), cargo build
#   add-route  one route added to one controller/router, cargo build
# and for tether: build.rs's own run in each build (timed inside build.rs),
# the build script's compile in a clean build (cargo --timings), and the
# document alone (tether-build's dry run inside build.rs, 5 times).
# Writes bench/results/compile.md (or $COMPILE_RESULTS/compile.md).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
RUNS="${RUNS:-5}"
work="${COMPILE_WORK:-$here/work}"
export CARGO_TARGET_DIR="${COMPILE_TARGET_DIR:-$work/target}"
log="$work/build-rs.log"
results="${COMPILE_RESULTS:-$here/../results}"
apps=(tether-app axum-app)

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
fail() { echo "error: $*" >&2; exit 1; }

command -v node >/dev/null || fail "node is needed to generate the apps"
if ! command -v hyperfine >/dev/null; then
  echo "==> installing hyperfine (apt)"
  as_root apt-get install -y -qq hyperfine >/dev/null 2>&1 ||
    { as_root apt-get update -qq >/dev/null 2>&1 && as_root apt-get install -y -qq hyperfine >/dev/null 2>&1; } ||
    echo "note: no hyperfine; timing with a shell loop"
fi

load_start=$(cut -d' ' -f1-3 /proc/loadavg)
echo "==> load average at start: $load_start ($(nproc) CPUs)"

rm -rf "$work/tether-app" "$work/axum-app"
node "$here/gen.mjs" write "$work" "$repo"
[ -f "$here/Cargo.lock" ] && cp "$here/Cargo.lock" "$work/Cargo.lock"
cd "$work"
locked=--locked
if ! cargo metadata --locked --format-version 1 >/dev/null 2>&1; then
  echo "warning: bench/compile/Cargo.lock does not match the repo's crates any more; building without --locked (copy $work/Cargo.lock over it to pin again)" >&2
  locked=
fi
build() { cargo build $locked -q -p "$1"; }

echo "==> seeding: each app built once with the timed command (all dependencies)"
for app in "${apps[@]}"; do
  TETHER_COMPILE_BENCH_LOG= build "$app"
done

# Both apps must describe the same 200 operations, or the comparison is off.
operations() {
  node -e 'const d=JSON.parse(require("fs").readFileSync(0,"utf8"));let n=0;for(const p of Object.values(d.paths))n+=Object.keys(p).filter(m=>m!=="parameters").length;console.log(n)'
}
want=$(node -p "${COMPILE_RESOURCES:-20} * 10")
t_ops=$(operations < tether-app/openapi.json)
a_ops=$("$CARGO_TARGET_DIR/debug/axum-app" --openapi | operations)
[ "$t_ops" = "$want" ] || fail "tether's openapi.json has $t_ops operations, not $want"
[ "$a_ops" = "$want" ] || fail "axum + utoipa's document has $a_ops operations, not $want"
[ -f tether-app/sdk/client.ts ] || [ -n "$(ls tether-app/sdk/*.ts 2>/dev/null)" ] || fail "tether-app/sdk has no TypeScript client"
echo "both documents: $want operations; tether's TypeScript client: $(ls tether-app/sdk | tr '\n' ' ')"

median() { sort -n | awk '{a[NR]=$1} END {if (NR==0) print "nan"; else print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# measure <scenario> <app> <prepare>: prints the times of RUNS timed builds
# in seconds, one per line; build.rs logs its runs into $log meanwhile.
measure() {
  local scenario=$1 app=$2 prepare=$3
  local cmd="TETHER_COMPILE_BENCH_LOG=$log cargo build $locked -q -p $app"
  if command -v hyperfine >/dev/null; then
    local json="$work/hyperfine-$scenario-$app.json"
    hyperfine --style basic --runs "$RUNS" --prepare "$prepare" --export-json "$json" "$cmd" >&2
    node -e 'for (const t of require(process.argv[1]).results[0].times) console.log(t)' "$json"
  else
    for _ in $(seq "$RUNS"); do
      bash -c "$prepare" >&2
      local t0 t1
      t0=$(date +%s%N)
      bash -c "$cmd"
      t1=$(date +%s%N)
      awk "BEGIN {print ($t1 - $t0) / 1e9}"
    done
  fi
}

declare -A med times buildrs
for scenario in clean edit add-route; do
  for app in "${apps[@]}"; do
    gen="node $here/gen.mjs"
    case $scenario in
      clean) prepare="cargo clean -q -p $app" ;;
      edit) prepare="$gen edit $work $app" ;;
      add-route) prepare="$gen reset $work $app && TETHER_COMPILE_BENCH_LOG= cargo build $locked -q -p $app && $gen add-route $work $app" ;;
    esac
    echo "==> $scenario: $app ($RUNS runs; load $(cut -d' ' -f1 /proc/loadavg))"
    : > "$log"
    list=$(measure "$scenario" "$app" "$prepare")
    times[$scenario.$app]=$(echo $list)
    med[$scenario.$app]=$(echo "$list" | median)
    if [ "$app" = tether-app ]; then
      buildrs[$scenario]=$(awk '$1=="generate_ms" {print $2}' "$log" | median)
    fi
    echo "    median ${med[$scenario.$app]} s (runs: ${times[$scenario.$app]})"
    if [ "$scenario" = add-route ]; then
      $gen reset "$work" "$app"
      TETHER_COMPILE_BENCH_LOG= build "$app"
    fi
  done
done

echo "==> the build script's compile in a clean build of tether-app (cargo --timings)"
cargo clean -q -p tether-app
TETHER_COMPILE_BENCH_LOG= cargo build $locked -q -p tether-app --timings >/dev/null 2>&1
timing_html=$(ls -t "$CARGO_TARGET_DIR"/cargo-timings/cargo-timing-*.html | head -1)
# UNIT_DATA in cargo's report: one entry per unit, with its name, target and duration.
read -r bs_compile bs_run app_compile < <(node -e '
  const html = require("fs").readFileSync(process.argv[1], "utf8");
  const m = html.match(/const UNIT_DATA = (\[.*?\n\]);/s);
  const units = m ? JSON.parse(m[1]).filter((u) => u.name === "tether-app") : [];
  const pick = (f) => { const us = units.filter(f); return us.length ? us.reduce((s, u) => s + u.duration, 0).toFixed(2) : "n/a"; };
  console.log(pick((u) => u.target.trim() === "build-script"),
              pick((u) => u.target.trim() === "build-script (run)"),
              pick((u) => !u.target.includes("build-script")));
' "$timing_html")

echo "==> the document alone, inside build.rs (tether-build dry run, 5 times)"
: > "$log"
TETHER_COMPILE_BENCH_DOC=1 TETHER_COMPILE_BENCH_LOG="$log" build tether-app
doc_ms=$(awk '$1=="document_ms" {print $2}' "$log" | median)
doc_ops=$(awk '$1=="document_ms" {print $4; exit}' "$log")
generate_ms=$(awk '$1=="generate_ms" {print $2}' "$log" | median)
doc_nometa_ms=$(awk '$1=="document_no_metadata_ms" {print $2}' "$log" | median)
doc_cpu_ms=$(awk '$1=="document_ms" {print $6}' "$log" | median)
doc_nometa_cpu_ms=$(awk '$1=="document_no_metadata_ms" {print $6}' "$log" | median)
[ "$doc_ops" = "$want" ] || fail "the dry run documented $doc_ops operations, not $want"
TETHER_COMPILE_BENCH_LOG= build tether-app

load_end=$(cut -d' ' -f1-3 /proc/loadavg)
ratio() { if [ "$1" = nan ] || [ "$2" = nan ]; then echo –; else awk "BEGIN {printf \"%.2f\", $1 / $2}"; fi; }
# Mean user + system CPU seconds of a timed build (hyperfine only): steadier
# than wall time on a loaded machine.
cpu() {
  local json="$work/hyperfine-$1-$2.json"
  [ -f "$json" ] && command -v hyperfine >/dev/null || { echo nan; return; }
  node -e 'const r = require(process.argv[1]).results[0]; console.log((r.user + r.system).toFixed(2))' "$json"
}
ms() { awk "BEGIN {printf \"%.0f\", $1 * 1000}"; }
mkdir -p "$results"
{
  echo "| build | tether s | axum + utoipa s | tether ÷ axum+utoipa | of tether's: build.rs run ms | tether CPU s | axum + utoipa CPU s | CPU ratio |"
  echo "|---|--:|--:|--:|--:|--:|--:|--:|"
  for scenario in clean edit add-route; do
    t=${med[$scenario.tether-app]} a=${med[$scenario.axum-app]}
    tc=$(cpu "$scenario" tether-app) ac=$(cpu "$scenario" axum-app)
    printf '| %s | %.2f | %.2f | %s | %s | %s | %s | %s |\n' "$scenario" "$t" "$a" "$(ratio "$t" "$a")" "${buildrs[$scenario]}" "$tc" "$ac" "$(ratio "$tc" "$ac")"
  done
  echo
  echo "Wall time: median of the runs. CPU: mean user + system time of the runs (hyperfine), which load on the machine moves less."
  echo
  echo "Runs (s): $(for k in "${!times[@]}"; do printf '%s: %s; ' "$k" "${times[$k]}"; done)"
  echo
  echo "tether's build script in a clean build (cargo --timings, one run): compiled in ${bs_compile} s, ran in ${bs_run} s; the app crate itself ${app_compile} s."
  echo "Document generation inside build.rs for the $want-operation app: ${doc_ms} ms wall, ${doc_cpu_ms} ms CPU of build.rs's thread (median of 5 dry runs: sources read, document built, nothing written); the whole tether_build::generate() with the TypeScript client written: ${generate_ms} ms; the document without tether-build's \`cargo metadata\` subprocess (Builder::new() with the crate's directory and package, same document): ${doc_nometa_ms} ms wall, ${doc_nometa_cpu_ms} ms CPU. Goal: under 200 ms."
  echo
  echo "$RUNS runs per figure ($(command -v hyperfine >/dev/null && hyperfine --version || echo 'shell loop')), dev profile, $(nproc) CPUs, $(rustc -V), $(date -u +%Y-%m-%dT%H:%MZ). Load average at start $load_start, at end $load_end."
} | tee "$results/compile.md"
