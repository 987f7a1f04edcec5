#!/usr/bin/env bash
# A throw-away PostgreSQL server for the benchmarks (see ../README.md).
#
#   bench/scripts/postgres.sh start    initdb (first time) and start; prints the DATABASE_URL
#   bench/scripts/postgres.sh url      prints the DATABASE_URL of the running server
#   bench/scripts/postgres.sh status   is it running?
#   bench/scripts/postgres.sh stop     stops it (the data directory is kept for the next start)
#   bench/scripts/postgres.sh destroy  stops it and deletes the data directory
#
# Environment: BENCH_PG_DIR (default /tmp/vetportal-bench-pg), BENCH_PG_PORT (default: a free port
# chosen at the first start, then kept), BENCH_PG_SHARED_BUFFERS (default 2GB), BENCH_PG_JIT
# (default off). Uses Debian's PostgreSQL binaries (/usr/lib/postgresql/*/bin); as root the server
# runs as the postgres account, because PostgreSQL refuses to run as root.
set -euo pipefail

DIR="${BENCH_PG_DIR:-/tmp/vetportal-bench-pg}"
DATA="$DIR/data"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "error: PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin" >&2
  echo "       install them with: apt-get install -y postgresql" >&2
  exit 1
fi

run=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home "$DIR" postgres
  run=(runuser -u postgres --)
fi

free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

url() {
  echo "postgres://postgres@127.0.0.1:$(cat "$DIR/port")/postgres"
}

is_running() {
  [ -f "$DATA/postmaster.pid" ] && "${run[@]}" "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1
}

start() {
  mkdir -p "$DIR"
  [ "$(id -u)" = 0 ] && chown postgres "$DIR"
  if is_running; then
    echo "== already running" >&2
    echo "DATABASE_URL=$(url)"
    return
  fi
  if [ ! -f "$DATA/PG_VERSION" ]; then
    "${run[@]}" "$BIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  fi
  local port="${BENCH_PG_PORT:-}"
  [ -z "$port" ] && [ -f "$DIR/port" ] && port="$(cat "$DIR/port")"
  [ -z "$port" ] && port="$(free_port)"
  echo "$port" >"$DIR/port"
  # Settings for a 2-core machine with a few GB of RAM to spare. fsync and full-page writes are off:
  # the data is generated and thrown away, so durability buys nothing here.
  "${run[@]}" "$BIN/pg_ctl" -D "$DATA" -l "$DIR/server.log" -w -t 120 -o "\
 -p $port -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=100\
 -c shared_buffers=${BENCH_PG_SHARED_BUFFERS:-2GB} -c effective_cache_size=8GB\
 -c work_mem=64MB -c maintenance_work_mem=1GB\
 -c max_worker_processes=8 -c max_parallel_workers=2 -c max_parallel_workers_per_gather=2\
 -c max_parallel_maintenance_workers=2 -c random_page_cost=1.1 -c effective_io_concurrency=200\
 -c jit=${BENCH_PG_JIT:-off}\
 -c fsync=off -c synchronous_commit=off -c full_page_writes=off\
 -c wal_level=minimal -c max_wal_senders=0 -c max_wal_size=8GB -c checkpoint_timeout=30min\
 -c autovacuum=on" start >/dev/null
  echo "== PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on port $port, data in $DATA" >&2
  echo "DATABASE_URL=$(url)"
}

stop() {
  if is_running; then
    "${run[@]}" "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null
    echo "== stopped" >&2
  else
    echo "== not running" >&2
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url) is_running && echo "DATABASE_URL=$(url)" || { echo "not running" >&2; exit 1; } ;;
  status) is_running && echo "running: $(url)" || { echo "not running"; exit 1; } ;;
  destroy) stop; rm -rf "$DIR"; echo "== deleted $DIR" >&2 ;;
  *) echo "usage: $0 start|stop|url|status|destroy" >&2; exit 2 ;;
esac
