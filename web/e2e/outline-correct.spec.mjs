// The outline's "Correct" form: a resume whose one job is misread (its title and employer the
// other way round) is imported; the job is corrected from the keyboard, the fix is written into
// the resume text, survives a reload with the field's draft, reaches the JSON Resume export of a
// demo review and comes back when that export is imported. A date the reader cannot read is
// refused and changes nothing; Escape closes the form; the form speaks Chinese. All content is
// fictional.
import { test, expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';

// "Harbour Pilot" holds no word the reader knows for a job: in the `Title — Employer` order it
// reads the employer as the title, and the title as the employer.
const RESUME = `# Ivo Marchetti
ivo.marchetti@example.org

## Experience

### Tidewell Ferries — Harbour Pilot (2019 – 2024)
- Brought 1,200 ferry arrivals a year through the narrows without incident
- Trained four junior pilots on the night approach

## Education

### BSc Marine Science — University of Lowmoor (2012 – 2016)
`;

const FIXED = {
  title: 'Harbour Pilot',
  organisation: 'Tidewell Ferries',
  location: 'Portnahaven',
  dates: 'Mar 2019 – Present',
};
const FIXED_LINE = '### Harbour Pilot — Tidewell Ferries — Portnahaven (Mar 2019 – Present)';

const form = (page) => page.getByTestId('run-form');
const resume = (page) => page.getByTestId('resume');
const outline = (page) => form(page).getByTestId('resume-outline');
const jobs = (page) => outline(page).locator('[data-testid=outline-section][data-kind=work]').getByTestId('outline-entry');

async function importFile(page, name, mimeType, buffer) {
  const field = form(page).getByTestId('file-import');
  await field.getByTestId('import-input').setInputFiles({ name, mimeType, buffer });
  await expect(field.getByTestId('import-status')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  // An import opens the outline.
  await expect(outline(page)).toHaveAttribute('open', '');
  return field;
}

/** The outline's one job shows these fields (dates as the reader normalised them). */
async function expectJob(page, { title, organisation, dates }) {
  await expect(jobs(page)).toHaveCount(1);
  await expect(jobs(page).getByTestId('outline-entry-title')).toHaveText(title);
  await expect(jobs(page).getByTestId('outline-entry-org')).toHaveText(organisation);
  if (dates) await expect(jobs(page).getByTestId('outline-entry-dates')).toHaveText(dates);
}

/** Opens the job's form from the keyboard: focus on "Correct", Enter; focus lands in its first field. */
async function openFix(page, nth) {
  const job = nth === undefined ? jobs(page) : jobs(page).nth(nth);
  const button = job.getByTestId('outline-fix');
  await button.focus();
  await page.keyboard.press('Enter');
  const fix = job.getByTestId('entry-fix');
  await expect(fix).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(fix.getByTestId('entry-fix-title')).toBeFocused();
  return fix;
}

test('a misread job corrected from the keyboard: in the text, after a reload, in the JSON Resume export and back', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(resume(page)).not.toBeEmpty();
  await importFile(page, 'ivo.md', 'text/markdown', Buffer.from(RESUME));
  await expect(resume(page)).toHaveValue(/Tidewell Ferries — Harbour Pilot/);

  // The misread, first: employer as title, title as employer.
  await expectJob(page, { title: 'Tidewell Ferries', organisation: 'Harbour Pilot' });
  // The degree has a form of its own, with the area of study.
  const degree = outline(page).locator('[data-testid=outline-section][data-kind=education]').getByTestId('outline-entry');
  await degree.getByTestId('outline-fix').click();
  await expect(degree.getByTestId('entry-fix-detail')).toBeVisible();
  await degree.getByTestId('entry-fix-cancel').click();
  await expect(degree.getByTestId('entry-fix')).toHaveCount(0);
  await expect(degree.getByTestId('outline-fix')).toBeFocused();

  // The form starts from what the reader read.
  let fix = await openFix(page);
  await expect(fix.getByTestId('entry-fix-title')).toHaveValue('Tidewell Ferries');
  await expect(fix.getByTestId('entry-fix-organisation')).toHaveValue('Harbour Pilot');
  await expect(fix.getByTestId('entry-fix-detail')).toHaveCount(0);

  // Dates the reader cannot read: the error, and the text stays as it was.
  const before = await resume(page).inputValue();
  await fix.getByTestId('entry-fix-title').fill(FIXED.title);
  await fix.getByTestId('entry-fix-organisation').fill(FIXED.organisation);
  await fix.getByTestId('entry-fix-dates').fill('since forever');
  await fix.getByTestId('entry-fix-dates').press('Enter');
  await expect(fix.getByTestId('entry-fix-error')).toBeVisible();
  await expect(fix.getByTestId('entry-fix-error')).toHaveAttribute('role', 'alert');
  await expect(fix).toBeVisible();
  await expect(resume(page)).toHaveValue(before);

  // Escape closes the form, still changing nothing.
  await page.keyboard.press('Escape');
  await expect(jobs(page).getByTestId('entry-fix')).toHaveCount(0);
  await expect(jobs(page).getByTestId('outline-fix')).toHaveAttribute('aria-expanded', 'false');
  // The focus goes back to the button that opened the form, not to the top of the page.
  await expect(jobs(page).getByTestId('outline-fix')).toBeFocused();
  await expect(resume(page)).toHaveValue(before);
  await expectJob(page, { title: 'Tidewell Ferries', organisation: 'Harbour Pilot' });

  // The right fields, Enter to save.
  fix = await openFix(page);
  // Typed where the focus is: the first field.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(FIXED.title);
  await expect(fix.getByTestId('entry-fix-title')).toHaveValue(FIXED.title);
  await fix.getByTestId('entry-fix-organisation').fill(FIXED.organisation);
  await fix.getByTestId('entry-fix-location').fill(FIXED.location);
  await fix.getByTestId('entry-fix-dates').fill(FIXED.dates);
  await fix.getByTestId('entry-fix-dates').press('Enter');

  await expect(jobs(page).getByTestId('entry-fix')).toHaveCount(0);
  await expect.poll(async () => (await resume(page).inputValue()).split('\n')).toContain(FIXED_LINE);
  // Only the header line changed: the bullets and the degree are as they were.
  const after = await resume(page).inputValue();
  expect(after).toBe(before.replace('### Tidewell Ferries — Harbour Pilot (2019 – 2024)', FIXED_LINE));
  await expectJob(page, { title: FIXED.title, organisation: FIXED.organisation, dates: /^Mar 2019 . Present$/ });
  await expect(jobs(page)).toHaveAttribute('data-low', 'false');
  // Saving the fix is not a Run of the form it sits in.
  await expect(page.getByTestId('phase')).toHaveCount(0);

  // A reload: the field's draft holds the fix, and so does the outline.
  await page.reload();
  await expect(resume(page)).toHaveValue(after);
  await outline(page).getByTestId('outline-summary').click();
  await expect(outline(page)).toHaveAttribute('open', '');
  await expectJob(page, { title: FIXED.title, organisation: FIXED.organisation, dates: /^Mar 2019 . Present$/ });

  // The offline demo review, then its JSON Resume export: the corrected job.
  await form(page).getByTestId('run').click();
  const exportJson = page.getByTestId('results').getByTestId('export-menu').getByTestId('export-resume-json');
  await expect(exportJson).toBeEnabled({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await exportJson.click();
  const file = await readFile(await (await download).path(), 'utf8');
  const doc = JSON.parse(file);
  expect(doc.basics.name).toBe('Ivo Marchetti');
  expect(doc.work).toHaveLength(1);
  expect(doc.work[0]).toMatchObject({
    position: FIXED.title, name: FIXED.organisation, location: FIXED.location, startDate: '2019-03',
  });
  expect(doc.work[0].endDate).toBeUndefined();
  expect(doc.work[0].highlights).toEqual(expect.arrayContaining([expect.stringContaining('1,200 ferry arrivals')]));

  // That file imported back into the field: the correction again, read from the file.
  const field = await importFile(page, 'ivo.json', 'application/json', Buffer.from(file));
  await expect(field.getByTestId('import-format')).toHaveAttribute('data-format', 'JSON Resume');
  await expectJob(page, { title: FIXED.title, organisation: FIXED.organisation });
  await expect(jobs(page).getByTestId('outline-entry-dates')).toContainText('2019');
  await expect(jobs(page)).toHaveAttribute('data-low', 'false');
  await expect(resume(page)).toHaveValue(/Harbour Pilot/);
  await expect(resume(page)).toHaveValue(/Tidewell Ferries/);
});

test('the form in Chinese: its labels, buttons and error', async ({ page }) => {
  await page.goto('/');
  await importFile(page, 'ivo.md', 'text/markdown', Buffer.from(RESUME));
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('complementary', { name: 'Settings' }).getByLabel('Language · 语言').selectOption('zh');
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  // The outline is drawn again in the new language: wait for the one job before reading it.
  await expect(jobs(page)).toHaveCount(1);
  await expect(jobs(page).getByTestId('outline-fix')).toHaveText('更正');
  const fix = await openFix(page);
  // Each label names its input.
  await expect(fix.getByLabel('职位', { exact: true })).toHaveAttribute('data-testid', 'entry-fix-title');
  await expect(fix.getByLabel('单位', { exact: true })).toHaveAttribute('data-testid', 'entry-fix-organisation');
  await expect(fix.getByLabel('地点', { exact: true })).toHaveAttribute('data-testid', 'entry-fix-location');
  await expect(fix.getByLabel(/^日期/)).toHaveAttribute('data-testid', 'entry-fix-dates');
  await expect(fix.getByTestId('entry-fix-save')).toHaveText('写入文本');
  await expect(fix.getByTestId('entry-fix-cancel')).toHaveText('取消');
  await expect(fix.getByTestId('entry-fix-not-entry')).toHaveText('不是条目');
  await expect(fix).not.toContainText(/Title|Employer|Place|Dates|Save|Cancel/);

  await fix.getByTestId('entry-fix-dates').fill('since forever');
  await fix.getByTestId('entry-fix-save').click();
  await expect(fix.getByTestId('entry-fix-error')).toContainText(/[\u4e00-\u9fff]/);

  // A degree's form names its fields as a degree's.
  const degree = outline(page).locator('[data-testid=outline-section][data-kind=education]').getByTestId('outline-entry');
  await degree.getByTestId('outline-fix').click();
  await expect(degree.getByLabel('学位', { exact: true })).toHaveAttribute('data-testid', 'entry-fix-title');
  await expect(degree.getByLabel('专业', { exact: true })).toHaveAttribute('data-testid', 'entry-fix-detail');
  await expect(degree.getByLabel('学校', { exact: true })).toHaveAttribute('data-testid', 'entry-fix-organisation');
});

// Two positions read as one (the second's header a bullet), and a volunteer post under
// Experience: split, then move, each from the keyboard and kept over a reload.
const TWO_IN_ONE = `# Ivo Marchetti
ivo.marchetti@example.org

## Experience

### Harbour Pilot — Tidewell Ferries (2019 – 2024)
- Brought 1,200 ferry arrivals a year through the narrows without incident
- Deck Officer at Northern Isles Line
- Kept the night watch on the Lerwick run

### Sea Cadets Instructor — Lowmoor Sea Cadets (2015 – 2018)
- Taught chartwork to forty cadets
`;

test('an entry split at a line, moved to another section and merged back, from the keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await importFile(page, 'ivo.md', 'text/markdown', Buffer.from(TWO_IN_ONE));
  // This resume's outline, not the sample's that the field held before the import.
  await expect(jobs(page).nth(1).getByTestId('outline-entry-title')).toHaveText('Sea Cadets Instructor');
  await expect(jobs(page)).toHaveCount(2);

  // Split: the first job's form lists its lines; the second position starts at "Deck Officer".
  let fix = await openFix(page, 0);
  const at = fix.getByTestId('entry-fix-split-at');
  await expect(at.locator('option')).toHaveCount(3);
  await at.selectOption(await at.locator('option', { hasText: 'Deck Officer' }).getAttribute('value'));
  await fix.getByTestId('entry-fix-split').focus();
  await page.keyboard.press('Enter');
  await expect(jobs(page)).toHaveCount(3);
  await expect(jobs(page).nth(1).getByTestId('outline-entry-title')).toContainText('Deck Officer');
  await expect(resume(page)).toHaveValue(/Kept the night watch/);

  // Move: the cadets post goes to a Volunteering section of its own, its bullet with it.
  fix = await openFix(page, 2);
  await fix.getByTestId('entry-fix-move-to').selectOption({ label: 'Volunteering' });
  await fix.getByTestId('entry-fix-move').focus();
  await page.keyboard.press('Enter');
  await expect(jobs(page)).toHaveCount(2);
  const volunteer = outline(page).locator('[data-testid=outline-section][data-kind=volunteer]').getByTestId('outline-entry');
  await expect(volunteer).toHaveCount(1);
  await expect(volunteer.getByTestId('outline-entry-title')).toHaveText('Sea Cadets Instructor');
  const text = await resume(page).inputValue();
  expect(text.indexOf('Taught chartwork')).toBeGreaterThan(text.indexOf('Volunteering'));

  // Merge: the split undone, one entry with the first one's fields.
  fix = await openFix(page, 0);
  await fix.getByTestId('entry-fix-merge').click();
  await expect(jobs(page)).toHaveCount(1);
  await expect(jobs(page).getByTestId('outline-entry-title')).toHaveText('Harbour Pilot');
  // The second position's words stay in the text, as a line of the merged entry.
  await expect(resume(page)).toHaveValue(/Deck Officer at Northern Isles Line/);

  // All of it is in the text: a reload keeps it.
  const after = await resume(page).inputValue();
  await page.reload();
  await expect(resume(page)).toHaveValue(after);
});
