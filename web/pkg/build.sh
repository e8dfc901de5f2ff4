#!/usr/bin/env bash
# Builds the npm package target/pkg/ (called by `make pkg`, which installs the tools first):
#   target/pkg/package.json, README.md
#   target/pkg/web/      wasm-bindgen --target web: plain <script type="module">, no bundler
#   target/pkg/bundler/  wasm-bindgen --target bundler: webpack, Vite, Rollup (the package's default export)
# The crate is built with the `api` feature only: the package holds the JS API, not the Leptos app.
set -euo pipefail
cd "$(dirname "$0")/../.."

TARGET_DIR=${CARGO_TARGET_DIR:-target}
WASM="$TARGET_DIR/wasm32-unknown-unknown/release/careergraph.wasm"
OUT=target/pkg
VERSION=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
# The wasm features rustc emits for wasm32 by default; wasm-opt must accept each of them.
WASM_OPT_FEATURES=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
  --enable-mutable-globals --enable-reference-types --enable-multivalue)

cargo build --release --locked --target wasm32-unknown-unknown --lib --no-default-features --features api

# A shared CARGO_TARGET_DIR holds one release careergraph.wasm for every checkout and for the
# app's build too: take a private copy at once, and make sure it is the API's, not the app's.
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp "$WASM" "$WORK/careergraph.wasm"
if ! grep -qa runner_start "$WORK/careergraph.wasm" || grep -qa data-careergraph-app "$WORK/careergraph.wasm"; then
  echo "$WASM is not the JS API build (another build rewrote it?): run make pkg again" >&2
  exit 1
fi

rm -rf "$OUT"
for flavour in web bundler; do
  wasm-bindgen --target "$flavour" --out-dir "$OUT/$flavour" --out-name careergraph "$WORK/careergraph.wasm"
  wasm="$OUT/$flavour/careergraph_bg.wasm"
  wasm-opt -Oz --strip-debug --strip-producers "${WASM_OPT_FEATURES[@]}" "$wasm" -o "$wasm.opt"
  mv "$wasm.opt" "$wasm"
done
sed "s/@VERSION@/$VERSION/" web/pkg/package.json > "$OUT/package.json"
cp web/pkg/README.md "$OUT/README.md"

raw=$(stat -c %s "$OUT/web/careergraph_bg.wasm")
gz=$(gzip -9 -c "$OUT/web/careergraph_bg.wasm" | wc -c)
echo "target/pkg: careergraph_bg.wasm $raw bytes, $gz bytes gzip -9"
