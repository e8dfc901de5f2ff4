// A run belongs to its view: leaving a page (the workflow picker) cancels the run's calls in flight
// at once and marks nothing as failed; the run stays saved as it stood and, back on its page, it
// re-opens and goes on like after a reload. Switching pages mid-run never panics or logs an error,
// and no provider call is made for a page nobody sees.
import { test, expect } from '@playwright/test';
import { chooseWorkflow, mock, requests, useMock, waitForCall, watchConsole } from './fixtures/runs.mjs';

const CRITIC = 'critic on a resume review panel';

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

test('switching workflow mid-run stops its calls until its page is back, then it finishes', async ({ page, request }) => {
  const errors = watchConsole(page);
  await mock(request, 'script', [{ provider: 'openai', role: 'critic', delay_ms: 3_000, times: 3 }]);
  await page.goto('/');
  await useMock(page, { maxIterations: 1 });
  await page.getByRole('button', { name: 'Run' }).click();
  await waitForCall(request, CRITIC, 3);
  await expect(page.getByTestId('node-recruiter')).toHaveAttribute('data-status', 'running');

  // Leave while the three critics are in flight: nothing more is asked of the provider.
  await chooseWorkflow(page, 'hiring_pipeline');
  await expect(page.getByTestId('hiring-form')).toBeVisible();
  const atLeave = (await requests(request)).length;
  await page.waitForTimeout(4_000);
  expect((await requests(request)).length).toBe(atLeave);

  // A reload on the other page does not start it either.
  await page.reload();
  await expect(page.getByTestId('hiring-form')).toBeVisible();
  await page.waitForTimeout(1_000);
  expect((await requests(request)).length).toBe(atLeave);

  // Back on the review page: the run was saved as cut short, re-opens and finishes.
  await chooseWorkflow(page, 'resume_review');
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  await expect(page.getByTestId('final-score')).toHaveText('7.5');
  await expect(page.getByTestId('run-entry')).toHaveCount(1);
  await expect(page.getByTestId('run-entry')).toHaveAttribute('data-status', 'done');
  expect((await requests(request)).length).toBeGreaterThan(atLeave);
  expect(errors).toEqual([]);
});

test('leaving a paused run keeps it paused; back on its page it asks again', async ({ page, request }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await useMock(page);
  await chooseWorkflow(page, 'career_navigator');
  await page.getByRole('button', { name: 'Run' }).click();
  const rate = page.getByRole('dialog', { name: 'Rate the report' });
  await expect(rate).toBeVisible({ timeout: 30_000 });
  const paused = (await requests(request)).length;

  await chooseWorkflow(page, 'resume_tailoring');
  await expect(page.getByTestId('tailor-form')).toBeVisible();
  await chooseWorkflow(page, 'career_navigator');
  await expect(rate).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('run-entry')).toHaveAttribute('data-status', 'paused');
  expect((await requests(request)).length).toBe(paused);
  await rate.getByLabel('Satisfied', { exact: true }).check();
  await rate.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm the plan' })).toBeVisible({ timeout: 30_000 });
  expect(errors).toEqual([]);
});

test('switching workflow while a run with a dialog is mid-step, then reloading: no error, it goes on', async ({ page, request }) => {
  const errors = watchConsole(page);
  await mock(request, 'script', [{ provider: 'openai', role: 'job analyzer', delay_ms: 3_000, times: 1 }]);
  await page.goto('/');
  await useMock(page);
  await chooseWorkflow(page, 'career_navigator');
  await page.getByRole('button', { name: 'Run' }).click();
  await waitForCall(request, 'You are the job analyzer');
  await chooseWorkflow(page, 'resume_review');
  await page.reload();
  await expect(page.getByTestId('run-form')).toBeVisible();
  // The delayed call would have ended by now: its answer reaches no page.
  await page.waitForTimeout(3_500);
  await chooseWorkflow(page, 'career_navigator');
  await expect(page.getByRole('dialog', { name: 'Rate the report' })).toBeVisible({ timeout: 30_000 });
  expect(errors).toEqual([]);
});
