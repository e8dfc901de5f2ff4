// The npm package (target/pkg/web) on the model inside the tab: the plain embed page
// (web/examples/embed.html) keeps SmolLM2-135M-Instruct from the test server with
// `Runner.downloadInTabModel`, configures `provider: "in_tab"` and screens a fictional resume
// with `batch_screening` (one model call per candidate, the shortest workflow on a slow model: a
// second candidate took minutes more; the app's review and tailoring run in in-tab.spec.mjs). wllama's files are served beside the
// page under wllama/, as the package README tells a host to. Witnesses: the run ends with a
// result whose rows are screened or name their error, or with a named error; no request leaves
// the page's origin.
import { test, expect } from '@playwright/test';
import { REAL_EMBED_PORT } from '../playwright.real.config.mjs';

const MODEL_FILE = 'SmolLM2-135M-Instruct.Q4_1.gguf';
if (!process.env.IN_TAB_MODEL_DIR) throw new Error('IN_TAB_MODEL_DIR is not set: run tests/real_model/suite.sh');

const EMBED_URL = `http://127.0.0.1:${REAL_EMBED_PORT}/embed.html`;
const RUN_BOUND = 600_000;
const JOB = 'Backend Engineer (fictional)\nRequirements:\n- Go\n- PostgreSQL\n- Kubernetes';
const RESUME = (name, stack) => `${name} — Backend Engineer\nExperience: Example Freight (2019–2024), built the billing service in ${stack}.\nSkills: ${stack}.`;

test('the package on the model inside the tab: a resume screened, nothing off the origin', async ({ page }) => {
  test.setTimeout(RUN_BOUND + 120_000);
  const consoleErrors = [];
  const requests = [];
  page.on('console', (msg) => { if (msg.type() === 'error') consoleErrors.push(msg.text()); });
  page.on('pageerror', (err) => consoleErrors.push(String(err)));
  page.context().on('request', (request) => requests.push(request.url()));
  await page.goto(EMBED_URL);
  await expect(page.locator('#status')).toHaveText('ready');

  const started = Date.now();
  const outcome = await page.evaluate(async ({ address, job, resumes }) => {
    const { Runner } = await import('./pkg/index.js');
    const kept = await Runner.downloadInTabModel(address);
    const listed = (await Runner.inTabModels()).map((m) => m.name);
    const runner = new Runner({ provider: 'in_tab', model: kept.name, maxAnswerTokens: 128 });
    const run = runner.start('batch_screening', { jobDescription: job, resumes });
    const types = [];
    run.subscribe((event) => types.push(event.type));
    try {
      const state = await run.result();
      return { kept, listed, types, rows: state.table.map((r) => ({ status: r.status, error: r.error, score: r.overall_score })) };
    } catch (error) {
      return { kept, listed, types, error: { code: error.code, message: error.message } };
    }
  }, {
    address: `${new URL(EMBED_URL).origin}/test-models/${MODEL_FILE}`,
    job: JOB,
    resumes: [{ label: 'one', text: RESUME('Robin Example', 'Go, PostgreSQL') }],
  });
  console.log(`the package in the tab, batch: ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(outcome.rows ?? outcome.error)}`);

  expect(outcome.kept.name).toBe(MODEL_FILE);
  expect(outcome.listed).toContain(MODEL_FILE);
  if (outcome.error) {
    // A named error: its code and a message that says what happened.
    expect(outcome.error.code).toBe('run_failed');
    expect(outcome.error.message.trim().length).toBeGreaterThan(11);
    expect(outcome.types.at(-1)).toBe('run_failed');
  } else {
    expect(outcome.types.at(-1)).toBe('run_finished');
    expect(outcome.rows).toHaveLength(1);
    for (const row of outcome.rows) {
      if (row.status === 'failed') {
        expect(row.error?.trim().length ?? 0).toBeGreaterThan(11);
        expect(row.error.toLowerCase()).not.toMatch(/unknown error|panicked/);
      } else {
        expect(row.status).toBe('screened');
        if (row.score !== null) expect(row.score).toBeGreaterThanOrEqual(0), expect(row.score).toBeLessThanOrEqual(100);
      }
    }
  }
  expect(consoleErrors).toEqual([]);
  const origin = new URL(EMBED_URL).origin;
  const away = requests.filter((url) => !url.startsWith(`${origin}/`) && !/^(blob|data):/.test(url));
  expect(away).toEqual([]);
  // The model file came from the test server once.
  expect(requests.filter((url) => url.endsWith(`/test-models/${MODEL_FILE}`))).toHaveLength(1);
});
