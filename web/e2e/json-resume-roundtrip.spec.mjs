// A JSON Resume imported into the review form exports back after the offline demo review with
// the fields its Markdown text cannot carry: the location's parts, profiles, an award's
// summary, references, unknown keys. All content is fictional.
import { test, expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';

const RESUME = {
  basics: {
    name: 'Sable Okafor', label: 'Logistics Analyst', email: 'sable.okafor@example.org',
    location: { address: '4 Quay Lane', postalCode: 'QX1 9ZZ', city: 'Marrowby', countryCode: 'GB', region: 'Eastmere' },
    profiles: [{ network: 'GitHub', username: 'sokafor', url: 'https://github.com/sokafor' }],
    summary: 'Analyst who turns freight data into decisions.',
  },
  work: [{ name: 'Harrowgate Freight', position: 'Logistics Analyst', location: 'Marrowby',
    url: 'https://harrowgate.example.com', startDate: '2019-04', endDate: '2024-02',
    summary: 'Owned route planning analytics.',
    highlights: ['Cut empty truck miles by 18%', 'Built the weekly carrier scorecard'] }],
  awards: [{ title: 'Analyst of the Year', awarder: 'Harrowgate Freight', date: '2023-11',
    summary: 'For the carrier scorecard.' }],
  references: [{ name: 'Imre Castell', reference: 'Sable makes messy data useful.' }],
  'x-theme': { palette: 'harbour' },
};

test('a JSON Resume exports back with its location, profiles, award summary and references', async ({ page }) => {
  await page.goto('/');
  const field = page.getByTestId('run-form').getByTestId('file-import');
  await field.getByTestId('import-input').setInputFiles({
    name: 'sable.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(RESUME)),
  });
  await expect(field.getByTestId('import-format')).toHaveAttribute('data-format', 'JSON Resume');
  // The import says how much of the structure it understood: one job, no degree.
  await expect(field.getByTestId('import-understood')).toContainText(/\b1 job\b/);

  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  const download = page.waitForEvent('download');
  await page.getByTestId('results').getByTestId('export-menu').getByTestId('export-resume-json').click();
  const doc = JSON.parse(await readFile(await (await download).path(), 'utf8'));

  expect(doc.basics.name).toBe('Sable Okafor');
  expect(doc.basics.location).toEqual(RESUME.basics.location);
  expect(doc.basics.profiles).toEqual(RESUME.basics.profiles);
  expect(doc.work[0]).toMatchObject({ name: 'Harrowgate Freight', location: 'Marrowby', url: 'https://harrowgate.example.com' });
  expect(doc.awards[0]).toMatchObject({ title: 'Analyst of the Year', summary: 'For the carrier scorecard.' });
  expect(doc.references).toEqual(RESUME.references);
  expect(doc['x-theme']).toEqual(RESUME['x-theme']);
});

test('after Undo of a JSON Resume import, the export is from the text alone', async ({ page }) => {
  await page.goto('/');
  const field = page.getByTestId('run-form').getByTestId('file-import');
  await page.getByTestId('resume').fill('# Sable Okafor\n\n## Experience\n\n### Logistics Analyst — Harrowgate Freight (2019 – 2024)\n- Cut empty truck miles by 18%\n');
  await field.getByTestId('import-input').setInputFiles({
    name: 'sable.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(RESUME)),
  });
  await expect(field.getByTestId('import-format')).toHaveAttribute('data-format', 'JSON Resume');
  await field.getByTestId('import-undo').click();
  await expect(page.getByTestId('resume')).toHaveValue(/^# Sable Okafor\n\n## Experience/);

  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  const download = page.waitForEvent('download');
  await page.getByTestId('results').getByTestId('export-menu').getByTestId('export-resume-json').click();
  const doc = JSON.parse(await readFile(await (await download).path(), 'utf8'));
  expect(doc.basics.name).toBe('Sable Okafor');
  expect(doc.references).toBeUndefined();
  expect(doc['x-theme']).toBeUndefined();
});
