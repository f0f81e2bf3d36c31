#!/usr/bin/env bash
# `npm test`: typecheck, lint, build, unit + in-process API tests, then end-to-end tests of the
# built site in Chromium. Installs what npm does not (Debian's Chromium) when run as root.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

if [ ! -d node_modules ] || [ package.json -nt node_modules/.package-lock.json ]; then
  step "npm install"
  npm install --no-audit --no-fund
fi

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    step "Installing Debian's Chromium for the end-to-end tests"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
  else
    echo "The end-to-end tests need Chromium at /usr/bin/chromium." >&2
    echo "Install it with:  sudo apt-get update && sudo apt-get install -y chromium fonts-liberation" >&2
    exit 1
  fi
fi

db="embedded database (PGlite)"
[ -n "${DATABASE_URL:-}" ] && db="PostgreSQL (DATABASE_URL)"
echo "Database for this run: $db"

step "typecheck";  npm run -s typecheck
step "lint";       npm run -s lint
step "build";      npm run -s build
step "unit and API tests (vitest)"; npx vitest run
step "end-to-end tests (playwright, chromium)"; npx playwright test

echo
echo "npm test: all steps passed against the $db in $(( $(date +%s) - started )) s"
