# Helpers for scripts/test.sh: install Debian packages the tests need when they are missing, and
# run a throw-away PostgreSQL server. Sourced, not executed.

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else echo "error: '$*' needs root (or sudo) to install test dependencies" >&2; return 1
  fi
}

apt_updated=""
apt_install() {
  if [ -z "$apt_updated" ]; then as_root apt-get update -qq; apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# Debian's Chromium: test tools cannot download their own browsers on this machine. The journeys
# run in its headless shell (package chromium-headless-shell, the same Chromium without the browser's
# own windows and UI: decision 051), as Playwright's own headless Chromium does.
ensure_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then return; fi
  if ! command -v chromium-headless-shell >/dev/null 2>&1; then
    echo "== installing Chromium's headless shell from Debian's packages"
    apt_install chromium-headless-shell || echo "== no headless shell to install: the journeys run in the full browser"
  fi
  if command -v chromium-headless-shell >/dev/null 2>&1; then
    export CHROMIUM_PATH="$(command -v chromium-headless-shell)"
    return
  fi
  if ! command -v chromium >/dev/null 2>&1; then
    echo "== installing Chromium from Debian's packages"
    apt_install chromium
  fi
  export CHROMIUM_PATH="$(command -v chromium)"
}

pg_bin_dir() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

# Starts a private PostgreSQL server for the run (unless TEST_DATABASE_URL is already set) and
# exports TEST_DATABASE_URL. It is stopped and deleted when the calling script exits.
start_test_postgres() {
  if [ -n "${TEST_DATABASE_URL:-}" ]; then echo "== using TEST_DATABASE_URL from the environment"; return; fi
  if [ -z "$(pg_bin_dir)" ] || [ ! -x "$(pg_bin_dir)/initdb" ]; then
    echo "== installing PostgreSQL from Debian's packages"
    apt_install postgresql
  fi
  local bin; bin="$(pg_bin_dir)"
  PG_TEST_DIR="$(mktemp -d /tmp/vetportal-pg.XXXXXX)"
  local port; port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
  local run=()
  if [ "$(id -u)" = 0 ]; then
    # PostgreSQL refuses to run as root: use the postgres account the package created.
    id postgres >/dev/null 2>&1 || useradd --system --home "$PG_TEST_DIR" postgres
    chown postgres "$PG_TEST_DIR"
    run=(runuser -u postgres --)
  fi
  "${run[@]}" "$bin/initdb" -D "$PG_TEST_DIR/data" -U postgres --auth=trust -E UTF8 >/dev/null
  "${run[@]}" "$bin/pg_ctl" -D "$PG_TEST_DIR/data" -l "$PG_TEST_DIR/server.log" -w -o \
    "-p $port -k $PG_TEST_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200" start >/dev/null
  PG_TEST_STOP=("${run[@]}" "$bin/pg_ctl" -D "$PG_TEST_DIR/data" -m fast stop)
  trap 'stop_test_postgres' EXIT
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  export TEST_PG_CTL="${run[*]} $bin/pg_ctl -D $PG_TEST_DIR/data"
  echo "== PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on port $port"
}

stop_test_postgres() {
  if [ -n "${PG_TEST_DIR:-}" ]; then
    "${PG_TEST_STOP[@]}" >/dev/null 2>&1 || true
    rm -rf "$PG_TEST_DIR"
  fi
}
