// A person decides, the models read blind, and the bias check runs (issue 43), on the offline
// demo (no key, no provider call): the sample batch is screened with its resumes masked (each
// packet says what was masked and shows what the models read); a person declines one candidate
// with a reason, the decision survives a reload and is in the CSV export and the audit log with
// who made it; "Check this screening for bias" runs a check whose report has both modes. Every
// resume here is the app's own fictional sample.
import { test, expect } from '@playwright/test';
import { exported, mock, requests } from './fixtures/runs.mjs';

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

async function finishedSample(page) {
  await page.goto('/');
  await page.getByTestId('workflow').selectOption('batch_screening');
  await expect(page.getByTestId('batch-form')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('batch-sample').click();
  await expect(page.getByTestId('batch-blind')).toBeChecked();
  await expect(page.getByTestId('batch-mask-proxies')).toBeChecked();
  await page.getByTestId('batch-run').click();
  await expect(page.getByTestId('batch-phase')).toHaveAttribute('data-phase', 'finished', { timeout: 60_000 });
}

test('the models read each resume masked, and the packet shows what they read', async ({ page, request }) => {
  await finishedSample(page);
  const first = page.getByTestId('batch-row').first();
  const name = (await first.getByTestId('batch-open-row').textContent()).trim();
  expect(name.length).toBeGreaterThan(0);
  await first.getByTestId('batch-open-row').click();
  const note = page.getByTestId('batch-masked');
  await expect(note).toHaveAttribute('data-blind', 'on');
  await expect(note).toContainText(/name/);
  await page.getByTestId('batch-masked-open').click();
  const read = page.getByTestId('batch-masked-text');
  await expect(read).toContainText('[candidate]');
  // The name as the table shows it (its first word at least) is not in what the models read.
  expect(await read.textContent()).not.toContain(name.split(/[\s(]/)[0]);
  expect(await requests(request)).toHaveLength(0);
});

test('a person declines a candidate with a reason: saved, kept over a reload, in the export', async ({ page }) => {
  await finishedSample(page);
  const row = page.getByTestId('batch-row').nth(1);
  const id = await row.getAttribute('data-id');
  await row.getByTestId('batch-open-row').click();
  const form = page.getByTestId('decision-form');
  await expect(page.getByTestId('decision-save')).toBeDisabled();
  await form.getByTestId('decision-decline').check();
  await form.getByTestId('decision-reason').fill('No Kubernetes in production, checked by hand');
  await page.getByTestId('decision-save').click();
  const decided = page.locator(`[data-testid=batch-row][data-id=${id}] [data-testid=batch-decision]`);
  await expect(decided).toHaveAttribute('data-choice', 'decline', { timeout: 15_000 });
  // The other candidates have no decision: the tool decides nothing on its own.
  await expect(page.locator('[data-testid=batch-decision][data-choice=decline]')).toHaveCount(1);
  await expect(page.locator('[data-testid=batch-decision][data-choice=""]')).toHaveCount(await page.getByTestId('batch-row').count() - 1);

  await page.reload();
  await expect(page.getByTestId('workflow')).toHaveValue('batch_screening');
  await page.getByTestId('run-open').first().click();
  await expect(decided).toHaveAttribute('data-choice', 'decline', { timeout: 30_000 });

  const csv = await exported(page, 'batch-export-csv');
  const [header, ...lines] = csv.trim().split('\r\n');
  expect(header.split(',').slice(-4)).toEqual(['decision', 'decision_reason', 'decided_at', 'decided_by']);
  const line = lines.find((l) => l.split(',')[1] === id);
  expect(line).toMatch(/,decline,"No Kubernetes in production, checked by hand",\d{4}-\d\d-\d\dT[\d:]+Z,person$/);
  expect(lines.filter((l) => l.endsWith(',person'))).toHaveLength(1);

  // The audit log (JSON Lines) has the run, the masks, every score and the decision, by a person.
  const log = (await exported(page, 'batch-export-audit')).trim().split('\n').map((l) => JSON.parse(l));
  expect(log[0]).toMatchObject({ type: 'run', workflow: 'batch_screening', provider: 'demo', blind: true });
  expect(log.filter((l) => l.type === 'masks').length).toBeGreaterThan(0);
  expect(log.filter((l) => l.type === 'score')).toHaveLength(lines.length);
  expect(log.filter((l) => l.type === 'decision')).toEqual([
    expect.objectContaining({ candidate: id, choice: 'decline', reason: 'No Kubernetes in production, checked by hand', by: 'person' }),
  ]);
});

test('the bias check of a finished batch: its cost first, then a report blind and as written', async ({ page, request }) => {
  test.setTimeout(120_000);
  await finishedSample(page);
  const start = page.getByTestId('bias-start');
  await expect(start).toBeVisible();
  await page.getByTestId('bias-sample').fill('1');
  const estimate = page.getByTestId('bias-estimate');
  await expect(estimate).not.toHaveAttribute('data-resumes', '0');
  const versions = Number(await estimate.getAttribute('data-resumes'));
  // Each attribute that applies: two versions, blind and as written.
  expect(versions % 4).toBe(0);
  await expect(estimate).toHaveAttribute('data-calls', String(1 + versions * 3));
  await page.getByTestId('bias-run').click();
  await expect(page.getByTestId('bias-report')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('batch-phase')).toHaveAttribute('data-phase', 'finished');
  const modes = page.getByTestId('bias-mode');
  await expect(modes).toHaveCount(2);
  await expect(modes.first()).toHaveAttribute('data-blind', 'true');
  await expect(modes.first().getByTestId('bias-row').first()).toBeVisible();
  // The demo's scores do not read names: no attribute of a name is flagged.
  for (const attribute of ['gender', 'ethnicity']) {
    for (const flagged of await page.locator(`[data-testid=bias-row][data-attribute=${attribute}]`).evaluateAll((trs) => trs.map((tr) => tr.dataset.flagged))) {
      expect(flagged).toBe('false');
    }
  }
  expect(await requests(request)).toHaveLength(0);
});
