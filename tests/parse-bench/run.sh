#!/usr/bin/env bash
# `make parse-bench`: how well the app understands resumes it has not seen, with exact ground
# truth. Not part of `make test` or CI. The Makefile has installed the pins first
# (parse-bench-install). Steps (each script says why it is built the way it is):
#   1. render.mjs   every JSON Resume source × layout (npm themes → Chromium PDF, python-docx)
#   2. release app  dist/, rebuilt only when its inputs changed (the stamp `make test` uses)
#   3. import.mjs   every rendered file through the app's file input in headless Chromium
#   4. parse_bench_export  the app's JSON Resume export of each imported text
#   5. score.mjs    the table: target/parse-bench/report.{md,json}
# PARSE_BENCH_SOURCES / PARSE_BENCH_LAYOUTS (comma lists of ids) narrow a run.
# Strict mode, the repository root, `only` (the narrowing options) and `target_dir`:
source "$(dirname "$0")/common.sh"
start=$SECONDS

node tests/parse-bench/render.mjs "${only[@]}"

source tests/release-inputs.sh
inputs=$(build_inputs_hash)
if [ -f dist/careergraph_bg.wasm ] && [ "$(cat target/.release-inputs 2>/dev/null)" = "$inputs" ]; then
  echo "release build: up to date with the sources (target/.release-inputs)"
else
  trunk build --release && echo "$inputs" > target/.release-inputs
fi

node tests/parse-bench/import.mjs "${only[@]}"
cargo build --locked --quiet --example parse_bench_export
"$target_dir/debug/examples/parse_bench_export" target/parse-bench/imported
node tests/parse-bench/score.mjs "${only[@]}"
echo "parse-bench: $((SECONDS - start)) s"
