#!/usr/bin/env bash
# Start a throwaway PostgreSQL 15 cluster for the test suite and print its URL on stdout.
# Usage: eval "$(bash scripts/test-postgres.sh start)"   → exports TEST_DATABASE_URL
#        bash scripts/test-postgres.sh stop
set -euo pipefail
bin=/usr/lib/postgresql/15/bin
dir=${KILN_PG_DIR:-/tmp/kiln-test-pg}
port=${KILN_PG_PORT:-54329}
run_as=()
if [ "$(id -u)" = "0" ]; then
  run_as=(runuser -u postgres --)
fi

case "${1:-start}" in
  start)
    if [ ! -x "$bin/initdb" ]; then
      echo "echo '[kiln] PostgreSQL 15 is not installed: PostgreSQL tests will be skipped' >&2"
      exit 0
    fi
    # A server already answering on the port (an earlier run, or one started by hand) is reused.
    if "$bin/pg_isready" -q -h 127.0.0.1 -p "$port"; then
      echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
      exit 0
    fi
    if [ ! -f "$dir/PG_VERSION" ]; then
      rm -rf "$dir"; mkdir -p "$dir"
      [ "$(id -u)" = "0" ] && chown postgres:postgres "$dir"
      "${run_as[@]}" "$bin/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 >/dev/null
    fi
    if ! "${run_as[@]}" "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
      "${run_as[@]}" "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w \
        -o "-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=200" start >/dev/null
    fi
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    "${run_as[@]}" "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null 2>&1 || true
    ;;
esac
