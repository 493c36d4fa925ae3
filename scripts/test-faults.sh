#!/usr/bin/env bash
# `npm run test:faults`: the fault and release suite (faults/), on the newest LTS; it starts its
# own PostgreSQL clusters, SMTP receiver and gateway stand-in. Build the web app first.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-runtimes.sh
ensure_node_runtimes "$NODE_LTS"
exec "$(node_bin "$NODE_LTS")" node_modules/vitest/vitest.mjs run --config faults/vitest.config.ts "$@"
