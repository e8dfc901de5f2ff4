// Figures for the model inside the tab, beside the same model on llama.cpp's own llama-server
// (both SmolLM2-135M-Instruct Q4_1, the GGUF of the PyPI wheel tests/real_model/install.sh
// installs), measured in one run on one machine:
// - load: adding the model by its address (download into OPFS, then load) and, after a reload,
//   loading it again from OPFS;
// - tokens per second, prompt and answer, as llama.cpp's own `timings` report them (wllama is
//   llama.cpp's server code in WebAssembly: the same fields), single-threaded (no cross-origin
//   isolation) and multi-threaded (COOP/COEP), and on llama-server (all cores);
// - the wall time of one review round in the app (one round, no design review, the longest answer
//   128 tokens), in the tab (the app's own thread count: all cores but one) and on llama-server.
// Usage (from the repo root, after `make build-release` and `make local-model-install`):
//   IN_TAB_MODEL_DIR=… node web/bench/in-tab.mjs
// Prints one JSON line per measurement, then `IN_TAB {json}` (read by tests/benches/run.py).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const MODEL_DIR = process.env.IN_TAB_MODEL_DIR;
if (!MODEL_DIR) throw new Error('IN_TAB_MODEL_DIR: the folder of the installed GGUF');
const MODEL = 'SmolLM2-135M-Instruct.Q4_1.gguf';
const PORT = Number(process.env.IN_TAB_BENCH_PORT ?? 4195);
const SERVER_PORT = PORT + 10;
// A fixed prompt of about 800 tokens and a 128-token answer, the same everywhere.
const PROMPT = `You review resumes.\n\nResume:\n${'Senior engineer at Example Freight, 2019–2024. Built a billing service handling 40k requests a day; cut p95 latency by 35%. '.repeat(20)}\n\nList three issues.`;
const REQUEST = { messages: [{ role: 'user', content: PROMPT }], max_tokens: 128, temperature: 0, ignore_eos: true };
const RESUME = `Jordan Example — Backend Engineer
Experience: Example Freight (2019–2024), backend engineer. Built the billing service (Go, PostgreSQL) handling 40,000 requests a day; cut p95 latency by 35%. Led the move to Kubernetes for 12 services.
Education: BSc Computer Science, Example University, 2019.
Skills: Go, Rust, PostgreSQL, Kubernetes, Terraform.`;

const engineModule = (() => {
  const root = 'dist/snippets';
  for (const crate of readdirSync(root)) {
    if (readdirSync(`${root}/${crate}`, { recursive: true }).some((p) => String(p) === 'web/local-model/engine.js')) {
      return `/snippets/${crate}/web/local-model/engine.js`;
    }
  }
  throw new Error('dist/ has no engine.js snippet: build the release app first');
})();

function start(command, args, env, readyPattern) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    let out = '';
    const read = (chunk) => {
      out += chunk;
      if (out.match(readyPattern)) resolve(child);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}: ${out.slice(-500)}`)));
  });
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const results = {};
const servers = [];
async function site(isolated) {
  const port = PORT + (isolated ? 1 : 0);
  servers.push(await start('node', ['web/e2e/serve.mjs', 'dist', String(port), `/test-models=${MODEL_DIR}`],
    { SERVE_ISOLATED: isolated ? '1' : '0' }, /serving/));
  return `http://127.0.0.1:${port}`;
}

/** A review round in the app, `configure` having set the provider in Settings. */
async function reviewRound(page, configure) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const drawer = page.getByRole('complementary', { name: 'Settings' });
  await configure(drawer);
  await drawer.getByLabel('Longest answer (tokens)').fill('128');
  await drawer.getByLabel('Longest answer (tokens)').press('Tab');
  await drawer.getByLabel('Max iterations').fill('1');
  await drawer.getByLabel('Max iterations').press('Tab');
  await drawer.getByTestId('design-review').uncheck();
  await page.keyboard.press('Escape');
  await page.getByLabel('Resume', { exact: true }).fill(RESUME);
  const started = Date.now();
  await page.getByRole('button', { name: 'Run' }).click();
  await page.getByTestId('phase').filter({ hasText: /^(Review finished\.|The review failed: .+)$/ })
    .waitFor({ timeout: 1_200_000 });
  return { seconds: (Date.now() - started) / 1000, outcome: await page.getByTestId('phase').textContent() };
}

try {
  for (const isolated of [false, true]) {
    const base = await site(isolated);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/`);
    const mode = isolated ? 'multi_thread' : 'single_thread';
    const first = await page.evaluate(async ({ engineModule, MODEL, REQUEST, isolated }) => {
      const engine = await import(engineModule);
      // Isolated: every core (the app itself leaves one core to the page, so on 2 cores it runs
      // one thread: the single-threaded row is what it gets there).
      const threads = isolated ? navigator.hardwareConcurrency : 1;
      let t = performance.now();
      await engine.downloadModel(`${location.origin}/test-models/${MODEL}`);
      const download = performance.now() - t;
      t = performance.now();
      const loaded = await engine.loadModel(MODEL, { threads });
      const load = performance.now() - t;
      const answer = JSON.parse(await engine.complete(JSON.stringify(REQUEST), () => {}, new AbortController().signal));
      return { download_ms: download, load_ms: load, multithread: loaded.multithread, timings: answer.timings,
        threads: navigator.hardwareConcurrency, isolated: crossOriginIsolated };
    }, { engineModule, MODEL, REQUEST, isolated });
    await page.reload();
    const opfs = await page.evaluate(async ({ engineModule, MODEL, isolated }) => {
      const engine = await import(engineModule);
      const t = performance.now();
      await engine.loadModel(MODEL, { threads: isolated ? navigator.hardwareConcurrency : 1 });
      return performance.now() - t;
    }, { engineModule, MODEL, isolated });
    results[mode] = { ...first, opfs_load_ms: opfs };
    console.log(JSON.stringify({ mode, ...results[mode] }));
    if (isolated) {
      await page.reload();
      results.review_in_tab = await reviewRound(page, async (drawer) => {
        await drawer.getByLabel('Provider').selectOption('in_tab');
        await drawer.getByRole('radio', { name: new RegExp(MODEL.replace(/\./g, '\\.')) }).check();
      });
      console.log(JSON.stringify({ review_in_tab: results.review_in_tab }));
    }
    await context.close();
  }

  // The same model on llama-server, one slot (as the tab has one sequence), all cores.
  servers.push(await start('bash', ['tests/real_model/serve.sh', '--port', String(SERVER_PORT), '--ctx', '8192', '--slots', '1'],
    {}, /server is listening|listening on/));
  const url = `http://127.0.0.1:${SERVER_PORT}/v1`;
  const answer = await (await fetch(`${url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify(REQUEST) })).json();
  results.server = { timings: answer.timings };
  console.log(JSON.stringify({ server: results.server }));
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${PORT}/`);
  results.review_server = await reviewRound(page, async (drawer) => {
    await drawer.getByLabel('Provider').selectOption('openai_compatible');
    await drawer.getByLabel('Base URL').fill(url);
    await drawer.getByLabel('Model', { exact: true }).fill('smollm2-135m-instruct');
  });
  console.log(JSON.stringify({ review_server: results.review_server }));
  await context.close();
} finally {
  await browser.close();
  for (const server of servers) server.kill();
}
console.log(`IN_TAB ${JSON.stringify(results)}`);
