#!/usr/bin/env bash
# `make parse-bench`'s model rows (issue 41, item 3): the fast path's texts (native.sh, run first)
# read again with the real local model (SmolLM2-135M on llama-server, `make local-model-install`)
# where the rules are unsure, then scored beside the rules alone, with seconds and tokens per file.
# PARSE_BENCH_MODEL_LAYOUTS narrows the layouts (a comma list; default: a tuning and a held-out
# set, since a 135M model on 2 cores takes seconds per entry). Never part of `make test`.
source "$(dirname "$0")/common.sh"
out=target/parse-bench
layouts=${PARSE_BENCH_MODEL_LAYOUTS:-latex-deedy,docx-twocol-pdf,latex-curve,orbit,latex-europass,latex-awesome}
[ -d "$out/native" ] || { echo "model: no fast-path texts in $out/native (run tests/parse-bench/native.sh)"; exit 1; }
port=${PARSE_BENCH_MODEL_PORT:-8095}
log=$out/model-server.log
bash tests/real_model/serve.sh --port "$port" --ctx 8192 --slots 1 > "$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null' EXIT
for _ in $(seq 1 300); do
  curl -fsS "http://127.0.0.1:$port/health" > /dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { echo "llama-server did not start; see $log"; exit 1; }
  sleep 0.2
done
cargo build --locked --quiet --example parse_bench_model
rm -rf "$out/model"
started=$(date +%s)
"$target_dir/debug/examples/parse_bench_model" "$out/native" "$out/model" \
  "http://127.0.0.1:$port/v1" smollm2-135m-instruct "$layouts" 2> "$out/model-files.log"
echo "model: $(( $(date +%s) - started )) s for the files of $layouts (per file: $out/model-files.log)"
# The rules alone over the same layouts, then with the model: each score writes report.json.
node tests/parse-bench/score.mjs --dir "$out/native" --only-layouts "$layouts" "${only[@]}" > /dev/null
cp "$out/report.json" "$out/rules-alone.json"
node tests/parse-bench/score.mjs --dir "$out/model" --only-layouts "$layouts" "${only[@]}" > /dev/null
cp "$out/report.json" "$out/with-model.json"
node tests/parse-bench/model-rows.mjs "$out/rules-alone.json" "$out/with-model.json" "$out/model"
