// Batch screening end to end: an ATS-only batch with the offline demo (no key, no call),
// thirty fictional resumes against the mock provider with a per-call delay (the concurrency limit
// seen by the mock, a scripted 429 that slows the batch but fails nobody, the CSV export parsed
// back), a reload in the middle of a batch (candidates finished before it are not screened again),
// and Retry failed on the same run (also with a reload during it). Every resume here is invented;
// each carries a unique made-up skill so the mock's request log tells which candidate a call was
// for (names are redacted from later prompts, skills are not).
import { test, expect } from '@playwright/test';
import { MOCK, exported, mock, requests, savedWrites, useMock, waitForCall } from './fixtures/runs.mjs';

const JOB = [
  'Backend Engineer',
  'Requirements:',
  '- Rust',
  '- Kubernetes',
  '- PostgreSQL',
  'Nice to have: Terraform',
].join('\n');

// Prompt phrases of the three calls each candidate makes (parse, match, evaluation).
const PARSER = 'You are the resume parser';
const MATCHER = 'You are the matching analyst';
const CALLS_PER_CANDIDATE = 3;

const FIRST = ['Avel', 'Brisa', 'Corin', 'Dalia', 'Emrys', 'Fenna', 'Galen', 'Hesper', 'Ilka', 'Joren'];
const LAST = ['Quillon', 'Marrow', 'Tessaly', 'Vantor'];
const STACKS = [['Rust', 'Kubernetes'], ['PostgreSQL', 'Go'], ['Rust', 'PostgreSQL', 'Terraform'], ['Python']];

/** The made-up skill that marks resume `i` (delimited, so `7` never matches inside `17`). */
const tag = (i) => `zqmark-${i}-kq`;

/** Fictional resume number `i` (0-based) as a Markdown file. */
function resume(i) {
  const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
  const skills = [...STACKS[i % STACKS.length], tag(i)];
  const text = [
    `# ${name}`,
    'Software engineer',
    '## Experience',
    `### Engineer — Fictive Works ${i} (2018–2024)`,
    `- Built services in ${skills[0]} serving ${i + 2}00 customers`,
    '## Skills',
    skills.join(', '),
    '',
  ].join('\n');
  return { name: `candidate-${String(i + 1).padStart(2, '0')}.md`, mimeType: 'text/markdown', buffer: Buffer.from(text) };
}

async function openBatch(page) {
  await page.goto('/');
  await page.getByTestId('workflow').selectOption('batch_screening');
  await expect(page.getByTestId('batch-form')).toBeVisible({ timeout: 30_000 });
}

async function addFiles(page, count) {
  await page.getByTestId('batch-files').setInputFiles(Array.from({ length: count }, (_, i) => resume(i)));
  await expect(page.getByTestId('batch-count')).toHaveAttribute('data-count', String(count));
}

/** A small CSV reader: quoted cells with doubled quotes, CRLF rows. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i += 1; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; } else if (c === '\n') { row.push(cell.replace(/\r$/, '')); rows.push(row); row = []; cell = ''; } else cell += c;
  }
  if (cell || row.length) { row.push(cell); rows.push(row); }
  return rows;
}

/** Provider calls (the mock's log) whose prompt holds `phrase`. */
const callsWith = (log, phrase) => log.filter((r) => r.body.includes(phrase)).length;

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

test('ATS only with the demo provider and no key: a ranked row per resume, no model call', async ({ page, request }) => {
  await openBatch(page);
  await page.getByTestId('batch-jd').fill(JOB);
  for (let i = 0; i < 3; i += 1) {
    await page.getByTestId('batch-paste').fill(resume(i).buffer.toString());
    await page.getByTestId('batch-add').click();
  }
  await expect(page.getByTestId('batch-resume')).toHaveCount(3);
  await page.getByTestId('batch-ats-only').check();
  await expect(page.getByTestId('batch-estimate')).toHaveAttribute('data-calls', '0');
  await page.getByTestId('batch-run').click();
  await expect(page.getByTestId('batch-phase')).toHaveAttribute('data-phase', 'finished', { timeout: 30_000 });
  const rows = page.getByTestId('batch-row');
  await expect(rows).toHaveCount(3);
  for (const ats of await rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.ats))) {
    expect(Number.isInteger(Number(ats)) && Number(ats) >= 0 && Number(ats) <= 100).toBeTruthy();
  }
  // Sorting by the ATS header puts the best ATS score first; a text filter narrows the rows.
  const ats = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.dataset.ats)));
  await page.getByTestId('batch-sort-ats').click();
  await expect(rows.first()).toHaveAttribute('data-ats', String(Math.max(...ats)));
  await page.getByTestId('batch-sort-ats').click();
  await expect(rows.first()).toHaveAttribute('data-ats', String(Math.min(...ats)));
  await page.getByTestId('batch-filter').fill('brisa');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-id', 'c2');
  expect(await requests(request)).toHaveLength(0);
});

