#!/usr/bin/env bash
# Runs every test of tether: formatting, clippy, the Rust unit, integration,
# trybuild and golden tests, the TypeScript checks of generated clients (real
# tsc) and the end-to-end tests of the generated client against the real
# server (real node). Installs its own pinned tools (npm ci, a Python venv).
set -euo pipefail
cd "$(dirname "$0")"

# Each step's wall time and CPU time (user + sys of the commands it ran,
# from bash's `times`: the children the shell waited for, with theirs) is
# printed when the step ends, and all of them with the totals when the
# script ends, passing or failing (CONTRIBUTING.md, "CI time").
started=$SECONDS
times_file=$(mktemp)
log=""
step_name=""
step_started=0
step_cpu=0
report=""
# Sets `cpu` to the CPU seconds of the children so far. `times` must run in
# this shell, not in a `$( )` subshell, whose children are not these.
cpu_now() {
  times >"$times_file"
  cpu=$(awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, t, "m"); sub(/s$/, "", t[2]); s += t[1] * 60 + t[2] } printf "%.0f", s }' "$times_file")
}
end_step() {
  [ -n "$step_name" ] || return 0
  cpu_now
  local wall=$((SECONDS - step_started)) used=$((cpu - step_cpu))
  printf '<== %s: %d s wall, %d s CPU\n' "$step_name" "$wall" "$used"
  report+=$(printf '%7d s %7d s  %s' "$wall" "$used" "$step_name")$'\n'
  step_name=""
}
step() {
  end_step
  step_name="$*"
  step_started=$SECONDS
  cpu_now
  step_cpu=$cpu
  printf '\n==> %s\n' "$*"
}
finish() {
  local status=$?
  end_step
  cpu_now
  printf '\n==> times\n   wall       CPU  step\n%s' "$report"
  printf 'total: %d s wall, %d s CPU (user + sys)\n' $((SECONDS - started)) "$cpu"
  rm -f "$times_file" ${log:+"$log"}
  exit "$status"
}
trap finish EXIT

step "JavaScript tools (npm ci: typescript, eslint, @tanstack/query-core, playwright-core, swagger-ui-dist, @redocly/cli, @stoplight/spectral-cli, openapi-typescript; pinned by package-lock.json)"
npm ci --no-audit --no-fund --loglevel=error

step "Headless browser (Debian's chromium, for the API reference page test)"
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then apt_get() { apt-get "$@"; }; else apt_get() { sudo apt-get "$@"; }; fi
  apt_get update -qq
  DEBIAN_FRONTEND=noninteractive apt_get install -y -qq chromium
fi
if ! /usr/bin/chromium --version; then
  echo "error: /usr/bin/chromium is missing or broken: the browser test of the docs page (SPEC F4) cannot run" >&2
  exit 1
fi

step "Python tools (.venv: openapi-spec-validator, schemathesis, pinned by requirements-dev.txt)"
if [ ! -x .venv/bin/python ]; then python3 -m venv .venv; fi
.venv/bin/pip install --quiet --disable-pip-version-check -r requirements-dev.txt

step "import cycles between files: none in the product crates (scripts/house.py)"
python3 scripts/house.py runtime/src macros/src model/src build-support/src

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy -D warnings"
cargo clippy --workspace --all-targets --locked -- -D warnings

# cargo-hack, pinned, in the project's own .tools/ (gitignored): built from
# crates.io once per machine, reused after. A debug build (`--debug`): its
# work is starting cargo a few times, and an optimised build of it took
# 2.5 minutes of a clean run.
CARGO_HACK_VERSION=0.6.45
step "cargo hack: each feature of the product crates alone, none and all (clippy -D warnings)"
hack=.tools/bin/cargo-hack
if [ "$("$hack" hack --version 2>/dev/null)" != "cargo-hack $CARGO_HACK_VERSION" ]; then
  cargo install cargo-hack --locked --debug --version "$CARGO_HACK_VERSION" --root .tools
fi
# `--each-feature` runs every crate with --all-features, with
# --no-default-features and with each feature alone; clippy rather than
# check so that a warning in any of these sets fails as it does in the
# default one. `--no-dev-deps` (dev-dependencies turn features on: the
# tests' `tether-build` has `cli`) edits Cargo.toml while it runs, so it
# cannot take --locked: the lockfile is compared afterwards instead, and
# --offline keeps cargo from resolving anything the steps above did not.
cp Cargo.lock "${TMPDIR:-/tmp}/tether-Cargo.lock.$$"
PATH="$PWD/.tools/bin:$PATH" cargo hack clippy --each-feature --no-dev-deps --offline \
  -p tether -p tether-macros -p tether-model -p tether-build -- -D warnings
