# Sourced by start and test after env.sh: npm packages, infrastructure binaries, then a build of every workspace.
# shellcheck shell=bash
pm_prepare() {
  cd "$PM_ROOT"
  # Only when needed: a full install costs a minute or more on every start otherwise.
  # `npm install` rather than `npm ci`: the registry mirror these machines reach lacks some other-platform optional
  # packages (@swc/core-darwin-*, turbo-windows-*), so the lockfile has no entries for them and `npm ci` refuses it.
  # With an in-sync lockfile `npm install` installs exactly the locked versions.
  if [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "[setup] installing npm packages"
    npm install --no-audit --no-fund
  fi
  # PM_WITH_BROWSER=1 (set by infra/bin/test): also Debian's Chromium for the browser journeys. PM_FOR_TESTS=1 (set
  # by infra/bin/test too): also the test-only tools (schemathesis, in a Python virtualenv).
  node infra/src/install.ts ${PM_WITH_BROWSER:+--with-browser} ${PM_FOR_TESTS:+--for-tests}
  echo "[setup] building every workspace (turbo run build)"
  npx turbo run build --output-logs=errors-only
}
