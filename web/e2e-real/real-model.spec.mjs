// The app against a real model (SmolLM2-135M-Instruct on llama.cpp's llama-server, started by
// tests/real_model/suite.sh): the review, tailoring with its dialogs, and the cover letter (its
// review answered by keyboard, in English and with the page in Chinese) run to a result whose
// scores are on their scales or to an error that names its cause, with no console error.
// The assertion is honesty, not quality: a 135M model writes poor critiques.
import { test, expect } from '@playwright/test';
import { JOB, RESUME } from '../e2e/fixtures/tailoring.mjs';
import { answerTailoringDialogs, TAILORING_DONE } from './tailoring-dialogs.mjs';
import { answerLetterReview, LETTER_DONE } from './letter-review.mjs';
import { expectVerdictShown } from './verdict.mjs';

const SERVER = process.env.REAL_MODEL_URL;
// Only the real-model suite runs this folder, and it always sets the URL: without it, fail.
if (!SERVER) throw new Error('REAL_MODEL_URL is not set: run tests/real_model/suite.sh');

/** How long one run may take on the 135M model before it counts as a hang: hang detection, not
 * a speed target. The runs share one server thread with the native runs while the in-tab model
 * takes the other core: measured 2026-11-28, 100–160 s each, twice that under other load. */
const RUN_BOUND = 600_000;
/** Settings → "Longest answer (tokens)", as tests/real_model.rs sets it: a CPU budget that
 * shrinks every schema so answers stay whole (llm::answer_budget). */
const ANSWER_TOKENS = '300';
/** The cover letter's three calls in under ~40 s on one server thread (tests/real_model.rs:
 * LETTER_ANSWER_TOKENS). */
const LETTER_ANSWER_TOKENS = '160';

let consoleErrors;
test.beforeEach(async ({ page }) => {
  consoleErrors = [];
  page.on('console', (msg) => { if (msg.type() === 'error') consoleErrors.push(`${msg.text()} (${msg.location().url})`); });
  page.on('pageerror', (err) => consoleErrors.push(String(err)));
});
test.afterEach(() => {
  expect(consoleErrors).toEqual([]);
});

async function useLocalServer(page, { maxIterations, server = SERVER, answerTokens = ANSWER_TOKENS, language } = {}) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const drawer = page.getByRole('complementary', { name: 'Settings' });
  await drawer.getByLabel('Provider').selectOption('openai_compatible');
  await drawer.getByLabel('Base URL').fill(server);
  await drawer.getByLabel('Model', { exact: true }).fill('smollm2-135m-instruct');
  await drawer.getByLabel('Longest answer (tokens)').fill(answerTokens);
  await drawer.getByLabel('Longest answer (tokens)').press('Tab');
  if (maxIterations !== undefined) {
    await drawer.getByLabel('Max iterations').fill(String(maxIterations));
    await drawer.getByLabel('Max iterations').press('Tab');
  }
  // Last: the drawer's own labels change with the language.
  if (language) await drawer.getByLabel('Language · 语言').selectOption(language);
  await page.keyboard.press('Escape');
}

/** A named failure: not empty, not "unknown error", not a panic. */
function expectNamed(message) {
  expect(message.trim().length).toBeGreaterThan(11);
  expect(message.toLowerCase()).not.toMatch(/unknown error|panicked/);
}

test('review on a real model: a result with scores on their scale, or a named error', async ({ page }) => {
  const started = Date.now();
  await page.goto('/');
  await useLocalServer(page, { maxIterations: 1 });
  await page.getByRole('button', { name: 'Run' }).click();
  const phase = page.getByTestId('phase');
  await expect(phase).toHaveText(/^(Review finished\.|The revised resume .+ It is not usable as it is\.|The review failed: .+)$/, { timeout: RUN_BOUND });
  const text = await phase.textContent();
  console.log(`real model, review in the app: ${((Date.now() - started) / 1000).toFixed(1)} s: ${text}`);
  if (text.startsWith('The review failed: ')) {
    expectNamed(text.slice('The review failed: '.length));
    return;
  }
  // The page's final words are its result check's: a revision that lost the name says so.
  if (await expectVerdictShown(page, text, 'review-verdict')) await expect(page.getByTestId('verdict-original')).toBeVisible();
  // Every critic card that shows a score shows it on 0–10, and so does the final score.
  for (const critic of ['recruiter', 'tech_writer', 'copywriter']) {
    const card = page.getByTestId(`card-${critic}`);
    const score = card.getByTestId('card-score');
    if (await score.count()) {
      const shown = (await score.textContent()).match(/(\d+(?:\.\d+)?)\s*\/\s*10/);
      if (shown) expect(Number(shown[1])).toBeLessThanOrEqual(10);
    }
  }
  const final = page.getByTestId('final-score');
  if (await final.count()) {
    const value = Number((await final.textContent()).trim());
    if (!Number.isNaN(value)) expect(value).toBeGreaterThanOrEqual(0), expect(value).toBeLessThanOrEqual(10);
  }
  for (const error of await page.getByTestId('run-error').locator('p').allTextContents()) expectNamed(error);
  await page.screenshot({ path: '../target/playwright/real-model-review.png', fullPage: true });
});

