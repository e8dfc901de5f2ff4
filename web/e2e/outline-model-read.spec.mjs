// The outline's "let the model read": on the offline demo it is not offered (and says why); with
// a provider (the mock, OpenAI wire format) only the entries the reader marks unsure are sent,
// what the model says that the entry does not contain is dropped, the kept reading is written into
// the text and marked "read by the model", and text and mark survive a reload. A refused key is
// named and changes nothing. All content is fictional.
import { test, expect } from '@playwright/test';
import { mock, requests, useMock } from './fixtures/runs.mjs';

// The last job's employer sits on its own line above a header the other jobs do not share: the
// reader marks it unsure; the other two it reads sure.
const RESUME = `# Ivo Marchetti
ivo.marchetti@example.org

## Experience

### Harbour Pilot — Tidewell Ferries (2019 – 2024)
- Brought ferries through the narrows

### Skipper — Lowmoor Boats (2017 – 2019)
- Ran the island service

Northern Isles Line
Deck work 2015 – 2017
- Kept the night watch
`;

const form = (page) => page.getByTestId('run-form');
const outline = (page) => form(page).getByTestId('resume-outline');
const jobs = (page) => outline(page).locator('[data-testid=outline-section][data-kind=work]').getByTestId('outline-entry');

async function openWith(page, text) {
  await page.getByTestId('resume').fill(text);
  await outline(page).getByTestId('outline-summary').click();
  await expect(outline(page)).toHaveAttribute('open', '');
  // This resume's outline, not the sample's that the field held before.
  await expect(outline(page)).toContainText('Deck work');
}

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

test('on the demo the model reading is not offered, and the outline says why', async ({ page, request }) => {
  await page.goto('/');
  await openWith(page, RESUME);
  await expect(outline(page).getByTestId('model-read-demo')).toBeVisible();
  await expect(outline(page).getByTestId('model-read-unsure')).toHaveCount(0);
  expect(await requests(request)).toHaveLength(0);
});

test('the model reads the unsure entry: invented values dropped, the reading written in, marked, kept over a reload', async ({ page, request }) => {
  await page.goto('/');
  await useMock(page);
  await mock(request, 'script', [{
    role: 'You read resume entries',
    json: { entries: [{ id: 1, title: 'Deck work', organisation: 'Northern Isles Line', location: 'Lerwick', dates: '2015 – 2017', detail: '' }] },
  }]);
  await openWith(page, RESUME);
  await expect(jobs(page)).toHaveCount(3);
  await expect(jobs(page).nth(2)).toHaveAttribute('data-low', 'true');

  const read = outline(page).getByTestId('model-read-unsure');
  await read.focus();
  await page.keyboard.press('Enter');
  const summary = outline(page).getByTestId('model-read-summary');
  await expect(summary).toBeVisible({ timeout: 20_000 });
  // One entry asked; the place it gave is not in the entry: dropped and counted.
  await expect(summary).toContainText('read 1 entries');
  await expect(summary).toContainText('1 values it gave are not in your text');

  const sent = (await requests(request)).filter((r) => r.body.includes('You read resume entries'));
  expect(sent).toHaveLength(1);
  expect(sent[0].body).toContain('Northern Isles Line');
  expect(sent[0].body).not.toContain('Tidewell');

  const text = await page.getByTestId('resume').inputValue();
  expect(text).toContain('### Deck work — Northern Isles Line (2015 – 2017)');
  expect(text).not.toContain('Lerwick');
  await expect(jobs(page)).toHaveCount(3);
  await expect(jobs(page).nth(2)).toHaveAttribute('data-low', 'false');
  await expect(jobs(page).nth(2).getByTestId('outline-by-model')).toBeVisible();
  await expect(jobs(page).nth(0).getByTestId('outline-by-model')).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('resume')).toHaveValue(text);
  await outline(page).getByTestId('outline-summary').click();
  await expect(jobs(page).nth(2).getByTestId('outline-by-model')).toBeVisible();
});

test('a refused key is named and the text stays as it was', async ({ page, request }) => {
  await page.goto('/');
  await useMock(page);
  await mock(request, 'script', [{ status: 401 }]);
  await openWith(page, RESUME);
  await outline(page).getByTestId('model-read-whole').click();
  await expect(outline(page).getByTestId('model-read-error')).toBeVisible({ timeout: 20_000 });
  await expect(outline(page).getByTestId('model-read-error')).toHaveAttribute('role', 'alert');
  await expect(page.getByTestId('resume')).toHaveValue(RESUME);
});
