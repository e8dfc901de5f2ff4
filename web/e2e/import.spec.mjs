// Resume import and export in the browser: PDF (pdf.js, loaded on demand), a scanned-like PDF,
// encrypted and broken PDFs, DOCX, JSON Resume, dropping a file; then the review's export menu:
// Markdown and JSON Resume downloads parsed, the print sheet rendered and escaped.
// All content is fictional; the real corpus (../shared/corpus) is only read when present, to time it.
import { test, expect } from '@playwright/test';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brokenPdf, docx, encryptedPdf, scannedPdf, textPdf } from './fixtures/files.mjs';
import { sharedDir } from './fixtures/shared.mjs';

const resumeField = (page) => page.getByTestId('run-form').getByTestId('file-import');

async function importFile(page, name, mimeType, buffer) {
  const field = resumeField(page);
  await field.getByTestId('import-input').setInputFiles({ name, mimeType, buffer });
  await expect(field.getByTestId('import-status')).toHaveAttribute('data-state', /done|failed/, { timeout: 20_000 });
  return field;
}

const RILEY = [
  'Riley Marsh',
  'riley.marsh@example.com  |  +1 555 0175',
  '',
  'EXPERIENCE',
  'Staff Data Engineer, Cobalt Transit\t2019 - 2024',
  '\x95 Cut nightly pipeline time from 6 hours to 50 minutes',
  '\x95 Led a team of four engineers across two time zones',
  '',
  'SKILLS',
  'Python, SQL, Airflow, Spark',
];

test('a text PDF is read by pdf.js, loaded only when a PDF is chosen', async ({ page }) => {
  const pdfjsRequests = [];
  page.on('request', (r) => { if (r.url().includes('/pdfjs/')) pdfjsRequests.push(r.url()); });
  await page.goto('/');
  await expect(page.getByTestId('resume')).not.toBeEmpty();
  expect(pdfjsRequests, 'pdf.js is not part of the start').toEqual([]);

  const field = await importFile(page, 'riley.pdf', 'application/pdf', textPdf(RILEY));
  await expect(field.getByTestId('import-format')).toHaveAttribute('data-format', 'PDF');
  const text = await page.getByTestId('resume').inputValue();
  expect(text).toContain('Riley Marsh\nriley.marsh@example.com');
  expect(text).toContain('Staff Data Engineer, Cobalt Transit\t2019 - 2024');
  expect(text).toContain('- Cut nightly pipeline time from 6 hours to 50 minutes');
  expect(pdfjsRequests.some((u) => u.endsWith('pdf.min.mjs'))).toBe(true);
  expect(pdfjsRequests.some((u) => u.endsWith('pdf.worker.min.mjs'))).toBe(true);
});

test('a scanned PDF, an encrypted PDF and a broken PDF each say why and keep the text', async ({ page }) => {
  await page.goto('/');
  const resume = page.getByTestId('resume');
  await resume.fill('My own draft, typed by hand.');

  let field = await importFile(page, 'scan.pdf', 'application/pdf', scannedPdf());
  await expect(field.getByTestId('import-error')).toContainText(
    'This PDF has no text (it looks scanned). Paste the text or upload DOCX/Markdown.');
  await expect(resume).toHaveValue('My own draft, typed by hand.');

  field = await importFile(page, 'locked.pdf', 'application/pdf', encryptedPdf());
  await expect(field.getByTestId('import-error')).toContainText('password-protected');
  field = await importFile(page, 'broken.pdf', 'application/pdf', brokenPdf());
  await expect(field.getByTestId('import-error')).toContainText('damaged');
  await expect(resume).toHaveValue('My own draft, typed by hand.');
  await expect(field.getByTestId('import-undo')).toBeHidden();
});

test('a DOCX keeps its headings and bullets, and Undo brings the old text back', async ({ page }) => {
  await page.goto('/');
  const resume = page.getByTestId('resume');
  await resume.fill('Draft before import');
  const field = await importFile(page, 'quinn.docx',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    docx([
      ['Quinn Adair', 'Title'],
      ['Experience', 'Heading2'],
      ['Product Designer, Fernleaf Studio', ''],
      ['Redesigned checkout; conversion up 12%', 'ListBullet'],
    ]));
  await expect(field.getByTestId('import-format')).toHaveAttribute('data-format', 'Word (DOCX)');
  await expect(resume).toHaveValue(
    '# Quinn Adair\n\n## Experience\n\nProduct Designer, Fernleaf Studio\n- Redesigned checkout; conversion up 12%');
  await field.getByTestId('import-undo').click();
  await expect(resume).toHaveValue('Draft before import');
});

