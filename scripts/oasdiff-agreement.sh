#!/usr/bin/env bash
# `cargo tether diff` against oasdiff (issue 35): over the document pairs of
# oasdiff's test data (../shared/oasdiff/data, not copied into the project),
# the verdict per pair, breaking or not, compared with the one oasdiff's own
# checker tests expect (read from its repository at the commit SOURCE.md
# names: a pair is breaking when a test expects an ERR-level finding for it).
# Pairs that a test edits in code, or that rest on oasdiff's extensions
# (x-sunset, x-stability-level…) or options, are left out. Prints every
# disagreement, then the line
#   oasdiff agreement: A/N pairs agree on breaking vs not (P %); …
# and exits 1 under 95 %.
#
#   scripts/oasdiff-agreement.sh [OASDIFF_GIT]
#
# OASDIFF_GIT: a clone of github.com/oasdiff/oasdiff (its .git, or a bare
# repository) holding the commit; default: cloned into a scratch directory.
# OASDIFF_DATA: the documents (default ../shared/oasdiff/data, the first
# found up from the checkout).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
commit=4553c69d3869ee555ee4f00831d8cca6e1c208ff

data="${OASDIFF_DATA:-}"
if [ -z "$data" ]; then
  for d in ../shared/oasdiff/data ../../shared/oasdiff/data; do
    if [ -d "$d" ]; then data=$(cd "$d" && pwd); break; fi
  done
fi
[ -n "$data" ] && [ -d "$data" ] || { echo "no oasdiff data: set OASDIFF_DATA" >&2; exit 2; }

git_dir="${1:-}"
if [ -z "$git_dir" ]; then
  scratch=$(mktemp -d -t tether-oasdiff.XXXXXX)
  git clone --quiet --bare --filter=blob:none https://github.com/oasdiff/oasdiff "$scratch/oasdiff.git"
  git_dir="$scratch/oasdiff.git"
fi
[ -d "$git_dir/.git" ] && git_dir="$git_dir/.git"
git --git-dir "$git_dir" cat-file -e "$commit^{commit}" ||
  { echo "$git_dir has no commit $commit" >&2; exit 2; }

cargo build --quiet --release -p tether-build --features cli --bin cargo-tether
cli="${CARGO_TARGET_DIR:-$repo/target}/release/cargo-tether"
out=$(python3 "$repo/scripts/oasdiff-agreement.py" "$git_dir" "$commit" "$data" "$cli")
echo "$out"
pct=$(echo "$out" | sed -n 's/.*(\([0-9.]*\) %).*/\1/p' | tail -1)
awk -v p="$pct" 'BEGIN { exit !(p >= 95) }'
