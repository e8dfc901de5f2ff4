// Every workflow survives reloads: each test runs a workflow once uninterrupted against the mock
// provider, then again with the page reloaded at every pause and in the middle of a running step
// (a scripted delay keeps that step's call in flight). The second run must end with the same
// result (its export, byte for byte) and the mock must have seen each finished agent call once:
// only the call a reload cut off is made again.
//
// Parallel agents that finished before a reload (the review's critics, the career plan's analysts)
// are not called again: the engine saves each finished task's writes as it finishes (`put_writes`).
import { test, expect } from '@playwright/test';
import { chooseWorkflow, countCalls, exported, mock, savedWrites, useMock, waitForCall } from './fixtures/runs.mjs';
import { ANSWER, DRAFT, JOB, RESUME } from './fixtures/tailoring.mjs';

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

/** Forgets the uninterrupted run's requests; `rules` script the interrupted one. */
async function again(request, rules) {
  await mock(request, 'reset');
  if (rules.length) await mock(request, 'script', rules);
}

// ---- resume review: no pauses; reloads while the critics and while the portfolio advisor run ----

const REVIEW = {
  recruiter: 'You are the recruiter critic',
  tech_writer: 'You are the technical writer critic',
  copywriter: 'You are the copywriter critic',
  portfolio: 'You are the portfolio advisor',
  design: 'You are the resume design reviewer',
};

async function reviewWithReloads(page, request) {
  await page.goto('/');
  await useMock(page, { maxIterations: 1 });
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  const expected = await exported(page, 'export-json');
  const once = await countCalls(request, REVIEW);

  await again(request, [
    { provider: 'openai', role: 'copywriter critic', delay_ms: 4_000, times: 1 },
    { provider: 'openai', role: 'portfolio advisor', delay_ms: 4_000, times: 1 },
  ]);
  await page.getByRole('button', { name: 'Run' }).click();
  // Reload while the copywriter is still writing and the other two critics are done.
  await waitForCall(request, REVIEW.copywriter);
  await expect(page.getByTestId('node-recruiter')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('node-tech_writer')).toHaveAttribute('data-status', 'done');
  await savedWrites(page, ['recruiter', 'tech_writer']);
  await page.reload();
  // Reload while the portfolio advice is being written.
  await waitForCall(request, REVIEW.portfolio);
  await expect(page.getByTestId('run-entry').first()).toHaveAttribute('data-status', 'running');
  await page.reload();
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  await expect(page.getByTestId('run-entry').first()).toHaveAttribute('data-status', 'done');
  return { expected, actual: await exported(page, 'export-json'), once, after: await countCalls(request, REVIEW) };
}

test('resume review: reloaded twice mid-step, it goes on to the same result', async ({ page, request }) => {
  const { expected, actual, once, after } = await reviewWithReloads(page, request);
  expect(actual).toBe(expected);
  // The calls the reloads cut off are made again; the steps that had finished are not.
  expect(after.copywriter).toBe(once.copywriter + 1);
  expect(after.portfolio).toBe(once.portfolio + 1);
  expect(after.design).toBe(once.design);
});

// ---- hiring packet: no pauses; a reload while the matching analyst runs ----

const SUPERVISOR_SAYS = [
  'resume_parser_agent', 'jd_analysis_agent', 'matching_agent', 'candidate_research_agent',
  'hr_interview_agent', 'technical_interview_agent', 'ceo_interview_agent', 'evaluation_agent', 'email_agent',
];
const MATCH = {
  score: 82, summary: 'Strong backend match.', matched_skills: ['Rust', 'Kafka'],
  missing_skills: ['Terraform'], strengths: ['Latency work'], gaps: ['Terraform'],
};
const HIRING = {
  supervisor: 'You are the hiring supervisor',
  parser: 'You are the resume parser',
  jd: 'You are the job-description analyst',
  matching: 'You are the matching analyst',
  research: 'You are the candidate researcher',
  hr: 'You are the HR interviewer',
  technical: 'You are the technical interviewer',
  ceo: 'You are the CEO of the hiring company',
  evaluation: 'You are the hiring evaluator',
  email: 'You are the recruiting coordinator',
};
const hiringScript = (delayMatching) => [
  ...SUPERVISOR_SAYS.map((next) => ({ provider: 'openai', role: 'hiring supervisor', times: 1, json: { next_agent: next, reason: `scripted: ${next}` } })),
  ...(delayMatching ? [{ provider: 'openai', role: 'matching analyst', delay_ms: 4_000, times: 1, json: MATCH }] : []),
  { provider: 'openai', role: 'matching analyst', json: MATCH },
];

