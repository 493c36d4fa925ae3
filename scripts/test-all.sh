#!/usr/bin/env bash
# `npm test`: the whole suite, in the order that fails fastest. Stops at the first failing step.
set -euo pipefail
cd "$(dirname "$0")/.."

steps=()
run_step() {
  local name=$1; shift
  local start=$SECONDS
  echo
  echo "=== $name"
  if "$@"; then
    steps+=("ok    $(printf '%4ss' $((SECONDS - start)))  $name")
  else
    steps+=("FAIL  $(printf '%4ss' $((SECONDS - start)))  $name")
    summary
    exit 1
  fi
}
summary() {
  echo
  echo "=== Summary"
  printf '%s\n' "${steps[@]}"
}

run_step "test dependencies (Chromium, PostgreSQL)" bash scripts/ensure-test-deps.sh
run_step "typecheck" npm run --silent typecheck
run_step "lint" npm run --silent lint
run_step "unit tests" npx vitest run --project unit
run_step "API tests on PGlite" npx vitest run --project api
run_step "API tests on PostgreSQL" bash scripts/with-postgres.sh npx vitest run --project api
run_step "web build" npm run --silent build
run_step "end-to-end tests in Chromium" npx playwright test
summary
echo "All steps passed."
