// The hiring packet end to end: OpenAI's wire format against the mock provider with the
// supervisor's answers scripted (including a loop it must break), then an offline demo run in
// Chinese. Checks the routing trail, the packet's sections, the question tabs by keyboard, the
// email's Copy button (and its fallback), the Markdown export and that drafts survive a reload.
import { test, expect } from '@playwright/test';

import { MOCK } from './fixtures/mock-url.mjs';

// What the scripted supervisor answers, in turn. The second answer repeats the parser with no new
// input: the supervisor must break that loop and force the job analysis instead.
const SCRIPTED = [
  'resume_parser_agent',
  'resume_parser_agent',
  'matching_agent',
  'candidate_research_agent',
  'hr_interview_agent',
  'technical_interview_agent',
  'ceo_interview_agent',
  'evaluation_agent',
  'email_agent',
];
// The trail that follows: the loop replaced by the job analysis, and the end decided without a call.
const TRAIL = [
  'resume_parser_agent', 'jd_analysis_agent', 'matching_agent', 'candidate_research_agent',
  'hr_interview_agent', 'technical_interview_agent', 'ceo_interview_agent', 'evaluation_agent',
  'email_agent', 'finished',
];
const EMAIL = {
  recipient: 'candidate',
  subject: 'Interview invitation',
  body: 'Hi Jordan,\n\nWe would like to invite you to interview.\n\nThe hiring team',
};

async function mock(request, path, body) {
  const response = await request.post(`${MOCK}/__mock/${path}`, { data: body ?? {} });
  expect(response.ok()).toBeTruthy();
}

async function openHiring(page) {
  await page.goto('/');
  await page.getByTestId('workflow').selectOption('hiring_pipeline');
  await expect(page.getByTestId('hiring-form')).toBeVisible();
}

async function settings(page, change) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const drawer = page.getByRole('complementary', { name: 'Settings' });
  await change(drawer);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

test('hiring run through the mock: scripted routing with a loop broken, full packet, tabs, copy, export', async ({ page, context, request, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await mock(request, 'script', [
    ...SCRIPTED.map((next) => ({
      provider: 'openai', role: 'hiring supervisor', times: 1,
      json: { next_agent: next, reason: `scripted: ${next}` },
    })),
    { provider: 'openai', role: 'matching analyst', json: {
      score: 82, summary: 'Strong backend match.', matched_skills: ['Rust', 'Kafka'],
      missing_skills: ['Terraform'], strengths: ['Latency work'], gaps: ['Terraform'],
    } },
    { provider: 'openai', role: 'recruiting coordinator', json: EMAIL },
  ]);
  await openHiring(page);
  await settings(page, async (drawer) => {
    await drawer.getByLabel('Provider').selectOption('openai');
    await drawer.getByLabel('API key').fill('sk-test-e2e');
    await drawer.getByLabel('Base URL').fill(`${MOCK}/v1`);
    await drawer.getByRole('checkbox', { name: /^Send my .+ key to / }).check();
  });
  // Blind by default (issue 43): who the candidate is stays out of every prompt; job dates stay.
  await expect(page.getByTestId('hiring-blind')).toBeChecked();
  await expect(page.getByTestId('hiring-mask-proxies')).not.toBeChecked();
  await page.getByTestId('hiring-run').click();
  await expect(page.getByTestId('hiring-phase')).toHaveText('Hiring packet ready.', { timeout: 45_000 });

  // The trail: the model's choices, the broken loop, and the end.
  const steps = page.getByTestId('trail-step');
  await expect(steps).toHaveCount(TRAIL.length);
  for (const [i, next] of TRAIL.entries()) {
    await expect(steps.nth(i)).toHaveAttribute('data-next', next);
  }
  await expect(steps.nth(1)).toHaveAttribute('data-reason', 'LoopBroken');
  await expect(steps.nth(1)).toContainText('loop broken');
  await expect(steps.nth(9)).toHaveAttribute('data-reason', 'AllDone');

  // The packet's sections.
  for (const section of ['profile', 'jd', 'match', 'research', 'questions', 'evaluation', 'email']) {
    await expect(page.getByTestId(`packet-${section}`)).toBeVisible();
  }
  await expect(page.getByTestId('match-score')).toHaveText('82');
  await expect(page.getByTestId('packet-match')).toContainText('Terraform');
  await expect(page.getByTestId('recommendation')).toHaveText('Strong hire');
  await expect(page.getByTestId('research-limitations')).toContainText('No web access');
  await expect(page.getByTestId('email-subject')).toContainText('Interview invitation');

  // Tabs by keyboard: one tab stop, arrows move and select, Home/End jump, the panel follows.
  const tab = (id) => page.getByRole('tab', { name: id });
  await tab('HR').focus();
  await expect(tab('HR')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Technical')).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowRight');
  await expect(tab('Technical')).toBeFocused();
  await expect(tab('Technical')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('panel-technical')).toBeVisible();
  await expect(page.getByTestId('panel-hr')).toBeHidden();
  await page.keyboard.press('ArrowRight');
  await expect(tab('CEO')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tab('HR')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tab('CEO')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tab('HR')).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('tabpanel', { name: 'CEO' })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'CEO' }).getByRole('listitem')).not.toHaveCount(0);

  // Copy puts subject and body on the clipboard.
  await page.getByTestId('copy-email').click();
  await expect(page.getByTestId('copy-status')).toHaveText('Copied to the clipboard.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`Subject: ${EMAIL.subject}\n\n${EMAIL.body}`);

  const download = page.waitForEvent('download');
  await page.getByTestId('hiring-export').click();
  expect((await download).suggestedFilename()).toBe('hiring-packet.md');

  // Every call was structured, to the mock, without the key in a body.
  const requests = await (await request.get(`${MOCK}/__mock/requests`)).json();
  expect(requests.length).toBe(18);
  expect(requests.every((r) => r.provider === 'openai' && r.body.includes('"json_schema"'))).toBe(true);
  expect(requests.some((r) => r.body.includes('sk-test-e2e'))).toBe(false);
  expect(requests.some((r) => r.body.includes('Jordan Avery'))).toBe(false);
  expect(requests.some((r) => r.body.includes('[candidate]'))).toBe(true);
  await page.screenshot({ path: '../target/playwright/hiring-mock.png', fullPage: true });
});

