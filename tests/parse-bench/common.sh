#!/usr/bin/env bash
# What run.sh (`make parse-bench`) and native.sh (the fast path) both set up, sourced by each:
# strict mode, the repository root as the working directory, the narrowing options every step
# takes (PARSE_BENCH_SOURCES / PARSE_BENCH_LAYOUTS, comma lists of ids, as `only`), and where
# cargo builds (CARGO_TARGET_DIR when set, so a worktree's own target/ is used).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
only=()
[ -n "${PARSE_BENCH_SOURCES:-}" ] && only+=(--only-sources "$PARSE_BENCH_SOURCES")
[ -n "${PARSE_BENCH_LAYOUTS:-}" ] && only+=(--only-layouts "$PARSE_BENCH_LAYOUTS")
target_dir=${CARGO_TARGET_DIR:-$PWD/target}
