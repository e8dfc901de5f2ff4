// Dialogs open at their top: the tailoring review dialog, on a long resume whose changes are at
// its end, shows its title, countdown, ATS score, first changed line and decision buttons without
// scrolling, on a desktop and a phone viewport; the diff is compact (changes with context) and
// expands with "Show all". Screenshots go to target/playwright/review-dialog-<width>.png.
import { test, expect } from '@playwright/test';
import { ANSWER, JOB, RESUME } from './fixtures/tailoring.mjs';
import { mock, useMock } from './fixtures/runs.mjs';

// Forty unchanged lines before the Experience section push the changed lines (Redis added to the
// last job and to Skills) far down a full diff. Fictional; the draft adds no numbers.
const FILLER = Array.from({ length: 40 }, (_, i) => `- Earlier project note ${String.fromCharCode(65 + (i % 26))}${i >= 26 ? 'x' : ''}: kept the tracking tools tidy.`).join('\n');
const LONG_RESUME = RESUME.replace('## Experience\n', `## Projects\n${FILLER}\n\n## Experience\n`);
const LONG_DRAFT = LONG_RESUME
  .replace('- Ran the services on Kubernetes.\n', '- Ran the services on Kubernetes.\n- Used Redis as a cache for tracking lookups.\n')
  .replace('Go, PostgreSQL, Kubernetes\n', 'Go, PostgreSQL, Kubernetes, Redis\n');

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** True when the whole of `locator`'s box lies inside the viewport. */
async function inView(page, locator) {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize();
  return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= height && box.x + box.width <= width;
}

for (const viewport of VIEWPORTS) {
  test(`the review dialog opens at its top at ${viewport.width}×${viewport.height}`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    await mock(request, 'reset');
    await mock(request, 'script', [
      { provider: 'openai', role: 'tailor a resume to one job', json: { resume: LONG_DRAFT, changes: ['Redis added'] } },
    ]);
    await page.goto('/');
    await page.getByTestId('workflow').selectOption('resume_tailoring');
    await page.getByLabel('Job description').fill(JOB);
    await page.getByLabel('Resume', { exact: true }).fill(LONG_RESUME);
    await useMock(page);
    await page.getByRole('button', { name: 'Run' }).click();

    const question = page.getByRole('dialog', { name: 'Question 1 / 1' });
    await expect(question).toBeVisible({ timeout: 30_000 });
    await question.getByLabel('Your answer').fill(ANSWER);
    await question.getByRole('button', { name: 'Send' }).click();

    const review = page.getByRole('dialog', { name: 'Review the tailored draft' });
    await expect(review).toBeVisible({ timeout: 30_000 });
    const diff = review.getByTestId('review-diff');
    const firstChange = diff.locator('[data-changed]').first();
    await expect(firstChange).toBeVisible();
    // Let focus and layout settle before measuring (focus must not scroll the dialog down).
    await page.waitForTimeout(300);
    await page.screenshot({ path: `../target/playwright/review-dialog-${viewport.width}.png` });

    expect(await inView(page, review.getByRole('heading', { name: 'Review the tailored draft' }))).toBe(true);
    expect(await inView(page, review.getByTestId('review-countdown'))).toBe(true);
    expect(await inView(page, review.getByTestId('review-ats'))).toBe(true);
    expect(await inView(page, firstChange)).toBe(true);
    expect(await inView(page, review.getByRole('button', { name: 'Approve' }))).toBe(true);
    expect(await inView(page, review.getByRole('button', { name: 'Request revision' }))).toBe(true);
    // Focus is still in the feedback box, ready to type.
    await expect(review.getByLabel('What should change?')).toBeFocused();

    // Compact: the unchanged project notes are folded; "Show all" brings every line back.
    await expect(diff).not.toContainText('Earlier project note M');
    await expect(diff).toContainText(/unchanged lines/);
    await review.getByRole('button', { name: 'Show all' }).click();
    await expect(diff).toContainText('Earlier project note M');
    await review.getByRole('button', { name: 'Show changes only' }).click();
    await expect(diff).not.toContainText('Earlier project note M');
  });
}
