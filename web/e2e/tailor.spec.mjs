// The tailoring page end to end: a run against the mock provider (OpenAI wire format) with one
// question answered, one revision requested, approval and the Markdown / JSON Resume exports; the dialogs by
// keyboard; the review countdown answering "timeout"; errors that keep the inputs; an offline demo
// revision request that changes nothing, said in the review dialog.
import { test, expect } from '@playwright/test';
import { ANSWER, DRAFT, JOB, RESUME } from './fixtures/tailoring.mjs';

import { MOCK } from './fixtures/mock-url.mjs';

// Fictional fixtures (fixtures/tailoring.mjs): the job asks for Redis, which the resume does not
// show, so one question. The draft revised on the reviewer's feedback only rewords, like DRAFT.
const FEEDBACK = 'Start with a one-line summary for a platform role.';
const REVISED = DRAFT.replace('Backend engineer · robin@example.com\n',
  'Backend engineer · robin@example.com\n\nPlatform-minded backend engineer: Go, PostgreSQL, Kubernetes, Redis.\n');

async function mock(request, path, body) {
  const response = await request.post(`${MOCK}/__mock/${path}`, { data: body ?? {} });
  expect(response.ok()).toBeTruthy();
}

async function configure(page, { provider, key, baseUrl }) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const drawer = page.getByRole('complementary', { name: 'Settings' });
  await drawer.getByLabel('Provider').selectOption(provider);
  if (key !== undefined) await drawer.getByLabel('API key').fill(key);
  if (baseUrl !== undefined) {
    await drawer.getByLabel('Base URL').fill(baseUrl);
    // A first-party key goes to the mock only once its host is confirmed.
    await drawer.getByRole('checkbox', { name: /^Send my .+ key to / }).check();
  }
  await page.keyboard.press('Escape');
}

async function openTailoring(page, { resume = RESUME, job = JOB, timeout } = {}) {
  await page.goto('/');
  await page.getByTestId('workflow').selectOption('resume_tailoring');
  await page.getByLabel('Job description').fill(job);
  await page.getByLabel('Resume', { exact: true }).fill(resume);
  if (timeout !== undefined) {
    await page.getByLabel(/Review timeout/).fill(String(timeout));
    await page.getByLabel(/Review timeout/).press('Tab');
  }
}

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

test('mock provider: answer a question, request a revision, approve, export Markdown and JSON Resume', async ({ page, request }) => {
  await mock(request, 'script', [
    { provider: 'openai', role: 'tailor a resume to one job', json: { resume: DRAFT, changes: ['Skills first'] } },
    { provider: 'openai', role: 'revise a tailored resume', json: { resume: REVISED, changes: ['Summary line'] } },
  ]);
  await openTailoring(page);
  // The live ATS panel scores as the user types, before any run.
  await expect(page.getByTestId('ats-missing')).toContainText('Redis');
  await expect(page.getByTestId('ats-matched')).toContainText('PostgreSQL');
  await configure(page, { provider: 'openai', key: 'sk-test-e2e', baseUrl: `${MOCK}/v1` });
  await page.getByRole('button', { name: 'Run' }).click();

  // The question, chat style, with why it is asked; focus is in the answer box.
  const question = page.getByRole('dialog', { name: 'Question 1 / 1' });
  await expect(question).toBeVisible({ timeout: 30_000 });
  await expect(question).toHaveAttribute('aria-modal', 'true');
  await expect(question.getByTestId('question-why')).toContainText('Redis');
  await expect(question.getByTestId('chat').locator('[data-role=assistant]').last()).toContainText('Redis');
  await expect(page.getByTestId('node-info_collection')).toHaveAttribute('data-status', 'waiting');
  await expect(question.getByLabel('Your answer')).toBeFocused();
  await question.getByLabel('Your answer').fill(ANSWER);
  await question.getByRole('button', { name: 'Send' }).click();

  // The review: the draft as changes, ATS score against the target, keywords.
  const review = page.getByRole('dialog', { name: 'Review the tailored draft' });
  await expect(review).toBeVisible({ timeout: 30_000 });
  await expect(review.getByTestId('review-diff')).toContainText('+ - Used Redis as a cache for tracking lookups.');
  await expect(review.getByTestId('review-ats')).toContainText('100');
  await expect(review.getByTestId('review-matched')).toContainText('Redis');
  await expect(review.getByTestId('review-countdown')).toContainText(/\d+:\d\d/);
  await review.getByLabel('What should change?').fill(FEEDBACK);
  await review.getByRole('button', { name: 'Request revision' }).click();

  // The revised draft comes back for review; approve it.
  await expect(review.getByTestId('review-diff')).toContainText('Platform-minded backend engineer', { timeout: 30_000 });
  await expect(review.getByTestId('review-ats')).toContainText('revision requests 1 / 3');
  await expect(review.getByTestId('review-unchanged')).toHaveCount(0);
  await review.getByRole('button', { name: 'Approve' }).click();

  await expect(page.getByTestId('tailor-phase')).toHaveText('Tailoring finished.', { timeout: 30_000 });
  await expect(page.getByTestId('tailored-resume')).toContainText('Platform-minded backend engineer');
  await expect(page.getByTestId('final-decision')).toContainText('approved by you');
  await expect(page.getByTestId('master-updated')).toBeVisible();
  await expect(page.getByTestId('node-finalization_agent')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('run-entry')).toHaveAttribute('data-status', 'done');

  const fs = await import('node:fs/promises');
  const exported = async (testid) => {
    const download = page.waitForEvent('download');
    await page.getByTestId(testid).click();
    const file = await download;
    return { name: file.suggestedFilename(), text: await fs.readFile(await file.path(), 'utf8') };
  };
  const markdown = await exported('export-resume-markdown');
  expect(markdown.name).toBe('tailored-resume.md');
  expect(markdown.text).toBe(REVISED);
  const jsonResume = await exported('export-resume-json');
  expect(JSON.parse(jsonResume.text).basics.name).toBe('Robin Example');
  await expect(page.getByTestId('export-resume-print')).toBeVisible();
  await page.screenshot({ path: '../target/playwright/tailor-result.png', fullPage: true });

  // The reviewer's feedback reached the reflexion agent; the key went only to the provider.
  const requests = await (await request.get(`${MOCK}/__mock/requests`)).json();
  const revise = requests.find((r) => JSON.stringify(r.body).includes('revise a tailored resume'));
  expect(JSON.stringify(revise.body)).toContain(FEEDBACK);
  // The answer reached the master resume as a resume line: no "I", the user's facts kept.
  expect(JSON.stringify(revise.body)).toContain('- Redis: Used Redis as a cache for tracking lookups at Example Freight');
  expect(JSON.stringify(revise.body)).not.toContain(ANSWER);
});