test('demo run in Chinese: Chinese page strings and a Chinese packet', async ({ page }) => {
  await openHiring(page);
  await settings(page, async (drawer) => {
    await drawer.getByTestId('language').selectOption('zh');
  });
  await expect(page.getByLabel('职位描述')).toBeVisible();
  await expect(page.getByLabel('候选人简历')).toHaveValue(/Experience/);
  await page.getByRole('button', { name: '运行' }).click();
  await expect(page.getByTestId('hiring-phase')).toHaveText('招聘材料包已完成。', { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: '招聘材料包' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '技术面试' })).toBeVisible();
  // The trail names agents in Chinese, never by id, and does not claim a model chose in the demo.
  await expect(page.getByTestId('trail-step').first()).toContainText('简历解析');
  await expect(page.getByTestId('hiring-trail')).not.toContainText('_agent');
  await expect(page.getByTestId('hiring-trail')).not.toContainText('模型选择');
  await expect(page.getByTestId('research-limitations')).toContainText('无网络访问');
  await expect(page.getByTestId('email-body')).toHaveValue(/您好/);
  await expect(page.getByTestId('packet-evaluation')).toContainText('/100');
  await page.screenshot({ path: '../target/playwright/hiring-demo-zh.png', fullPage: true });
});

test('without a clipboard the Copy button explains how to copy by hand; drafts survive a reload', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
  await openHiring(page);
  await page.getByLabel('Job description').fill('# Site Reliability Engineer\n## Requirements\n- Kubernetes\n- Go\n');
  await page.reload();
  await expect(page.getByLabel('Job description')).toHaveValue(/Site Reliability Engineer/);
  await page.getByTestId('hiring-run').click();
  await expect(page.getByTestId('hiring-phase')).toHaveText('Hiring packet ready.', { timeout: 30_000 });
  await page.getByTestId('copy-email').click();
  await expect(page.getByTestId('copy-status')).toContainText('select the text in the box');
  await expect(page.getByTestId('email-body')).toHaveValue(/Hi Jordan Avery/);
});

test('an empty job description is refused with a clear message', async ({ page }) => {
  await openHiring(page);
  await page.getByLabel('Job description').fill('');
  await page.getByTestId('hiring-run').click();
  await expect(page.getByTestId('hiring-status')).toHaveText('The job description is empty: paste it first.');
});
