# Sourced by start and test after env.sh: npm packages, infrastructure binaries, then a build of every workspace.
# shellcheck shell=bash
pm_prepare() {
  cd "$PM_ROOT"
  # npm ci only when needed: it deletes node_modules first, which costs minutes on every start otherwise.
  if [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "[setup] installing npm packages (npm ci)"
    npm ci --no-audit --no-fund
  fi
  node infra/src/install.ts
  echo "[setup] building every workspace (turbo run build)"
  npx turbo run build --output-logs=errors-only
}
