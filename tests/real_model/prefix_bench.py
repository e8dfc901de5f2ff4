#!/usr/bin/env python3
"""Replays one review round's requests on a fresh llama-server, per prompt layout, and prints
the prompt tokens computed against those its prefix cache served, with the wall time.

    python3 tests/real_model/prefix_bench.py before.json after.json

Each file is the list of OpenAI request bodies of one review round (3 critics, portfolio,
design) as the app sent them to the mock: `PREFIX_BENCH_DUMP=path cargo test --test
review_prompt_cache openai`. Answers are cut to 8 tokens, so the time is the prompt reading the
layout changes, not the answers a model may write differently each time. Requests go two at a
time, as the app sends parallel agents to a 2-slot server. Every layout gets its own fresh
server (no cache carried over), started with tests/real_model/serve.sh on PORT (8097).
"""
import concurrent.futures
import json
import os
import subprocess
import sys
import time
import urllib.request

PORT = int(os.environ.get("PREFIX_BENCH_PORT", "8097"))
URL = f"http://127.0.0.1:{PORT}"


def post(body):
    body = dict(body, max_tokens=8, stream=False, temperature=0)
    body.pop("max_completion_tokens", None)
    body.pop("stream_options", None)
    request = urllib.request.Request(
        URL + "/v1/chat/completions",
        json.dumps(body).encode(),
        {"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=600) as response:
        usage = json.loads(response.read())["usage"]
    return usage["prompt_tokens"], usage.get("prompt_tokens_details", {}).get("cached_tokens", 0)


def wait_ready(server):
    for _ in range(300):
        if server.poll() is not None:
            sys.exit("llama-server exited; see target/prefix-bench/server.log")
        try:
            urllib.request.urlopen(URL + "/health", timeout=1)
            return
        except OSError:
            time.sleep(0.2)
    sys.exit("llama-server did not start")


def measure(path):
    bodies = json.load(open(path))
    os.makedirs("target/prefix-bench", exist_ok=True)
    log = open("target/prefix-bench/server.log", "w")
    server = subprocess.Popen(
        ["bash", "tests/real_model/serve.sh", "--port", str(PORT), "--ctx", "8192", "--slots", "2"],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_ready(server)
        started = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            counts = list(pool.map(post, bodies))
        wall = time.monotonic() - started
    finally:
        server.terminate()
        server.wait()
    prompt = sum(p for p, _ in counts)
    cached = sum(c for _, c in counts)
    return len(bodies), prompt, cached, wall


def main():
    rows = []
    for path in sys.argv[1:]:
        calls, prompt, cached, wall = measure(path)
        rows.append((os.path.basename(path), calls, prompt, cached, prompt - cached, wall))
    print("| layout | calls | prompt tokens | cached | computed | wall |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, calls, prompt, cached, computed, wall in rows:
        print(f"| {name} | {calls} | {prompt} | {cached} | {computed} | {wall:.1f} s |")
    if len(rows) == 2:
        print(f"computed tokens after/before: {rows[1][4] / rows[0][4]:.2f}; "
              f"wall after/before: {rows[1][5] / rows[0][5]:.2f}")


if __name__ == "__main__":
    main()
