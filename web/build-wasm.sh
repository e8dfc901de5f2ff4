#!/usr/bin/env bash
# Builds the app's wasm split into a first module and lazily loaded chunks, as Trunk's
# post_build hook (Trunk.toml): Trunk has no split step, so index.html has no `rel="rust"` link and
# this script does cargo → wasm-split-cli → wasm-bindgen → wasm-opt itself, into Trunk's staging dir.
#
# - cargo: the `split` feature turns the pages' `#[lazy]` functions into split points; the linker
#   must keep its relocations (`--emit-relocs`) for the split tool. `cargo rustc` passes that flag
#   to this crate's link only, so the dependencies' artifacts are the same as every other build's.
# - wasm-split-cli (crate wasm_split_cli_support, pinned in the Makefile) reads the RAW cargo wasm
#   (before wasm-bindgen) and writes the first module, one .wasm per chunk and __wasm_split.js, the
#   chunk loader the first module imports.
# - wasm-bindgen on the first module only, keeping the exports the chunks link against
#   (--keep-lld-exports) and their mangled names (--no-demangle).
# - wasm-opt -Oz on every module in release (the chunks' imports and exports survive it), through
#   binaryen's JS API in web/wasm-opt-all.mjs: the same passes and output as the CLI.
set -euo pipefail

out=${TRUNK_STAGING_DIR:?run by trunk (Trunk.toml post_build hook)}
profile=${TRUNK_PROFILE:-release}
target_dir=${CARGO_TARGET_DIR:-$PWD/target}
cargo_profile=()
[[ $profile == release ]] && cargo_profile=(--release)

cargo rustc --locked --lib --crate-type cdylib --target wasm32-unknown-unknown "${cargo_profile[@]}" \
    --no-default-features --features split -- -Clink-args=--emit-relocs

raw=$target_dir/wasm32-unknown-unknown/$profile/careergraph.wasm
split=$target_dir/wasm-split/$profile
rm -rf "$split"
mkdir -p "$split"
wasm-split-cli "$raw" "$split" --target web --out-name careergraph

wasm-bindgen --target web --no-typescript --keep-lld-exports --no-demangle \
    --out-name careergraph --out-dir "$out" "$split/careergraph.wasm"
for f in "$split"/*; do
    case $(basename "$f") in
        careergraph.wasm) ;;  # the first module: wasm-bindgen wrote it as careergraph_bg.wasm
        *) cp "$f" "$out/" ;;
    esac
done

# One node process per core for all ~140 modules (web/wasm-opt-all.mjs says why not a wasm-opt
# call per file: starting npm's wasm-opt cost more CPU than optimising).
if [[ $profile == release ]]; then
    node web/wasm-opt-all.mjs "$out"/*.wasm
fi
