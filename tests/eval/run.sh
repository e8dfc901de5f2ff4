#!/usr/bin/env bash
# `make eval`: answer quality, measured (examples/eval). Not part of `make test` or CI.
#   make eval                                  # offline: the demo, then the mock provider's scripted checks
#   make eval PROVIDER=openai MODEL=gpt-4o-mini  # a real provider; key from OPENAI_API_KEY
#   (anthropic: ANTHROPIC_API_KEY, gemini: GEMINI_API_KEY,
#    openai_compatible: BASE_URL=… and optionally OPENAI_COMPATIBLE_API_KEY)
# Prints one table and writes target/eval/report.md and target/eval/report.json.
set -euo pipefail
cd "$(dirname "$0")/../.."

PROVIDER=${PROVIDER:-demo}
TARGET_DIR=${CARGO_TARGET_DIR:-target}
mkdir -p target/eval
cargo build --locked --quiet --example eval --example mock_provider

# PROVIDER=local: the real local model (make local-model-install) on a free port, through the
# OpenAI-compatible provider like any user's llama-server; stopped on exit.
if [ "$PROVIDER" = local ]; then
  port=${LOCAL_EVAL_PORT:-8094}
  log=target/eval/local-model.log
  bash tests/real_model/serve.sh --port "$port" --ctx 8192 --slots 2 > "$log" 2>&1 &
  server_pid=$!
  trap 'kill "$server_pid" 2>/dev/null' EXIT
  for _ in $(seq 1 300); do
    curl -fsS "http://127.0.0.1:$port/health" > /dev/null 2>&1 && break
    kill -0 "$server_pid" 2>/dev/null || { echo "llama-server did not start; see $log"; exit 1; }
    sleep 0.2
  done
  PROVIDER=openai_compatible BASE_URL="http://127.0.0.1:$port/v1" MODEL=${MODEL:-smollm2-135m-instruct}
  # Settings → "Longest answer", as the real-model suite sets it: without it a 135M model fills
  # every schema to its bounds and one language's table takes most of an hour on 2 cores.
  ANSWER_TOKENS=${ANSWER_TOKENS:-300}
fi

args=(--provider "$PROVIDER" --out target/eval)
[ -n "${MODEL:-}" ] && args+=(--model "$MODEL")
[ -n "${BASE_URL:-}" ] && args+=(--base-url "$BASE_URL")
[ -n "${LANGS:-}" ] && args+=(--langs "$LANGS")
[ -n "${ANSWER_TOKENS:-}" ] && args+=(--answer-tokens "$ANSWER_TOKENS")
[ -n "${BIAS_SAMPLE:-}" ] && args+=(--bias-sample "$BIAS_SAMPLE")
[ -n "${WORKFLOWS:-}" ] && args+=(--workflows "$WORKFLOWS")

if [ "$PROVIDER" = demo ]; then
  # The mock provider on a free port (--port 0 prints the one it took), stopped on exit.
  log=target/eval/mock-provider.log
  "$TARGET_DIR/debug/examples/mock_provider" --port 0 > "$log" 2>&1 &
  mock_pid=$!
  trap 'kill "$mock_pid" 2>/dev/null' EXIT
  url=
  for _ in $(seq 1 50); do
    url=$(grep -Eo 'http://127\.0\.0\.1:[0-9]+' "$log" | head -1 || true)
    [ -n "$url" ] && break
    sleep 0.2
  done
  if [ -z "$url" ]; then echo "mock provider did not start; see $log"; exit 1; fi
  args+=(--mock-url "$url")
fi

"$TARGET_DIR/debug/examples/eval" "${args[@]}"
