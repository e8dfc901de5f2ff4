// Impact ratios of a batch (NYC Local Law 144, issue 43): 60 fictional resumes with varied
// skills, their self-reported categories given as a CSV file through the form's picker, an ATS-only
// run (deterministic, no key, no call). The test reads each candidate's ATS score from the ranked
// table, computes by hand the median, the scoring rates and impact ratios per sex, race/ethnicity
// and intersection, the 2% exclusion and the 0.8 flags, and checks the page's impact table and its
// CSV export hold exactly those; then a person decides for two candidates, and the batch's CSV and
// its audit log say so. Every name, resume and category here is invented.
import { test, expect } from '@playwright/test';
import { exported, mock, requests } from './fixtures/runs.mjs';

const JOB = [
  'Backend Engineer',
  'Requirements:',
  '- Rust',
  '- Kubernetes',
  '- PostgreSQL',
  'Nice to have: Terraform',
].join('\n');

const N = 60;
const FIRST = ['Avel', 'Brisa', 'Corin', 'Dalia', 'Emrys', 'Fenna', 'Galen', 'Hesper', 'Ilka', 'Joren', 'Kestra', 'Lunet'];
const LAST = ['Quillon', 'Marrow', 'Tessaly', 'Vantor', 'Ombrel'];
// Four bits of `i` choose which of the job's terms a resume shows: sixteen skill sets, and ties.
const TERMS = ['Rust', 'Kubernetes', 'PostgreSQL', 'Terraform'];
const RACES = ['Asian', 'Black or African American', 'Hispanic, Latino', 'White'];

const label = (i) => `applicant-${String(i + 1).padStart(2, '0')}.md`;
const skillsOf = (i) => TERMS.filter((_, bit) => (i >> bit) & 1).concat(['Go', 'Docker'].slice(0, i % 3));

/** Fictional resume number `i` (0-based) as a Markdown file. */
function resume(i) {
  const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
  const skills = skillsOf(i);
  const text = [
    `# ${name}`,
    'Software engineer',
    '## Experience',
    `### Engineer — Fictive Works ${i} (2018–2024)`,
    `- Built services in ${skills[0] ?? 'Java'} for ${i + 2}00 customers`,
    '## Skills',
    (skills.length ? skills : ['Java']).join(', '),
    '',
  ].join('\n');
  return { name: label(i), mimeType: 'text/markdown', buffer: Buffer.from(text) };
}

/** What candidate `i` said of themself: null when the list has no row for them. Men hold more of
 * the job's skills here (so a ratio is flagged); one sex and one race are under 2% (excluded). */
function reported(i) {
  if (i >= N - 2) return null;
  const terms = TERMS.filter((_, bit) => (i >> bit) & 1).length;
  let sex = terms >= 3 || i % 3 === 0 ? 'Male' : 'Female';
  if (i === 5) sex = 'Intersex';
  if (i === N - 3) sex = '';
  let race = RACES[(i * 7 + Math.floor(i / 4)) % RACES.length];
  if (i === 17) race = 'Native Hawaiian or Other Pacific Islander';
  if (i === N - 4) race = '';
  return { sex, race };
}

/** The categories file: a byte-order mark, CRLF, quoted cells, labels in other cases and with
 * spaces, and one label no resume has. */
