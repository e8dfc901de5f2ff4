#!/usr/bin/env bash
# The fast path for parser work (seconds, not minutes): the renders of `make parse-bench` (run it
# once first), their pdf.js pieces (pages.mjs, the app's pdf.js in Node), the app's import and
# export natively (examples/parse_bench_native.rs), the same scoring. The table it prints is the
# browser run's to within pdf.js in Node vs in Chromium; docs/parse-bench.md's figures come from full runs.
# PARSE_BENCH_SOURCES / PARSE_BENCH_LAYOUTS narrow it, as for `make parse-bench`.
# Strict mode, the repository root, `only` (the narrowing options) and `target_dir`:
source "$(dirname "$0")/common.sh"
out=target/parse-bench
[ -d "$out/rendered" ] || { echo "native: no renders in $out/rendered (run make parse-bench once)"; exit 1; }
# pdf.js warns that it cannot render (no canvas in Node): extraction does not need it.
node tests/parse-bench/pages.mjs "${only[@]}" 2> >(grep -v -e '^Warning' -e '^Require stack' -e '^- /' >&2)
cargo build --locked --quiet --example parse_bench_native
rm -rf "$out/native"
"$target_dir/debug/examples/parse_bench_native" "$out/pages" "$out/rendered" "$out/native"
node tests/parse-bench/score.mjs --dir "$out/native" "${only[@]}"
