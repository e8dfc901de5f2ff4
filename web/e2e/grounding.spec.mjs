// Grounding in every rewrite. Tailoring: the mock's tailorer invents an employer and a
// number; the review dialog marks both in the diff and lists them with Keep / Remove; the user
// removes the employer, keeps the number and approves; the Markdown and JSON Resume exports lack
// the one and hold the other. Review: the mock's revisor adds a number; the result view marks it,
// the export leaves it out while undecided and carries it once kept. All text is fictional.
import { test, expect } from '@playwright/test';
import { chooseWorkflow, exported, mock, useMock, waitForCall } from './fixtures/runs.mjs';
import { RESUME } from './fixtures/tailoring.mjs';

// Everything the job asks for is in RESUME: no question, straight to the draft.
const JOB = `Platform Engineer — Testco (fictional)
Requirements
- Go and PostgreSQL
- Kubernetes
`;
const EMPLOYER = 'Globex Logistics';
const NUMBER = '45%';
// The tailorer's draft: RESUME plus an invented employer (a second position) and a number.
const DRAFT = RESUME.replace('- Ran the services on Kubernetes.\n',
  `- Ran the services on Kubernetes.\n- Cut tracking latency by ${NUMBER}.\n\n### Backend Engineer — ${EMPLOYER} (2019–2024)\n- Ran the tracking platform.\n`);

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

test('tailoring: invented facts are marked, one removed and one kept, the exports follow', async ({ page, request }) => {
  await mock(request, 'script', [
    { provider: 'openai', role: 'tailor a resume to one job', json: { resume: DRAFT, changes: ['Added results'] } },
  ]);
  await page.goto('/');
  await chooseWorkflow(page, 'resume_tailoring');
  await page.getByLabel('Job description').fill(JOB);
  await page.getByLabel('Resume', { exact: true }).fill(RESUME);
  await useMock(page);
  await page.getByRole('button', { name: 'Run' }).click();

  const review = page.getByRole('dialog', { name: 'Review the tailored draft' });
  await expect(review).toBeVisible({ timeout: 30_000 });
  const facts = review.getByTestId('review-facts');
  await expect(facts.getByRole('heading')).toHaveText('2 facts not in your resume');
  await expect(facts.getByTestId('review-facts-open')).toContainText('2 facts undecided: not kept');
  // Both are marked where they stand in the diff, undecided.
  const marks = review.getByTestId('review-diff').getByTestId('fact-mark');
  await expect(marks.filter({ hasText: EMPLOYER })).toHaveAttribute('data-decision', 'undecided');
  await expect(marks.filter({ hasText: NUMBER })).toHaveAttribute('data-decision', 'undecided');

  // Remove the employer with the keyboard, keep the number with a click.
  const employer = facts.getByTestId('fact-item').filter({ hasText: EMPLOYER });
  const number = facts.getByTestId('fact-item').filter({ hasText: NUMBER });
  await employer.getByTestId('fact-remove').focus();
  await page.keyboard.press('Enter');
  await expect(employer).toHaveAttribute('data-decision', 'removed');
  await expect(employer.getByTestId('fact-remove')).toHaveAttribute('aria-pressed', 'true');
  await number.getByTestId('fact-keep').click();
  await expect(number).toHaveAttribute('data-decision', 'kept');
  await expect(marks.filter({ hasText: EMPLOYER })).toHaveAttribute('data-decision', 'removed');
  await expect(marks.filter({ hasText: NUMBER })).toHaveAttribute('data-decision', 'kept');
  await expect(facts.getByTestId('review-facts-open')).toHaveText('Every fact decided.');
  await review.getByRole('button', { name: 'Approve' }).click();

  await expect(page.getByTestId('tailor-phase')).toHaveText('Tailoring finished.', { timeout: 30_000 });
  await expect(page.getByTestId('result-grounding')).toContainText('1 fact not in your resume was left out; 1 kept by you.');
  await expect(page.getByTestId('tailored-resume')).toContainText(NUMBER);
  await expect(page.getByTestId('tailored-resume')).not.toContainText(EMPLOYER);
  const markdown = await exported(page, 'export-resume-markdown');
  expect(markdown).toContain(`Cut tracking latency by ${NUMBER}.`);
  expect(markdown).not.toContain(EMPLOYER);
  expect(markdown).toContain('- Ran the tracking platform.');
  const json = await exported(page, 'export-resume-json');
  expect(json).toContain(NUMBER);
  expect(json).not.toContain('Globex');
  expect(JSON.parse(json).basics.name).toBe('Robin Example');
});

// ---- review: a revisor that makes a number up ----

const REVIEW_RESUME = `# Sam Example
Backend engineer

## Experience
### Backend Engineer — Acme Billing (2019–2024)
- Built the billing service.
- Ran the payment jobs.
`;
const INVENTED = '37%';
const REVISED = REVIEW_RESUME.replace('- Built the billing service.', `- Built the billing service, cutting invoice errors by ${INVENTED}.`);
const LOW = (agent) => ({
  agent_name: agent, score: 5.0, strengths: ['Clear dates'], suggestions: ['Show results'],
  issues: [{ severity: 'high', section: 'Experience', description: 'No outcomes', suggestion: 'Lead with results' }],
});

test('review: the revisor\'s made-up number is marked in the result and kept out of the export until kept', async ({ page, request }) => {
  await mock(request, 'script', [
    { provider: 'openai', role: 'recruiter critic', json: LOW('recruiter') },
    { provider: 'openai', role: 'technical writer critic', json: LOW('tech_writer') },
    { provider: 'openai', role: 'copywriter critic', json: LOW('copywriter') },
    { provider: 'openai', role: 'resume revisor', json: { revised_resume: REVISED, changes: ['Added a result'] } },
  ]);
  await page.goto('/');
  await page.getByLabel('Resume', { exact: true }).fill(REVIEW_RESUME);
  await useMock(page, { maxIterations: 2 });
  await page.getByRole('button', { name: 'Run' }).click();
  await waitForCall(request, 'resume revisor');
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });

  const facts = page.getByTestId('result-facts');
  await expect(facts.getByRole('heading')).toHaveText('1 fact not in your resume');
  await expect(facts.getByTestId('fact-item')).toHaveText(new RegExp(INVENTED));
  const mark = page.getByTestId('diff').getByTestId('fact-mark');
  await expect(mark).toHaveText(INVENTED);
  await expect(mark).toHaveAttribute('data-decision', 'undecided');

  // Undecided: not in the exported resume; the clause goes, the sentence stays.
  let markdown = await exported(page, 'export-resume-markdown');
  expect(markdown).not.toContain(INVENTED);
  expect(markdown).toContain('- Built the billing service.');
  await facts.getByTestId('fact-keep').click();
  await expect(mark).toHaveAttribute('data-decision', 'kept');
  markdown = await exported(page, 'export-resume-markdown');
  expect(markdown).toContain(`cutting invoice errors by ${INVENTED}`);
});