test('a file dropped on the field is imported; an old .doc is refused with advice', async ({ page }) => {
  await page.goto('/');
  const resume = page.getByTestId('resume');
  const drop = async (name, bytes) => {
    await resume.evaluate((el, [fileName, data]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], fileName));
      el.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, [name, [...bytes]]);
    await expect(resumeField(page).getByTestId('import-status')).toHaveAttribute('data-state', /done|failed/);
  };
  await drop('notes.md', Buffer.from('# Sam Ortiz\r\n\r\n- Shipped things\r\n'));
  await expect(resume).toHaveValue('# Sam Ortiz\n\n- Shipped things');
  await drop('old.doc', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]));
  await expect(resumeField(page).getByTestId('import-error')).toContainText('.docx');
  await expect(resume).toHaveValue('# Sam Ortiz\n\n- Shipped things');
});

const JSON_RESUME = {
  basics: { name: 'Avery Lind', label: 'Backend Engineer', email: 'avery.lind@example.org',
    summary: 'Builds dependable payment systems. <img src=x onerror="window.__pwned=1">' },
  work: [{ name: 'Tidewater Pay', position: 'Senior Engineer', startDate: '2020-02',
    highlights: ['Cut settlement time from 3 days to 4 hours', 'Led a team of 5 engineers'] }],
  education: [{ institution: 'Northfield University', studyType: 'BSc', area: 'Computer Science', startDate: '2012', endDate: '2016' }],
  skills: [{ name: 'Backend', keywords: ['Go', 'PostgreSQL', 'Kafka'] }],
};

test('JSON Resume in; after a review, Markdown and JSON Resume out, and a print sheet', async ({ page }) => {
  await page.addInitScript(() => { window.print = () => { window.__printed = (window.__printed ?? 0) + 1; }; });
  await page.goto('/');
  const field = await importFile(page, 'avery.json', 'application/json', Buffer.from(JSON.stringify(JSON_RESUME)));
  await expect(field.getByTestId('import-format')).toHaveAttribute('data-format', 'JSON Resume');
  await expect(page.getByTestId('resume')).toHaveValue(/^# Avery Lind\n\nBackend Engineer\n\navery\.lind@example\.org/);

  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 30_000 });
  const menu = page.getByTestId('results').getByTestId('export-menu');

  const saved = async (testId) => {
    const download = page.waitForEvent('download');
    await menu.getByTestId(testId).click();
    const file = await download;
    return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
  };
  const markdown = await saved('export-resume-markdown');
  expect(markdown.name).toBe('avery-lind-resume.md');
  expect(markdown.text).toMatch(/^# Avery Lind\n/);
  expect(markdown.text.endsWith('\n')).toBe(true);

  const json = await saved('export-resume-json');
  expect(json.name).toBe('avery-lind-resume.resume.json');
  const doc = JSON.parse(json.text);
  expect(doc.basics.name).toBe('Avery Lind');
  expect(doc.basics.email).toBe('avery.lind@example.org');
  expect(doc.work[0]).toMatchObject({ name: 'Tidewater Pay', position: 'Senior Engineer', startDate: '2020-02' });
  expect(doc.skills.flatMap((s) => s.keywords)).toEqual(expect.arrayContaining(['Go', 'PostgreSQL', 'Kafka']));

  const html = await saved('export-resume-html');
  expect(html.text).toContain('&lt;img src=x onerror=');
  expect(html.text).not.toContain('<img');

  await menu.getByTestId('export-resume-print').click();
  // The exporters are a lazily loaded chunk: the print dialog opens once it is there.
  await expect.poll(() => page.evaluate(() => window.__printed)).toBe(1);
  const sheet = page.getByTestId('print-sheet');
  await expect(sheet.locator('h1')).toHaveText('Avery Lind');
  await expect(sheet).toContainText('<img src=x onerror=');
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  await expect(sheet).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  await expect(page.getByTestId('run-form')).toBeHidden();
  await page.screenshot({ path: '../target/playwright/print-sheet.png', fullPage: true });
});

