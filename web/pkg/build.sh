#!/usr/bin/env bash
# Builds the npm package target/pkg/ (called by `make pkg`, which installs the tools first):
#   target/pkg/package.json, README.md
#   target/pkg/web/      wasm-bindgen --target web: plain <script type="module">, no bundler
#   target/pkg/bundler/  webpack, Vite, Rollup (the package's default export): the same wasm-bindgen
#                        `--target web` build, whose index.js awaits `init()` itself (top-level await)
#   target/pkg/node/     Node (the export's `node` condition): the same build again, whose index.js
#                        starts the wasm from bytes read off disk and whose chunk loader reads the
#                        chunks off disk (Node's `fetch` cannot read file: URLs)
# Each build's entry is index.js + index.d.ts (from web/pkg/): they re-export only the public API
# of wasm-bindgen's careergraph.js, with the generic declarations of api.d.ts, and the
# CareerGraphError class (src/api/error.js, which wasm-bindgen copies under snippets/).
# The crate is built with the `api-split` feature only: the package holds the JS API, not the
# Leptos app, and its wasm is split per workflow, like the app's (web/build-wasm.sh):
#   cargo (`--emit-relocs` for the split tool) → wasm-split-cli → wasm-bindgen → wasm-opt
# gives a first module (JS API, providers, engine core, input checks, schemas, diagrams) and one
# chunk per workflow (its graph, nodes, prompts and demo answers), split_*.wasm (code several
# workflows share: chunk_*.wasm), fetched by
# __wasm_split.js on that workflow's first `start()`. The browser flavours are wasm-bindgen's `web`
# target with wasm-split-cli's web loader, `fetch(new URL("./chunk.wasm", import.meta.url))`, which
# bundlers emit as assets. Not wasm-bindgen's `bundler` target: its .wasm import is WebAssembly ESM
# integration, which hands a mutable global export over as its value, while a chunk must import
# the first module's `WebAssembly.Global` (its stack pointer): instantiating a chunk failed with
# "imported mutable global must be a WebAssembly.Global object" under Vite 8. And not
# wasm-split-cli's bundler loader: its `import.source(...)` is rewritten by Vite 8 into an
# unusable JS wrapper (docs/performance.md, "Size: what was tried").
set -euo pipefail
cd "$(dirname "$0")/../.."

TARGET_DIR=${CARGO_TARGET_DIR:-target}
WASM="$TARGET_DIR/wasm32-unknown-unknown/release/careergraph.wasm"
OUT=target/pkg
VERSION=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)

cargo rustc --release --locked --target wasm32-unknown-unknown --lib --crate-type cdylib \
  --no-default-features --features api-split -- -Clink-args=--emit-relocs

# A shared CARGO_TARGET_DIR holds one release careergraph.wasm for every checkout and for the
# app's build too: take a private copy at once, and make sure it is the API's, not the app's.
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp "$WASM" "$WORK/careergraph.wasm"
if ! grep -qa runner_start "$WORK/careergraph.wasm" || grep -qa data-careergraph-app "$WORK/careergraph.wasm"; then
  echo "$WASM is not the JS API build (another build rewrote it?): run make pkg again" >&2
  exit 1
fi

# The pre-opt wasm keeps its name section: tests/benches/size.py --pkg breaks it down by crate and
# module from this copy (outside target/pkg, so it is never packed).
mkdir -p "$TARGET_DIR/pkg-raw"
cp "$WORK/careergraph.wasm" "$TARGET_DIR/pkg-raw/careergraph.wasm"