test('30 resumes through the mock: at most 3 calls at once, a 429 slows but fails nobody, CSV export', async ({ page, request }) => {
  test.setTimeout(240_000);
  const L = 300; // ms per provider call
  const N = 30;
  await mock(request, 'script', [
    // One matching call is refused once with Retry-After: every candidate waits, then it is retried.
    { provider: 'openai', role: 'matching analyst', status: 429, retry_after: 1, times: 1 },
    // Each call takes L: the answer waits L, then its stream events come at once (the mock's
    // default 50 ms between events would add about 7 × 50 ms to every call).
    { provider: 'openai', delay_ms: L, event_delay_ms: 0 },
  ]);
  await openBatch(page);
  await useMock(page);
  await page.getByTestId('batch-jd').fill(JOB);
  await addFiles(page, N);
  await expect(page.getByTestId('batch-concurrency')).toHaveValue('3');
  await expect(page.getByTestId('batch-estimate')).toHaveAttribute('data-calls', String(1 + N * CALLS_PER_CANDIDATE));
  await page.getByTestId('batch-run').click();
  await expect(page.getByTestId('batch-phase')).toHaveAttribute('data-phase', 'finished', { timeout: 200_000 });

  const stats = await (await request.get(`${MOCK}/__mock/stats`)).json();
  expect(stats.max_in_flight).toBeLessThanOrEqual(3);
  expect(stats.max_in_flight).toBeGreaterThan(1);
  const log = await requests(request);
  // Each candidate was matched once, plus the one call the 429 refused.
  expect(callsWith(log, MATCHER)).toBe(N + 1);

  const rows = page.getByTestId('batch-row');
  await expect(rows).toHaveCount(N);
  const statuses = await rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.status));
  expect(statuses.filter((s) => s !== 'screened')).toEqual([]);

  const csv = parseCsv(await exported(page, 'batch-export-csv'));
  expect(csv[0].slice(0, 3)).toEqual(['rank', 'id', 'label']);
  const body = csv.slice(1).filter((r) => r.length > 1);
  expect(body).toHaveLength(N);
  const header = csv[0];
  const col = (name) => header.indexOf(name);
  expect(new Set(body.map((r) => r[col('id')]))).toEqual(new Set(Array.from({ length: N }, (_, i) => `c${i + 1}`)));
  expect(new Set(body.map((r) => r[col('label')]))).toEqual(new Set(Array.from({ length: N }, (_, i) => resume(i).name)));
  for (const r of body) {
    expect(Number.isFinite(Number(r[col('overall_score')]))).toBeTruthy();
    expect(Number.isFinite(Number(r[col('ats_score')]))).toBeTruthy();
    expect(r[col('status')]).toBe('screened');
  }

  // Wall time of the screening calls against the ideal with 3 at once (one delay L each).
  const screening = log.filter((r) => r.body.includes(PARSER) || r.body.includes(MATCHER) || r.body.includes('You are the hiring evaluator'));
  const start = Math.min(...screening.map((r) => r.started_ms));
  const end = Math.max(...screening.map((r) => r.finished_ms));
  const ideal = (N * CALLS_PER_CANDIDATE * L) / 3;
  const pause = 1000; // the 429's Retry-After, which every candidate waits out
  const wall = end - start;
  console.log(`batch wall/ideal: ${(wall / ideal).toFixed(2)}, without the 429's pause ${((wall - pause) / ideal).toFixed(2)} `
    + `(wall ${wall} ms, ideal 30 × ${CALLS_PER_CANDIDATE} × ${L} / 3 = ${ideal} ms, max in flight ${stats.max_in_flight}, ${screening.length} screening calls)`);
  // A figure, not a check (timings belong to `make bench`): the concurrency proof is max_in_flight.
});

