// A hostile or broken provider, seen from the Resume review page: every fault ends the run with a
// result or a clear message, the page stays usable (a second run works), and the API key appears
// nowhere: not in the page text, the stored data (localStorage, every IndexedDB store) or the console.
// The mock provider's fault rules are documented in tests/mock_provider/README.md.
import { test, expect } from '@playwright/test';
import { mock, requests, useMock, MOCK } from './fixtures/runs.mjs';

const KEY = 'sk-test-e2e';
// The one place a key may be stored: the key store, when "Remember keys on this device" is on.
const KEY_STORE = 'careergraph.keys.v1';

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

/** Every console message, whatever its type, and uncaught page errors. */
function recordConsole(page) {
  const messages = [];
  page.on('console', (message) => messages.push(message.text()));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

/** localStorage (except the key store) and every record of every IndexedDB store, as text. */
async function storedText(page) {
  return page.evaluate(async (keyStore) => {
    const decode = (_, value) => {
      if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
        return new TextDecoder().decode(value instanceof ArrayBuffer ? value : value.buffer);
      }
      return value;
    };
    const parts = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const name = localStorage.key(i);
      if (name !== keyStore) parts.push(`${name}=${localStorage.getItem(name)}`);
    }
    for (const { name } of await indexedDB.databases()) {
      const db = await new Promise((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of db.objectStoreNames) {
        const all = await new Promise((resolve, reject) => {
          const get = db.transaction(store, 'readonly').objectStore(store).getAll();
          get.onsuccess = () => resolve(get.result);
          get.onerror = () => reject(get.error);
        });
        parts.push(`${name}/${store}=${JSON.stringify(all, decode)}`);
      }
      db.close();
    }
    return parts.join('\n');
  }, KEY_STORE);
}

async function expectNoKeyAnywhere(page, consoleMessages) {
  expect(await page.locator('body').innerText()).not.toContain(KEY);
  const stored = await storedText(page);
  expect(stored.length).toBeGreaterThan(0);
  expect(stored).not.toContain(KEY);
  for (const message of consoleMessages) expect(message).not.toContain(KEY);
}

async function startReview(page) {
  await page.goto('/');
  await useMock(page, { maxIterations: 1 });
  await page.getByLabel('Resume', { exact: true }).fill('Robin Example\n- Led a fictional team of four at Example Corp (2020–2024)');
  await page.getByRole('button', { name: 'Run' }).click();
}

/** The run ended (finished or failed, not still reviewing) with an error matching `message`. */
async function expectEndedWith(page, message, timeout = 60_000) {
  await expect(page.getByTestId('run-error')).toContainText(message, { timeout });
  await expect(page.getByTestId('phase')).not.toHaveText('Reviewing…', { timeout });
  await expect(page.getByTestId('run-entry').first()).toHaveAttribute('data-status', /^(done|failed)$/);
}

/** A second run, against a healthy mock, finishes: the page stayed usable. */
async function expectSecondRunWorks(page, request) {
  await mock(request, 'reset');
  await expect(page.getByRole('button', { name: 'Run' })).toBeEnabled();
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 60_000 });
  await expect(page.getByTestId('run-error')).toHaveCount(0);
}

const FAULTS = [
  {
    name: '429 with a Retry-After of 1e20 fails fast, saying how long was asked',
    rules: [{ role: 'critic', status: 429, retry_after_header: '1e20' }],
    message: /rate limit.*(year|days)/i,
    // No retry: one request per critic.
    check: (seen) => expect(seen.filter((r) => r.rule === 0).length).toBeLessThanOrEqual(3),
  },
  {
    name: '500 on every attempt ends after the retries',
    rules: [{ role: 'critic', status: 500 }],
    message: /unavailable/i,
    check: (seen) => expect(seen.filter((r) => r.rule === 0).length).toBeGreaterThan(3),
  },
  {
    name: 'a stream dropped mid-answer',
    rules: [{ role: 'critic', stream: true, drop_after_events: 2 }],
    message: /mid-answer|stopped streaming/i,
  },
  {
    name: 'a 20 MB body',
    rules: [{ role: 'critic', body_bytes: 20_000_000 }],
    message: /larger than/i,
  },
  {
    name: 'malformed JSON in the stream',
    rules: [{ role: 'critic', body: 'data: {"choices": [{"delta": {"content": "Hel\n\n', content_type: 'text/event-stream' }],
    message: /could not be decoded/i,
  },
  {
    name: 'an answer cut at the token limit (no repair call)',
    rules: [{ role: 'critic', finish: 'length' }],
    message: /token limit/i,
    check: (seen) => expect(seen.filter((r) => r.body.includes('Your previous answer could not be used'))).toHaveLength(0),
  },
  {
    name: 'an error body that echoes the key',
    rules: [{ role: 'critic', echo_key: true, status: 400 }],
    // The provider's message is shown, with the key replaced.
    message: /Incorrect API key provided: \*\*\*/,
  },
];

for (const fault of FAULTS) {
  test(`fault: ${fault.name}`, async ({ page, request }) => {
    const consoleMessages = recordConsole(page);
    await mock(request, 'script', fault.rules);
    await startReview(page);
    await expectEndedWith(page, fault.message);
    if (fault.check) fault.check(await requests(request));
    await expectNoKeyAnywhere(page, consoleMessages);
    await expectSecondRunWorks(page, request);
    await expectNoKeyAnywhere(page, consoleMessages);
  });
}

test('fault: a stream that trickles forever ends at the call deadline', async ({ page, request }) => {
  const consoleMessages = recordConsole(page);
  // The page's timers are faked: the deadline (180 s of page time) passes in a few real seconds,
  // while the mock keeps sending a token every 200 ms of real time.
  await page.clock.install();
  await mock(request, 'script', [{ role: 'critic', stream: true, forever: true, event_delay_ms: 200 }]);
  await startReview(page);
  await expect(page.getByTestId('card-recruiter').getByTestId('card-stream')).not.toBeEmpty({ timeout: 30_000 });
  const error = page.getByTestId('run-error');
  // Steps of 20 s: every step sees new tokens, so only the whole-call deadline can fire, not the
  // idle timeout (120 s without a token).
  for (let step = 0; step < 15 && !(await error.isVisible()); step += 1) {
    await page.clock.runFor(20_000);
    await page.waitForTimeout(300);
  }
  await expectEndedWith(page, /did not answer within 180/i, 30_000);
  await expectNoKeyAnywhere(page, consoleMessages);
  await expectSecondRunWorks(page, request);
});

test('the mock answers the fault rules the spec relies on', async ({ request }) => {
  // A guard that the mock in use knows the fault rules (an older mock would answer normally).
  await mock(request, 'script', [{ echo_key: true, status: 401 }]);
  const response = await request.post(`${MOCK}/v1/chat/completions`, {
    headers: { authorization: `Bearer ${KEY}` },
    data: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
  });
  expect(response.status()).toBe(401);
  expect(await response.text()).toContain(KEY);
});
