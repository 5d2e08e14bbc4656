#!/usr/bin/env bash
# The full test set: everything `npm test` runs plus the browser suite against the built app, on the
# embedded PGlite and again on a real PostgreSQL. Run infra/ci/setup.sh first.
set -euo pipefail
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
export BLOGFLEET_TEST_ALL=1 TURBO_TELEMETRY_DISABLED=1
npm run build
npm run i18n:check -w @blogfleet/web
echo "== suite on embedded PGlite"
env -u TEST_DATABASE_URL npx vitest run "$@"
echo "== suite on PostgreSQL ($TEST_DATABASE_URL)"
# The integrations suites (WordPress, …) never touch Blogfleet's database; once is enough. The sites
# journey spends two minutes waiting for a scheduled post's minute; its calls run on PostgreSQL in the
# server suites (site-sync, sites, creator), so it runs once too.
npx vitest run --exclude 'packages/integrations/**' --exclude 'apps/web/test/sites-journey.browser.test.ts' \
  --exclude '**/node_modules/**' "$@"
