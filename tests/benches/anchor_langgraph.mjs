// LangGraph.js anchor for `make bench`: the graphs of graphs.rs, measured the same way (warm-up,
// batched samples, median, time budget). Prints one JSON line per figure.
// Usage: node tests/benches/anchor_langgraph.mjs <dir with node_modules/@langchain/langgraph>
import { setMaxListeners } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// The packages live under target/bench-js (installed by `make bench-anchors`), not beside this file.
const require = createRequire(path.resolve(process.argv[2] ?? 'target/bench-js', 'package.json'));
const lg = await import(pathToFileURL(require.resolve('@langchain/langgraph')).href);
const { Annotation, END, MemorySaver, Send, START, StateGraph } = lg;

// LangGraph.js adds an abort listener per run on a shared signal: silence the leak warning.
setMaxListeners(0);

const WARM_UP = 3, WARM_UP_US = 300_000, SAMPLES = 15, BATCH_US = 5_000, BUDGET_US = 10_000_000;

const append = () => Annotation({ reducer: (a, b) => a.concat(b), default: () => [] });
const last = (initial) => Annotation({ reducer: (_a, b) => b, default: () => initial });
const Bench = Annotation.Root({
  feedback: append(), rounds: last(0), max_rounds: last(0), topic: last(''), done: append(),
});

const compile = (g, saver) => g.compile(saver ? { checkpointer: new MemorySaver() } : {});
const nothing = async () => ({});

function seed000(saver) {
  const g = new StateGraph(Bench).addNode('router', nothing);
  for (const reviewer of ['recruiter', 'tech_writer', 'copywriter']) {
    g.addNode(reviewer, async () => ({ feedback: [reviewer] }));
  }
  g.addNode('aggregator', async (s) => ({ rounds: s.rounds + 1 }))
    .addNode('revisor', nothing).addNode('portfolio', nothing).addNode('design', nothing)
    .addEdge(START, 'router');
  for (const reviewer of ['recruiter', 'tech_writer', 'copywriter']) {
    g.addEdge('router', reviewer).addEdge(reviewer, 'aggregator');
  }
  g.addConditionalEdges('aggregator', (s) => (s.rounds < s.max_rounds ? 'revise' : 'finish'),
    { revise: 'revisor', finish: 'portfolio' })
    .addEdge('revisor', 'router')
    .addConditionalEdges('portfolio', () => 'design', ['design', END])
    .addEdge('design', END);
  return compile(g, saver);
}

function chain(length, saver) {
  const g = new StateGraph(Bench);
  for (let i = 0; i < length; i++) {
    g.addNode(`n${i}`, async (s) => ({ rounds: s.rounds + 1 }));
    g.addEdge(i === 0 ? START : `n${i - 1}`, `n${i}`);
  }
  return compile(g, saver);
}

function fanOut(width, saver) {
  const g = new StateGraph(Bench)
    .addNode('plan', nothing)
    .addNode('work', async (s) => ({ done: [s.topic] }))
    .addNode('collect', nothing)
    .addEdge(START, 'plan')
    .addConditionalEdges('plan',
      () => Array.from({ length: width }, (_, i) => new Send('work', { topic: `t${i}` })), ['work'])
    .addEdge('work', 'collect');
  return compile(g, saver);
}

const scenarios = (saver) => [
  ['seed000_3', seed000(saver), { max_rounds: 3 }, 3 * 3 + 2 + 2],
  ['seed000_100', seed000(saver), { max_rounds: 100 }, 100 * 3 + 99 + 2],
  ['chain_200', chain(200, saver), {}, 200],
  ['fanout_50', fanOut(50, saver), {}, 3],
];

const nowUs = () => performance.now() * 1000;

async function measure(graph, input) {
  let run = 0, final;
  // A fresh thread per run: with the checkpointer, every run starts from an empty state.
  const invoke = () => graph.invoke({ ...input },
    { recursionLimit: 10_000, configurable: { thread_id: `run${run++}` } });
  const started = nowUs();
  let warmRuns = 0;
  while (warmRuns < WARM_UP || nowUs() - started < WARM_UP_US) {
    final = await invoke();
    warmRuns++;
  }
  const perRun = Math.max((nowUs() - started) / warmRuns, 0.001);
  const batch = Math.max(1, Math.ceil(BATCH_US / perRun));
  const samples = [];
  const budgetStart = nowUs();
  while (samples.length < SAMPLES && (samples.length < 3 || nowUs() - budgetStart < BUDGET_US)) {
    const t0 = nowUs();
    for (let i = 0; i < batch; i++) final = await invoke();
    samples.push((nowUs() - t0) / batch);
  }
  samples.sort((a, b) => a - b);
  return [samples[Math.floor(samples.length / 2)], final];
}

for (const saver of [false, true]) {
  for (const [scenario, graph, input, supersteps] of scenarios(saver)) {
    const [us, s] = await measure(graph, input);
    console.log(JSON.stringify({
      impl: 'langgraph_js', scenario, saver, supersteps, us_per_run: us, us_per_superstep: us / supersteps,
      check: { rounds: s.rounds, feedback: s.feedback.length, done: s.done.length },
    }));
  }
}
