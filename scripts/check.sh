#!/usr/bin/env bash
# The static checks `npm test` makes before the tests, run at once: the types (src and test), ESLint and
# Prettier's layout. Each prints its own findings; the script fails if any of them does.
set -u
tsc -p tsconfig.json --noEmit & types=$!
eslint . & lint=$!
prettier --check . --log-level warn & layout=$!
status=0
wait "$types" || { echo 'check: type errors (tsc -p tsconfig.json --noEmit)' >&2; status=1; }
wait "$lint" || { echo 'check: lint errors (npm run lint)' >&2; status=1; }
wait "$layout" || { echo 'check: files out of layout (npm run format)' >&2; status=1; }
exit "$status"
