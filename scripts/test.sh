#!/usr/bin/env bash
# Every test of the project, as the README's `npm test` runs it and CI runs it (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

# The Node.js that `npm ci` installed (package.json's "node" dependency) runs every step, as it does
# under `npm test`, which puts node_modules/.bin first on the PATH: also when this file is run alone.
export PATH="$PWD/node_modules/.bin:$PATH"
step "Node.js $(node --version) from $(command -v node)"

# A Debian package a step needs: installed when missing and root, else the step's need is named.
need_package() { # <package> <what needs it>
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    step "installing Debian's $1 for $2"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null
  else
    echo "$2 needs the Debian package '$1' (sudo apt-get install $1)." >&2
    exit 1
  fi
}

# Playwright cannot download its own browsers here: the end-to-end tests drive Debian's Chromium.
[ -x /usr/bin/chromium ] || need_package chromium 'the end-to-end tests'

# The type check and the linter each use one core, and the build waits on neither: the three run
# side by side (on two cores, a minute and a half sooner than one after another), each printed whole.
step 'type check, lint and build of the web app (side by side)'
logs=$(mktemp -d)
pooler_dir=''
cleanup() {
  rm -rf "$logs"
  if [ -n "$pooler_dir" ]; then scripts/pgbouncer.sh stop "$pooler_dir"; fi
}
trap cleanup EXIT
npm run typecheck --silent >"$logs/typecheck" 2>&1 & typecheck=$!
npm run lint --silent >"$logs/lint" 2>&1 & lint=$!
npm run build --silent >"$logs/build" 2>&1 & build=$!
failed=''
for job in typecheck lint build; do
  if ! wait "${!job}"; then failed="$failed $job"; fi
  printf -- '-- %s\n' "$job"
  cat "$logs/$job"
done
if [ -n "$failed" ]; then
  echo "failed:$failed" >&2
  exit 1
fi

step 'server API tests on PGlite'
(cd server && TEST_DB=pglite npx vitest run)

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step 'server API tests on PostgreSQL'
  (cd server && TEST_DB=postgres npx vitest run)

  # The same server behind Debian's PgBouncer in transaction mode (DATABASE_POOLER=transaction, the
  # direct URL for migrations, locks, LISTEN and pg_dump), as managed PostgreSQL's pooled URLs run it.
  command -v pgbouncer >/dev/null || need_package pgbouncer 'the pooled pass of the server suite'
  # The whole suite through the pooler took 7.5 minutes (the PostgreSQL pass 2 to 3): the pooled pass
  # runs the files whose work a pooler changes (credit moves, activations, the sandbox, webhooks and
  # their LISTEN, sessions), the sandbox's guard and the built servers, two of them through the pooler.
  pooled_files='src/modules/credit src/modules/activation src/modules/sandbox src/db/sandbox.test.ts src/modules/webhooks src/modules/sessions src/serve.test.ts'
  step "server API tests through PgBouncer $(pgbouncer --version | head -1 | cut -d' ' -f2) in transaction mode: ${pooled_files}"
  pooler=$(scripts/pgbouncer.sh start "$TEST_DATABASE_URL" transaction)
  pooler_dir=$(head -1 <<<"$pooler")
  # shellcheck disable=SC2086 # the list of files is meant to split
  (cd server && TEST_DB=postgres TEST_POOLER_URL="$(tail -1 <<<"$pooler")" npx vitest run $pooled_files)
  scripts/pgbouncer.sh stop "$pooler_dir"
  pooler_dir=''
else
  echo 'TEST_DATABASE_URL is not set: skipping the PostgreSQL runs of the server suite (directly and through PgBouncer).'
fi

step 'web component and locale tests'
(cd web && npx vitest run)

step 'end-to-end tests in Chromium'
(cd web && npx playwright test)
