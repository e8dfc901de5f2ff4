// The result check on the page (issue 42): a result that fails its workflow's check is never
// called finished. The mock provider writes what a 135M model wrote: a cover letter that loops,
// and a tailored resume that lost the candidate's name. The status line does not say "ready" or
// "finished", the result opens with an alert listing each problem by kind, the tailored resume's
// alert offers the resume as given (shown by keyboard, downloadable), the saved run is listed as
// not usable after a reload, and the page says it in Chinese too. All text is fictional.
import { test, expect } from '@playwright/test';
import { chooseWorkflow, exported, mock, useMock } from './fixtures/runs.mjs';
import { RESUME } from './fixtures/tailoring.mjs';

// Everything the job asks for is in RESUME: no question, straight to the draft.
const JOB = `Platform Engineer — Testco (fictional)
Requirements
- Go and PostgreSQL
- Kubernetes
`;
const NAME = 'Robin Example';

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

test('a looping letter is not "ready": the alert names the loop, and says so again after a reload', async ({ page, request }) => {
  await mock(request, 'script', [{
    provider: 'openai',
    role: 'You write a cover letter',
    json: {
      paragraphs: [{ text: "I'm sure, I'm sure, I'm sure, I'm sure.", requirements: [], resume_lines: [] }],
      changes: [],
    },
  }]);
  await page.goto('/');
  await chooseWorkflow(page, 'cover_letter');
  await useMock(page);
  await page.getByRole('button', { name: 'Run' }).click();
  const review = page.getByRole('dialog', { name: 'Review the draft letter' });
  await expect(review).toBeVisible({ timeout: 30_000 });
  await review.getByRole('button', { name: 'Approve' }).click();

  const phase = page.getByTestId('letter-phase');
  await expect(phase).toHaveText(/not usable/, { timeout: 30_000 });
  await expect(phase).not.toHaveText(/ready/);
  const verdict = page.getByTestId('letter-verdict');
  await expect(verdict).toHaveAttribute('role', 'alert');
  await expect(verdict.getByTestId('verdict-problem')).toHaveCount(1);
  await expect(verdict.getByTestId('verdict-problem')).toHaveAttribute('data-kind', 'degenerate');
  await expect(verdict.getByTestId('verdict-problem')).toContainText("i'm sure");
  // A letter is not a resume: nothing to offer back.
  await expect(verdict.getByTestId('verdict-original')).toHaveCount(0);

  // After a reload the saved run says it too, in the list and once opened.
  await page.reload();
  const entry = page.getByTestId('run-entry').first();
  await expect(entry).toHaveAttribute('data-status', 'done');
  await expect(entry.getByTestId('run-unusable')).toBeVisible();
  await entry.getByTestId('run-open').click();
  await expect(page.getByTestId('letter-phase')).toHaveText(/not usable/, { timeout: 30_000 });
  await expect(page.getByTestId('letter-verdict').getByTestId('verdict-problem')).toHaveAttribute('data-kind', 'degenerate');
});