// The real corpus, when it sits beside the repo: every file imports or says why, and how long
// each took (per KB, and against the fictional one-page PDF timed in the same run).
test('corpus files import in the browser or say why (timed)', async ({ page }) => {
  const corpus = await sharedDir('corpus');
  if (!corpus) return;
  const names = (await readdir(corpus)).filter((n) => /\.(pdf|docx|md|txt|json)$/.test(n)).sort();
  await page.goto('/');
  const field = resumeField(page);
  const timed = async (name, buffer) => {
    const start = Date.now();
    await field.getByTestId('import-input').setInputFiles({ name, mimeType: '', buffer });
    await expect(field.getByTestId('import-status')).toHaveAttribute('data-state', /done|failed/, { timeout: 30_000 });
    return Date.now() - start;
  };
  const firstPdf = await timed('warmup.pdf', textPdf(RILEY)); // includes loading pdf.js
  const baseline = await timed('baseline.pdf', textPdf(RILEY));
  const rows = [`pdf.js first use ${firstPdf} ms; fictional 1-page PDF ${baseline} ms`];
  for (const name of names) {
    const buffer = await readFile(join(corpus, name));
    const ms = await timed(name, buffer);
    const state = await field.getByTestId('import-status').getAttribute('data-state');
    const chars = state === 'done' ? (await page.getByTestId('resume').inputValue()).length : 0;
    if (state === 'failed') await expect(field.getByTestId('import-error')).toContainText(/\.\s/);
    rows.push(`${name} | ${(buffer.length / 1024).toFixed(1)} KB | ${state} | ${chars} chars | ${ms} ms | ${(ms / (buffer.length / 1024)).toFixed(2)} ms/KB | ${(ms / Math.max(baseline, 1)).toFixed(1)}× the 1-page PDF`);
  }
  console.log(rows.join('\n'));
});

// The share of a text's words (lower case; a CJK character is a word) found in another text,
// counted by characters, each word as often as it occurs: what `domain::export::text_share` does.
const words = (text) => text.toLowerCase().match(/[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]|[\p{L}\p{N}]+/gu) ?? [];
function textShare(source, exported) {
  const available = new Map();
  for (const w of words(exported)) available.set(w, (available.get(w) ?? 0) + 1);
  let total = 0;
  let kept = 0;
  for (const w of words(source)) {
    total += [...w].length;
    if ((available.get(w) ?? 0) > 0) { available.set(w, available.get(w) - 1); kept += [...w].length; }
  }
  return total ? kept / total : 1;
}
const strings = (value) => typeof value === 'string' ? [value]
  : Array.isArray(value) ? value.flatMap(strings)
  : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

// Every corpus PDF, as the app reads it (pdf.js), exports a JSON Resume with work entries; its
// figures are printed for the lead's note (sections, work, education, dated entries, share of the
// text). CORPUS_PDF_TEXT_DIR=/some/dir also writes each PDF's text there, to read it natively.
test('every corpus PDF exports JSON Resume with work entries', async ({ browser }) => {
  test.setTimeout(240_000);
  const corpus = await sharedDir('corpus');
  if (!corpus) return;
  const names = (await readdir(corpus)).filter((n) => n.endsWith('.pdf')).sort();
  const rows = ['| file | sections | work | education | dated entries | JSON Resume share |', '|---|---|---|---|---|---|'];
  for (const name of names) {
    // A fresh context per file: no run or resume left from the one before.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    const field = await importFile(page, name, 'application/pdf', await readFile(join(corpus, name)));
    await expect(field.getByTestId('import-status'), name).toHaveAttribute('data-state', 'done');
    const text = await page.getByTestId('resume').inputValue();
    if (process.env.CORPUS_PDF_TEXT_DIR) {
      await mkdir(process.env.CORPUS_PDF_TEXT_DIR, { recursive: true });
      await writeFile(join(process.env.CORPUS_PDF_TEXT_DIR, `${name}.txt`), text);
    }
    await page.getByRole('button', { name: 'Run' }).click();
    await expect(page.getByTestId('phase')).toHaveText('Review finished.', { timeout: 60_000 });
    const download = page.waitForEvent('download');
    await page.getByTestId('results').getByTestId('export-menu').getByTestId('export-resume-json').click();
    const doc = JSON.parse(await readFile(await (await download).path(), 'utf8'));
    const sections = Object.keys(doc).filter((k) => Array.isArray(doc[k]));
    const entries = sections.flatMap((k) => doc[k]);
    const dated = entries.filter((e) => e && (e.startDate || e.date || e.releaseDate)).length;
    const share = textShare(text, strings(doc).join('\n'));
    rows.push(`| ${name} | ${sections.join(', ')} | ${doc.work?.length ?? 0} | ${doc.education?.length ?? 0} | ${dated} | ${Math.round(share * 100)}% |`);
    expect(doc.work?.length ?? 0, `${name}: no work entry in ${JSON.stringify(Object.keys(doc))}`).toBeGreaterThan(0);
    expect(doc.basics?.name, name).toBeTruthy();
    await context.close();
  }
  console.log(rows.join('\n'));
});
