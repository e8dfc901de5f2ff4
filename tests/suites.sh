#!/usr/bin/env bash
# Runs every test suite in order, stops at the first failure, and ends with one line per suite.
# Called by `make test` (which has installed the tools and put them on PATH).
set -uo pipefail
cd "$(dirname "$0")/.."

WASM_TARGET=wasm32-unknown-unknown
LOG_DIR=target/test-logs
mkdir -p "$LOG_DIR"
summary=()
failed=0
MOCK_PIDS=()
# On any exit: the mock providers end, and so does the local model's background install if it
# still runs (a suite failed before the real-model suite needed it).
cleanup() {
  [ ${#MOCK_PIDS[@]} -gt 0 ] && kill "${MOCK_PIDS[@]}" 2>/dev/null
  [ -n "${RELEASE_LANE_PID:-}" ] && kill_tree "$RELEASE_LANE_PID"
  bash tests/real_model/background.sh stop
}
# kill_tree PID: the process and everything it started (a background lane's cargo, trunk, node).
kill_tree() {
  local child
  for child in $(pgrep -P "$1"); do kill_tree "$child"; done
  kill "$1" 2>/dev/null
}
trap cleanup EXIT

print_summary() {
  echo
  echo "==================== test summary ===================="
  printf '%s\n' "${summary[@]}"
  # Stopped by a failure above while the release lane still ran: what it had finished, and that.
  if [ -n "${RELEASE_LANE_PID:-}" ]; then
    [ -f "$RELEASE_LANE_SUMMARY" ] && cat "$RELEASE_LANE_SUMMARY"
    kill -0 "$RELEASE_LANE_PID" 2>/dev/null && echo "STOP  release lane: stopped unfinished (log: $RELEASE_LANE_LOG)"
  fi
  local passed=$(( ${#summary[@]} - failed ))
  echo "suites: $passed passed, $failed failed"
  failure_excerpts
}

# failure_excerpts: for each failed suite, the lines of its log that say what failed, printed last,
# because CI shows only the end of this output and a long suite's log scrolls the cause out of it.
failure_excerpts() {
  local line log
  for line in "${summary[@]}"; do
    [[ $line == FAIL* ]] || continue
    log=$(sed -n 's/.*(log: \([^)]*\)).*/\1/p' <<< "$line")
    [ -f "$log" ] || continue
    echo "──── why $(awk '{ print $2 }' <<< "$line") failed (from $log):"
    # A panic's message is on the line after "panicked at"; a Playwright failure's reason on "Error:";
    # node --test marks a failed test with "✖" and gives its reason on "AssertionError".
    # Few lines, short: CI shows only the last few dozen lines of the whole output.
    { grep -E -A1 "panicked at" "$log" | grep -v '^--$'
      grep -E "✘|✖ |^ *(Assertion)?Error( \[[A-Z_]+\])?: |^error(\[E[0-9]+\])?: |did not start" "$log"
    } | awk '!seen[$0]++' | cut -c1-240 | head -12
  done
}

# Sums the "N passed" counts a runner printed (cargo test, wasm-bindgen-test, Playwright,
# tests/node/run.sh).
count_passed() {
  grep -Eo '[0-9]+ passed' "$1" | awk '{ n += $1 } END { print n + 0 }'
}

# record LINE: one line of the summary. A background lane (LANE_SUMMARY set) writes its lines to
# that file, which the main script reads when it joins the lane.
record() {
  if [ -n "${LANE_SUMMARY:-}" ]; then echo "$1" >> "$LANE_SUMMARY"; else summary+=("$1"); fi
}

# run NAME COMMAND... : runs one suite, logs it, records one summary line. A failure ends the
# script (or, in a background lane, the lane).
run() {
  local name=$1; shift
  # The release lane failed while the checks ran: stop here and say so, not after the checks.
  if [ -z "${LANE_SUMMARY:-}" ] && [ -n "${RELEASE_LANE_PID:-}" ] && grep -qs '^FAIL' "$RELEASE_LANE_SUMMARY"; then
    join_release_lane
  fi
  local log="$LOG_DIR/$name.log" start=$SECONDS
  echo "──── $name ($(date -u +%T)): $*"
  "$@" 2>&1 | tee "$log"
  local status=${PIPESTATUS[0]}
  local took=$(( SECONDS - start ))
  if [ "$status" -eq 0 ]; then
    local tests; tests=$(count_passed "$log")
    local flaky; flaky=$(grep -Eo '[0-9]+ flaky' "$log" | awk '{ n += $1 } END { print n + 0 }')
    # A suite that reused an earlier pass (e2e_suite) says so on a line of its own: so does the summary.
    local reused; reused=$(sed -n 's/^NOT RUN AGAIN: //p' "$log")
    [ -n "$reused" ] && { record "$(printf 'PASS  %-12s %4ss  not run again: %s' "$name" "$took" "$reused")"; return 0; }
    record "$(printf 'PASS  %-12s %4ss  %s%s%s' "$name" "$took" "$([ "$tests" -gt 0 ] && echo "$tests tests passed")" \
      "$([ "$flaky" -gt 0 ] && echo ", $flaky flaky: passed only on retry (see $log)")" \
      "$([ -n "${LANE_SUMMARY:-}" ] && echo " (beside the checks)")")"
  else
    record "$(printf 'FAIL  %-12s %4ss  (log: %s)' "$name" "$took" "$log")"
    [ -n "${LANE_SUMMARY:-}" ] && exit "$status"
    failed=1
    print_summary
    exit "$status"
  fi
}

# ---- The release lane: the app's release build, the npm package, and what checks the package,
# in the background beside the checks and the debug test suites below. The two share no cargo
# lock (release vs debug build directories), and each leaves a core idle for minutes: the
# release builds' final link (fat LTO, one codegen unit) and wasm-bindgen are single-threaded.
# Run one after the other in a cold run, the checks and debug suites took 498 s, this lane 454 s
# (docs/build-time.md).
# The release build and the package take minutes: rebuild them only when what they are built from
# changed, so a second `make test` is quick. A fresh clone has no stamp: it builds.
source tests/release-inputs.sh
INPUTS=$(build_inputs_hash)
# build_once STAMP OUTPUT COMMAND...: runs COMMAND unless OUTPUT exists and STAMP records these
# inputs, then records them.
build_once() {
  local stamp=$1 output=$2; shift 2
  if [ -f "$output" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$INPUTS" ]; then
    echo "up to date with the sources ($stamp)"
    return 0
  fi
  "$@" && mkdir -p "$(dirname "$stamp")" && echo "$INPUTS" > "$stamp"
}
release_lane() {
  run release    build_once target/.release-inputs dist/careergraph_bg.wasm trunk build --release
  # The npm package (target/pkg), then its declarations against a TypeScript user; e2e loads the package.
  run pkg        build_once target/.pkg-inputs target/pkg/web/careergraph_bg.wasm make --no-print-directory pkg
  # The two first modules (what the browser downloads before the first paint) against
  # tests/benches/budget.json: a regression fails here, not months later in `make size`.
  run size-budget python3 tests/benches/size.py --budgets
  # A Vite 8 + TypeScript (strict) host app installs the packed package, type-checks and builds;
  # e2e's embed-vite spec runs it.
  run vite-app   bash web/examples/vite-app/build.sh
  run tsc        bash -c 'cd web && npx tsc -p examples'
}
RELEASE_LANE_LOG=$LOG_DIR/release-lane.log
RELEASE_LANE_SUMMARY=$LOG_DIR/release-lane.summary
rm -f "$RELEASE_LANE_SUMMARY"
(LANE_SUMMARY=$RELEASE_LANE_SUMMARY release_lane) > "$RELEASE_LANE_LOG" 2>&1 &
RELEASE_LANE_PID=$!
# join_release_lane: waits for the lane, prints its output, adds its summary lines; a failed lane
# ends the script like a failed suite.
join_release_lane() {
  echo "──── release lane ($(date -u +%T)): waiting for it (log: $RELEASE_LANE_LOG)"
  wait "$RELEASE_LANE_PID"; local status=$?
  RELEASE_LANE_PID=
  cat "$RELEASE_LANE_LOG"
  [ -f "$RELEASE_LANE_SUMMARY" ] && mapfile -t -O "${#summary[@]}" summary < "$RELEASE_LANE_SUMMARY"
  if [ "$status" -ne 0 ]; then
    failed=1
    grep -q '^FAIL' "$RELEASE_LANE_SUMMARY" 2>/dev/null || summary+=("FAIL  release lane (log: $RELEASE_LANE_LOG)")
    print_summary
    exit "$status"
  fi
}

run fmt        cargo fmt --all --check
run clippy     cargo clippy --all-targets --locked -- -D warnings
run clippy-wasm cargo clippy --all-targets --locked --target "$WASM_TARGET" -- -D warnings
run native     cargo test --locked
# The mock provider server (tests/mock_provider) answers the browser and Playwright suites' model calls.
# Overridable, so two checkouts can run their suites side by side on one machine.
MOCK_PORT=${MOCK_PORT:-8787}
# launch_mock PORT LOG: starts one mock provider (killed when this script exits) and waits until
# it listens.
launch_mock() {
  local port=$1 log=$2
  "${CARGO_TARGET_DIR:-target}/debug/examples/mock_provider" --port "$port" > "$log" 2>&1 &
  MOCK_PIDS+=($!)
  for _ in $(seq 1 50); do
    grep -q "listening" "$log" && return 0
    sleep 0.2
  done
  echo "mock provider did not start; see $log"
  return 1
}
start_mock() {
  cargo build --locked --quiet --example mock_provider || return 1
  launch_mock "$MOCK_PORT" "$LOG_DIR/mock-provider.log"
}
# Not through `run`: its pipeline would start the server in a subshell that kills it on exit.
if ! start_mock; then
  failed=1; summary+=("FAIL  mock provider (log: $LOG_DIR/mock-provider.log)"); print_summary; exit 1
fi
export MOCK_PROVIDER_URL="http://127.0.0.1:$MOCK_PORT"

# The browser suite is ONE test binary, tests/browser/ (a module per subject): every test binary
# links the whole crate to wasm and starts its own browser, so one binary saves minutes.
run browser    cargo test --locked --target "$WASM_TARGET" --test browser
# The release lane ends here: its summary lines join the others, its output follows.
join_release_lane
# The npm package in Node (its `node` export condition): every workflow on the demo provider and
# against the mock (MOCK_PROVIDER_URL), and a missing chunk. Needs the package the lane built.
run node       bash tests/node/run.sh
# The same package as a durable Restate service (examples/restate-host): restate-server from the
# npm registry on loopback, runs through its ingress, pauses answered over HTTP, a worker killed.
run restate    bash examples/restate-host/test.sh
# E2E_WORKERS (default 2) Playwright workers, each against its own mock (the specs script
# and reset the mock they use): MOCK_PORT+1 … for the workers after the first.
E2E_WORKERS=${E2E_WORKERS:-2}
start_worker_mocks() {
  local urls="http://127.0.0.1:$MOCK_PORT" port
  for i in $(seq 1 $(( E2E_WORKERS - 1 ))); do
    port=$(( MOCK_PORT + i ))
    launch_mock "$port" "$LOG_DIR/mock-provider-$i.log" || return 1
    urls="$urls,http://127.0.0.1:$port"
  done
  export MOCK_PROVIDER_URLS=$urls E2E_WORKERS
}
if [ "$E2E_WORKERS" -gt 1 ] && ! start_worker_mocks; then
  failed=1; summary+=("FAIL  worker mocks (log: $LOG_DIR)"); print_summary; exit 1
fi
# e2e drives Chromium through every spec: minutes even on a second `make test` that changed
# nothing. So a run whose inputs are byte for byte those of the last PASSING e2e run reports that
# run instead of repeating it. The inputs: the built app (dist/), the package (target/pkg), the
# host app (target/vite-app), the mock's binary, every tracked or new file under web/ and tests/
# (specs, fixtures, config, this script), ../shared, and the node and Chromium versions. Any
# change runs it. Never under CI (.ci/run sets CI=true): a submission always runs every test.
# E2E_RERUN=1 runs it anyway.
e2e_inputs_hash() {
  {
    git ls-files -z --cached --others --exclude-standard web tests | xargs -0 sha256sum 2>/dev/null
    find dist target/pkg target/vite-app ../shared "${CARGO_TARGET_DIR:-target}/debug/examples/mock_provider" \
      -type f -print0 2>/dev/null | sort -z | xargs -0 sha256sum
    node --version; chromium --version 2>/dev/null; echo "workers ${E2E_WORKERS:-1}"
  } | sha256sum | cut -d' ' -f1
}
e2e_suite() {
  local stamp=target/.e2e-passed hash
  hash=$(e2e_inputs_hash)
  if [ -z "${CI:-}" ] && [ -z "${E2E_RERUN:-}" ] && [ -f "$stamp" ] && [ "$(head -1 "$stamp")" = "$hash" ]; then
    echo "NOT RUN AGAIN: inputs identical to the run that passed at $(sed -n 2p "$stamp") (E2E_RERUN=1 runs it)"
    return 0
  fi
  rm -f "$stamp"
  (cd web && npx playwright test) || return
  printf '%s\n%s\n' "$hash" "$(date -u +%FT%TZ)" > "$stamp"
}
run e2e        e2e_suite
# A real llama.cpp server with a real small model: every workflow natively and through the app.
# Its install began in the background when `make test` started (tests/real_model/background.sh):
# awaited here, outside `run`, whose pipeline would run the wait in a subshell.
echo "──── real-model: waiting for the local model's install"
if ! bash tests/real_model/background.sh wait; then
  failed=1; summary+=("FAIL  local-model install (log: $LOG_DIR/local-model-install.log)"); print_summary; exit 1
fi
run real-model bash tests/real_model/suite.sh

print_summary
