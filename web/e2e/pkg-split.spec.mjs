// The npm package's per-workflow split (web/pkg/build.sh): the `web` build of target/pkg
// loads each workflow's code (split_*.wasm, shared chunk_*.wasm) on its first `start()`. Checked
// in a real browser through the embed example's server (/pkg = target/pkg/web), demo provider, no
// key: every workflow runs to its end through its chunk, a `cancel()` before the chunk arrives is
// honoured, and a chunk that cannot be fetched ends the run with a clear error.
import { test, expect } from '@playwright/test';
import { EMBED_PORT } from '../playwright.config.mjs';

const EMBED_URL = `http://127.0.0.1:${EMBED_PORT}/embed.html`;
const CHUNK = /\/pkg\/(split|chunk)_[^/]*\.wasm$/;

// Fictional inputs chosen per workflow; a workflow not named here runs on an input made from its
// JSON schema (fromSchema), so a new workflow is checked without an edit here.
const RESUME = '# Robin Sample\n\n## Experience\nBackend engineer at Example Ledger, 2019-2025: Rust, Java, PostgreSQL, Kafka.\n';
const JOB = 'Senior Backend Engineer\nRequirements: Java, Rust, PostgreSQL and Kafka.';
const INPUTS = {
  resume_review: { resume: RESUME, targetRole: 'Backend engineer', maxIterations: 1 },
  resume_tailoring: { resume: RESUME, jobDescription: JOB, maxQuestions: 1 },
  hiring_pipeline: { resume: RESUME, jobDescription: JOB },
  career_navigator: { goal: 'Become a staff backend engineer within two years', maxIterations: 1 },
  cover_letter: { resume: RESUME, jobDescription: JOB, company: 'Example Ledger', role: 'Senior Backend Engineer' },
  batch_screening: {
    jobDescription: JOB,
    resumes: [{ label: 'one', text: RESUME }, { label: 'two', text: RESUME.replace('Kafka', 'Redis') }],
  },
};

/** An input from a workflow's input schema: every required text field filled with fictional
 * text (the resume, the job, or a line), by what its name says. */
function fromSchema(schema) {
  const input = {};
  for (const name of schema.required ?? []) {
    const property = schema.properties?.[name] ?? {};
    if (property.type !== 'string') throw new Error(`no input for the required ${name}: give the workflow one in INPUTS`);
    input[name] = /resume/i.test(name) ? RESUME : /job/i.test(name) ? JOB : 'A fictional line of text for this field.';
  }
  return input;
}

