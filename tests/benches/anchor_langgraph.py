"""LangGraph (Python) anchor for `make bench`: the graphs of graphs.rs, measured the same way
(warm-up, batched samples, median, time budget). Prints one JSON line per figure.
Async nodes and `ainvoke`, like careergraph's async nodes on one thread."""

import asyncio
import json
import operator
import time
from typing import Annotated, TypedDict

from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.types import Send

WARM_UP, WARM_UP_US, SAMPLES, BATCH_US, BUDGET_US = 3, 300_000.0, 15, 5_000.0, 10_000_000.0


class Bench(TypedDict, total=False):
    feedback: Annotated[list, operator.add]
    rounds: int
    max_rounds: int
    topic: str
    done: Annotated[list, operator.add]


def compile_graph(graph, saver):
    return graph.compile(checkpointer=InMemorySaver() if saver else None)


async def nothing(_s):
    return {}


def seed_000(saver):
    g = StateGraph(Bench)
    g.add_node("router", nothing)
    for reviewer in ["recruiter", "tech_writer", "copywriter"]:
        async def critic(_s, reviewer=reviewer):
            return {"feedback": [reviewer]}
        g.add_node(reviewer, critic)
        g.add_edge("router", reviewer)
        g.add_edge(reviewer, "aggregator")

    async def aggregator(s):
        return {"rounds": s.get("rounds", 0) + 1}
    g.add_node("aggregator", aggregator)
    for name in ["revisor", "portfolio", "design"]:
        g.add_node(name, nothing)
    g.add_edge(START, "router")
    g.add_conditional_edges(
        "aggregator",
        lambda s: "revise" if s.get("rounds", 0) < s.get("max_rounds", 0) else "finish",
        {"revise": "revisor", "finish": "portfolio"},
    )
    g.add_edge("revisor", "router")
    g.add_conditional_edges("portfolio", lambda _s: "design", ["design", END])
    g.add_edge("design", END)
    return compile_graph(g, saver)


def chain(length, saver):
    g = StateGraph(Bench)

    async def step(s):
        return {"rounds": s.get("rounds", 0) + 1}
    for i in range(length):
        g.add_node(f"n{i}", step)
        g.add_edge(START if i == 0 else f"n{i - 1}", f"n{i}")
    return compile_graph(g, saver)


def fan_out(width, saver):
    g = StateGraph(Bench)
    g.add_node("plan", nothing)

    async def work(s):
        return {"done": [s["topic"]]}
    g.add_node("work", work)
    g.add_node("collect", nothing)
    g.add_edge(START, "plan")
    g.add_conditional_edges("plan", lambda _s: [Send("work", {"topic": f"t{i}"}) for i in range(width)], ["work"])
    g.add_edge("work", "collect")
    return compile_graph(g, saver)


def scenarios(saver):
    return [
        ("seed000_3", seed_000(saver), {"max_rounds": 3}, 3 * 3 + 2 + 2),
        ("seed000_100", seed_000(saver), {"max_rounds": 100}, 100 * 3 + 99 + 2),
        ("chain_200", chain(200, saver), {}, 200),
        ("fanout_50", fan_out(50, saver), {}, 3),
    ]


def now_us():
    return time.perf_counter() * 1e6


async def measure(graph, state_in):
    run = 0
    last = None

    async def invoke():
        nonlocal run
        # A fresh thread per run: with the checkpointer, every run starts from an empty state.
        config = {"recursion_limit": 10_000, "configurable": {"thread_id": f"run{run}"}}
        run += 1
        return await graph.ainvoke(dict(state_in), config)

    started = now_us()
    warm_runs = 0
    while warm_runs < WARM_UP or now_us() - started < WARM_UP_US:
        last = await invoke()
        warm_runs += 1
    per_run = max((now_us() - started) / warm_runs, 0.001)
    batch = max(1, int(-(-BATCH_US // per_run)))
    samples = []
    budget_start = now_us()
    while len(samples) < SAMPLES and (len(samples) < 3 or now_us() - budget_start < BUDGET_US):
        t0 = now_us()
        for _ in range(batch):
            last = await invoke()
        samples.append((now_us() - t0) / batch)
    samples.sort()
    return samples[len(samples) // 2], last


async def main():
    for saver in [False, True]:
        for sid, graph, state_in, supersteps in scenarios(saver):
            us, last = await measure(graph, state_in)
            print(json.dumps({
                "impl": "langgraph_py", "scenario": sid, "saver": saver, "supersteps": supersteps,
                "us_per_run": us, "us_per_superstep": us / supersteps,
                "check": {"rounds": last.get("rounds", 0), "feedback": len(last.get("feedback", [])),
                          "done": len(last.get("done", []))},
            }), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
