// "Retry failed critics": a review whose copywriter failed ends with 2 of 3 critics
// answered and a button naming the copywriter. Pressed (from the keyboard), only the copywriter is
// asked again, on the same run: the round is scored from 3 of 3, the button goes, and a reload
// shows the retried result.
import { test, expect } from '@playwright/test';
import { mock, requests, useMock, watchConsole } from './fixtures/runs.mjs';

const COPYWRITER = 'You are the copywriter critic';

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

test('a failed critic is asked again alone from the result, and the round is scored again', async ({ page, request }) => {
  const errors = watchConsole(page);
  // Refused for as long as the run lasts (whatever the provider layer tries), then healthy.
  await mock(request, 'script', [{ role: 'copywriter critic', status: 400, times: 50 }]);
  await page.goto('/');
  await useMock(page, { maxIterations: 1 });
  await page.getByLabel('Resume', { exact: true }).fill('Robin Example\n- Led a fictional team of four at Example Corp (2020–2024)');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 60_000 });
  const answered = page.getByTestId('answered');
  await expect(answered).toContainText('2 of 3');
  const retry = page.getByTestId('retry-critics');
  await expect(retry).toHaveText('Retry failed critics (Copywriter)');

  await mock(request, 'reset');
  await retry.focus();
  await page.keyboard.press('Enter');
  await expect(answered).toContainText('3 of 3', { timeout: 60_000 });
  await expect(page.getByTestId('phase')).toHaveText('Review finished.');
  await expect(retry).toHaveCount(0);
  await expect(page.getByTestId('node-copywriter')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('card-copywriter').getByTestId('card-score')).toContainText('/10');
  await expect(page.getByTestId('results')).toContainText('Asked again: Copywriter answered');
  await expect(page.getByTestId('final-score')).toHaveText(/^\d+\.\d$/);
  // Only the copywriter was called again: no new round, revision or advice.
  const seen = await requests(request);
  expect(seen.map((r) => r.body.includes(COPYWRITER))).toEqual([true]);

  await page.reload();
  await expect(page.getByTestId('run-entry').first()).toHaveAttribute('data-status', 'done');
  await page.getByTestId('run-entry').first().getByTestId('run-open').click();
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  await expect(page.getByTestId('answered')).toContainText('3 of 3');
  await expect(page.getByTestId('retry-critics')).toHaveCount(0);
  // The browser logs each scripted 400 itself; nothing else may reach the console.
  expect(errors.filter((e) => !e.startsWith('Failed to load resource: the server responded with a status of 400'))).toEqual([]);
});
