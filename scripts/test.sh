#!/usr/bin/env bash
# `npm test`: everything CI runs, in order. Fails on the first failing step.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-test-deps.sh
eval "$(bash scripts/test-postgres.sh start)"
reports=$(mktemp -d)

echo "[kiln] typecheck"; npm run -s typecheck
echo "[kiln] lint"; npm run -s lint
echo "[kiln] build"; npm run -s build >/dev/null
echo "[kiln] unit and integration tests"
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
echo "[kiln] end-to-end tests (Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test --reporter=list,json
node scripts/test-summary.mjs "$reports/vitest.json" "$reports/playwright.json"
