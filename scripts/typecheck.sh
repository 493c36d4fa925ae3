#!/usr/bin/env bash
# `npm run typecheck`: every TypeScript project with TypeScript 7's native compiler, two projects at
# a time with one checker each (CI has two cores). Fails when any fails.
# The API, the database, the contract and the benches are one program (tsconfig.server.json):
# checked apart, each pass re-read the files they share.
# `typescript-native` is typescript@7 under another name: typescript-eslint still needs
# TypeScript 5's JavaScript API (the `typescript` package), which 7.0 does not have. Both packages
# name their binary `tsc`, so the native one is called by its path (decision 0029).
set -euo pipefail
cd "$(dirname "$0")/.."
# The logs go to .tmp, which a fresh clone does not have.
mkdir -p .tmp
printf '%s\n' apps/web tsconfig.server.json e2e |
  xargs -P 2 -I{} sh -c 'node node_modules/typescript-native/bin/tsc -p {} --checkers 1 > .tmp/typecheck-$(echo {} | tr / -).log 2>&1 && echo "ok   {}" || { echo "FAIL {}"; cat .tmp/typecheck-$(echo {} | tr / -).log; exit 255; }'
