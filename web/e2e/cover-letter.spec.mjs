// The cover letter page end to end. The offline demo in English and in Chinese (DOM text only):
// the review dialog, approval, each paragraph with its requirements and resume lines, the
// Markdown export. The mock provider (OpenAI wire format): a writer that invents an employer;
// the review marks it, the user removes it by keyboard and approves; the letter and the Markdown
// and HTML exports lack it. All text is fictional.
import { test, expect } from '@playwright/test';
import { createRequire } from 'node:module';
import { chooseWorkflow, exported, mock, useMock } from './fixtures/runs.mjs';

const HAN = /[\u4e00-\u9fff]/;
const EMPLOYER = 'Globex Corporation';

async function useDemo(page, language = 'en') {
  await page.getByRole('button', { name: 'Settings' }).click();
  const drawer = page.getByRole('complementary', { name: 'Settings' });
  await drawer.getByLabel('Provider').selectOption('demo');
  await drawer.getByLabel('Language · 语言').selectOption(language);
  await page.keyboard.press('Escape');
}

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

test('demo in English: review, approve, a letter whose paragraphs cite the posting and the resume', async ({ page }) => {
  await page.goto('/');
  await chooseWorkflow(page, 'cover_letter');
  await expect(page.getByLabel('Company', { exact: true })).toHaveValue('Harbor Logistics');
  await page.getByLabel('Tone').selectOption('warm');
  await page.getByLabel('Length').selectOption('short');
  await useDemo(page);
  await page.getByRole('button', { name: 'Run' }).click();

  const review = page.getByRole('dialog', { name: 'Review the draft letter' });
  await expect(review).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('node-human_review')).toHaveAttribute('data-status', 'waiting');
  await expect(page.getByTestId('node-writer')).toHaveAttribute('data-status', 'done');
  await expect(review.getByTestId('letter-review-draft')).toContainText('Harbor Logistics');
  await review.getByRole('button', { name: 'Approve' }).click();

  await expect(page.getByTestId('letter-phase')).toHaveText('The letter is ready.', { timeout: 30_000 });
  const letter = page.getByTestId('cover-letter');
  await expect(letter.getByTestId('letter-paragraph').first()).toContainText('Harbor Logistics');
  // At least one paragraph answers a requirement and rests on resume lines.
  await expect(letter.getByTestId('letter-paragraph-requirements').first()).toContainText(/R\d+/);
  await expect(letter.getByTestId('letter-paragraph-lines').first()).toContainText(/L\d+: /);
  const markdown = await exported(page, 'export-letter-markdown');
  expect(markdown).toContain('Harbor Logistics');
  const html = await exported(page, 'export-letter-html');
  expect(html).toContain('<article class="cover-letter">');
});

test('demo in Chinese: the page and the letter speak Chinese', async ({ page }) => {
  await page.goto('/');
  await chooseWorkflow(page, 'cover_letter');
  await useDemo(page, 'zh');
  await expect(page.getByLabel('公司', { exact: true })).toBeVisible();
  await expect(page.getByLabel('语气')).toBeVisible();
  await page.getByRole('button', { name: '运行' }).click();

  const review = page.getByRole('dialog', { name: '审阅求职信草稿' });
  await expect(review).toBeVisible({ timeout: 30_000 });
  await expect(review.getByTestId('letter-review-draft')).toContainText(HAN);
  await review.getByRole('button', { name: '批准' }).click();

  await expect(page.getByTestId('letter-phase')).toHaveText('求职信已完成。', { timeout: 30_000 });
  await expect(page.getByTestId('cover-letter').getByTestId('letter-paragraph').first()).toContainText('尊敬的');
  await expect(page.getByRole('heading', { name: '你的求职信' })).toBeVisible();
  const markdown = await exported(page, 'export-letter-markdown');
  expect(markdown).toMatch(HAN);
});

