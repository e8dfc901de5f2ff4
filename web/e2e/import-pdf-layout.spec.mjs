// A two-column (sidebar) PDF, generated here, imported through the file input on the resume
// review page: the text reads the whole left column before the right one, never interleaved, and
// the headings set in a larger bold font come out as Markdown headings. All content is fictional.
import { test, expect } from '@playwright/test';
import { twoColumnPdf } from './fixtures/files.mjs';

const LEFT = [
  ['SKILLS', true],
  ['Figma, prototyping'],
  ['Design systems'],
  ['User interviews'],
  ['Accessibility audits'],
  ['LANGUAGES', true],
  ['Portuguese (native)'],
  ['English (fluent)'],
  ['Spanish (working)'],
];

const RIGHT = [
  ['EXPERIENCE', true],
  ['Lead Designer, Quay Studio, 2021 - 2025'],
  ['Redesigned the booking flow of a ferry company'],
  ['Ran weekly research sessions with harbour staff'],
  ['Designer, Orla Maps, 2018 - 2021'],
  ['Drew the offline map styles used in three city apps'],
  ['Set up the component library for four product teams'],
  ['EDUCATION', true],
  ['BA Communication Design, Porto, 2014 - 2018'],
  ['Thesis on wayfinding signs in train stations'],
];

test('a two-column PDF reads the left column, then the right one', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('resume')).not.toBeEmpty();
  const field = page.getByTestId('run-form').getByTestId('file-import');
  const buffer = twoColumnPdf({
    name: 'Ines Marlowe',
    contact: 'Product designer in Lisbon and remote  |  ines.marlowe@example.org  |  +351 555 0199',
    left: LEFT,
    right: RIGHT,
  });
  await field.getByTestId('import-input').setInputFiles({ name: 'ines.pdf', mimeType: 'application/pdf', buffer });
  await expect(field.getByTestId('import-status')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  await expect(field.getByTestId('import-format')).toHaveAttribute('data-format', 'PDF');
  const text = await page.getByTestId('resume').inputValue();

  // The lines of the text, headings without their marks, in order.
  const lines = text.split('\n').map((l) => l.replace(/^#+ /, '').trim()).filter(Boolean);
  const at = (line) => {
    const n = lines.indexOf(line);
    expect(n, `${JSON.stringify(line)} is a line of:\n${text}`).toBeGreaterThanOrEqual(0);
    return n;
  };
  // The header band first.
  expect(at('Ines Marlowe')).toBe(0);
  // Each column's lines one after another, with nothing of the other column between them.
  const left = LEFT.map(([l]) => at(l));
  const right = RIGHT.map(([l]) => at(l));
  expect(left, text).toEqual(left.map((_, k) => left[0] + k));
  expect(right, text).toEqual(right.map((_, k) => right[0] + k));
  expect(left.at(-1), 'the left column ends before the right one starts').toBeLessThan(right[0]);
  // Headings set larger and bold are sections the rest of the app can find.
  for (const heading of ['SKILLS', 'LANGUAGES', 'EXPERIENCE', 'EDUCATION']) {
    expect(text).toContain(`## ${heading}\n`);
  }
  expect(text.startsWith('# Ines Marlowe\n')).toBe(true);
});
