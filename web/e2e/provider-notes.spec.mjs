// What the provider layer corrected stays said after a reload: a critic whose score was off its
// 0–10 scale twice is clamped, its card says so, and the run's record keeps that note, so the run
// re-opened from the run list after a reload still marks the score as corrected (not a plain 10),
// on the card and by the final score. And the usage line counts a re-ask as the request it is.
import { test, expect } from '@playwright/test';
import { mock, requests, useMock } from './fixtures/runs.mjs';

const OFF_SCALE = { score: 95, strengths: ['Clear impact'], issues: [], suggestions: ['Add metrics'] };

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

test('a clamped critic score is still marked as corrected after a reload', async ({ page, request }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await mock(request, 'script', [{ provider: 'openai', role: 'recruiter critic', json: OFF_SCALE }]);
  await page.goto('/');
  await useMock(page, { maxIterations: 1 });
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  const card = page.getByTestId('card-recruiter');
  await expect(card.getByTestId('card-clamped')).toContainText('95');
  await expect(card.getByTestId('card-score')).toContainText('10');
  // And where the final score is: the score it reads was made with a clamped one.
  await expect(page.getByTestId('final-clamped')).toContainText('95');

  await page.reload();
  await page.getByTestId('run-entry').first().getByTestId('run-open').click();
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  await expect(page.getByTestId('card-recruiter').getByTestId('card-clamped')).toContainText('95');
  await expect(page.getByTestId('final-clamped')).toContainText('95');
  // The other critics were on their scale: nothing to say on their cards.
  await expect(page.getByTestId('card-tech_writer').getByTestId('card-clamped')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the usage line counts every request the run sent, a re-ask included', async ({ page, request }) => {
  // The recruiter's first answer is prose, not JSON: the agent is asked again once.
  await mock(request, 'script', [{ provider: 'openai', role: 'recruiter critic', text: 'The resume reads well overall.', times: 1 }]);
  await page.goto('/');
  await useMock(page, { maxIterations: 1 });
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  const sent = (await requests(request)).filter((r) => r.method === 'POST' && r.target.startsWith('/v1/')).length;
  await expect(page.getByTestId('usage')).toContainText(`${sent} calls (1 re-asked)`);
});
