#!/usr/bin/env bash
# npm test: every check and test of the project (README "Tests"). On a fresh Debian machine it
# installs Chromium and PostgreSQL from Debian's packages when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/system-deps.sh

echo "== architecture (docs/architecture.md, \"Layers\")"
node scripts/check-architecture.mjs
echo "== lint and format check"
npx biome ci .
echo "== build"
npm run --silent build

start_test_postgres
echo "== unit and API tests on PGlite, the web's and the contract's"
npx vitest run --project '!api:postgres*'

ensure_chromium
# The browser journeys keep about 1.4 of the 2 cores busy. The type check and the API tests on
# PostgreSQL (one worker) run beside them in the rest, their output kept until the journeys end
# (docs/testing.md, "How long the whole run takes").
beside_dir=$(mktemp -d)
npm run --silent typecheck >"$beside_dir/typecheck.log" 2>&1 &
typecheck_pid=$!
npx vitest run --project 'api:postgres*' --maxWorkers=1 >"$beside_dir/postgres.log" 2>&1 &
postgres_pid=$!
echo "== browser tests (Chromium); beside them the type check and the API tests on PostgreSQL"
status=0
npm run --silent test:e2e || status=$?
echo "== type check"
wait "$typecheck_pid" || { status=$?; echo "type check failed"; }
cat "$beside_dir/typecheck.log"
echo "== API tests on PostgreSQL"
wait "$postgres_pid" || { status=$?; echo "API tests on PostgreSQL failed"; }
cat "$beside_dir/postgres.log"
rm -rf "$beside_dir"
exit "$status"
