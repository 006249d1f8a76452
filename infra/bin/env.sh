# Sourced by every entry point (npm scripts, .ci/run): puts a Node 24 LTS first on PATH.
# The machines ship Node 20 (end of life); when the system Node is older than the pinned major we unpack the
# official binary from the npm registry package node-linux-<arch>@<version> into a cache outside the repo, once.
# shellcheck shell=bash
PM_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export PM_ROOT
export PM_CACHE="${PM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pm-platform}"
export GOBIN="$PM_CACHE/bin"

pm_node_version="$(sed -n 's/.*"node": *"\([^"]*\)".*/\1/p' "$PM_ROOT/infra/versions.json")"
pm_node_major="${pm_node_version%%.*}"
pm_system_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"

if [ "$pm_system_major" -lt "$pm_node_major" ]; then
  case "$(uname -m)" in
    x86_64) pm_node_arch=x64 ;;
    aarch64 | arm64) pm_node_arch=arm64 ;;
    *) echo "unsupported CPU $(uname -m) for the bundled Node" >&2; return 1 ;;
  esac
  pm_node_home="$PM_CACHE/node/$pm_node_version"
  if [ ! -x "$pm_node_home/bin/node" ]; then
    echo "[setup] installing Node $pm_node_version into $pm_node_home (system Node is $(node -v 2>/dev/null || echo absent))" >&2
    pm_tmp="$(mktemp -d)"
    (cd "$pm_tmp" && npm pack "node-linux-$pm_node_arch@$pm_node_version" --silent >/dev/null) || { rm -rf "$pm_tmp"; return 1; }
    mkdir -p "$pm_node_home"
    tar -xzf "$pm_tmp"/node-linux-*.tgz -C "$pm_node_home" --strip-components=1 package/bin package/LICENSE
    rm -rf "$pm_tmp"
  fi
  export PATH="$pm_node_home/bin:$PATH"
fi
export PATH="$PM_ROOT/node_modules/.bin:$GOBIN:$PATH"
unset pm_node_version pm_node_major pm_system_major pm_node_arch pm_node_home pm_tmp
export TURBO_TELEMETRY_DISABLED=1
# Outside the clone, beside the other caches: a fresh clone reuses the builds, lint and typecheck results of every
# package whose inputs are unchanged (turbo keys them by a hash of those inputs and the lockfile).
export TURBO_CACHE_DIR="$PM_CACHE/turbo"