test('hiring packet: reloaded while an agent runs, it goes on to the same packet', async ({ page, request }) => {
  await mock(request, 'script', hiringScript(false));
  await page.goto('/');
  await useMock(page);
  await chooseWorkflow(page, 'hiring_pipeline');
  await page.getByTestId('hiring-run').click();
  await expect(page.getByTestId('hiring-phase')).toHaveText('Hiring packet ready.', { timeout: 45_000 });
  const expected = await exported(page, 'hiring-export');
  const once = await countCalls(request, HIRING);

  await again(request, hiringScript(true));
  await page.getByTestId('hiring-run').click();
  await waitForCall(request, HIRING.matching);
  await expect(page.getByTestId('hiring-phase')).toContainText('Matching');
  await page.reload();
  await expect(page.getByTestId('hiring-phase')).toHaveText('Hiring packet ready.', { timeout: 45_000 });
  expect(await exported(page, 'hiring-export')).toBe(expected);
  expect(await countCalls(request, HIRING)).toEqual({ ...once, matching: once.matching + 1 });
  await expect(page.getByTestId('run-entry')).toHaveCount(2);
});

// ---- career plan: two pauses; reloads while the analysts run and at both dialogs ----

const NAVIGATOR = {
  coordinator: 'You are the coordinator of a career planning team',
  planner: 'You are the planner of a career planning team',
  user_profiler: 'You are the user profiler',
  industry_researcher: 'You are the industry researcher',
  job_analyzer: 'You are the job analyzer',
  reporter: 'You are the reporter',
  goal_decomposer: 'You are the goal decomposer',
  scheduler: 'You are the scheduler',
};

async function navigatorWithReloads(page, request, { reload }) {
  const rate = page.getByRole('dialog', { name: 'Rate the report' });
  const confirm = page.getByRole('dialog', { name: 'Confirm the plan' });
  if (reload) {
    // Reload while the job analyzer writes and the other two analysts are done.
    await waitForCall(request, NAVIGATOR.job_analyzer);
    await waitForCall(request, NAVIGATOR.user_profiler);
    await waitForCall(request, NAVIGATOR.industry_researcher);
    await expect(page.getByTestId('nav-node-user_profiler')).toHaveAttribute('data-status', 'idle');
    await expect(page.getByTestId('nav-node-industry_researcher')).toHaveAttribute('data-status', 'idle');
    await savedWrites(page, ['user_profiler', 'industry_researcher']);
    await page.reload();
  }
  await expect(rate).toBeVisible({ timeout: 30_000 });
  if (reload) {
    await page.reload();
    await expect(rate).toBeVisible({ timeout: 30_000 });
  }
  await rate.getByLabel('Satisfied', { exact: true }).check();
  await rate.getByRole('button', { name: 'Send' }).click();
  await expect(confirm).toBeVisible({ timeout: 30_000 });
  if (reload) {
    await page.reload();
    await expect(confirm).toBeVisible({ timeout: 30_000 });
  }
  await confirm.getByRole('button', { name: 'Confirm plan' }).click();
  await expect(page.getByTestId('nav-phase')).toHaveText('Plan ready.', { timeout: 30_000 });
  return exported(page, 'nav-export-markdown');
}

async function careerPlan(page, request) {
  await page.goto('/');
  await useMock(page);
  await chooseWorkflow(page, 'career_navigator');
  await page.getByLabel('Plan starts on').fill('2026-03-02');
  await page.getByRole('button', { name: 'Run' }).click();
  const expected = await navigatorWithReloads(page, request, { reload: false });
  const once = await countCalls(request, NAVIGATOR);

  await again(request, [{ provider: 'openai', role: 'job analyzer', delay_ms: 4_000, times: 1 }]);
  await page.getByRole('button', { name: 'Run' }).click();
  const actual = await navigatorWithReloads(page, request, { reload: true });
  return { expected, actual, once, after: await countCalls(request, NAVIGATOR) };
}