# The split: careergraph.wasm (first module), split_*.wasm and chunk_*.wasm, __wasm_split.js.
SPLIT="$WORK/split"
mkdir -p "$SPLIT"
wasm-split-cli "$WORK/careergraph.wasm" "$SPLIT" --target web --out-name careergraph
ls "$SPLIT"/*.wasm | grep -qv '/careergraph.wasm$' || { echo "wasm-split-cli made no chunk" >&2; exit 1; }
# A chunk a bundler inlines as a data: URL (Vite's default under 4 KB) is decoded by the loader,
# not fetched, so a strict `connect-src 'self'` needs no `data:` (web/pkg/split-loader.mjs). The
# Node flavour's loader is the same generated one with another helper: it reads each chunk from disk.
NODE_LOADER="$WORK/__wasm_split.node.js"
cp "$SPLIT/__wasm_split.js" "$NODE_LOADER"
node web/pkg/split-loader.mjs --node "$NODE_LOADER"
node web/pkg/split-loader.mjs "$SPLIT/__wasm_split.js"
# The first module as the split tool wrote it, still with its names: size.py --pkg breaks down
# what stays in it.
cp "$SPLIT/careergraph.wasm" "$TARGET_DIR/pkg-raw/careergraph.first.wasm"
# Every flavour takes the same --target web output (see above): wasm-bindgen once, then the first
# module and every chunk optimised in one call (web/wasm-opt-all.mjs: a node process per core
# instead of one wasm-opt start per file), then copied into each flavour.
# The chunks link against the first module's exports by their mangled names: keep both.
BINDGEN="$WORK/bindgen"
wasm-bindgen --target web --keep-lld-exports --no-demangle \
  --out-dir "$BINDGEN" --out-name careergraph "$SPLIT/careergraph.wasm"
for f in "$SPLIT"/*; do
  [ "$(basename "$f")" = careergraph.wasm ] || cp "$f" "$BINDGEN/"
done
node web/wasm-opt-all.mjs --strip "$BINDGEN"/*.wasm

rm -rf "$OUT"
for flavour in web bundler node; do
  dir="$OUT/$flavour"
  mkdir -p "$dir"
  cp -R "$BINDGEN"/. "$dir/"
  # The Node build reads the bundler build's .wasm files (the same bytes), so the package holds
  # them twice, not three times (the tarball grew by 3 MB unpacked with a third copy).
  if [ "$flavour" = node ]; then
    cp "$NODE_LOADER" "$dir/__wasm_split.js"
    rm "$dir"/*.wasm
  fi
  # `[Symbol.dispose]` needs TypeScript's lib "esnext.disposable", which a default host config
  # lacks (and skipLibCheck: false checks this file): the method stays in the JS, not in the types.
  sed -i '/\[Symbol\.dispose\]()/d' "$dir/careergraph.d.ts"
  error_module=$(cd "$dir" && ls snippets/*/src/api/error.js)
  [ "$(wc -l <<<"$error_module")" -eq 1 ] || { echo "expected one error.js snippet in $dir" >&2; exit 1; }
  # index.web.js, index.js (bundler), index.node.js; the Node entry has the bundler's declarations.
  suffix=$(case $flavour in web) echo .web ;; node) echo .node ;; esac)
  sed "s|@ERROR_MODULE@|./$error_module|" "web/pkg/index$suffix.js" > "$dir/index.js"
  cp "web/pkg/index$([ "$flavour" = web ] && echo .web).d.ts" "$dir/index.d.ts"
  # api.d.ts re-exports every type careergraph.d.ts declares, except wasm-bindgen's own: the list
  # is read from that file here, so no type is left out or listed by hand.
  types=$(sed -n 's/^export \(type\|interface\) \([A-Za-z0-9_]*\).*/\2/p' "$dir/careergraph.d.ts" \
    | grep -vxE 'InitInput|InitOutput|SyncInitInput|ReadableStreamType' | sort -u)
  [ -n "$types" ] || { echo "no type declared in $dir/careergraph.d.ts" >&2; exit 1; }
  export_block=$(printf 'export type {\n'; printf '  %s,\n' $types; printf '} from "./careergraph.js";')
  grep -q '^// @EXPORTED_TYPES@$' web/pkg/api.d.ts || { echo "web/pkg/api.d.ts lost its @EXPORTED_TYPES@ line" >&2; exit 1; }
  EXPORT_BLOCK=$export_block awk '$0 == "// @EXPORTED_TYPES@" { print ENVIRON["EXPORT_BLOCK"]; next } { print }' \
    web/pkg/api.d.ts > "$dir/api.d.ts"
done
sed "s/@VERSION@/$VERSION/" web/pkg/package.json > "$OUT/package.json"
cp web/pkg/README.md "$OUT/README.md"

for wasm in "$OUT"/web/*.wasm; do
  raw=$(stat -c %s "$wasm")
  gz=$(gzip -9 -c "$wasm" | wc -c)
  echo "target/pkg: $(basename "$wasm") $raw bytes, $gz bytes gzip -9"
done
