// The packed npm package in a Vite 8 + TypeScript app (web/examples/vite-app; its build.sh, which
// tests/suites.sh runs before this suite, installs the tarball and builds into target/vite-app):
// a tailoring run on the demo provider, every `interrupted` event answered in a plain
// `for await` loop, once from the production build and once under Vite's dev server. The page
// has a strict Content-Security-Policy (index.html: `connect-src 'self'`, no data:), and the
// build keeps Vite's default `assetsInlineLimit`, so some chunks are data: URLs: the run proves
// the package's loader decodes them without a fetch (any CSP violation is a console error here).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { EMBED_PORT } from '../playwright.config.mjs';

const BUILD_PORT = EMBED_PORT + 1;
const DEV_PORT = EMBED_PORT + 2;
const APP = 'examples/vite-app';
const DIST = '../target/vite-app';

/** Starts a server and resolves once it prints `ready` (a line matching it). */
function start(command, args, options, ready) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (ready.test(output)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${output}`)));
  });
}

async function tailorAndCheck(page, url) {
  const errors = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(url);
  await expect(page.locator('#status')).toHaveText('ready', { timeout: 20_000 });
  await page.getByRole('button', { name: /Tailor/ }).click();
  await expect(page.locator('#status')).toHaveText('done', { timeout: 30_000 });

  const result = JSON.parse(await page.locator('#result').textContent());
  // Two questions (Kafka, Redis are missing) and the draft review, each answered once.
  expect(result.answered).toHaveLength(3);
  expect(new Set(result.answered).size).toBe(3);
  await expect(page.locator('#pauses li')).toHaveText([/^question 1\/2: /, /^question 2\/2: /, /^review: ATS \d+\/\d+$/]);
  // The subgraph's end is not the run's: one run_finished, the last event.
  expect(result.runFinished).toBe(1);
  expect(result.lastEvent).toBe('run_finished');
  expect(result.subgraphEvents).toBeGreaterThan(0);
  expect(result.humanDecision).toBe('approved');
  expect(result.masterResumeUpdated).toBe(true);
  expect(result.tailoredResume).toBe(true);
  expect(result.atsScore).toBeGreaterThan(0);
  // A second answer to a pause: a CareerGraphError by class, with its code.
  expect(result.secondAnswer).toBe('no_pending_interrupt');
  expect(errors).toEqual([]);
}

test.describe('the package in a Vite app', () => {
  const servers = [];
  test.beforeAll(async () => {
    if (!existsSync(`${DIST}/index.html`)) {
      throw new Error('target/vite-app is missing: run `bash web/examples/vite-app/build.sh` (after `make pkg`)');
    }
  });
  test.afterAll(() => servers.forEach((server) => server.kill()));

  test('vite build: each pause answered once, the final state typed and right', async ({ page }) => {
    // What this run proves: a strict policy, and chunks Vite inlined as data: URLs.
    const html = readFileSync(`${DIST}/index.html`, 'utf8');
    expect(html).toMatch(/http-equiv="Content-Security-Policy"[^>]*connect-src 'self';/);
    expect(html).not.toMatch(/Content-Security-Policy[^>]*data:/);
    const script = readdirSync(`${DIST}/assets`).find((f) => /^index-.*\.js$/.test(f));
    const inlined = readFileSync(`${DIST}/assets/${script}`, 'utf8').split('data:application/wasm;base64,').length - 1;
    expect(inlined, 'chunks Vite inlined as data: URLs').toBeGreaterThan(0);
    // Served like the other pages (e2e/serve.mjs), by this spec alone.
    servers.push(await start('node', ['e2e/serve.mjs', DIST, String(BUILD_PORT)], {}, /serving/));
    await tailorAndCheck(page, `http://127.0.0.1:${BUILD_PORT}/`);
  });

  test('vite dev server (optimizeDeps.exclude): the same run', async ({ page }) => {
    servers.push(await start('node', ['node_modules/vite/bin/vite.js', '--port', String(DEV_PORT), '--strictPort', '--host', '127.0.0.1'],
      { cwd: APP }, /ready in/));
    await tailorAndCheck(page, `http://127.0.0.1:${DEV_PORT}/`);
  });
});