test('offline demo: a revision request it cannot apply is said in the next review, not passed off as a revision', async ({ page }) => {
  await openTailoring(page);
  await configure(page, { provider: 'demo' });
  await page.getByRole('button', { name: 'Run' }).click();
  const question = page.getByRole('dialog', { name: 'Question 1 / 1' });
  await expect(question).toBeVisible({ timeout: 30_000 });
  await question.getByLabel('Your answer').fill(ANSWER);
  await question.getByRole('button', { name: 'Send' }).click();

  const review = page.getByRole('dialog', { name: 'Review the tailored draft' });
  await expect(review).toBeVisible({ timeout: 30_000 });
  await expect(review.getByTestId('review-unchanged')).toHaveCount(0);
  const before = await review.getByTestId('review-draft').textContent();
  await review.getByLabel('What should change?').fill('Make the summary warmer');
  await review.getByRole('button', { name: 'Request revision' }).click();

  // The same draft comes back, with word that the request changed nothing and why.
  const note = review.getByRole('status').filter({ hasText: 'did not change the draft' });
  await expect(note).toBeVisible({ timeout: 30_000 });
  await expect(note).toContainText('Make the summary warmer');
  await expect(review.getByTestId('review-ats')).toContainText('revision requests 1 / 3');
  await expect(review.getByTestId('review-draft')).toHaveText(before);
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('tailor-phase')).toHaveText('Tailoring finished.', { timeout: 30_000 });
  await expect(page.getByTestId('tailor-warnings')).toContainText('left the draft unchanged');
});

