#!/usr/bin/env bash
# `npm test`: everything CI runs, in order. Fails on the first failing step.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-test-deps.sh
eval "$(bash scripts/test-postgres.sh start)"

echo "[kiln] typecheck"; npm run -s typecheck
echo "[kiln] lint"; npm run -s lint
echo "[kiln] build"; npm run -s build >/dev/null
echo "[kiln] unit and integration tests"; npx vitest run
echo "[kiln] end-to-end tests (Chromium)"; npx playwright test