test('a tailored resume without the name is not "finished": the resume as given is offered back, in English and Chinese', async ({ page, request }) => {
  const nameless = RESUME.split('\n').slice(1).join('\n');
  await mock(request, 'script', [
    { provider: 'openai', role: 'tailor a resume to one job', json: { resume: nameless, changes: ['Tightened'] } },
    { provider: 'openai', role: 'You optimise a tailored resume draft', json: { resume: nameless, changes: [] } },
  ]);
  await page.goto('/');
  await chooseWorkflow(page, 'resume_tailoring');
  await page.getByLabel('Job description').fill(JOB);
  await page.getByLabel('Resume', { exact: true }).fill(RESUME);
  await useMock(page);
  await page.getByRole('button', { name: 'Run' }).click();
  const review = page.getByRole('dialog', { name: 'Review the tailored draft' });
  await expect(review).toBeVisible({ timeout: 30_000 });
  await review.getByRole('button', { name: 'Approve' }).click();

  const phase = page.getByTestId('tailor-phase');
  await expect(phase).toHaveText(/dropped your name.* not usable/, { timeout: 30_000 });
  await expect(phase).not.toHaveText(/^Tailoring finished/);
  const verdict = page.getByTestId('tailor-verdict');
  await expect(verdict.getByTestId('verdict-problem').filter({ hasText: NAME })).toHaveAttribute('data-kind', 'dropped_name');
  // The resume as given: opened from the keyboard, and downloaded whole.
  const original = verdict.getByTestId('verdict-original');
  await original.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(original.locator('pre')).toBeVisible();
  await expect(original.locator('pre')).toContainText(NAME);
  expect((await exported(page, 'verdict-download-original')).trim()).toBe(RESUME.trim());

  // The same verdict in Chinese (DOM text: headless Chromium has no CJK font).
  await page.getByRole('button', { name: 'Settings' }).click();
  const drawer = page.getByRole('complementary', { name: 'Settings' });
  await drawer.getByLabel('Language · 语言').selectOption('zh');
  await page.keyboard.press('Escape');
  await expect(phase).toHaveText(/^定制后的简历删去了你的姓名.*它目前不可用。$/);
  await expect(verdict.getByTestId('verdict-problem').first()).toContainText('你的姓名不见了');
});

test('a critic that loops counts in no score, and looping portfolio advice is marked unreliable', async ({ page, request }) => {
  const critic = (agent, score) => ({
    agent_name: agent, score, strengths: ['Clear dates and employers'], suggestions: ['Lead with results'],
    issues: [{ severity: 'low', section: 'Experience', description: 'Few numbers', suggestion: 'Add one outcome per role' }],
  });
  await mock(request, 'script', [
    { provider: 'openai', role: 'recruiter critic', json: { score: 10, strengths: ['until until until until'], issues: [], suggestions: [] } },
    { provider: 'openai', role: 'technical writer critic', json: critic('tech_writer', 9) },
    { provider: 'openai', role: 'copywriter critic', json: critic('copywriter', 8) },
    { provider: 'openai', role: 'portfolio advisor', json: { summary: 'until until until until until', pieces: [] } },
  ]);
  await page.goto('/');
  await useMock(page, { maxIterations: 1 });
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  // The loop's 10 is not averaged in: (9 + 8) / 2.
  await expect(page.getByTestId('final-score')).toHaveText('8.5');
  await expect(page.getByTestId('card-recruiter').getByTestId('card-failed')).toBeVisible();
  await expect(page.getByTestId('portfolio-unreliable')).toBeVisible();
  await expect(page.getByTestId('design-unreliable')).toHaveCount(0);
});

test('a hiring packet whose email loops is not "ready": the alert names the loop', async ({ page, request }) => {
  await mock(request, 'script', [
    { provider: 'openai', role: 'recruiting coordinator', json: { recipient: 'candidate', subject: 'Interview', body: 'sure sure sure sure sure sure' } },
  ]);
  await page.goto('/');
  await useMock(page);
  await chooseWorkflow(page, 'hiring_pipeline');
  await expect(page.getByTestId('hiring-form')).toBeVisible();
  await page.getByTestId('hiring-run').click();
  const phase = page.getByTestId('hiring-phase');
  await expect(phase).toHaveText(/^The hiring packet .*It is not usable as it is\.$/, { timeout: 45_000 });
  await expect(phase).not.toContainText('ready');
  const verdict = page.getByTestId('hiring-verdict');
  await expect(verdict).toHaveAttribute('role', 'alert');
  await expect(verdict.getByTestId('verdict-problem').first()).toHaveAttribute('data-kind', 'degenerate');
  await expect(verdict).toContainText('sure');
  // The packet is still shown, as written.
  await expect(page.getByTestId('packet-email')).toBeVisible();
});