test('dialogs by keyboard: focus moves in, Tab stays inside, Escape hides, Ctrl+Enter sends', async ({ page }) => {
  await openTailoring(page);
  await page.getByRole('button', { name: 'Run' }).click();
  const question = page.getByRole('dialog', { name: 'Question 1 / 1' });
  await expect(question).toBeVisible({ timeout: 30_000 });
  await expect(question.getByLabel('Your answer')).toBeFocused();

  // Tab cycles inside the dialog: from the last button back to the answer box.
  await question.getByRole('button', { name: 'Stop conversation' }).focus();
  await page.keyboard.press('Tab');
  await expect(question.getByLabel('Your answer')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(question.getByRole('button', { name: 'Stop conversation' })).toBeFocused();

  // Escape hides the dialog without answering; focus goes to the button that brings it back.
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  const reopen = page.getByRole('button', { name: 'Continue answering' });
  await expect(reopen).toBeFocused();
  await expect(page.getByTestId('tailor-phase')).toContainText('Waiting for your answer');
  await page.keyboard.press('Enter');
  await expect(question.getByLabel('Your answer')).toBeFocused();

  // Ctrl+Enter with nothing typed says what to do; with an answer it sends.
  await page.keyboard.press('Control+Enter');
  await expect(question.getByRole('alert')).toContainText('Type an answer first');
  await page.keyboard.type(ANSWER);
  await page.keyboard.press('Control+Enter');

  const review = page.getByRole('dialog', { name: 'Review the tailored draft' });
  await expect(review).toBeVisible({ timeout: 30_000 });
  await expect(review.getByLabel('What should change?')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(review).toBeHidden();
  await expect(page.getByRole('button', { name: /Continue answering \(\d+:\d\d\)/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('tailor-phase')).toHaveText('Tailoring finished.', { timeout: 30_000 });
  await expect(page.getByTestId('tailor-phase')).toBeFocused();
});

test('an unanswered review is finalized when its countdown runs out, with a warning', async ({ page }) => {
  await page.clock.install();
  await openTailoring(page, { timeout: 10 });
  await page.getByRole('button', { name: 'Run' }).click();
  const question = page.getByRole('dialog', { name: 'Question 1 / 1' });
  await expect(question).toBeVisible({ timeout: 30_000 });
  await question.getByRole('button', { name: 'Skip' }).click();
  const review = page.getByRole('dialog', { name: 'Review the tailored draft' });
  await expect(review.getByTestId('review-countdown')).toContainText('0:10', { timeout: 30_000 });
  await page.clock.runFor(4_000);
  await expect(review.getByTestId('review-countdown')).toContainText('0:06');
  await page.clock.runFor(7_000);
  await expect(page.getByTestId('tailor-phase')).toHaveText('Tailoring finished.', { timeout: 30_000 });
  await expect(page.getByTestId('final-decision')).toContainText('timed out');
  await expect(page.getByTestId('tailor-warnings')).toContainText('Human review timed out after 10 s');
  await expect(page.getByTestId('tailor-warnings')).toContainText('Skipped questions: Redis');
});

test('stopping the conversation keeps the answers; a missing key and an empty job keep the inputs', async ({ page }) => {
  await openTailoring(page, { job: '' });
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('status')).toContainText('job description is empty');
  await page.getByLabel('Job description').fill(JOB);

  await configure(page, { provider: 'openai', key: '' });
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('status')).toContainText('API key');
  await expect(page.getByLabel('Resume', { exact: true })).toHaveValue(/Robin Example/);

  await configure(page, { provider: 'demo' });
  await page.getByLabel('Let me review the draft').uncheck();
  await page.getByRole('button', { name: 'Run' }).click();
  const question = page.getByRole('dialog', { name: 'Question 1 / 1' });
  await expect(question).toBeVisible({ timeout: 30_000 });
  await question.getByLabel('Your answer').fill(ANSWER);
  await question.getByRole('button', { name: 'Stop conversation' }).click();
  await expect(page.getByTestId('tailor-phase')).toHaveText('Tailoring finished.', { timeout: 30_000 });
  await expect(page.getByTestId('tailor-warnings')).toContainText('stopped the questions early');
  await expect(page.getByTestId('master-updated')).toBeVisible();
  await expect(page.getByTestId('final-decision')).toContainText('without a review');
});

test('a paused run survives reloads: its dialog comes back and it finishes; the master resume is saved', async ({ page }) => {
  await openTailoring(page);
  await page.getByRole('button', { name: 'Run' }).click();
  const question = page.getByRole('dialog', { name: 'Question 1 / 1' });
  await expect(question).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('run-entry')).toHaveAttribute('data-status', 'paused');

  // Reload while the question waits: the run is re-opened from IndexedDB with its dialog.
  await page.reload();
  await expect(question).toBeVisible({ timeout: 30_000 });
  await expect(question.getByTestId('chat')).toContainText('Redis');
  await expect(page.getByTestId('node-info_collection')).toHaveAttribute('data-status', 'waiting');
  await question.getByLabel('Your answer').fill(ANSWER);
  await question.getByRole('button', { name: 'Send' }).click();

  // Reload again while the review waits; approve after it comes back.
  const review = page.getByRole('dialog', { name: 'Review the tailored draft' });
  await expect(review).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await expect(review).toBeVisible({ timeout: 30_000 });
  await expect(review.getByTestId('review-draft')).toContainText('Redis', { useInnerText: false });
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('tailor-phase')).toHaveText('Tailoring finished.', { timeout: 30_000 });
  await expect(page.getByTestId('final-decision')).toContainText('approved by you');
  await expect(page.getByTestId('master-updated')).toBeVisible();
  await expect(page.getByTestId('run-entry')).toHaveCount(1);
  await expect(page.getByTestId('run-entry')).toHaveAttribute('data-status', 'done');

  // After one more reload: the finished run opens from the list with its result, the answers
  // are in the saved master resume, and deleting the run removes it for good.
  await page.reload();
  await expect(page.getByTestId('master-resume')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('question-dialog')).toHaveCount(0);
  await page.getByTestId('run-open').click();
  await expect(page.getByTestId('tailored-resume')).not.toBeEmpty();
  await page.getByTestId('run-delete').click();
  await expect(page.getByTestId('run-entry')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('master-resume')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('run-entry')).toHaveCount(0);

  // The next run starts from the master resume: it already knows about Redis, so no question.
  await expect(page.getByTestId('use-master')).toBeChecked();
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(review).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('question-dialog')).toHaveCount(0);
  await expect(review.getByTestId('review-matched')).toContainText('Redis');
});
