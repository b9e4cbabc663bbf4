#!/usr/bin/env bash
# Rebuilds the web view's bundle (web/dist/, committed and embedded in the
# posewire binary) from web/src and the .proto files. Needs Node.js 20+ and
# npm; `cargo build` does not.
set -euo pipefail
cd "$(dirname "$0")"
npm ci --no-audit --no-fund   # vite is pinned: 8.4 lists a Windows-only optional package npm 11 leaves out of the lock, which breaks `npm ci`
npx vite build
ls -l dist dist/assets