test('mock: an invented employer is marked, removed by keyboard, and absent from the letter and the exports', async ({ page, request }) => {
  await mock(request, 'script', [
    {
      provider: 'openai',
      role: 'You write a cover letter',
      json: {
        paragraphs: [
          { text: 'Dear Harbor Logistics hiring team,', requirements: [], resume_lines: [] },
          { text: 'I am writing to apply for the Senior Backend Engineer position.', requirements: [], resume_lines: [] },
          { text: `Before that I was a consultant at ${EMPLOYER}.`, requirements: [], resume_lines: [] },
          { text: 'Sincerely,\nJordan Avery', requirements: [], resume_lines: [] },
        ],
        changes: [],
      },
    },
  ]);
  await page.goto('/');
  await chooseWorkflow(page, 'cover_letter');
  await useMock(page);
  await page.getByRole('button', { name: 'Run' }).click();

  const review = page.getByRole('dialog', { name: 'Review the draft letter' });
  await expect(review).toBeVisible({ timeout: 30_000 });
  const mark = review.getByTestId('letter-review-draft').getByTestId('fact-mark').filter({ hasText: 'Globex' });
  await expect(mark).toHaveAttribute('data-decision', 'undecided');
  const facts = review.getByTestId('letter-review-facts');
  const employer = facts.getByTestId('fact-item').filter({ hasText: 'Globex' });
  // Keyboard only: Tab from the item's Keep button reaches Remove; Enter presses it.
  await employer.getByTestId('fact-keep').focus();
  await page.keyboard.press('Tab');
  await expect(employer.getByTestId('fact-remove')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(employer).toHaveAttribute('data-decision', 'removed');
  await expect(mark).toHaveAttribute('data-decision', 'removed');
  await review.getByTestId('letter-approve').focus();
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('letter-phase')).toHaveText('The letter is ready.', { timeout: 30_000 });
  await expect(page.getByTestId('letter-grounding')).toContainText('left out');
  await expect(page.getByTestId('cover-letter')).not.toContainText('Globex');
  await expect(page.getByTestId('cover-letter')).toContainText('Harbor Logistics');
  const markdown = await exported(page, 'export-letter-markdown');
  expect(markdown).toContain('Senior Backend Engineer');
  expect(markdown).not.toContain('Globex');
  const html = await exported(page, 'export-letter-html');
  expect(html).toContain('Senior Backend Engineer');
  expect(html).not.toContain('Globex');
});

// ---- accessibility: axe on the form, the review dialog and the letter ----

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

async function audit(page, state) {
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
    .map((a) => a.finished.catch(() => {}))));
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  const lines = await page.evaluate(async (tags) => {
    const results = await window.axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id} [${v.impact}] ${n.target.join(' ')} — ${v.help}`));
  }, TAGS);
  expect(lines, `axe violations in ${state}`).toEqual([]);
}

test.describe('accessibility', () => {
  // axe is injected by the test: the page's CSP is bypassed in this block only.
  test.use({ bypassCSP: true });

  for (const language of ['en', 'zh']) {
    test(`${language}: the form, the review dialog and the letter pass axe`, async ({ page }) => {
      await page.goto('/');
      await chooseWorkflow(page, 'cover_letter');
      await useDemo(page, language);
      await audit(page, `${language} form`);
      await page.getByTestId('run').click();
      const review = page.getByTestId('letter-review-dialog');
      await expect(review).toBeVisible({ timeout: 30_000 });
      await audit(page, `${language} review dialog`);
      await page.screenshot({ path: `../target/playwright/cover-letter-review-${language}.png`, fullPage: false });
      await review.getByTestId('letter-approve').click();
      await expect(page.getByTestId('letter-result')).toBeVisible({ timeout: 30_000 });
      await audit(page, `${language} letter`);
      await page.getByTestId('letter-result').screenshot({ path: `../target/playwright/cover-letter-result-${language}.png` });
    });
  }
});
