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
echo "== unit and API tests (PGlite and PostgreSQL)"
npx vitest run

ensure_chromium
# The type check runs beside the browser tests: they keep about 1.4 of the 2 cores busy, and the
# type check (about 80 s of one core) fits in the rest (docs/testing.md, "How long the whole run takes").
typecheck_log=$(mktemp)
npm run --silent typecheck >"$typecheck_log" 2>&1 &
typecheck_pid=$!
echo "== browser tests (Chromium), the type check beside them"
e2e_status=0
npm run --silent test:e2e || e2e_status=$?
echo "== type check"
typecheck_status=0
wait "$typecheck_pid" || typecheck_status=$?
cat "$typecheck_log"
rm -f "$typecheck_log"
if [ "$typecheck_status" -ne 0 ]; then echo "type check failed"; fi
if [ "$e2e_status" -ne 0 ] || [ "$typecheck_status" -ne 0 ]; then exit 1; fi