if ! cmp -s Cargo.lock "${TMPDIR:-/tmp}/tether-Cargo.lock.$$"; then
  echo "error: cargo hack changed Cargo.lock: a feature set needs a dependency that is not locked" >&2
  cp "${TMPDIR:-/tmp}/tether-Cargo.lock.$$" Cargo.lock
  rm -f "${TMPDIR:-/tmp}/tether-Cargo.lock.$$"
  exit 1
fi
rm -f "${TMPDIR:-/tmp}/tether-Cargo.lock.$$"

step "cargo doc -D warnings: the product crates' rustdoc with every feature (as docs.rs builds it), no broken link, no warning"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked --all-features \
  -p tether -p tether-macros -p tether-model -p tether-build

# mdbook, pinned, in .tools/ like cargo-hack: built from crates.io once per
# machine, without its default features (no `serve`/`watch` web server and
# file watcher, no search index: the build stays small) and unoptimised
# (--debug: it builds faster and a small book renders in well under a
# second all the same). The install's time is printed.
MDBOOK_VERSION=0.4.52
step "the guide: mdbook build (every relative link and anchor resolves), its TypeScript blocks type-checked (its Rust blocks are the doctests of book/tests)"
mdbook=.tools/bin/mdbook
if [ "$("$mdbook" --version 2>/dev/null)" != "mdbook v$MDBOOK_VERSION" ]; then
  start=$SECONDS
  cargo install mdbook --locked --version "$MDBOOK_VERSION" --root .tools --no-default-features --debug
  echo "mdbook installed in $((SECONDS - start)) s"
fi
"$mdbook" build book
python3 scripts/book-check.py links target/book
python3 scripts/book-check.py ts
step "cargo package: the publishable crates, in dependency order, and what each holds (scripts/package-check)"
scripts/package-check

step "cargo test --no-run (build the test binaries: one integration binary per crate)"
cargo test --workspace --locked --no-run

# The example documents as tools nobody here wrote read them; build.rs
# rewrote them in the step above (scripts/lint-documents says what runs).
step "linters: Redocly (recommended) and Spectral (spectral:oas) on every example document, openapi-typescript under plain recommended (scripts/lint-documents)"
scripts/lint-documents

step "cargo test (unit, integration, trybuild, golden, tsc, end to end)"
log=$(mktemp)
cargo test --workspace --locked --no-fail-fast 2>&1 | tee "$log"

step "scale-out: two tracker instances on one PostgreSQL, then a rolling deploy behind HAProxy under load (scripts/scale-out.sh; installs PostgreSQL and HAProxy when missing)"
scripts/scale-out.sh
# The short run of scripts/conformance.sh (issue 33): schemathesis
# `--checks all`, positive and negative, a few examples per operation, on
# the contract fixture (one route per shape tether-build documents). The
# full run over every example is `scripts/conformance.sh` (30 per operation).
step "schemathesis, short: 3 examples per operation and mode on the contract fixture (scripts/conformance.sh 3 contract)"
scripts/conformance.sh 3 contract

step "speed gate: instructions per request and per generation under callgrind, as ratios, against speed-gate/ratios.txt (speed-gate/README.md)"
start=$SECONDS
if ! command -v valgrind >/dev/null; then
  if [ "$(id -u)" = 0 ]; then apt_get() { apt-get "$@"; }; else apt_get() { sudo apt-get "$@"; }; fi
  apt_get update -qq
  DEBIAN_FRONTEND=noninteractive apt_get install -y -qq valgrind
fi
if ! valgrind --version; then
  echo "error: valgrind is missing or broken: the speed gate (issue 32) cannot count instructions" >&2
  exit 1
fi
scripts/speed-gate
echo "speed gate: $((SECONDS - start)) s"

step "summary"
grep -E '^test result:' "$log" | awk '
  { passed += $4; failed += $6; ignored += $8 }
  END { printf "summary: %d passed, %d failed, %d skipped\n", passed, failed, ignored; exit failed > 0 }'
