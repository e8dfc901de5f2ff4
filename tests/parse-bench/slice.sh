#!/usr/bin/env bash
# Writes the inputs of `make test`'s parse-bench slice (tests/native/parse_bench_slice.rs) from a
# `make parse-bench` run: for a few fictional tuning sources, what pdf.js gave for each PDF (themes, moderncv)
# (pages.mjs, the app's pdf.js) and the DOCX itself, into tests/fixtures/parse-bench/slice. Only
# fictional sources of tests/fixtures/parse-bench/sources: never a file of ../shared/corpus.
# Run it again after a change of the renderers' pins; the test's floors then may move.
set -euo pipefail
cd "$(dirname "$0")/../.."
sources=(aria-lindqvist priya-raghunathan ines-nunez-es li-wei-zh)
layouts=(even elegant stackoverflow macchiato kendall flat moderncv-classic moderncv-banking
  latex-jake latex-curve typst-basic typst-rendercv-engineering html-flex)
# The DOCX layouts: the file itself (docx-labelled and the tuning office families).
docx=(docx-labelled docx-tabstops docx-twocol docx-header-textbox docx-grid)
out=tests/fixtures/parse-bench/slice
mkdir -p "$out"
only=$(IFS=,; echo "${sources[*]}")
node tests/parse-bench/pages.mjs --only-sources "$only" --only-layouts "$(IFS=,; echo "${layouts[*]}")" \
  --out target/parse-bench/slice-pages 2> >(grep -v -e '^Warning' -e '^Require stack' -e '^- /' >&2)
for s in "${sources[@]}"; do
  for l in "${layouts[@]}"; do
    # The fields pdf.js leaves at their defaults are dropped (serde fills them): smaller files.
    python3 - "target/parse-bench/slice-pages/${s}__${l}.pages.json" "$out/${s}__${l}.pages.json" <<'PY'
import json, sys
pages = json.load(open(sys.argv[1]))
for page in pages:
    for item in page["items"]:
        if not item.get("fontFamily"):
            item.pop("fontFamily", None)
        if not item.get("hasEOL"):
            item.pop("hasEOL", None)
json.dump(pages, open(sys.argv[2], "w"), ensure_ascii=False, separators=(",", ":"))
PY
  done
  for d in "${docx[@]}"; do
    cp "target/parse-bench/rendered/$s/$d.docx" "$out/${s}__$d.docx"
  done
done
ls -la "$out"
