// Batch screening when the provider refuses the API key on the candidates' calls (the job
// analysis went through): the batch pauses and counts the candidates whose call was refused apart
// from those never sent; with a new key in Settings, "Go on" re-opens the run on that key and
// screens every candidate; "Stop here" ends the batch as stopped (not finished), and "Retry
// failed" screens the waiting candidates once the key works. The mock refuses the parser's calls
// with OpenAI's real 401 body until the test resets it, as a provider does until the key is fixed.
import { test, expect } from '@playwright/test';
import { mock, requests, useMock } from './fixtures/runs.mjs';

const JOB = 'Backend Engineer\nRequirements:\n- Rust\n- PostgreSQL';
const PARSER = 'You are the resume parser';
const NEW_KEY = 'sk-test-e2e-fixed';
const N = 4;

const header = (call, name) => call.headers.find(([n]) => n === name)?.[1];

function resume(i) {
  const text = `# Candidate ${'ABCD'[i]} Quillon\n## Experience\n### Engineer — Fictive Works ${i} (2018–2024)\n- Built Rust services\n## Skills\nRust, zqkey-${i}-kq\n`;
  return { name: `candidate-${i + 1}.md`, mimeType: 'text/markdown', buffer: Buffer.from(text) };
}

/** Starts a batch of N whose parser calls the provider refuses, and waits for the key question. */
async function pausedAtTheKey(page, request) {
  await page.goto('/');
  await page.getByTestId('workflow').selectOption('batch_screening');
  await expect(page.getByTestId('batch-form')).toBeVisible({ timeout: 30_000 });
  await useMock(page);
  await page.getByTestId('batch-jd').fill(JOB);
  await page.getByTestId('batch-files').setInputFiles(Array.from({ length: N }, (_, i) => resume(i)));
  await mock(request, 'script', [{ provider: 'openai', role: PARSER, status: 401 }]);
  await page.getByTestId('batch-run').click();
  const dialog = page.getByTestId('batch-key-dialog');
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('batch-phase')).toHaveAttribute('data-phase', 'waiting');
  // Counted as they were: the candidates whose call went out (and was refused), the rest not sent.
  const sent = (await requests(request)).filter((r) => r.method === 'POST' && r.body.includes(PARSER)).length;
  expect(sent).toBeGreaterThan(0);
  expect(sent).toBeLessThan(N);
  await expect(page.getByTestId('batch-key-why')).toContainText(
    `${sent} candidate(s) had their call refused, and ${N - sent} more were not started (no call was sent for them)`,
  );
  return dialog;
}

/** Hides the key question, puts `key` in Settings and closes the drawer, as a person fixes it. */
async function keyInSettings(page, key) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('batch-key-dialog')).toBeHidden();
  await page.getByRole('button', { name: 'Settings' }).click();
  const drawer = page.getByRole('complementary', { name: 'Settings' });
  await drawer.getByLabel('API key').fill(key);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

/** Asks the key question again and answers Go on. */
async function goOn(page) {
  await page.getByTestId('batch-reopen-key').click();
  await page.getByTestId('batch-key-go-on').click();
}

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

test('a refused key pauses the batch; with a new key, Go on screens every candidate', async ({ page, request }) => {
  test.setTimeout(120_000);
  await pausedAtTheKey(page, request);
  // Focus starts on Go on. Escape hides the question while the key is fixed in Settings.
  await expect(page.getByTestId('batch-key-go-on')).toBeFocused();
  await keyInSettings(page, NEW_KEY);
  // The provider takes the new key from here on.
  await mock(request, 'reset');
  await goOn(page);
  await expect(page.getByTestId('batch-phase')).toHaveAttribute('data-phase', 'finished', { timeout: 60_000 });
  const statuses = await page.getByTestId('batch-row').evaluateAll((trs) => trs.map((tr) => tr.dataset.status));
  expect(statuses).toEqual(Array(N).fill('screened'));
  // Every call after Go on carried the new key: the run was re-opened on it, not on the old one.
  const calls = (await requests(request)).filter((r) => r.method === 'POST');
  expect(calls.filter((r) => r.body.includes(PARSER))).toHaveLength(N);
  expect(calls.every((r) => header(r, 'authorization') === `Bearer ${NEW_KEY}`)).toBe(true);
  // One run in the list, finished.
  await expect(page.getByTestId('run-entry')).toHaveCount(1);
  await expect(page.getByTestId('run-entry').first()).toHaveAttribute('data-status', 'done');
});

test('Stop here at a refused key ends the batch as stopped, and Retry failed screens the rest', async ({ page, request }) => {
  test.setTimeout(120_000);
  await pausedAtTheKey(page, request);
  await page.getByTestId('batch-key-stop').click();
  const phase = page.getByTestId('batch-phase');
  await expect(phase).toHaveAttribute('data-phase', 'stopped', { timeout: 30_000 });
  await expect(phase).toContainText(`${N} of ${N} candidate(s) were not screened`);
  await expect(phase).not.toContainText('finished');
  const retry = page.getByTestId('batch-retry');
  await expect(retry).toBeVisible();
  await mock(request, 'reset');
  await retry.click();
  await expect(phase).toHaveAttribute('data-phase', 'finished', { timeout: 60_000 });
  const statuses = await page.getByTestId('batch-row').evaluateAll((trs) => trs.map((tr) => tr.dataset.status));
  expect(statuses).toEqual(Array(N).fill('screened'));
});

test('Go on with no key left in Settings says why and keeps the run this tab\'s', async ({ page, request }) => {
  test.setTimeout(120_000);
  await pausedAtTheKey(page, request);
  const held = () => page.evaluate(async () => (await navigator.locks.query()).held
    .map((l) => l.name).filter((n) => n.startsWith('careergraph-run:')));
  expect(await held()).toHaveLength(1);
  // The key is cleared instead of fixed: the run cannot be re-opened on it.
  await keyInSettings(page, '');
  await goOn(page);
  // Still paused and asking again; its Web Lock is still this tab's, so no other tab drives it.
  await expect(page.getByTestId('batch-phase')).toHaveAttribute('data-phase', 'waiting');
  await expect(page.getByTestId('batch-key-dialog')).toBeVisible();
  await expect.poll(held, { timeout: 10_000 }).toHaveLength(1);
  // With a key, Go on goes on.
  await keyInSettings(page, NEW_KEY);
  await mock(request, 'reset');
  await goOn(page);
  await expect(page.getByTestId('batch-phase')).toHaveAttribute('data-phase', 'finished', { timeout: 60_000 });
});
