// Answers show as they form, never as raw JSON. The mock provider streams the recruiter
// critic's answer slowly (four pieces, 1.5 s apart): the card must show a parsed issue while the
// critic is still writing, and no text any card or activity panel ever held may contain JSON
// syntax. A MutationObserver, installed before the app starts, records every text they had.
import { test, expect } from '@playwright/test';
import { mock, useMock } from './fixtures/runs.mjs';

// Fictional critic answers. The mock cuts an answer into four pieces of equal length: for the
// English one, piece 1 ends inside the first issue ("Bul"), piece 2 finishes it, piece 3 the
// second issue, piece 4 the rest.
const ANSWER_EN = JSON.stringify({
  agent_name: 'recruiter',
  score: 6.5,
  issues: [
    { severity: 'high', section: 'Experience', description: 'Bullets list duties, not outcomes', suggestion: 'Lead each bullet with a result' },
    { severity: 'low', section: 'Skills', description: 'The skills list repeats "Rust" twice', suggestion: 'Group skills by area' },
  ],
  strengths: ['Clear dates for every role'],
  suggestions: ['Add a one-line headline', 'Move education to the end'],
});
const ANSWER_ZH = JSON.stringify({
  agent_name: 'recruiter',
  score: 7.2,
  issues: [
    { severity: 'medium', section: '工作经历', description: '缺少量化成果，没有给出数字', suggestion: '写明提升幅度' },
    { severity: 'low', section: '概述', description: '概述过长，超过五行', suggestion: '压缩到两三行' },
  ],
  strengths: ['语言简洁'],
  suggestions: ['把技能按熟练程度分组'],
});
const FREE_TEXT = 'The summary reads well, but the experience section lists duties instead of results. Lead with outcomes.';
const SLOW = { provider: 'openai', role: 'recruiter critic', stream: true, event_delay_ms: 1_500 };

/** Records the text of every critic card and activity panel after every change of the page. */
function recordTexts() {
  window.__seenTexts = new Set();
  const record = () => {
    for (const el of document.querySelectorAll('article.card, .activity, [data-testid="hiring-stream"]')) {
      window.__seenTexts.add(el.textContent);
    }
  };
  new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
}

/** One look at the recruiter's card, taken at a single moment. */
async function recruiterCard(page) {
  return page.evaluate(() => {
    const card = document.querySelector('[data-testid="card-recruiter"]');
    const live = card?.querySelector('[data-testid="card-stream"]');
    return {
      live: live?.textContent ?? '',
      liveItems: [...(live?.querySelectorAll('[data-testid="card-live-item"]') ?? [])].map((li) => li.textContent),
      done: !!card?.querySelector('[data-testid="card-score"]'),
      busy: card?.getAttribute('aria-busy'),
    };
  });
}

async function seenTexts(page) {
  return page.evaluate(() => [...window.__seenTexts]);
}

function expectNoJson(texts) {
  expect(texts.length).toBeGreaterThan(3);
  for (const text of texts) {
    for (const syntax of ['{"', '":', '"issues"', '"description"', '```']) {
      expect(text, `a card showed ${syntax}`).not.toContain(syntax);
    }
  }
}

async function startReview(page) {
  await page.addInitScript(recordTexts);
  await page.goto('/');
  await useMock(page, { maxIterations: 1 });
  await page.getByRole('button', { name: 'Run' }).click();
}

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

test('a critic card shows each issue as it is finished, before the card completes, and never JSON', async ({ page, request }) => {
  await mock(request, 'script', [{ ...SLOW, text: ANSWER_EN }]);
  await startReview(page);

  // The score and the start of the first issue come first, as words.
  await expect(page.getByTestId('card-recruiter').getByTestId('card-live-score')).toContainText('6.5', { timeout: 30_000 });
  await expect(page.getByTestId('card-recruiter').getByTestId('card-writing')).toHaveText('Bul');

  // The first issue, parsed, while the card is still being written (one snapshot of the card).
  let seen;
  await expect.poll(async () => {
    seen = await recruiterCard(page);
    return seen.liveItems.some((item) => item.includes('Bullets list duties, not outcomes'));
  }, { timeout: 15_000, intervals: [50] }).toBe(true);
  expect(seen.done).toBe(false);
  expect(seen.busy).toBe('true');
  expect(seen.liveItems[0]).toContain('high');
  expect(seen.liveItems[0]).toContain('Experience');
  expect(seen.liveItems[0]).toContain('→ Lead each bullet with a result');
  // An escaped quote reads as a quote once its issue is finished.
  await expect(page.getByTestId('card-recruiter').getByTestId('card-stream')).toContainText('repeats "Rust" twice', { timeout: 15_000 });

  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  await expect(page.getByTestId('card-recruiter').getByTestId('card-score')).toContainText('6.5');
  const texts = await seenTexts(page);
  expectNoJson(texts);
  // The live texts were recorded, not just the end state.
  expect(texts.some((t) => t.includes('Bullets list duties') && !t.includes('The skills list'))).toBe(true);
});

test('an answer in a fence after prose, in Chinese, reads the same way', async ({ page, request }) => {
  await mock(request, 'script', [{ ...SLOW, text: ANSWER_ZH, fenced: true, prose: true }]);
  await startReview(page);
  let seen;
  await expect.poll(async () => {
    seen = await recruiterCard(page);
    return seen.liveItems.some((item) => item.includes('缺少量化成果，没有给出数字'));
  }, { timeout: 30_000, intervals: [50] }).toBe(true);
  expect(seen.done).toBe(false);
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  await expect(page.getByTestId('card-recruiter').getByTestId('card-score')).toContainText('7.2');
  expectNoJson(await seenTexts(page));
});

test('a critic that answers in words instead of JSON shows its words', async ({ page, request }) => {
  await mock(request, 'script', [{ ...SLOW, text: FREE_TEXT }]);
  await startReview(page);
  let seen;
  await expect.poll(async () => {
    seen = await recruiterCard(page);
    return seen.live;
  }, { timeout: 30_000, intervals: [50] }).toContain('The summary reads well, but the experience');
  expect(seen.done).toBe(false);
  await expect(page.getByTestId('card-recruiter').getByTestId('card-text')).toContainText('Lead with outcomes.', { timeout: 15_000 });
  // The words were not JSON: the run asks again without streaming (the mock's default answer).
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  expectNoJson(await seenTexts(page));
});

test('the hiring and navigator panels show the streaming agent\'s words, never its JSON', async ({ page }) => {
  await page.addInitScript(recordTexts);
  await page.goto('/');
  await page.getByTestId('workflow').selectOption('hiring_pipeline');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('heading', { name: 'Hiring packet' })).toBeVisible({ timeout: 30_000 });
  const hiring = await seenTexts(page);
  // The demo model streams its JSON answers in small pieces: the panel showed their words. The
  // agents read the resume blind (the default): the parser wrote the placeholder, not the name.
  expect(hiring.some((t) => t.includes('[candidate]'))).toBe(true);
  expect(hiring.some((t) => t.includes('Jordan Avery'))).toBe(false);
  expectNoJson(hiring);

  await page.getByTestId('workflow').selectOption('career_navigator');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('dialog', { name: 'Rate the report' })).toBeVisible({ timeout: 30_000 });
  const navigator = (await seenTexts(page)).filter((t) => !hiring.includes(t));
  expect(navigator.some((t) => t.includes('Technical product manager'))).toBe(true);
  expectNoJson(navigator);
});