test('a reload mid-batch: the run goes on, finished candidates are not screened again', async ({ page, request }) => {
  test.setTimeout(180_000);
  const N = 12;
  await mock(request, 'script', [{ provider: 'openai', delay_ms: 500 }]);
  await openBatch(page);
  await useMock(page);
  await page.getByTestId('batch-jd').fill(JOB);
  await addFiles(page, N);
  await page.getByTestId('batch-run').click();
  const done = page.locator('[data-testid=batch-live-row][data-status=done]');
  await expect.poll(() => done.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
  const before = await done.evaluateAll((trs) => trs.map((tr) => tr.dataset.id));
  // Shown as done is not yet saved: wait until their results are in the saved checkpoint.
  await savedWrites(page, before.map((id) => `screen_candidate#${id}`));
  await page.reload();
  await page.getByTestId('workflow').selectOption('batch_screening');
  // Right after the reload, while the batch goes on, the rows saved as finished show as done
  // (read from the reopened checkpoint's saved task results), not as queued.
  await expect(page.getByTestId('batch-live-row')).toHaveCount(N, { timeout: 30_000 });
  const reopened = await page.evaluate((ids) => ({
    phase: document.querySelector('[data-testid=batch-phase]').dataset.phase,
    rows: ids.map((id) => document.querySelector(`[data-testid=batch-live-row][data-id=${id}]`).dataset.status),
  }), before);
  expect(reopened).toEqual({ phase: 'running', rows: before.map(() => 'done') });
  await expect(page.getByTestId('batch-phase')).toHaveAttribute('data-phase', 'finished', { timeout: 120_000 });
  await expect(page.getByTestId('batch-row')).toHaveCount(N);
  const statuses = await page.getByTestId('batch-row').evaluateAll((trs) => trs.map((tr) => tr.dataset.status));
  expect(statuses.filter((s) => s !== 'screened')).toEqual([]);

  const log = await requests(request);
  for (const id of before) {
    const i = Number(id.slice(1)) - 1;
    // Its resume went to the parser once and to the matcher once.
    const parse = log.filter((r) => r.body.includes(PARSER) && r.body.includes(tag(i))).length;
    const match = log.filter((r) => r.body.includes(MATCHER) && r.body.includes(tag(i))).length;
    expect({ id, parse, match }).toEqual({ id, parse: 1, match: 1 });
  }
  // Every candidate was parsed at least once (the reload cut some off; those ran again).
  for (let i = 0; i < N; i += 1) expect(callsWith(log, tag(i))).toBeGreaterThanOrEqual(2);
});

test('the cost cap pauses the batch with a keyboard-usable question; going on without a cap screens everyone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const N = 4;
  await openBatch(page);
  await useMock(page);
  await page.getByTestId('batch-jd').fill(JOB);
  await addFiles(page, N);
  // Any priced call passes a cap this small: every candidate is deferred after the job analysis.
  await page.getByTestId('batch-cap').fill('0.000001');
  await page.getByTestId('batch-run').click();
  const dialog = page.getByTestId('batch-cap-dialog');
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toHaveAttribute('role', 'dialog');
  await expect(page.getByTestId('batch-phase')).toHaveAttribute('data-phase', 'waiting');
  // Focus starts in the new-cap field; Escape hides the question, a button brings it back.
  await expect(page.getByTestId('batch-new-cap')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('batch-reopen-cap')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('batch-new-cap')).toBeFocused();
  // No cap any more, sent with Ctrl+Enter.
  await page.getByTestId('batch-new-cap').fill('');
  await page.keyboard.press('Control+Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('batch-phase')).toHaveAttribute('data-phase', 'finished', { timeout: 60_000 });
  const statuses = await page.getByTestId('batch-row').evaluateAll((trs) => trs.map((tr) => tr.dataset.status));
  expect(statuses).toEqual(Array(N).fill('screened'));
  const log = await requests(request);
  expect(callsWith(log, PARSER)).toBe(N);
});

test('cancelling one queued candidate lets the batch go on; Retry failed screens it in the same run', async ({ page, request }) => {
  test.setTimeout(120_000);
  const N = 5;
  await mock(request, 'script', [{ provider: 'openai', delay_ms: 400 }]);
  await openBatch(page);
  await useMock(page);
  await page.getByTestId('batch-jd').fill(JOB);
  await addFiles(page, N);
  await page.getByTestId('batch-concurrency').fill('1');
  await page.getByTestId('batch-run').click();
  const last = page.locator(`[data-testid=batch-live-row][data-id=c${N}]`);
  await expect(page.locator('[data-testid=batch-live-row][data-id=c1]')).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
  await expect(last).toHaveAttribute('data-status', 'queued');
  await last.getByTestId('batch-cancel-row').click();
  await expect(page.getByTestId('batch-phase')).toHaveAttribute('data-phase', 'finished', { timeout: 60_000 });
  await expect(page.locator(`[data-testid=batch-row][data-id=c${N}]`)).toHaveAttribute('data-status', 'cancelled');
  await expect(page.locator('[data-testid=batch-row][data-status=screened]')).toHaveCount(N - 1);
  // The cancelled resume was never sent.
  expect(callsWith(await requests(request), tag(N - 1))).toBe(0);
  const runs = page.getByTestId('run-entry');
  await expect(runs).toHaveCount(1);
  const thread = await runs.first().getAttribute('data-thread');

  // Retry failed goes on with the same run: its live table comes back with every row, the
  // screened ones left as they were and the cancelled one queued again. Every status the live
  // table shows from here on is recorded (the retry of one resume is over in about a second).
  await page.evaluate(() => {
    window.liveRows = [];
    const record = () => {
      if (document.querySelector('[data-testid=batch-live]')?.hidden !== false) return;
      for (const tr of document.querySelectorAll('[data-testid=batch-live-row]')) window.liveRows.push(`${tr.dataset.id}:${tr.dataset.status}`);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status', 'hidden'] });
  });
  await page.getByTestId('batch-retry').click();
  // The ranked table comes back when the retry ends, the cancelled row now screened.
  await expect(page.locator(`[data-testid=batch-row][data-id=c${N}]`)).toHaveAttribute('data-status', 'screened', { timeout: 60_000 });
  await expect(page.getByTestId('batch-phase')).toHaveAttribute('data-phase', 'finished');
  const shown = new Set(await page.evaluate(() => window.liveRows));
  expect([...shown].filter((s) => !s.startsWith(`c${N}:`)).sort()).toEqual(Array.from({ length: N - 1 }, (_, i) => `c${i + 1}:done`).sort());
  expect(shown.has(`c${N}:queued`) || shown.has(`c${N}:running`)).toBeTruthy();
  expect(shown.has(`c${N}:cancelled`)).toBeFalsy();
  const rows = page.getByTestId('batch-row');
  await expect(rows).toHaveCount(N);
  expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.status))).toEqual(Array(N).fill('screened'));
  // Still one batch run in the list: the same thread, finished.
  await expect(runs).toHaveCount(1);
  expect(await runs.first().getAttribute('data-thread')).toBe(thread);
  // The retried resume reached the parser once; nobody else was screened again.
  const log = await requests(request);
  for (let i = 0; i < N; i += 1) {
    expect({ i, parse: log.filter((r) => r.body.includes(PARSER) && r.body.includes(tag(i))).length }).toEqual({ i, parse: 1 });
  }
  expect(callsWith(log, MATCHER)).toBe(N);
});

