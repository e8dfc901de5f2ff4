// Figure for issue "review workflow": with the mock provider delaying every critic call by L, how
// long is the critic phase (first critic starts → last critic done) in headless Chromium, as a
// ratio to L? Parallel critics give ≈ 1 × L; serial ones would give 3 × L.
// Usage (from the repo root, after `make build-release`): node web/bench/critic-phase.mjs [L_ms] [runs]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chromium } from '@playwright/test';

const L = Number(process.argv[2] ?? 1000);
const RUNS = Number(process.argv[3] ?? 5);
const PAGE_PORT = 4180;

function start(command, args, readyPattern) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(readyPattern);
      if (match) resolve({ child, match });
    });
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}`)));
  });
}

// Cargo puts the mock server under CARGO_TARGET_DIR when that is set (a shared build dir).
const targetDir = process.env.CARGO_TARGET_DIR ?? 'target';
const mock = await start(`${targetDir}/debug/examples/mock_provider`, ['--port', '0'], /listening on (http:\/\/\S+)/);
const mockUrl = mock.match[1];
const site = await start('node', ['web/e2e/serve.mjs', 'dist', String(PAGE_PORT)], /serving/);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const phases = [];
try {
  for (let run = 0; run < RUNS; run++) {
    await fetch(`${mockUrl}/__mock/reset`, { method: 'POST' });
    await fetch(`${mockUrl}/__mock/script`, {
      method: 'POST',
      // The whole delay is L before the answer; its stream events then follow without spacing.
      body: JSON.stringify([{ provider: 'openai', role: 'critic', delay_ms: L, event_delay_ms: 0 }]),
    });
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${PAGE_PORT}/`);
    await page.evaluate(({ mockUrl }) => {
      localStorage.setItem('careergraph.settings.v1', JSON.stringify({
        provider: 'openai', base_url: `${mockUrl}/v1`, max_iterations: 1, design_review: false,
      }));
      sessionStorage.setItem('careergraph.keys.v1', JSON.stringify({ openai: 'sk-test-bench' }));
    }, { mockUrl });
    await page.reload();
    // Record when each node first shows each status, with the page's own clock.
    await page.evaluate(() => {
      window.__seen = {};
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[data-testid^="node-"]')) {
          window.__seen[`${el.dataset.testid.slice(5)}:${el.dataset.status}`] ??= performance.now();
        }
      }).observe(document.body, { subtree: true, attributes: true, childList: true });
    });
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByTestId('phase').filter({ hasText: 'Review finished.' }).waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => window.__seen);
    if (process.env.DEBUG) console.log(seen);
    const critics = ['recruiter', 'tech_writer', 'copywriter'];
    const first = Math.min(...critics.map((c) => seen[`${c}:running`]));
    const last = Math.max(...critics.map((c) => seen[`${c}:done`]));
    phases.push(last - first);
    await page.close();
  }
} finally {
  await browser.close();
  mock.child.kill();
  site.child.kill();
}

phases.sort((a, b) => a - b);
const median = phases[Math.floor(phases.length / 2)];
console.log(`critic phase, mock delay L = ${L} ms per critic, ${RUNS} runs in headless Chromium`);
console.log(`  runs (ms): ${phases.map((p) => p.toFixed(0)).join(', ')}`);
console.log(`  median: ${median.toFixed(0)} ms = ${(median / L).toFixed(3)} × L   (serial critics would be ≥ 3 × L)`);
