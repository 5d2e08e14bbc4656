#!/usr/bin/env bash
# The full test set: everything `npm test` runs, on a real PostgreSQL as well as the embedded one.
set -euo pipefail
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
export BLOGFLEET_TEST_ALL=1
echo "== suite on embedded PGlite"
env -u TEST_DATABASE_URL npx vitest run "$@"
echo "== suite on PostgreSQL ($TEST_DATABASE_URL)"
npx vitest run "$@"
