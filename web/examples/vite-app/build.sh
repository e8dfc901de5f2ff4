#!/usr/bin/env bash
# The Vite app as a host developer builds it, against the package as npm delivers it: packs
# target/pkg (`make pkg`), installs the tarball (no save: the lockfile holds only Vite and
# TypeScript, installed by `make tools`), type-checks (strict, skipLibCheck false), then builds
# into target/vite-app, which web/e2e/embed-vite.spec.mjs serves.
set -euo pipefail
cd "$(dirname "$0")"
ROOT=../../..
tarball=$(npm pack "$ROOT/target/pkg" --pack-destination "$ROOT/target" --silent)
npm install --no-save --prefer-offline --no-audit --no-fund "$ROOT/target/$tarball"
npx --no-install tsc --noEmit
npx --no-install vite build --outDir "$ROOT/target/vite-app" --emptyOutDir --logLevel warn
echo "vite-app: built target/vite-app from $tarball"
