#!/usr/bin/env bash
# The npm package's Node suite (tests/node/*.test.mjs) against target/pkg (`make pkg`); the mock
# provider's tests run when MOCK_PROVIDER_URL is set, and say they skipped otherwise.
# Its last line, "node --test: N passed, M skipped", is what tests/suites.sh counts in its summary.
set -uo pipefail
cd "$(dirname "$0")/../.."

tap=$(mktemp)
trap 'rm -f "$tap"' EXIT
# Readable output here, TAP into a file for the counts.
node --test --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination="$tap" tests/node/*.test.mjs
status=$?
count() { sed -n "s/^# $1 //p" "$tap"; }
echo "node --test: $(count pass) passed, $(count skipped) skipped, $(count fail) failed"
exit "$status"