test('a reload during Retry failed: the same run goes on after it, nobody screened twice', async ({ page, request }) => {
  test.setTimeout(120_000);
  const N = 4;
  await mock(request, 'script', [{ provider: 'openai', delay_ms: 600 }]);
  await openBatch(page);
  await useMock(page);
  await page.getByTestId('batch-jd').fill(JOB);
  await addFiles(page, N);
  await page.getByTestId('batch-concurrency').fill('1');
  await page.getByTestId('batch-run').click();
  await expect(page.locator('[data-testid=batch-live-row][data-id=c1]')).toHaveAttribute('data-status', 'running', { timeout: 30_000 });
  for (const id of ['c3', 'c4']) await page.locator(`[data-testid=batch-live-row][data-id=${id}]`).getByTestId('batch-cancel-row').click();
  await expect(page.getByTestId('batch-phase')).toHaveAttribute('data-phase', 'finished', { timeout: 60_000 });
  await expect(page.locator('[data-testid=batch-row][data-status=cancelled]')).toHaveCount(2);
  const runs = page.getByTestId('run-entry');
  const thread = await runs.first().getAttribute('data-thread');

  await page.getByTestId('batch-retry').click();
  // The retry's first resume is at the provider: reload in the middle of it.
  await waitForCall(request, tag(2));
  await page.reload();
  // The page comes back by itself (the choice is saved). Not selectOption: Playwright fires
  // `change` even for the option already chosen, which mounts the page again and cuts the
  // reopened run's first call a second time.
  await expect(page.getByTestId('workflow')).toHaveValue('batch_screening');
  await expect(page.locator('[data-testid=batch-row][data-id=c4]')).toHaveAttribute('data-status', 'screened', { timeout: 60_000 });
  await expect(page.getByTestId('batch-phase')).toHaveAttribute('data-phase', 'finished');
  expect(await page.getByTestId('batch-row').evaluateAll((trs) => trs.map((tr) => tr.dataset.status))).toEqual(Array(N).fill('screened'));
  await expect(runs).toHaveCount(1);
  expect(await runs.first().getAttribute('data-thread')).toBe(thread);
  const log = await requests(request);
  const parses = Array.from({ length: N }, (_, i) => log.filter((r) => r.body.includes(PARSER) && r.body.includes(tag(i))).length);
  // c1, c2 were screened before the retry and c4 after the reload: once each. c3's parse was
  // in flight at the reload, so it may have been made again.
  expect([parses[0], parses[1], parses[3]]).toEqual([1, 1, 1]);
  expect(parses[2]).toBeGreaterThanOrEqual(1);
  expect(parses[2]).toBeLessThanOrEqual(2);
});
