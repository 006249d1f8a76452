# Sourced by start and test after env.sh: npm packages, infrastructure binaries, then a build of every workspace.
# shellcheck shell=bash
pm_prepare() {
  cd "$PM_ROOT"
  pm_install_npm_packages || return 1
  # PM_WITH_BROWSER=1 (set by infra/bin/test): also Debian's Chromium for the browser journeys. PM_FOR_TESTS=1 (set
  # by infra/bin/test too): also the test-only tools (schemathesis, in a Python virtualenv).
  node infra/src/install.ts ${PM_WITH_BROWSER:+--with-browser} ${PM_FOR_TESTS:+--for-tests}
  echo "[setup] building every workspace (turbo run build)"
  npx turbo run build --output-logs=errors-only
}

# npm packages, only when the lockfile changed since they were installed: a full install costs half a minute or more.
# `npm install` rather than `npm ci`: the registry mirror these machines reach lacks some other-platform optional
# packages (@swc/core-darwin-*, turbo-windows-*), so the lockfile has no entries for them and `npm ci` refuses it.
# With an in-sync lockfile `npm install` installs exactly the locked versions.
#
# What an install produced is kept in the cache, keyed by the lockfile's hash, Node's module ABI and the CPU (native
# addons are built for both): a clean clone of the same lockfile (every CI run) copies it back in seconds instead of
# installing. Copies, not hard links: a tool that rewrites a file of its package in place would otherwise change the
# cache under every later clone.
pm_install_npm_packages() {
  local key stamp cached dirs dir tmp
  key="$(sha256sum package-lock.json | cut -c1-16)-abi$(node -p process.versions.modules)-$(uname -m)"
  stamp=node_modules/.pm-installed-from-lockfile
  [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$key" ] && return 0
  cached="$PM_CACHE/node-modules/$key"
  if [ ! -d node_modules ] && [ -f "$cached/.complete" ]; then
    echo "[setup] copying npm packages from the cache (lockfile unchanged since they were installed)"
    (cd "$cached" && find . -mindepth 1 -maxdepth 3 -name node_modules -type d -prune -print) | while read -r dir; do
      mkdir -p "$(dirname "$dir")" && cp -a "$cached/$dir" "$dir" || exit 1
    done || return 1
  else
    echo "[setup] installing npm packages"
    npm install --no-audit --no-fund || return 1
    # The root's node_modules and the workspaces' own (packages/*, services/*, web, ...), without tools' caches.
    dirs=$(find . -mindepth 1 -maxdepth 3 -name node_modules -type d -prune -print)
    tmp="$cached.partial-$$"
    rm -rf "$tmp" && mkdir -p "$tmp"
    for dir in $dirs; do
      mkdir -p "$tmp/$(dirname "$dir")"
      cp -a "$dir" "$tmp/$dir" || { rm -rf "$tmp"; tmp=; break; }
      rm -rf "$tmp/$dir/.cache" "$tmp/$dir/.vite"
    done
    if [ -n "$tmp" ]; then
      touch "$tmp/.complete"
      rm -rf "$cached" && mv "$tmp" "$cached"
      # Keep the two latest lockfiles' packages (a branch switch back and forth), not every one ever installed.
      ls -1dt "$PM_CACHE"/node-modules/*/ 2>/dev/null | tail -n +3 | xargs -r rm -rf
    fi
  fi
  echo "$key" >"$stamp"
}
