#!/usr/bin/env bash
# Runs every test of tether: formatting, clippy, the Rust unit, integration,
# trybuild and golden tests, the TypeScript checks of generated clients (real
# tsc) and the end-to-end tests of the generated client against the real
# server (real node). Installs its own pinned tools (npm ci, a Python venv).
set -euo pipefail
cd "$(dirname "$0")"

step() { printf '\n==> %s\n' "$*"; }

step "JavaScript tools (npm ci: typescript, eslint, @tanstack/query-core, playwright-core, swagger-ui-dist; pinned by package-lock.json)"
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

step "Python tools (.venv: openapi-spec-validator, pinned by requirements-dev.txt)"
if [ ! -x .venv/bin/python ]; then python3 -m venv .venv; fi
.venv/bin/pip install --quiet --disable-pip-version-check -r requirements-dev.txt

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy -D warnings"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "cargo test (unit, integration, trybuild, golden, tsc, end to end)"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
cargo test --workspace --locked --no-fail-fast 2>&1 | tee "$log"

step "summary"
grep -E '^test result:' "$log" | awk '
  { passed += $4; failed += $6; ignored += $8 }
  END { printf "summary: %d passed, %d failed, %d skipped\n", passed, failed, ignored; exit failed > 0 }'
