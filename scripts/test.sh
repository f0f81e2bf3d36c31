#!/usr/bin/env bash
# `npm test`: typecheck, lint, build, then every test but the fuzz properties: unit and in-process
# API tests, process tests of the compiled server, and end-to-end tests of the built site in Chromium.
# Installs what npm does not (Debian's Chromium headless shell) when run as root.
#
# `npm run test:database` (scripts/test.sh --database): only what touches the database, against
# the database of DATABASE_URL, reusing the build of a previous `npm test`: the API tests and the
# start-up's answer to a wrong database password, the fuzz properties at full depth, the process
# tests and the admin and lead end-to-end tests. CI runs it on PostgreSQL (.ci/run).
#
# The fuzz properties (tests/fuzz) run in the database pass only: they try again, at random, what
# the API tests check by hand, and CI runs that pass on every change. At full depth on the
# database of DATABASE_URL and, when that is PostgreSQL, each property's first fifth on the
# embedded database too (FUZZ_DEPTH=quick, tests/fuzz/support.ts), which development and small
# deployments run.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

scope=all
case "${1:-}" in
  "") ;;
  --database) scope=database ;;
  *) echo "usage: scripts/test.sh [--database]" >&2; exit 2 ;;
esac

# Everything the run writes to the temporary folder (database copies of 40-60 MB per server,
# browser profiles) goes into one folder of its own, deleted at the end however the run ends:
# runs that left theirs behind once filled this machine's disk.
run_tmp=$(mktemp -d "${TMPDIR:-/tmp}/agentdesk-test-run-XXXXXX")
export TMPDIR=$run_tmp
# Playwright keeps the test files it compiled (Babel) under TMPDIR unless told otherwise, so the run's
# own TMPDIR made every run compile them all again before the first test: kept beside the type
# check's and lint's caches instead (listing the tests: 10.7 -> 5.3 CPU-s). Keyed by content.
export PLAYWRIGHT_TRANSFORM_CACHE_DIR=${PLAYWRIGHT_TRANSFORM_CACHE_DIR:-$PWD/node_modules/.cache/playwright-transform}

db="embedded database (PGlite)"
[ -n "${DATABASE_URL:-}" ] && db="PostgreSQL (DATABASE_URL)"
timings=()
report() {
  local code=$?
  rm -rf "$run_tmp"
  echo
  [ ${#timings[@]} -gt 0 ] && printf '%s\n' "${timings[@]}"
  if [ "$code" = 0 ]; then
    echo "npm test ($scope): all steps passed against the $db in $(( $(date +%s) - started )) s"
  else
    echo "npm test ($scope): FAILED after $(( $(date +%s) - started )) s against the $db"
  fi
}
trap report EXIT
step() {
  local name=$1
  shift
  printf '\n\033[1m== %s\033[0m\n' "$name"
  local t0
  t0=$(date +%s)
  "$@"
  timings+=("$(printf '%-34s %4d s' "$name" $(( $(date +%s) - t0 )))")
}

if [ ! -d node_modules ] || [ package.json -nt node_modules/.package-lock.json ]; then
  step "npm install" npm install --no-audit --no-fund
fi

# Debian's Chromium headless shell (the browser the end-to-end tests drive, docs/decisions/0401)
# installs in the background (mostly download and unpacking) while the type check, lint, build and
# Vitest run; the end-to-end step waits for it.
chromium_install_pid=
chromium_log=
if [ ! -x /usr/bin/chromium-headless-shell ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's Chromium headless shell for the end-to-end tests in the background (apt-get install chromium-headless-shell)"
    chromium_log=$(mktemp)
    (
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell fonts-liberation
    ) >"$chromium_log" 2>&1 &
    chromium_install_pid=$!
    chromium_started=$(date +%s)
  else
    echo "The end-to-end tests need Debian's Chromium headless shell at /usr/bin/chromium-headless-shell." >&2
    echo "Install it with:  sudo apt-get update && sudo apt-get install -y chromium-headless-shell fonts-liberation" >&2
    exit 1
  fi
fi
wait_for_chromium() {
  [ -n "$chromium_install_pid" ] || return 0
  if ! wait "$chromium_install_pid"; then
    cat "$chromium_log" >&2
    echo "Installing Chromium failed (apt-get install chromium-headless-shell fonts-liberation); see above." >&2
    return 1
  fi
  timings+=("$(printf '%-34s %4d s' "Chromium install (in background)" $(( $(date +%s) - chromium_started )))")
  chromium_install_pid=
}

echo "Database for this run: $db; scope: $scope"

# Runs commands side by side: arguments in pairs, a name and a command line. Each one's output is
# held and shown once all have ended, in order, with how long each took; fails if any failed.
together() {
  local dir status=0 i=0 pids=() names=()
  dir=$(mktemp -d)
  while [ $# -gt 0 ]; do
    names+=("$1")
    (
      t0=$(date +%s)
      code=0
      bash -c "$2" >"$dir/$i.out" 2>&1 || code=$?
      echo $(( $(date +%s) - t0 )) >"$dir/$i.time"
      exit "$code"
    ) &
    pids+=($!)
    i=$((i + 1))
    shift 2
  done
  for i in "${!pids[@]}"; do
    local code=0
    wait "${pids[$i]}" || code=$?
    printf '\n\033[1m-- %s\033[0m\n' "${names[$i]}"
    cat "$dir/$i.out"
    if [ "$code" != 0 ]; then
      status=1
      echo "${names[$i]}: FAILED (exit $code)"
    fi
    timings+=("$(printf '  %-32s %4d s' "${names[$i]}" "$(cat "$dir/$i.time")")")
  done
  rm -rf "$dir"
  return "$status"
}

# The process tests mostly wait on the servers and commands they start, so they run beside the
# CPU-bound fast project.

if [ "$scope" = all ]; then
  # The type check, lint and build each use about one core; side by side they fill both.
  step "typecheck, lint and build" together \
    "typecheck" "npm run -s typecheck" \
    "lint" "npm run -s lint" \
    "build" "npm run -s build"
  step "unit, API and process tests" together \
    "unit and API tests (vitest, fast)" "npx vitest run --project fast --exclude 'tests/fuzz/**'" \
    "process tests (vitest, process)" "npx vitest run --project process"
  step "waiting for the Chromium install" wait_for_chromium
  step "end-to-end tests (playwright)" npx playwright test
else
  [ -f "${BUILD_DIR:-build}/server/index.js" ] || step "build" npm run -s build
  # database-url-secrets: what a start prints for a wrong password needs a server that checks
  # one (it skips itself without DATABASE_URL, as in `npm test`).
  step "API and process tests" together \
    "API tests (vitest, fast)" "npx vitest run --project fast tests/api tests/unit/database-url-secrets.test.ts" \
    "process tests (vitest, process)" "npx vitest run --project process"
  # Alone, and with two minutes a test: at full depth a property runs for 5-25 s on an idle
  # machine, past the fast project's 15 s limit on a loaded one.
  step "fuzz properties at full depth" npx vitest run --project fast --testTimeout 120000 tests/fuzz
  if [ -n "${DATABASE_URL:-}" ]; then
    step "fuzz properties, a fifth, embedded database" env -u DATABASE_URL FUZZ_DEPTH=quick \
      npx vitest run --project fast --testTimeout 120000 tests/fuzz
  fi
  step "waiting for the Chromium install" wait_for_chromium
  step "admin and lead end-to-end tests (playwright)" npx playwright test tests/e2e/admin- tests/e2e/analytics-report.spec.ts tests/e2e/leads-
fi
