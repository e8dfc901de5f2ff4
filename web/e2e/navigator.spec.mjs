// CareerNavigator (docs/workflows/career_navigator.md) end to end: one run against the mock provider (OpenAI wire format) with
// one dissatisfied round, then satisfied and the plan confirmed, checking the report, goals,
// timeline and both exports (the .ics parsed); and one run in Chinese on the offline demo.
import { test, expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';

import { MOCK } from './fixtures/mock-url.mjs';

async function mock(request, path, body) {
  const response = await request.post(`${MOCK}/__mock/${path}`, { data: body ?? {} });
  expect(response.ok()).toBeTruthy();
}

async function downloadText(page, testId) {
  const download = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const file = await download;
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

/** Unfolds an iCalendar text (RFC 5545 §3.1) into content lines. */
function icsLines(text) {
  return text.replace(/\r\n /g, '').split('\r\n').filter((l) => l !== '');
}

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

test('mock provider: one dissatisfied round, then satisfied, plan confirmed, exports', async ({ page, request }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Settings' }).click();
  const drawer = page.getByRole('complementary', { name: 'Settings' });
  await drawer.getByLabel('Provider').selectOption('openai');
  await drawer.getByLabel('API key').fill('sk-test-e2e');
  await drawer.getByLabel('Base URL').fill(`${MOCK}/v1`);
  await drawer.getByRole('checkbox', { name: /^Send my .+ key to / }).check();
  await page.keyboard.press('Escape');
  await page.getByTestId('workflow').selectOption('career_navigator');
  await page.getByLabel('Plan starts on').fill('2026-03-02');
  await page.getByRole('button', { name: 'Run' }).click();

  // The mock scores the goal's clarity 7/100: planner, supervisor, three analysts, reporter.
  let dialog = page.getByRole('dialog', { name: 'Rate the report' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('nav-summary')).toContainText('mock executive_summary');
  await expect(page.getByTestId('nav-phase')).toHaveText('Waiting for your rating of the report.');
  // Focus moves into the dialog; Escape closes it and focus goes to the button that reopens it.
  await expect(dialog.getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('nav-open-dialog')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();

  // Sending without a level says what is missing.
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose how satisfied you are.');
  await dialog.getByLabel('Dissatisfied', { exact: true }).check();
  await dialog.getByLabel('Feedback (what to change)').fill('Focus on AI product roles');
  await dialog.getByRole('button', { name: 'Send' }).click();

  dialog = page.getByRole('dialog', { name: 'Rate the report' });
  await expect(page.getByTestId('nav-report').getByRole('heading', { level: 2 })).toContainText('round 2', { timeout: 30_000 });
  await expect(page.getByTestId('nav-iteration-summary')).toContainText('mock iteration_summary');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Satisfied', { exact: true }).check();
  await dialog.getByRole('button', { name: 'Send' }).click();

  const confirm = page.getByRole('dialog', { name: 'Confirm the plan' });
  await expect(confirm).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('goals-long')).toContainText('mock title');
  await expect(page.getByTestId('goals-short').getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('nav-action')).toHaveCount(2);
  await expect(page.getByTestId('nav-actions')).toContainText('2026-03-09');
  await confirm.getByRole('button', { name: 'Confirm plan' }).click();
  await expect(page.getByTestId('nav-phase')).toHaveText('Plan ready.', { timeout: 30_000 });
  await expect(page.getByTestId('nav-confirmed')).toHaveText('You confirmed this plan.');

  // The feedback reached the supervisor; the three analysts ran twice.
  const requests = await (await request.get(`${MOCK}/__mock/requests`)).json();
  const bodies = requests.map((r) => r.body);
  const supervisor = bodies.filter((b) => b.includes('You are the supervisor'));
  expect(supervisor).toHaveLength(1);
  expect(supervisor[0]).toContain('Focus on AI product roles');
  for (const role of ['user profiler', 'industry researcher', 'job analyzer', 'reporter']) {
    expect(bodies.filter((b) => b.includes(`You are the ${role}`))).toHaveLength(2);
  }
  expect(requests.every((r) => r.provider === 'openai')).toBe(true);

  // Details: metrics and an empty error log.
  await page.getByTestId('nav-details').locator('summary').click();
  // Agents by name, not node id.
  await expect(page.getByTestId('nav-metrics')).toContainText('Report writer 100%');
  await expect(page.getByTestId('nav-metrics')).not.toContainText('_');
  await expect(page.getByTestId('nav-error-log')).toHaveText('No errors.');

  const markdown = await downloadText(page, 'nav-export-markdown');
  expect(markdown.name).toBe('career-plan.md');
  expect(markdown.text).toMatch(/^# Career plan\n/);
  expect(markdown.text).toContain('## Action plan');
  expect(markdown.text).toContain('| 2026-03-09 | 1 |');

  const ics = await downloadText(page, 'nav-export-ics');
  expect(ics.name).toBe('career-plan.ics');
  expect(ics.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  expect(ics.text.replace(/\r\n/g, '')).not.toContain('\n');
  for (const physical of ics.text.split('\r\n')) expect(Buffer.byteLength(physical, 'utf8')).toBeLessThanOrEqual(75);
  const lines = icsLines(ics.text);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
  const uids = lines.filter((l) => l.startsWith('UID:'));
  expect(new Set(uids).size).toBe(2);
  expect(lines.filter((l) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(l))).toHaveLength(2);
  // start_week 1 from 2026-03-02, one week long (DTEND exclusive).
  expect(lines.filter((l) => l === 'DTSTART;VALUE=DATE:20260309')).toHaveLength(2);
  expect(lines.filter((l) => l === 'DTEND;VALUE=DATE:20260316')).toHaveLength(2);
  expect(ics.text).not.toContain('sk-test-e2e');
  await page.screenshot({ path: '../target/playwright/navigator-mock.png', fullPage: true });
});

test('demo provider in Chinese: Chinese page strings and a Chinese report', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByTestId('language').selectOption('zh');
  await page.keyboard.press('Escape');
  await page.getByTestId('workflow').selectOption('career_navigator');
  await expect(page.getByLabel('职业目标')).toHaveValue(/产品/);
  await page.getByRole('button', { name: '运行' }).click();

  const dialog = page.getByRole('dialog', { name: '评价这份报告' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('nav-phase')).toHaveText('等待您评价报告。');
  await expect(page.getByTestId('nav-summary')).toContainText('后端工程师');
  await expect(page.getByTestId('nav-summary')).toContainText('演示版行业展望');
  await expect(page.getByTestId('nav-career')).toContainText('技术产品经理');
  await dialog.getByLabel('满意', { exact: true }).check();
  await dialog.getByRole('button', { name: '提交' }).click();

  const confirm = page.getByRole('dialog', { name: '确认计划' });
  await expect(confirm).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('nav-goals')).toContainText('长期目标');
  await expect(page.getByTestId('goals-short')).toContainText('开始学习');
  await page.getByTestId('nav-confirm-plan').click();
  await expect(page.getByTestId('nav-phase')).toHaveText('计划已完成。', { timeout: 30_000 });
  await expect(page.getByTestId('nav-confirmed')).toHaveText('您已确认此计划。');
  const markdown = await downloadText(page, 'nav-export-markdown');
  expect(markdown.text).toMatch(/^# 职业规划\n/);
  expect(markdown.text).toContain('计划已确认。');
  const ics = await downloadText(page, 'nav-export-ics');
  expect(icsLines(ics.text)).toContain('X-WR-CALNAME:职业规划');
  await page.screenshot({ path: '../target/playwright/navigator-demo-zh.png', fullPage: true });
});

test('career plan dialogs by keyboard: Tab stays inside, Escape hides, Ctrl+Enter sends', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('workflow').selectOption('career_navigator');
  await page.getByRole('button', { name: 'Run' }).click();
  const rate = page.getByRole('dialog', { name: 'Rate the report' });
  await expect(rate).toBeVisible({ timeout: 30_000 });
  await expect(rate).toHaveAttribute('aria-modal', 'true');
  // Tab cycles inside the dialog: from its last control back to the first, and back again.
  await rate.getByRole('button', { name: 'Send' }).focus();
  await page.keyboard.press('Tab');
  await expect(rate.getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(rate.getByRole('button', { name: 'Send' })).toBeFocused();
  // Ctrl+Enter sends the rating.
  await rate.getByLabel('Satisfied', { exact: true }).check();
  await page.keyboard.press('Control+Enter');

  const confirm = page.getByRole('dialog', { name: 'Confirm the plan' });
  await expect(confirm).toBeVisible({ timeout: 30_000 });
  await expect(confirm.getByLabel('What to change (if you do not confirm)')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('nav-phase')).toHaveText('Waiting for you to confirm the plan.');
  await expect(page.getByTestId('nav-open-dialog')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  // Nothing typed: Ctrl+Enter confirms.
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('nav-phase')).toHaveText('Plan ready.', { timeout: 30_000 });
  await expect(page.getByTestId('nav-confirmed')).toHaveText('You confirmed this plan.');
});
