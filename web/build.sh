#!/usr/bin/env bash
# Rebuilds the web view's bundle (web/dist/, committed and embedded in the
# posewire binary) from web/src and the .proto files. Needs Node.js 20+ and
# npm; `cargo build` does not.
set -euo pipefail
cd "$(dirname "$0")"
npm ci --no-audit --no-fund
npx vite build
ls -l dist dist/assets
