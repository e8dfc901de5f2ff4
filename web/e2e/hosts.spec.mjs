// An API key never reaches the wrong host. One mock answers under two names (localhost and
// 127.0.0.1), and its request log shows which host got which header: each provider keeps its own
// base URL, a first-party key goes to a host other than the provider's own only once the user
// confirmed that very host, and an unconfirmed host gets nothing.
import { test, expect } from '@playwright/test';
import { MOCK, mock, requests } from './fixtures/runs.mjs';

const PORT = new URL(MOCK).port;
const LOCAL = `localhost:${PORT}`;
const LOOPBACK = `127.0.0.1:${PORT}`;
const KEY = 'sk-test-e2e';

const header = (request, name) => request.headers.find(([n]) => n === name)?.[1];
/** The mock's log without CORS preflights: host and authorization of each provider call. */
async function calls(request) {
  return (await requests(request))
    .filter((r) => r.method === 'POST')
    .map((r) => ({ host: header(r, 'host'), authorization: header(r, 'authorization') ?? null }));
}

async function openSettings(page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  return page.getByRole('complementary', { name: 'Settings' });
}

async function closeSettings(page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('complementary', { name: 'Settings' })).toBeHidden();
}

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

test('each provider keeps its base URL, and a key goes only to the host confirmed for it', async ({ page, request }) => {
  await page.goto('/');
  let drawer = await openSettings(page);
  await drawer.getByLabel('Max iterations').fill('1');
  await drawer.getByLabel('Max iterations').press('Tab');
  await drawer.getByLabel('Design review at the end').uncheck();

  // 1. An OpenAI-compatible server at localhost, no key.
  await drawer.getByLabel('Provider').selectOption('openai_compatible');
  await drawer.getByLabel('Model', { exact: true }).fill('gpt-4o-mini');
  await drawer.getByLabel('Base URL').fill(`http://${LOCAL}/v1`);
  await expect(drawer.getByRole('checkbox', { name: /^Send my/ })).toBeHidden();
  await closeSettings(page);
  // The server is asked which server it is (/v1/models) and then only the routes it has: no
  // probe of llama.cpp's or Ollama's routes answers 404 in the console.
  const notFound = [];
  page.on('response', (response) => { if (response.status() === 404) notFound.push(response.url()); });
  await page.getByRole('button', { name: 'Run' }).click();
  // The mock wants a key even here, so its first 401 stops the run and says so (seen: a
  // refused key never ends as "Review finished").
  await expect(page.getByTestId('phase')).toHaveText(/^The review failed: The provider refused the API key/, { timeout: 30_000 });
  const local = await calls(request);
  expect(local.length).toBeGreaterThan(0);
  expect(local.every((c) => c.host === LOCAL && c.authorization === null)).toBe(true);
  expect(notFound).toEqual([]);

  // 2. OpenAI with a key: its own base URL is empty (the default), so the key goes to
  // api.openai.com, never to the compatible server's localhost. The browser cannot reach
  // api.openai.com here: the route answers 401 for it and records what was sent.
  await mock(request, 'reset');
  const openai = [];
  await page.route('https://api.openai.com/**', async (route) => {
    openai.push(await route.request().allHeaders());
    await route.fulfill({ status: 401, headers: { 'access-control-allow-origin': '*' }, contentType: 'application/json',
      body: JSON.stringify({ error: { message: 'no network in tests', type: 'invalid_request_error' } }) });
  });
  drawer = await openSettings(page);
  await drawer.getByLabel('Provider').selectOption('openai');
  await drawer.getByLabel('API key').fill(KEY);
  await expect(drawer.getByLabel('Base URL')).toHaveValue('');
  await expect(drawer.getByLabel('Base URL')).toHaveAttribute('placeholder', 'https://api.openai.com/v1');
  await closeSettings(page);
  await page.getByRole('button', { name: 'Run' }).click();
  await expect.poll(() => openai.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(openai[0].authorization).toBe(`Bearer ${KEY}`);
  await expect(page.getByRole('button', { name: 'Run' })).toBeEnabled({ timeout: 30_000 });
  expect(await calls(request)).toEqual([]);
  await page.unroute('https://api.openai.com/**');

  // 3. OpenAI's base URL set to the mock as 127.0.0.1, not confirmed: refused, naming the host;
  // nothing is sent.
  drawer = await openSettings(page);
  await drawer.getByLabel('Base URL').fill(`${MOCK}/v1`);
  const confirm = drawer.getByRole('checkbox', { name: `Send my OpenAI key to ${LOOPBACK}` });
  await expect(confirm).toBeVisible();
  await expect(confirm).not.toBeChecked();
  await closeSettings(page);
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('status')).toContainText(LOOPBACK);
  await expect(page.getByTestId('status')).not.toContainText(KEY);
  expect(await calls(request)).toEqual([]);

  // 4. Confirmed: the key reaches 127.0.0.1, and only there.
  drawer = await openSettings(page);
  await confirm.check();
  await closeSettings(page);
  await page.getByRole('button', { name: 'Run' }).click();
  // (The phase may still read "finished" from step 2: wait for this run's calls and its end.)
  await expect.poll(async () => (await calls(request)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole('button', { name: 'Run' })).toBeEnabled({ timeout: 30_000 });
  const confirmed = await calls(request);
  expect(confirmed.length).toBeGreaterThan(0);
  expect(confirmed.every((c) => c.host === LOOPBACK && c.authorization === `Bearer ${KEY}`)).toBe(true);

  // The compatible server kept its own URL; changing OpenAI's URL withdraws the confirmation.
  drawer = await openSettings(page);
  await drawer.getByLabel('Provider').selectOption('openai_compatible');
  await expect(drawer.getByLabel('Base URL')).toHaveValue(`http://${LOCAL}/v1`);
  await drawer.getByLabel('Provider').selectOption('openai');
  await expect(confirm).toBeChecked();
  await drawer.getByLabel('Base URL').fill(`http://${LOCAL}/v1`);
  await expect(drawer.getByRole('checkbox', { name: `Send my OpenAI key to ${LOCAL}` })).not.toBeChecked();
  await drawer.getByLabel('Base URL').fill(`${MOCK}/v1`);
  await expect(confirm).not.toBeChecked();
  // Nothing on the way broke the page (ticking the confirmation once panicked).
  await expect(page.getByTestId('panic-banner')).toHaveCount(0);
});

test('a base URL that is not https (off this machine) or carries a secret is refused in the drawer', async ({ page }) => {
  await page.goto('/');
  const drawer = await openSettings(page);
  await drawer.getByLabel('Provider').selectOption('openai_compatible');
  const problem = drawer.getByTestId('base-url-problem');
  await expect(problem).toBeHidden();
  for (const [url, says] of [
    ['http://llm.example/v1', 'https://'],
    ['https://user:secret@llm.example/v1', 'user name or password'],
    ['https://llm.example/v1?key=abc', 'query'],
    ['https://llm.example/v1#top', 'fragment'],
  ]) {
    await drawer.getByLabel('Base URL').fill(url);
    await expect(problem).toContainText(says);
  }
  await drawer.getByLabel('Base URL').fill('https://llm.example/v1');
  await expect(problem).toBeHidden();
});

test('the confirmation speaks Chinese when the app does', async ({ page }) => {
  await page.goto('/');
  await openSettings(page);
  const drawer = page.getByTestId('settings-drawer');
  await drawer.getByTestId('language').selectOption('zh');
  await drawer.getByTestId('provider').selectOption('anthropic');
  await drawer.getByTestId('base-url').fill(`${MOCK}`);
  await expect(drawer.getByRole('checkbox', { name: `把我的 Anthropic 密钥发送到 ${LOOPBACK}` })).toBeVisible();
});

test('a single base URL saved by an older version stays with the provider it was chosen for, unconfirmed', async ({ page }) => {
  await page.goto('/');
  await page.evaluate((url) => localStorage.setItem('careergraph.settings.v1', JSON.stringify({ provider: 'openai', base_url: url })), `${MOCK}/v1`);
  await page.reload();
  let drawer = await openSettings(page);
  await expect(drawer.getByLabel('Provider')).toHaveValue('openai');
  await expect(drawer.getByLabel('Base URL')).toHaveValue(`${MOCK}/v1`);
  await expect(drawer.getByRole('checkbox', { name: `Send my OpenAI key to ${LOOPBACK}` })).not.toBeChecked();
  await drawer.getByLabel('Provider').selectOption('gemini');
  await expect(drawer.getByLabel('Base URL')).toHaveValue('');

  // Saved with the demo selected: the URL can only have been the compatible server's.
  await page.evaluate((url) => localStorage.setItem('careergraph.settings.v1', JSON.stringify({ provider: 'demo', base_url: url })), `http://${LOCAL}/v1`);
  await page.reload();
  drawer = await openSettings(page);
  await drawer.getByLabel('Provider').selectOption('openai_compatible');
  await expect(drawer.getByLabel('Base URL')).toHaveValue(`http://${LOCAL}/v1`);
  await drawer.getByLabel('Provider').selectOption('openai');
  await expect(drawer.getByLabel('Base URL')).toHaveValue('');
});
