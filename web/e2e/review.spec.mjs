// The resume review end to end: the offline demo, then OpenAI and Anthropic wire formats against the
// mock provider server (tests/mock_provider, started by tests/suites.sh on 127.0.0.1:8787).
import { test, expect } from '@playwright/test';

import { MOCK } from './fixtures/mock-url.mjs';
const CRITICS = ['recruiter', 'tech_writer', 'copywriter'];

async function mock(request, path, body) {
  const response = await request.post(`${MOCK}/__mock/${path}`, { data: body ?? {} });
  expect(response.ok()).toBeTruthy();
}

async function configure(page, { provider, key, baseUrl, maxIterations }) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const drawer = page.getByRole('complementary', { name: 'Settings' });
  await drawer.getByLabel('Provider').selectOption(provider);
  if (key !== undefined) await drawer.getByLabel('API key').fill(key);
  if (baseUrl !== undefined) {
    await drawer.getByLabel('Base URL').fill(baseUrl);
    // A first-party key goes to the mock only once its host is confirmed.
    await drawer.getByRole('checkbox', { name: /^Send my .+ key to / }).check();
  }
  if (maxIterations !== undefined) {
    await drawer.getByLabel('Max iterations').fill(String(maxIterations));
    await drawer.getByLabel('Max iterations').press('Tab');
  }
  await page.keyboard.press('Escape');
}

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

test('demo review: three critic cards, a score per round, a final score and exports', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  for (const critic of CRITICS) {
    await expect(page.getByTestId(`card-${critic}`).getByTestId('card-score')).toContainText('/10');
  }
  await expect(page.getByTestId('final-score')).toHaveText(/^\d+\.\d$/);
  await expect(page.getByTestId('timeline').getByRole('img')).toHaveAttribute('aria-label', /Integrated score per round: \d/);
  await expect(page.getByTestId('node-design')).toHaveAttribute('data-status', 'done');
  const download = page.waitForEvent('download');
  await page.getByTestId('export-markdown').click();
  expect((await download).suggestedFilename()).toBe('resume-review.md');
  await page.screenshot({ path: '../target/playwright/review-demo.png', fullPage: true });
});

// The run engine is a lazily loaded chunk. Every chunk is held back here until Run was
// clicked, so the click comes before the engine's code: the button is busy at once, and the run
// starts once the code is there (a click is never lost).
test('a Run clicked before the run engine has loaded starts the run once it arrives', async ({ page }) => {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  let heldChunks = 0;
  await page.route(/\.wasm$/, async (route) => {
    if (!new URL(route.request().url()).pathname.endsWith('/careergraph_bg.wasm')) {
      heldChunks += 1;
      await held;
    }
    await route.continue();
  });
  await page.goto('/');
  // The run view is `run` too: the button is the form's.
  const run = page.getByTestId('run-form').getByTestId('run');
  await expect(run).toBeEnabled();
  await run.click();
  await expect(run).toBeDisabled();
  await expect(run).toHaveText('Running…');
  release();
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  await expect(run).toBeEnabled();
  expect(heldChunks, 'the run needed lazily loaded chunks').toBeGreaterThan(0);
});

for (const provider of ['openai', 'anthropic']) {
  test(`${provider} through the mock: critics run together and stream before their cards complete`, async ({ page, request }) => {
    // Slow critic streams (events 250 ms apart) so the page is seen mid-stream.
    await mock(request, 'script', [{ provider, role: 'critic', stream: true, event_delay_ms: 250 }]);
    await page.goto('/');
    await configure(page, { provider, key: 'sk-test-e2e', baseUrl: provider === 'openai' ? `${MOCK}/v1` : MOCK, maxIterations: 1 });
    await page.getByRole('button', { name: 'Run' }).click();

    // All three critic nodes lit at the same moment: they run in parallel.
    await expect.poll(async () => {
      const states = await Promise.all(CRITICS.map((c) => page.getByTestId(`node-${c}`).getAttribute('data-status')));
      return states.every((s) => s === 'running');
    }, { timeout: 10_000, intervals: [50] }).toBe(true);

    // Streamed text shows while the card has no score yet.
    const card = page.getByTestId('card-recruiter');
    await expect(card.getByTestId('card-stream')).not.toBeEmpty();
    await expect(card.getByTestId('card-score')).toHaveCount(0);

    await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
    await expect(card.getByTestId('card-score')).toContainText('7.5');
    await expect(page.getByTestId('final-score')).toHaveText('7.5');
    await expect(page.getByTestId('usage')).toContainText('input');

    const requests = await (await request.get(`${MOCK}/__mock/requests`)).json();
    expect(requests.length).toBeGreaterThan(3);
    expect(requests.every((r) => r.provider === provider)).toBe(true);
  });
}

test('a rejected key shows a clear error and keeps the inputs', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Resume', { exact: true }).fill('Sam Example\n- Built billing systems at Acme (2019–2024)');
  await configure(page, { provider: 'openai', key: 'bad-key', baseUrl: `${MOCK}/v1`, maxIterations: 1 });
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('run-error')).toContainText('rejected the API key', { timeout: 30_000 });
  await expect(page.getByTestId('run-error')).not.toContainText('bad-key');
  await expect(page.getByLabel('Resume', { exact: true })).toHaveValue(/Sam Example/);
});

test('Stop cancels the run in flight', async ({ page, request }) => {
  await mock(request, 'script', [{ provider: 'openai', role: 'critic', stream: true, event_delay_ms: 1_000 }]);
  await page.goto('/');
  await configure(page, { provider: 'openai', key: 'sk-test-e2e', baseUrl: `${MOCK}/v1`, maxIterations: 1 });
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('node-recruiter')).toHaveAttribute('data-status', 'running');
  await page.getByTestId('stop').click();
  await expect(page.getByTestId('phase')).toContainText('Stopped', { timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Run' })).toBeEnabled();
});
