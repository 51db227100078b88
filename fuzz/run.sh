#!/usr/bin/env bash
# Runs every fuzz target for a while (SPEC A11, B1, B4, C7) from its seed
# corpus in fuzz/corpus/<target>, and records the executions done and any
# crash in fuzz/RESULTS.md. Needs cargo-fuzz (`cargo install cargo-fuzz`);
# libFuzzer's flags are nightly-only, so the stable toolchain is run with
# RUSTC_BOOTSTRAP=1.
#
#   fuzz/run.sh            # 60 s per target
#   fuzz/run.sh 10         # 10 s per target
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
export RUSTC_BOOTSTRAP=1
cargo fuzz build -O
targets=$(cargo fuzz list)
results="RESULTS.md"
{
  echo "# Fuzzing results"
  echo
  echo "Command: \`fuzz/run.sh $seconds\` on $(nproc) cores, $(date -u +%Y-%m-%d)."
  echo "Each target starts from the committed seed corpus in \`fuzz/corpus/<target>\`."
  echo
  echo "| target | seconds | executions | exec/s | new corpus entries | crashes |"
  echo "|---|---|---|---|---|---|"
} > "$results.tmp"
status=0
for target in $targets; do
  work=$(mktemp -d)
  log="$work/log"
  set +e
  cargo fuzz run -O "$target" "$work" "corpus/$target" -- \
    -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$work/" >"$log" 2>&1
  code=$?
  set -e
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  rate=$((runs / seconds))
  added=$(find "$work" -maxdepth 1 -type f ! -name log | wc -l)
  crashes=$(find "$work" -maxdepth 1 -name 'crash-*' -o -maxdepth 1 -name 'oom-*' -o -maxdepth 1 -name 'timeout-*' | wc -l)
  echo "| \`$target\` | $seconds | $runs | $rate | $added | $crashes |" >> "$results.tmp"
  printf '%-16s %10s executions, %s crashes (exit %s)\n' "$target" "$runs" "$crashes" "$code"
  if [ "$code" -ne 0 ] || [ "$crashes" -ne 0 ]; then
    status=1
    mkdir -p artifacts/"$target"
    cp "$work"/crash-* "$work"/oom-* "$work"/timeout-* artifacts/"$target"/ 2>/dev/null || true
    tail -40 "$log"
  fi
  rm -rf "$work"
done
mv "$results.tmp" "$results"
exit $status
