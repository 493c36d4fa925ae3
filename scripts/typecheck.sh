#!/usr/bin/env bash
# `npm run typecheck`: every TypeScript project, two at a time (CI has two cores). Fails when any fails.
# The API, the database, the contract and the benches are one program (tsconfig.server.json):
# checked apart, each pass re-read the files they share (51 s in four passes, 19 s in one).
set -euo pipefail
cd "$(dirname "$0")/.."
# The logs go to .tmp, which a fresh clone does not have.
mkdir -p .tmp
printf '%s\n' apps/web tsconfig.server.json e2e |
  xargs -P 2 -I{} sh -c 'npx tsc -p {} > .tmp/typecheck-$(echo {} | tr / -).log 2>&1 && echo "ok   {}" || { echo "FAIL {}"; cat .tmp/typecheck-$(echo {} | tr / -).log; exit 255; }'
