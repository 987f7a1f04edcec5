#!/usr/bin/env bash
# npm test: every check and test of the project (README "Tests"). On a fresh Debian machine it
# installs Chromium and PostgreSQL from Debian's packages when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/system-deps.sh

echo "== architecture (docs/architecture.md, \"Layers\")"
node scripts/check-architecture.mjs
echo "== type check"
npm run --silent typecheck
echo "== lint and format check"
npx biome ci .
echo "== build"
npm run --silent build

start_test_postgres
echo "== unit and API tests (PGlite and PostgreSQL)"
npx vitest run

ensure_chromium
echo "== browser tests (Chromium)"
npm run --silent test:e2e