test.describe('split npm package', () => {
  let chunks;
  let consoleErrors;

  test.beforeEach(async ({ page }) => {
    chunks = [];
    consoleErrors = [];
    page.on('request', (req) => { if (CHUNK.test(req.url())) chunks.push(req.url().split('/').pop()); });
    page.on('console', (msg) => { if (msg.type() === 'error') consoleErrors.push(msg.text()); });
    page.on('pageerror', (err) => consoleErrors.push(String(err)));
    await page.goto(EMBED_URL);
    await expect(page.locator('#status')).toHaveText('ready');
  });

  test('every workflow runs to its end through its own chunk (demo provider)', async ({ page }) => {
    // The embed page shows its diagram at load (`Runner.mermaid`, synchronous): no chunk yet.
    await expect(page.locator('#diagram')).toContainText('recruiter');
    expect(chunks).toEqual([]);
    const workflows = await page.evaluate(async () => {
      const { Runner } = await import('./pkg/index.js');
      return Runner.workflows().map((w) => ({ id: w.id, schema: w.inputSchema }));
    });
    const ids = workflows.map((w) => w.id);
    // No chosen input for a workflow the package no longer has.
    expect(Object.keys(INPUTS).filter((id) => !ids.includes(id))).toEqual([]);
    for (const { id, schema } of workflows) {
      const before = chunks.length;
      const outcome = await page.evaluate(async ({ id, input }) => {
        const { Runner } = await import('./pkg/index.js');
        const runner = new Runner({ provider: 'demo' });
        const run = runner.start(id, input);
        const mermaid = run.mermaid;
        const types = [];
        run.subscribe((event) => {
          types.push(event.type);
          if (event.type !== 'interrupted') return;
          const { id: interrupt, kind } = event.interrupts[0];
          const answers = {
            question: 'I ran the Kafka consumers at Example Ledger',
            review: { decision: 'approve' },
            satisfaction: 5,
            confirm_plan: true,
          };
          run.answer(interrupt, answers[kind]);
        });
        const state = await run.result();
        return { mermaid, types, keys: Object.keys(state) };
      }, { id, input: INPUTS[id] ?? fromSchema(schema) });
      expect(outcome.mermaid, id).toContain('flowchart');
      expect(outcome.types.at(-1), id).toBe('run_finished');
      expect(outcome.types, id).toContain('node_started');
      expect(outcome.keys.length, id).toBeGreaterThan(0);
      // This workflow's own split point was fetched for its run (shared chunks at most once).
      expect(chunks.slice(before).some((f) => f.startsWith('split_')), `${id}: ${chunks}`).toBe(true);
    }
    // One split file per workflow, each fetched once.
    const splits = chunks.filter((f) => f.startsWith('split_'));
    expect(new Set(splits).size).toBe(ids.length);
    expect(splits.length).toBe(ids.length);
    expect(consoleErrors).toEqual([]);
  });

  test('cancel() before the chunk arrives: the run never starts and ends cancelled', async ({ page }) => {
    // Hold the chunks until the run has been cancelled.
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await page.route(CHUNK, async (route) => { await held; await route.continue(); });
    await page.evaluate(async (input) => {
      const { Runner } = await import('./pkg/index.js');
      const run = new Runner({ provider: 'demo' }).start('resume_review', input);
      window.__types = [];
      run.subscribe((event) => window.__types.push(event.type));
      window.__mermaid = run.mermaid;
      run.cancel();
      window.__result = run.result().then(() => 'finished', (e) => e.code);
    }, INPUTS.resume_review);
    await expect.poll(() => chunks.length).toBeGreaterThan(0);
    release();
    expect(await page.evaluate(() => window.__result)).toBe('cancelled');
    expect(await page.evaluate(() => window.__mermaid)).toContain('recruiter');
    // The chunk did arrive (a second run uses it) and the cancelled run said nothing.
    expect(await page.evaluate(() => window.__types)).toEqual([]);
    const again = await page.evaluate(async (input) => {
      const { Runner } = await import('./pkg/index.js');
      const state = await new Runner({ provider: 'demo' }).start('resume_review', input).result();
      return typeof state.final_score;
    }, INPUTS.resume_review);
    expect(again).toBe('number');
  });

  test('a chunk that cannot be fetched: a run_failed event and rejection that say what to serve', async ({ page }) => {
    await page.route(CHUNK, (route) => route.fulfill({ status: 404, body: 'not found' }));
    const outcome = await page.evaluate(async (input) => {
      const { Runner } = await import('./pkg/index.js');
      // Input is still checked synchronously while the code is missing.
      let invalid = null;
      try { new Runner({ provider: 'demo' }).start('hiring_pipeline', { resume: ' ', jobDescription: 'x' }); }
      catch (e) { invalid = e.code; }
      const run = new Runner({ provider: 'demo' }).start('hiring_pipeline', input);
      const events = [];
      run.subscribe((event) => events.push(event));
      const error = await run.result().then(() => null, (e) => ({ code: e.code, message: e.message }));
      return { invalid, error, events: events.map((e) => ({ type: e.type, error: e.error })) };
    }, INPUTS.hiring_pipeline);
    expect(outcome.invalid).toBe('invalid_input');
    expect(outcome.error.code).toBe('run_failed');
    expect(outcome.error.message).toContain('split_*.wasm');
    expect(outcome.events).toEqual([{ type: 'run_failed', error: outcome.error.message }]);
  });
});
