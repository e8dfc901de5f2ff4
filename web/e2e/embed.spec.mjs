// The npm package in a plain page: web/examples/embed.html imports target/pkg/web (`make pkg`)
// and runs a review with the demo provider and against the mock provider (tests/mock_provider).
import { test, expect } from '@playwright/test';
import { EMBED_PORT } from '../playwright.config.mjs';

const EMBED_URL = `http://127.0.0.1:${EMBED_PORT}/embed.html`;
import { MOCK as MOCK_URL } from './fixtures/mock-url.mjs';

test.describe('embedded package', () => {
  let consoleErrors;

  test.beforeEach(async ({ page }) => {
    consoleErrors = [];
    page.on('console', (msg) => { if (msg.type() === 'error') consoleErrors.push(msg.text()); });
    page.on('pageerror', (err) => consoleErrors.push(String(err)));
    await page.goto(EMBED_URL);
    await expect(page.locator('#status')).toHaveText('ready');
  });

  test('runs a review with the demo provider and shows events and the score', async ({ page }) => {
    await expect(page.locator('#diagram')).toContainText('recruiter');
    await page.getByRole('button', { name: 'Run review' }).click();
    await expect(page.locator('#score')).toHaveText(/^\d+\.\d$/);
    const events = page.locator('#events li');
    await expect(events.filter({ hasText: 'recruiter started' })).toHaveCount(1);
    await expect(events.last()).toHaveText('run finished');
    await expect(page.locator('#error')).toBeEmpty();
    expect(consoleErrors).toEqual([]);
  });

  test('runs a review against the mock OpenAI server; the key stays out of the page', async ({ page, request }) => {
    await request.post(`${MOCK_URL}/__mock/reset`);
    const key = 'sk-test-embed-0123456789';
    await page.getByLabel('Provider', { exact: true }).selectOption('openai');
    await page.getByLabel(/Base URL/).fill(`${MOCK_URL}/v1`);
    await page.getByLabel('Send my key to that host').check();
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Run review' }).click();
    // The mock scores every critic 7.5.
    await expect(page.locator('#score')).toHaveText('7.5', { timeout: 30_000 });
    const events = page.locator('#events');
    await expect(events).toContainText('tokens');
    await expect(events).not.toContainText('error');
    expect(await page.locator('body').innerText()).not.toContain(key);
    const seen = await (await request.get(`${MOCK_URL}/__mock/requests`)).json();
    expect(seen.length).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
  });

  test('a missing key is a CareerGraphError with its message and code', async ({ page }) => {
    await page.getByLabel('Provider', { exact: true }).selectOption('openai');
    await page.getByRole('button', { name: 'Run review' }).click();
    const error = page.locator('#error');
    await expect(error).toHaveAttribute('data-code', 'missing_key');
    await expect(error).toContainText('Add your OpenAI API key');
    await expect(page.locator('#events li')).toHaveCount(0);
  });

  // Seen: a refused key used to end with a made-up 5.0 after 13 refused calls.
  test('a refused key stops the run with a key_refused error and no score', async ({ page }) => {
    await page.getByLabel('Provider', { exact: true }).selectOption('openai');
    await page.getByLabel(/Base URL/).fill(`${MOCK_URL}/v1`);
    await page.getByLabel('Send my key to that host').check();
    await page.getByLabel('API key').fill('sk-wrong-key');
    await page.getByRole('button', { name: 'Run review' }).click();
    const error = page.locator('#error');
    await expect(error).toHaveAttribute('data-code', 'key_refused', { timeout: 30_000 });
    await expect(page.locator('#events li.agent_error').first()).toContainText('rejected the API key');
    await expect(page.locator('#score')).toHaveText('');
    await expect(page.locator('#status')).toHaveText('failed');
  });
});
