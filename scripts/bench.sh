#!/usr/bin/env bash
# `npm run bench [-- <name>]`: the benches (bench/run.ts) on the newest LTS runtime, so the API
# they start runs on a Node the project supports, whatever Node the machine has (decision 0028).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-runtimes.sh
ensure_node_runtimes "$NODE_LTS"
exec "$(node_bin "$NODE_LTS")" --import tsx bench/run.ts "$@"