function categoriesCsv() {
  const quote = (cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  const lines = ['label,sex,race_ethnicity'];
  for (let i = 0; i < N; i += 1) {
    const r = reported(i);
    if (!r) continue;
    const name = i % 10 === 3 ? `  ${label(i).toUpperCase()} ` : label(i);
    lines.push([name, r.sex, r.race].map(quote).join(','));
  }
  lines.push('ghost-applicant.md,Female,White');
  return { name: 'categories.csv', mimeType: 'text/csv', buffer: Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`) };
}

/** The median as the law's rules read it: the middle score, or halfway between the middle two. */
function median(scores) {
  const s = [...scores].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The scoring-rate impact table of `people` ({sex, race, score}), computed by hand. */
function handTable(people) {
  const assessed = people.length;
  const med = median(people.map((p) => p.score));
  const rows = [];
  const unknown = { sex: 0, race_ethnicity: 0, intersection: 0 };
  const dimensions = {
    sex: (p) => p.sex,
    race_ethnicity: (p) => p.race,
    intersection: (p) => (p.sex && p.race ? `${p.sex} × ${p.race}` : ''),
  };
  for (const [dimension, categoryOf] of Object.entries(dimensions)) {
    const groups = new Map();
    for (const p of people) {
      const category = categoryOf(p);
      if (!category) { unknown[dimension] += 1; continue; }
      const g = groups.get(category) ?? { count: 0, hits: 0 };
      g.count += 1;
      g.hits += p.score > med ? 1 : 0;
      groups.set(category, g);
    }
    // Under 2% of everyone assessed: count / assessed < 1 / 50.
    const compared = [...groups.values()].filter((g) => g.count * 50 >= assessed);
    const top = compared.reduce((best, g) => (!best || g.hits * best.count > best.hits * g.count ? g : best), null);
    for (const [category, g] of groups) {
      const excluded = g.count * 50 < assessed;
      const defined = !excluded && top && top.hits > 0;
      rows.push({
        dimension,
        category,
        count: g.count,
        hits: g.hits,
        rate: g.hits / g.count,
        ratio: defined ? (g.hits * top.count) / (g.count * top.hits) : null,
        // Under 4/5, compared as whole numbers.
        flagged: Boolean(defined && g.hits * top.count * 5 < g.count * top.hits * 4),
        excluded,
      });
    }
  }
  return { assessed, median: med, rows, unknown };
}

const byKey = (a, b) => `${a.dimension}|${a.category}`.localeCompare(`${b.dimension}|${b.category}`);

test.beforeEach(async ({ request }) => {
  await mock(request, 'reset');
});

test('impact ratios of 60 self-reported candidates match a hand computation, on the page and in the CSV; a person\'s decisions are in the export and the audit log', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.getByTestId('workflow').selectOption('batch_screening');
  await expect(page.getByTestId('batch-form')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('batch-jd').fill(JOB);
  await page.getByTestId('batch-files').setInputFiles(Array.from({ length: N }, (_, i) => resume(i)));
  await expect(page.getByTestId('batch-count')).toHaveAttribute('data-count', String(N));

  await page.getByTestId('batch-categories-file').setInputFiles(categoriesCsv());
  await expect(page.getByTestId('batch-categories-loaded')).toHaveAttribute('data-rows', String(N - 2 + 1));
  await expect(page.getByTestId('batch-categories-unmatched')).toContainText('ghost-applicant.md');
  await expect(page.getByTestId('batch-resume-categories')).toHaveCount(N - 2);
  const third = page.getByTestId('batch-resume').filter({ hasText: label(3) });
  await expect(third.getByTestId('batch-resume-categories')).toContainText(reported(3).sex);

  await page.getByTestId('batch-ats-only').check();
  await page.getByTestId('batch-run').click();
  await expect(page.getByTestId('batch-phase')).toHaveAttribute('data-phase', 'finished', { timeout: 60_000 });
  await expect(page.getByTestId('batch-row')).toHaveCount(N);

  // Each candidate's ATS score from the ranked table, by label.
  const ats = await page.getByTestId('batch-row').evaluateAll((trs) => trs.map((tr) => [tr.dataset.label, Number(tr.dataset.ats)]));
  const scoreOf = new Map(ats);
  const people = Array.from({ length: N }, (_, i) => {
    const r = reported(i) ?? { sex: '', race: '' };
    return { sex: r.sex, race: r.race, score: scoreOf.get(label(i)) };
  });
  expect(people.every((p) => Number.isInteger(p.score))).toBeTruthy();
  expect(new Set(people.map((p) => p.score)).size).toBeGreaterThan(4);
  const hand = handTable(people);
  // The data exercises every rule: a flag, an exclusion for size, and unknowns.
  expect(hand.rows.some((r) => r.flagged)).toBeTruthy();
  expect(hand.rows.filter((r) => r.excluded && r.dimension !== 'intersection').map((r) => r.category).sort())
    .toEqual(['Intersex', 'Native Hawaiian or Other Pacific Islander']);
  expect(hand.unknown).toEqual({ sex: 3, race_ethnicity: 3, intersection: 4 });

  const report = page.getByTestId('impact-report');
  await expect(report).toBeVisible();
  await expect(report.getByRole('heading', { name: 'Impact ratios (NYC Local Law 144)' })).toBeVisible();
  await expect(page.getByTestId('impact-table')).toHaveCount(1); // ATS only: no selection rates
  const scoring = page.locator('[data-testid=impact-table][data-kind=scoring]');
  await expect(scoring).toHaveAttribute('data-assessed', String(N));
  expect(Number(await scoring.getAttribute('data-median'))).toBe(hand.median);
  await expect(scoring.getByTestId('impact-unknown')).toHaveAttribute('data-sex', String(hand.unknown.sex));
  await expect(scoring.getByTestId('impact-unknown')).toHaveAttribute('data-race-ethnicity', String(hand.unknown.race_ethnicity));
  await expect(scoring.getByTestId('impact-unknown')).toHaveAttribute('data-intersection', String(hand.unknown.intersection));
  const excluded = (await scoring.getByTestId('impact-excluded').getAttribute('data-categories')).split('\n').filter(Boolean);
  expect(excluded.map((e) => e.replace(/ \(\d+\)$/, '')).sort()).toEqual(hand.rows.filter((r) => r.excluded).map((r) => r.category).sort());

  const shown = await scoring.getByTestId('impact-row').evaluateAll((trs) => trs.map((tr) => ({
    dimension: tr.dataset.dimension,
    category: tr.dataset.category,
    count: Number(tr.dataset.count),
    hits: Number(tr.dataset.hits),
    rate: Number(tr.dataset.rate),
    ratio: tr.dataset.ratio === '' ? null : Number(tr.dataset.ratio),
    flagged: tr.dataset.flagged === 'true',
    excluded: tr.dataset.excluded === 'true',
    flagText: tr.querySelector('[data-testid=impact-flag]').textContent,
  })));
  expect(shown).toHaveLength(hand.rows.length);
  const expected = [...hand.rows].sort(byKey);
  for (const [i, row] of [...shown].sort(byKey).entries()) {
    const want = expected[i];
    expect({ ...row, rate: undefined, ratio: undefined, flagText: undefined }).toEqual({ ...want, rate: undefined, ratio: undefined });
    expect(row.rate).toBeCloseTo(want.rate, 12);
    if (want.ratio === null) expect(row.ratio).toBeNull(); else expect(row.ratio).toBeCloseTo(want.ratio, 12);
    // The flag is visible, not only an attribute.
    expect(row.flagText).toBe(want.excluded ? 'excluded: under 2%' : want.flagged ? '⚠ under 0.8' : '');
  }
  await expect(report.getByTestId('impact-note')).toContainText('four-fifths rule');

  // The CSV export holds the same numbers, and the unknown counts.
  const csv = (await exported(page, 'impact-export-csv')).split('\r\n').filter(Boolean).map((line) => {
    const cells = [];
    for (const m of line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)) {
      cells.push(m[1].startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : m[1]);
      if (m[2] === '') break;
    }
    return cells;
  });
  expect(csv[0]).toEqual(['dimension', 'category', 'count', 'above_median', 'rate', 'impact_ratio', 'excluded_for_size', 'flagged']);
  const body = csv.slice(1);
  for (const want of expected) {
    const line = body.find((c) => c[0] === want.dimension && c[1] === want.category);
    expect(line, `${want.dimension} ${want.category}`).toBeTruthy();
    expect(Number(line[2])).toBe(want.count);
    expect(Number(line[3])).toBe(want.hits);
    expect(Number(line[4])).toBeCloseTo(want.rate, 5);
    if (want.ratio === null) expect(line[5]).toBe(''); else expect(Number(line[5])).toBeCloseTo(want.ratio, 5);
    expect([line[6], line[7]]).toEqual([String(want.excluded), String(want.flagged)]);
  }
  for (const [dimension, count] of Object.entries(hand.unknown)) {
    expect(body.find((c) => c[0] === dimension && c[1] === '')[2]).toBe(String(count));
  }
  expect(body).toHaveLength(hand.rows.length + 3);
  const markdown = await exported(page, 'impact-export-md');
  expect(markdown).toContain('# Impact ratios: scoring rate');
  expect(markdown).toContain('Score: the ATS score');

  // The ranking is advice: a person decides, for two candidates, and says why.
  const decisions = [
    { label: label(0), choice: 'advance', reason: 'Strong Rust, checked by hand' },
    { label: label(N - 1), choice: 'decline', reason: 'No Kubernetes, read by hand' },
  ];
  const idOf = new Map(await page.getByTestId('batch-row').evaluateAll((trs) => trs.map((tr) => [tr.dataset.label, tr.dataset.id])));
  for (const d of decisions) {
    const row = page.locator(`[data-testid=batch-row][data-label="${d.label}"]`);
    await row.getByTestId('batch-open-row').click();
    const form = page.getByTestId('decision-form');
    await form.getByTestId(`decision-${d.choice}`).check();
    await form.getByTestId('decision-reason').fill(d.reason);
    await page.getByTestId('decision-save').click();
    await expect(row.getByTestId('batch-decision')).toHaveAttribute('data-choice', d.choice, { timeout: 15_000 });
  }
  await expect(page.locator('[data-testid=batch-decision]:not([data-choice=""])')).toHaveCount(decisions.length);

  // The batch's CSV says which decisions a person made, and only those.
  const batchCsv = (await exported(page, 'batch-export-csv')).trim().split('\r\n');
  expect(batchCsv[0].split(',').slice(-4)).toEqual(['decision', 'decision_reason', 'decided_at', 'decided_by']);
  const byPerson = batchCsv.slice(1).filter((l) => l.endsWith(',person'));
  expect(byPerson).toHaveLength(decisions.length);
  for (const d of decisions) {
    const line = byPerson.find((l) => l.split(',')[1] === idOf.get(d.label));
    expect(line, d.label).toMatch(new RegExp(`,${d.choice},"${d.reason}",\\d{4}-\\d\\d-\\d\\dT[\\d:]+Z,person$`));
  }

  // The audit log (JSON Lines): the run, one input per resume, the decisions by a person, in order.
  const log = (await exported(page, 'batch-export-audit')).trim().split('\n').map((l) => JSON.parse(l));
  expect(log[0]).toMatchObject({ type: 'run', workflow: 'batch_screening', candidates: N });
  expect(log.filter((l) => l.type === 'input' && l.kind === 'resume')).toHaveLength(N);
  expect(log.filter((l) => l.type === 'decision')).toEqual(decisions.map((d) => expect.objectContaining({
    candidate: idOf.get(d.label), choice: d.choice, reason: d.reason, by: 'person',
  })));
  // Categories are the deployer's data, not the log's: no line carries one.
  expect(log.some((l) => JSON.stringify(l).includes('Hispanic'))).toBeFalsy();

  // Nothing was sent anywhere, categories least of all.
  expect(await requests(request)).toHaveLength(0);
});

test('a categories file without a label column is refused with a message saying so', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('workflow').selectOption('batch_screening');
  await expect(page.getByTestId('batch-form')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('batch-categories-file').setInputFiles({
    name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('name,sex\napplicant-01.md,Female\n'),
  });
  await expect(page.getByTestId('batch-categories-error')).toContainText('no "label" column');
  await expect(page.getByTestId('batch-categories-loaded')).toHaveCount(0);
});