test('tailoring on a real model: its dialogs answered, then a result or a named error', async ({ page }) => {
  const started = Date.now();
  await page.goto('/');
  await page.getByTestId('workflow').selectOption('resume_tailoring');
  await page.getByLabel('Job description').fill(JOB);
  await page.getByLabel('Resume', { exact: true }).fill(RESUME);
  await useLocalServer(page);
  await page.getByRole('button', { name: 'Run' }).click();
  const text = await answerTailoringDialogs(page, RUN_BOUND);
  console.log(`real model, tailoring in the app: ${((Date.now() - started) / 1000).toFixed(1)} s: ${text}`);
  expect(text).toMatch(TAILORING_DONE);
  if (text !== 'Tailoring finished.') expectNamed(text);
  // The page's final words are its result check's; a result called finished keeps the name.
  const unusable = await expectVerdictShown(page, text, 'tailor-verdict');
  if (unusable) await expect(page.getByTestId('verdict-original')).toBeVisible();
  else if (!text.startsWith('The run failed: ')) {
    await expect(page.getByTestId('tailored-resume')).toContainText(RESUME.split('\n')[0].replace(/^#\s*/, ''));
  }
  // A step that failed is listed on the result (by name: its cause is in the run's errors).
  if (text !== 'Tailoring finished.' && text.startsWith('Tailoring finished')) await expect(page.getByTestId('tailor-failed-steps')).toBeVisible();
  for (const error of await page.getByTestId('run-error').locator('p').allTextContents()) expectNamed(error);
  await page.screenshot({ path: '../target/playwright/real-model-tailoring.png', fullPage: true });
});

// The second server of the suite has a 1,024-token context: a resume larger than that is refused
// in the page before any call, naming the context's size (read from the server's /props, which
// the page could not read before: its GET carried an empty body, which fetch refuses).
test('a resume larger than the model\'s context is refused before any call, with the size', async ({ page }) => {
  const small = process.env.REAL_MODEL_SMALL_URL;
  if (!small) throw new Error('REAL_MODEL_SMALL_URL is not set: run tests/real_model/suite.sh');
  const chats = [];
  page.on('request', (r) => { if (r.url().includes('/chat/completions')) chats.push(r.url()); });
  await page.goto('/');
  await useLocalServer(page, { maxIterations: 1, server: small });
  const line = "- Kept the payment platform's deploys boring, safe and frequent across teams\n";
  await page.getByTestId('resume').fill(`${RESUME}\n${line.repeat(150)}`);
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('phase')).toHaveText(/^The review failed: /, { timeout: 60_000 });
  await expect(page.getByText(/context \(1024 tokens\) is too small/).first()).toBeVisible();
  expect(chats).toEqual([]);
});

// The cover letter with the short fixtures (a small prompt for one server thread): the review
// answered by keyboard, every invented fact removed; then a letter, or a named error.
for (const lang of ['en', 'zh']) {
  test(`cover letter on a real model (${lang === 'en' ? 'English' : 'the page in Chinese'}): the review answered by keyboard, then a letter or a named error`, async ({ page }) => {
    const started = Date.now();
    await page.goto('/');
    await page.getByTestId('workflow').selectOption('cover_letter');
    await page.getByTestId('resume').fill(RESUME);
    await page.getByTestId('job-description').fill(JOB);
    await page.getByTestId('letter-company').fill('Testco');
    await page.getByTestId('letter-role').fill('Platform Engineer');
    await page.getByTestId('letter-length').selectOption('short');
    await useLocalServer(page, { answerTokens: LETTER_ANSWER_TOKENS, language: lang });
    if (lang === 'zh') await expect(page.getByTestId('run')).toHaveText('运行');
    await page.getByTestId('run').click();
    const { text, removed } = await answerLetterReview(page, lang, RUN_BOUND);
    console.log(`real model, cover letter in the app (${lang}): ${((Date.now() - started) / 1000).toFixed(1)} s, ${removed} invented fact(s) removed: ${text}`);
    expect(text).toMatch(LETTER_DONE[lang]);
    const failed = lang === 'en' ? 'The run failed: ' : '运行失败：';
    if (text.startsWith(failed)) {
      expectNamed(text.slice(failed.length));
      return;
    }
    // The page's final words are its result check's: an empty or looping letter is never
    // "ready" (a 135M model wrote "finally" alone; a letter whose every sentence was an invented
    // fact the user removed is empty).
    const unusable = await expectVerdictShown(page, text, 'letter-verdict', lang);
    const letter = page.getByTestId('cover-letter');
    const paragraphs = await letter.getByTestId('letter-paragraph').count();
    if (paragraphs === 0) expect(unusable).toBe(true);
    if (!unusable) await expect(letter.getByTestId('letter-paragraph').first()).toBeVisible();
    // What the user removed is not in the letter.
    if (removed) await expect(page.getByTestId('letter-grounding')).toBeVisible();
    for (const error of await page.getByTestId('agent-errors').locator('p').allTextContents()) expectNamed(error);
    await page.screenshot({ path: `../target/playwright/real-model-cover-letter-${lang}.png`, fullPage: true });
  });
}