test('career plan: reloaded mid-step and at both dialogs, it goes on to the same plan', async ({ page, request }) => {
  const { expected, actual, once, after } = await careerPlan(page, request);
  expect(actual).toBe(expected);
  expect(after.job_analyzer).toBe(once.job_analyzer + 1);
  for (const role of ['coordinator', 'planner', 'reporter', 'goal_decomposer', 'scheduler']) {
    expect(after[role], role).toBe(once[role]);
  }
  await expect(page.getByTestId('run-entry')).toHaveCount(2);
  await expect(page.getByTestId('run-entry').first()).toHaveAttribute('data-status', 'done');
});

// ---- tailoring: two pauses; reloads at the question, while the tailorer writes, at the review ----

const TAILOR = {
  job_analyst: 'You are a job analyst helping a candidate',
  screener: 'You are an experienced technical recruiter screening',
  tailorer: 'You tailor a resume to one job',
  ats: 'You optimise a tailored resume draft',
  reflexion: 'You revise a tailored resume draft',
};
const tailorScript = (delayTailorer) => [
  ...(delayTailorer ? [{ provider: 'openai', role: 'tailor a resume to one job', delay_ms: 4_000, times: 1, json: { resume: DRAFT, changes: ['Skills first'] } }] : []),
  { provider: 'openai', role: 'tailor a resume to one job', json: { resume: DRAFT, changes: ['Skills first'] } },
];

async function tailor(page, request, { reload }) {
  await page.getByRole('button', { name: 'Run' }).click();
  const question = page.getByRole('dialog', { name: 'Question 1 / 1' });
  const review = page.getByRole('dialog', { name: 'Review the tailored draft' });
  await expect(question).toBeVisible({ timeout: 30_000 });
  if (reload) {
    await page.reload();
    await expect(question).toBeVisible({ timeout: 30_000 });
  }
  await question.getByLabel('Your answer').fill(ANSWER);
  await question.getByRole('button', { name: 'Send' }).click();
  if (reload) {
    await waitForCall(request, TAILOR.tailorer);
    await page.reload();
  }
  await expect(review).toBeVisible({ timeout: 30_000 });
  if (reload) {
    await page.reload();
    await expect(review).toBeVisible({ timeout: 30_000 });
  }
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('tailor-phase')).toHaveText('Tailoring finished.', { timeout: 30_000 });
  return exported(page, 'export-resume-markdown');
}

test('tailoring: reloaded at the question, mid-step and at the review, it goes on to the same resume', async ({ page, request }) => {
  await mock(request, 'script', tailorScript(false));
  await page.goto('/');
  await useMock(page);
  await chooseWorkflow(page, 'resume_tailoring');
  await page.getByLabel('Job description').fill(JOB);
  await page.getByLabel('Resume', { exact: true }).fill(RESUME);
  const expected = await tailor(page, request, { reload: false });
  const once = await countCalls(request, TAILOR);

  await again(request, tailorScript(true));
  // The same input: not the master resume the first run's answer updated.
  await page.getByTestId('use-master').uncheck();
  const actual = await tailor(page, request, { reload: true });
  expect(actual).toBe(expected);
  expect(await countCalls(request, TAILOR)).toEqual({ ...once, tailorer: once.tailorer + 1 });
  await expect(page.getByTestId('final-decision')).toContainText('approved by you');
  await expect(page.getByTestId('run-entry')).toHaveCount(2);
});

// ---- parallel agents that finished before a reload are not called again ----
// The engine's per-task `put_writes`: finished tasks' writes are saved as they finish and
// re-attached when the run goes on.

test('resume review: critics that finished before the reload are not called again', async ({ page, request }) => {
  const { once, after } = await reviewWithReloads(page, request);
  expect(after.recruiter).toBe(once.recruiter);
  expect(after.tech_writer).toBe(once.tech_writer);
});

test('career plan: analysts that finished before the reload are not called again', async ({ page, request }) => {
  const { once, after } = await careerPlan(page, request);
  expect(after.user_profiler).toBe(once.user_profiler);
  expect(after.industry_researcher).toBe(once.industry_researcher);
});
