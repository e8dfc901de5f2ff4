// The outline under the resume field: what the app understood of an imported resume. A generated
// two-column PDF (sidebar Skills/Languages, main column Experience/Education) is imported on the
// review page; the outline lists each column's sections apart, with the work entries and dates,
// follows a fix typed in the field, and selects an item's source line. A job posting imported
// into the resume field raises a warning in both languages. Then the JSON Resume export carries
// the work entries. All content is fictional.
import { test, expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { JOB_POSTING_TEXT, SIDEBAR_RESUME, twoColumnPdf } from './fixtures/files.mjs';

const form = (page) => page.getByTestId('run-form');

async function importFile(page, name, mimeType, buffer) {
  const field = form(page).getByTestId('file-import');
  await field.getByTestId('import-input').setInputFiles({ name, mimeType, buffer });
  await expect(field.getByTestId('import-status')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  return field;
}

async function importSidebarResume(page) {
  await page.goto('/');
  await expect(page.getByTestId('resume')).not.toBeEmpty();
  await importFile(page, 'noor.pdf', 'application/pdf', twoColumnPdf(SIDEBAR_RESUME));
  const outline = form(page).getByTestId('resume-outline');
  // An import opens the outline.
  await expect(outline).toHaveAttribute('open', '');
  return outline;
}

const kinds = (outline) => outline.getByTestId('outline-section').evaluateAll((els) => els.map((e) => e.dataset.kind));

test('a two-column PDF: each column\'s sections apart, work entries with dates, source lines', async ({ page }) => {
  const outline = await importSidebarResume(page);
  await expect(outline.getByTestId('outline-summary')).toContainText('4 sections');
  await expect.poll(() => kinds(outline)).toEqual(['skills', 'languages', 'work', 'education']);

  const section = (kind) => outline.locator(`[data-testid=outline-section][data-kind=${kind}]`);
  await expect(section('skills').getByTestId('outline-entry-title')).toHaveText(
    ['GIS, QGIS, ArcGIS', 'Drone photogrammetry', 'Field safety training']);
  await expect(section('languages').getByTestId('outline-entry-title')).toHaveText(['Norwegian', 'English']);

  const work = section('work').getByTestId('outline-entry');
  await expect(work).toHaveCount(2);
  await expect(work.getByTestId('outline-entry-title')).toHaveText(['Senior Surveyor', 'Surveyor']);
  await expect(work.getByTestId('outline-entry-org')).toHaveText(['Brackwater Maps', 'Fenlow Council']);
  await expect(work.getByTestId('outline-entry-dates')).toHaveText(['Jun 2020 - Present', 'Sep 2016 - May 2020']);
  await expect(work.first()).toHaveAttribute('data-low', 'false');
  await expect(section('education').getByTestId('outline-entry-org')).toHaveText('University of Kestrel Bay');
  await expect(form(page).getByTestId('posting-warning')).toHaveCount(0);
  await form(page).getByTestId('resume-understood').screenshot({ path: '../target/playwright/import-outline.png' });

  // Each item names its source line; the button selects that line in the field, by keyboard too.
  const line = work.nth(1).getByTestId('outline-line');
  const number = Number(await line.getAttribute('data-line'));
  await line.focus();
  await page.keyboard.press('Enter');
  const resume = page.getByTestId('resume');
  await expect(resume).toBeFocused();
  const selected = await resume.evaluate((el) => el.value.slice(el.selectionStart, el.selectionEnd));
  const text = await resume.inputValue();
  expect(selected).toBe(text.split('\n')[number - 1]);
  expect(selected).toContain('Surveyor, Fenlow Council');
});

test('a fix typed in the field shows in the outline; misread items are marked in words', async ({ page }) => {
  const outline = await importSidebarResume(page);
  const resume = page.getByTestId('resume');
  const text = await resume.inputValue();
  const education = outline.locator('[data-testid=outline-section][data-kind=education]').getByTestId('outline-entry');

  // Without its dates the degree line is a guess: marked with an icon and the reason as text.
  await resume.fill(text.replace('BSc Geography, University of Kestrel Bay, 2012 - 2016', 'BSc Geography, University of Kestrel Bay'));
  await expect(education).toHaveAttribute('data-low', 'true');
  const check = education.getByTestId('outline-check');
  await expect(check).toContainText('Check:');
  await expect(check).toContainText('no dates found');
  await expect(check).toHaveAttribute('title', /no dates found/);
  await expect(outline.getByTestId('outline-summary')).toContainText('1 to check');
  await outline.screenshot({ path: '../target/playwright/import-outline-check.png' });

  // The user types the dates back: the mark goes.
  await resume.fill(text.replace('2012 - 2016', 'Sep 2012 - Jun 2016'));
  await expect(education).toHaveAttribute('data-low', 'false');
  await expect(education.getByTestId('outline-entry-dates')).toHaveText('Sep 2012 - Jun 2016');
  await expect(outline.getByTestId('outline-check')).toHaveCount(0);

  // Collapsible from the keyboard.
  await outline.getByTestId('outline-summary').focus();
  await page.keyboard.press('Enter');
  await expect(outline).not.toHaveAttribute('open', '');
  await expect(outline.getByTestId('outline-entry')).toHaveCount(0);
});

test('a job posting imported as the resume is flagged, in English and Chinese', async ({ page }) => {
  await page.goto('/');
  await importFile(page, 'posting.txt', 'text/plain', Buffer.from(JOB_POSTING_TEXT));
  const warning = form(page).getByTestId('posting-warning');
  await expect(warning).toHaveAttribute('role', 'status');
  await expect(warning).toContainText('This looks like a job posting, not a resume.');
  // What gave it away, each with the line it is on.
  const signals = await warning.getByTestId('posting-signal').allTextContents();
  expect(signals).toEqual(expect.arrayContaining(['“about the role”', '“we are looking for”', '“requirements”', 'a salary range']));
  const lines = await warning.getByTestId('outline-line').evaluateAll((els) => els.map((e) => e.dataset.line));
  expect(lines.slice(0, 2)).toEqual(['4', '5']);

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('complementary', { name: 'Settings' }).getByLabel('Language · 语言').selectOption('zh');
  await page.keyboard.press('Escape');
  await expect(warning).toContainText('这看起来像是职位描述，而不是简历。');
  await expect(warning).toContainText('薪资范围');
  await form(page).getByTestId('resume-understood').screenshot({ path: '../target/playwright/import-outline-posting-zh.png' });

  // A resume in its place: the warning goes.
  await importFile(page, 'noor.pdf', 'application/pdf', twoColumnPdf(SIDEBAR_RESUME));
  await expect(warning).toHaveCount(0);
});

test('the JSON Resume export of the imported PDF carries the work entries', async ({ page }) => {
  await importSidebarResume(page);
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  const menu = page.getByTestId('results').getByTestId('export-menu');
  const download = page.waitForEvent('download');
  await menu.getByTestId('export-resume-json').click();
  const doc = JSON.parse(await readFile(await (await download).path(), 'utf8'));
  expect(doc.basics.name).toBe('Noor Halvorsen');
  expect(doc.work).toEqual([
    expect.objectContaining({ position: 'Senior Surveyor', name: 'Brackwater Maps', startDate: '2020-06' }),
    expect.objectContaining({ position: 'Surveyor', name: 'Fenlow Council', startDate: '2016-09', endDate: '2020-05' }),
  ]);
  expect(doc.education[0]).toMatchObject({ institution: 'University of Kestrel Bay', startDate: '2012', endDate: '2016' });
});
