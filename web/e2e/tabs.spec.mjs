// Two tabs, one run: the tab that drives a run holds its Web Lock. A second tab that opens the same
// paused run is told it is open in another tab and gets no answer buttons; when the first tab
// answers, the provider sees one call; once the first tab lets the run go, the second one shows it.
import { test, expect } from '@playwright/test';
import { chooseWorkflow, countCalls, mock, useMock, watchConsole } from './fixtures/runs.mjs';

const NAVIGATOR = {
  reporter: 'You are the reporter',
  goal_decomposer: 'You are the goal decomposer',
  scheduler: 'You are the scheduler',
};

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

test('a paused run open in two tabs: one answers, the other is told and follows', async ({ context, request }) => {
  const first = await context.newPage();
  const errors = watchConsole(first);
  await first.goto('/');
  await useMock(first);
  await chooseWorkflow(first, 'career_navigator');
  await first.getByRole('button', { name: 'Run' }).click();
  const rate = first.getByRole('dialog', { name: 'Rate the report' });
  await expect(rate).toBeVisible({ timeout: 30_000 });

  // The second tab (same profile: same saved runs, same locks) re-opens the newest paused run.
  const second = await context.newPage();
  const secondErrors = watchConsole(second);
  await second.goto('/');
  await expect(second.getByTestId('nav-phase')).toContainText('This run is open in another tab', { timeout: 30_000 });
  await expect(second.getByRole('dialog')).toHaveCount(0);
  await expect(second.getByTestId('nav-open-dialog')).toHaveCount(0);
  await expect(second.getByTestId('stop')).toBeDisabled();
  await expect(second.getByTestId('nav-report')).toBeVisible();
  // Its entry in the second tab's list says where it runs and offers no Continue, only a view.
  const entry = second.getByTestId('run-entry').first();
  await expect(entry).toHaveAttribute('data-elsewhere', 'true');
  await expect(entry).toContainText('running in another tab');
  await expect(entry.getByTestId('run-open')).toHaveText('View');
  // The first tab's own list marks it as live there.
  await expect(first.getByTestId('run-entry').first()).toHaveAttribute('data-live', 'true');

  // The first tab answers: one call for the next step.
  await rate.getByLabel('Satisfied', { exact: true }).check();
  await rate.getByRole('button', { name: 'Send' }).click();
  const confirm = first.getByRole('dialog', { name: 'Confirm the plan' });
  await expect(confirm).toBeVisible({ timeout: 30_000 });
  expect(await countCalls(request, NAVIGATOR)).toEqual({ reporter: 1, goal_decomposer: 1, scheduler: 1 });
  await expect(second.getByTestId('nav-phase')).toContainText('This run is open in another tab');
  await expect(second.getByRole('dialog')).toHaveCount(0);

  // The first tab finishes: it lets the run go, and the second tab shows the finished plan.
  await confirm.getByRole('button', { name: 'Confirm plan' }).click();
  await expect(first.getByTestId('nav-phase')).toHaveText('Plan ready.', { timeout: 30_000 });
  await expect(second.getByTestId('nav-phase')).toHaveText('Plan ready.', { timeout: 30_000 });
  await expect(second.getByTestId('nav-confirmed')).toHaveText('You confirmed this plan.');
  await expect(entry).toHaveAttribute('data-elsewhere', 'false');
  expect(await countCalls(request, NAVIGATOR)).toEqual({ reporter: 1, goal_decomposer: 1, scheduler: 1 });
  expect(errors).toEqual([]);
  expect(secondErrors).toEqual([]);
});

test('a tab that leaves a paused run lets another tab answer it', async ({ context }) => {
  const first = await context.newPage();
  await first.goto('/');
  await chooseWorkflow(first, 'career_navigator');
  await first.getByRole('button', { name: 'Run' }).click();
  await expect(first.getByRole('dialog', { name: 'Rate the report' })).toBeVisible({ timeout: 30_000 });

  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByTestId('nav-phase')).toContainText('This run is open in another tab', { timeout: 30_000 });
  // The first tab switches to another workflow: the run stays paused, and the second tab takes it.
  await chooseWorkflow(first, 'resume_review');
  const rate = second.getByRole('dialog', { name: 'Rate the report' });
  await expect(rate).toBeVisible({ timeout: 30_000 });
  await rate.getByLabel('Satisfied', { exact: true }).check();
  await rate.getByRole('button', { name: 'Send' }).click();
  await expect(second.getByRole('dialog', { name: 'Confirm the plan' })).toBeVisible({ timeout: 30_000 });
});
