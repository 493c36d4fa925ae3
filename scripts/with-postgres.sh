#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster on loopback, then removes the cluster.
# The command sees TEST_DATABASE_URL (the API tests) and PG_URL (for anything else, e.g.
# `DATABASE_URL=$PG_URL npm start`).   Usage: scripts/with-postgres.sh <command> [args…]
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ]; then
  echo "PostgreSQL server binaries not found; run scripts/ensure-test-deps.sh" >&2
  exit 1
fi
port=${PG_TEST_PORT:-54329}
root=$(mktemp -d /tmp/kikstart-pg.XXXXXX)
chmod 755 "$root"

as_pg() {
  # initdb refuses to run as root; the cluster belongs to the postgres user then.
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
[ "$(id -u)" -eq 0 ] && chown postgres:postgres "$root"

cleanup() {
  as_pg "$bin/pg_ctl" -D "$root/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$root"
}
trap cleanup EXIT

as_pg "$bin/initdb" -D "$root/data" -U postgres -A trust --no-sync -E UTF8 --locale=C.UTF-8 >/dev/null
as_pg "$bin/pg_ctl" -D "$root/data" -l "$root/log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $root -c fsync=off -c max_connections=200" start >/dev/null

export PG_URL="postgres://postgres@127.0.0.1:$port/postgres"
export TEST_DATABASE_URL="$PG_URL"
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (throwaway)"
"$@"
