#!/usr/bin/env bash
# `npm run lint`: ESLint and Prettier's check side by side (CI has two cores; each uses about one).
# Fails when either fails, after both have printed what they found.
set -uo pipefail
cd "$(dirname "$0")/.."
npx eslint --max-warnings 0 . &
eslint_pid=$!
npx prettier --check . --log-level warn
prettier_status=$?
wait "$eslint_pid"
eslint_status=$?
[ "$eslint_status" -eq 0 ] && [ "$prettier_status" -eq 0 ]
