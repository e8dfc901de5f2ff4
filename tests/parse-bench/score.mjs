// make parse-bench, step 3: score the app's JSON Resume export of each imported file against
// the JSON Resume it was rendered from. Prints one Markdown table and writes
// target/parse-bench/report.{md,json}.
//
// How (docs/parse-bench.md says the same):
// - Entries: truth and export entries (work, education) are paired one to one, best first, by how
//   many words of name + position (institution + degree + area) they share (Dice ≥ 0.5, or ≥ 0.25
//   with the same start date). The headline, *exactly right* = paired truth entries whose every
//   field (employer, title, start, end; institution, degree, area, start, end) is right / truth
//   entries: a user is served by an entry only when all of it is right. *Entry recall* (kept as
//   the second figure) = paired truth entries / truth entries, right or not. Pairing by
//   words of both fields together means a swapped name/position still finds its entry; the
//   fields then score it wrong.
// - Fields: a value is correct when its entry is paired and the values are equal. Precision =
//   correct / values the export gave (invented entries count against it); recall = correct /
//   values the truth has. Names compare case- and whitespace-insensitively (NFKC, outer
//   punctuation dropped); dates at month precision (YYYY-MM; a year-only truth needs the year);
//   an open period is "present" on both sides; phones compare by their digits.
// - Skills: the set of skill keywords (a group without keywords: its name). Export items are
//   split at commas and semicolons; an export item equal to a truth group's name is a heading
//   and not counted.
// - Unsure marks: the export lists the entries the app marked for checking
//   (meta.careergraph.unsure, "work/2"); "wrong marked" = wrong export entries (not exactly
//   right, or paired with no truth entry) that carry the mark / wrong export entries.
// - Dated lines untaken (meta.careergraph.datedLinesUntaken): lines with a date range no entry
//   took, which the status line says. "Silent files": files with a misread the app says nothing
//   of (a wrong entry without its mark, or a missed entry with no untaken dated line).
// - Round trip: whether re-importing the app's JSON Resume export of the imported text
//   is lossless (every word back, the same periods and unplaced sections, the same document when
//   exported again): NAME.roundtrip.json, written by the export step with the checks of
//   tests/round_trip_check. Per row: lossless files / files in the row; per file in report.json
//   the lost words.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { OUT, familyOf, heldOutLayout, layouts, manifest, renderedPath, shownPath, sources }
  from './sources.mjs';

const { values: args } = parseArgs({ options: {
  'only-sources': { type: 'string' }, 'only-layouts': { type: 'string' },
  // Where the imported texts and exports are: the browser's (import.mjs) or the native fast
  // path's (examples/parse_bench_native.rs, `--dir target/parse-bench/native`).
  dir: { type: 'string', default: join(OUT, 'imported') },
  before: { type: 'string' },
  date: { type: 'string', default: new Date().toISOString().slice(0, 10) } } });

// ---- normalising ----
// Apostrophes fold to one (’ ‘ ʼ ′ → '): typesetting, not the parser, changes them. LaTeX
// prints the source's "O'Connor" as "O’Connor" and a theme's font may too, so the app reads the
// character the page shows; the import keeps the user's text as the page has it (rewriting a
// name's apostrophe silently would change what the user wrote), and the score does not count a
// layout's typography as a field lost.
const text = (v) => (typeof v === 'string' ? v : '').normalize('NFKC').toLowerCase()
  .replace(/[\u2019\u2018\u02bc\u2032]/g, "'")
  .replace(/\s+/g, ' ').trim().replace(/^[\s,;:|·•–—-]+|[\s,;:|·•–—-]+$/g, '');
const phone = (v) => (typeof v === 'string' ? v.replace(/\D/g, '') : '');
// Words for pairing entries: Latin words, and each Han/kana character on its own.
const words = (...vs) => vs.map(text).join(' ')
  .split(/[^\p{L}\p{N}]+|(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/u)
  .filter(Boolean);
const PRESENT = /^(present|current|now|ongoing|today|至今|现在|今|heute|aujourd'hui|actualidad|obecnie|oggi)$/i;
function date(v, open) {
  if (typeof v !== 'string' || !v.trim()) return open ? 'present' : '';
  const t = v.trim();
  if (PRESENT.test(t)) return 'present';
  const iso = t.match(/^(\d{4})(?:-(\d{2}))?/);
  return iso ? (iso[2] ? `${iso[1]}-${iso[2]}` : iso[1]) : text(t);
}
const sameDate = (truth, got) => truth !== '' && (truth === got
  || (/^\d{4}$/.test(truth) && got.slice(0, 4) === truth));

// ---- what a JSON Resume says, in the scored shape ----
const WORK = ['name', 'position', 'startDate', 'endDate'];
const EDU = ['institution', 'area', 'studyType', 'startDate', 'endDate'];
function shape(doc) {
  const dates = (e) => ({ startDate: date(e.startDate, false),
    // An entry with a start and no end runs on: "present".
    endDate: date(e.endDate, Boolean(e.startDate)) });
  // The entries the app marked unsure ("⚠ Check"), as the export lists them.
  const unsure = new Set(doc.meta?.careergraph?.unsure ?? []);
  const work = (doc.work ?? []).map((e, i) => ({ name: text(e.name ?? e.company),
    position: text(e.position), ...dates(e), unsure: unsure.has(`work/${i}`) }));
  const education = (doc.education ?? []).map((e, i) => ({ institution: text(e.institution),
    area: text(e.area), studyType: text(e.studyType), ...dates(e),
    unsure: unsure.has(`education/${i}`) }));
  const b = doc.basics ?? {};
  const skillSet = new Set();
  for (const s of doc.skills ?? []) {
    const items = s.keywords?.length ? s.keywords : [s.name];
    for (const item of items) for (const part of String(item ?? '').split(/[,;，；、]/)) {
      if (text(part)) skillSet.add(text(part));
    }
  }
  return { work, education, skills: skillSet,
    groupNames: new Set((doc.skills ?? []).map((s) => text(s.name)).filter(Boolean)),
    basics: { name: text(b.name), email: text(b.email), phone: phone(b.phone) } };
}

// ---- pairing and counting ----
function dice(a, b) {
  if (!a.length || !b.length) return 0;
  const setB = new Set(b);
  return (2 * a.filter((w) => setB.has(w)).length) / (a.length + b.length);
}
function pair(truth, got, keysOf) {
  const candidates = [];
  truth.forEach((t, i) => got.forEach((g, j) => {
    const d = dice(words(...keysOf(t)), words(...keysOf(g)));
    const sameStart = t.startDate && t.startDate === g.startDate;
    if (d >= 0.5 || (d >= 0.25 && sameStart)) candidates.push({ i, j, s: d + (sameStart ? 0.5 : 0) });
  }));
  candidates.sort((a, b) => b.s - a.s);
  const byTruth = new Map();
  const taken = new Set();
  for (const c of candidates) {
    if (byTruth.has(c.i) || taken.has(c.j)) continue;
    byTruth.set(c.i, c.j);
    taken.add(c.j);
  }
  return byTruth;
}
const counter = () => ({ correct: 0, got: 0, truth: 0 });
// `shows(value)`: whether the layout shows that value at all. A truth value it does not show is
// left out of recall (and counted as hidden): the importer cannot find what is not there.
function countEntries(counts, prefix, truth, got, fields, keysOf, shows) {
  const pairs = pair(truth, got, keysOf);
  const entryShown = truth.map((t) => keysOf(t).some((v) => v && shows(v)));
  const fieldShown = (t, i, f) => entryShown[i] && t[f] && (f.endsWith('Date') || shows(t[f]));
  let hidden = 0;
  for (const f of fields) {
    const c = (counts[`${prefix}.${f}`] ??= counter());
    truth.forEach((t, i) => {
      if (fieldShown(t, i, f)) c.truth++;
      else if (t[f]) hidden++;
    });
    c.got += got.filter((g) => g[f]).length;
    for (const [i, j] of pairs) {
      const [t, g] = [truth[i][f], got[j][f]];
      if (fieldShown(truth[i], i, f) && (f.endsWith('Date') ? sameDate(t, g) : t === g)) c.correct++;
    }
  }
  const found = [...pairs.keys()].filter((i) => entryShown[i]).length;
  // Exactly right: a shown truth entry paired with an export entry whose every field the truth
  // has (and the layout shows) is right: what the user sees is right only when all of it is.
  const rightField = (i, j, f) => !fieldShown(truth[i], i, f)
    || (f.endsWith('Date') ? sameDate(truth[i][f], got[j][f]) : truth[i][f] === got[j][f]);
  const exactPairs = [...pairs].filter(([i, j]) => entryShown[i]
    && fields.every((f) => rightField(i, j, f)));
  // Per export entry, whether it is exactly right (for the unsure marks' calibration): an
  // entry paired with no truth entry is wrong too.
  const exactGot = new Set(exactPairs.map(([, j]) => j));
  const gotEntries = got.map((g, j) => ({ exact: exactGot.has(j), unsure: Boolean(g.unsure) }));
  return { truth: entryShown.filter(Boolean).length, found, exact: exactPairs.length,
    extra: got.length - pairs.size, gotEntries,
    hiddenEntries: truth.length - entryShown.filter(Boolean).length, hiddenFields: hidden };
}

// A layout that prints a section's dates as their year alone (orbit: "2021 - Present") shows
// no month there: those truth dates are compared at the year, as a year-only truth is (the
// month is not on the page, so it cannot be read, and a right year is not a date lost).
const toYear = (d) => (/^\d{4}-\d{2}$/.test(d) ? d.slice(0, 4) : d);
function yearsOnly(entries) {
  return entries.map((e) => ({ ...e, startDate: toYear(e.startDate), endDate: toYear(e.endDate) }));
}

function scoreFile(truthDoc, gotDoc, shownText, { yearOnlyDates = [] } = {}) {
  const truth = shape(truthDoc);
  for (const section of yearOnlyDates) truth[section] = yearsOnly(truth[section]);
  const got = shape(gotDoc ?? {});
  // No shown text (DOCX): the layout shows every scored field.
  const page = shownText === null ? null : text(shownText);
  const pageDigits = shownText === null ? null : phone(shownText);
  const shows = (v) => page === null || page.includes(v);
  const counts = {};
  const work = countEntries(counts, 'work', truth.work, got.work, WORK,
    (e) => [e.name, e.position], shows);
  const edu = countEntries(counts, 'education', truth.education, got.education, EDU,
    (e) => [e.institution, e.studyType, e.area], shows);
  let hiddenFields = work.hiddenFields + edu.hiddenFields;
  for (const f of ['name', 'email', 'phone']) {
    const [t, g] = [truth.basics[f], got.basics[f]];
    const shown = t && (f === 'phone' ? pageDigits === null || pageDigits.includes(t) : shows(t));
    if (t && !shown) hiddenFields++;
    counts[`basics.${f}`] = { truth: shown ? 1 : 0, got: g ? 1 : 0, correct: shown && t === g ? 1 : 0 };
  }
  const shownSkills = new Set([...truth.skills].filter(shows));
  hiddenFields += truth.skills.size - shownSkills.size;
  const gotSkills = [...got.skills].filter((s) => !truth.groupNames.has(s) || truth.skills.has(s));
  counts.skills = { truth: shownSkills.size, got: gotSkills.length,
    correct: gotSkills.filter((s) => shownSkills.has(s)).length };
  const gotEntries = [...work.gotEntries, ...edu.gotEntries];
  // Lines with a date range no entry took: the status line says so ("1 line with dates not
  // read as an entry"), the app's word for an entry it may have missed.
  const untaken = Number(gotDoc?.meta?.careergraph?.datedLinesUntaken ?? 0);
  const wrongUnmarked = gotEntries.filter((e) => !e.exact && !e.unsure).length;
  const missed = work.truth + edu.truth - work.found - edu.found;
  // A misread the app says nothing of: a wrong entry without its mark, or an entry missed with
  // no untaken dated line to say so.
  const silent = wrongUnmarked > 0 || (missed > 0 && untaken === 0);
  return { untaken, silent, counts, entries: { truth: work.truth + edu.truth, found: work.found + edu.found,
    exact: work.exact + edu.exact, extra: work.extra + edu.extra,
    wrong: gotEntries.filter((e) => !e.exact).length,
    wrongMarked: gotEntries.filter((e) => !e.exact && e.unsure).length,
    marked: gotEntries.filter((e) => e.unsure).length,
    markedWrong: gotEntries.filter((e) => e.unsure && !e.exact).length, hidden: work.hiddenEntries + edu.hiddenEntries, work,
    education: edu }, hiddenFields };
}

// ---- run over every file ----
const FIELDS = [...WORK.map((f) => `work.${f}`), ...EDU.map((f) => `education.${f}`),
  'basics.name', 'basics.email', 'basics.phone', 'skills'];
const files = [];
const notRendered = [];
for (const source of sources({ only: args['only-sources'] })) {
  const truthDoc = JSON.parse(readFileSync(source.path, 'utf8'));
  for (const layout of layouts({ only: args['only-layouts'] })) {
    // A theme that throws on a source (elegant and even do on some real files) is the theme's
    // failure, not the app's: listed under the table, not scored.
    if (!existsSync(renderedPath(source, layout))) {
      notRendered.push(`${source.id} × ${layout.id}`);
      continue;
    }
    const base = join(args.dir, `${source.id}__${layout.id}`);
    const exported = existsSync(`${base}.export.json`)
      ? JSON.parse(readFileSync(`${base}.export.json`, 'utf8')) : null;
    const imported = existsSync(`${base}.import.json`)
      ? JSON.parse(readFileSync(`${base}.import.json`, 'utf8')) : null;
    const roundTrip = existsSync(`${base}.roundtrip.json`)
      ? JSON.parse(readFileSync(`${base}.roundtrip.json`, 'utf8')) : null;
    const group = !source.fictional ? 'corpus' : source.heldOut ? 'held-out' : 'tuning';
    // The app's own status line must agree with the export (the same structure, wasm vs native).
    const said = imported?.understood?.match(/(\d+) jobs?, (\d+) degrees?/);
    // It counts the entries it is sure of and names the rest ("; 2 unsure, check them").
    const unsureSaid = Number(imported?.understood?.match(/; (\d+) unsure/)?.[1] ?? 0);
    const mismatch = said && exported && (Number(said[1]) + Number(said[2]) + unsureSaid
      !== (exported.work ?? []).length + (exported.education ?? []).length);
    if (mismatch) console.warn(`note: ${source.id} × ${layout.id}: the app said "${imported.understood}", the export has ${(exported.work ?? []).length} jobs, ${(exported.education ?? []).length} degrees`);
    files.push({ source: source.id, layout: layout.id, group, imported: Boolean(exported),
      status: imported?.status ?? 'not rendered', understood: imported?.understood ?? '',
      roundTrip,
      ...scoreFile(truthDoc, exported, existsSync(shownPath(source, layout))
        ? readFileSync(shownPath(source, layout), 'utf8') : null, layout) });
  }
}

// ---- the table: one row per source group × layout ----
const pct = (n, d) => (d ? Math.round((100 * n) / d) : null);
const cell = (c) => (c.truth || c.got
  ? `${pct(c.correct, c.got) ?? '–'}/${pct(c.correct, c.truth) ?? '–'}` : '–');
const rows = [];
// Tuning layouts first, then the held-out layout families, each by source group.
const layoutOrder = [...layouts({ only: args['only-layouts'] })]
  .sort((a, b) => Number(heldOutLayout(a)) - Number(heldOutLayout(b)));
for (const heldOut of [false, true]) for (const group of ['tuning', 'held-out', 'corpus']) {
  for (const layout of layoutOrder.filter((l) => heldOutLayout(l) === heldOut)) {
    const these = files.filter((f) => f.group === group && f.layout === layout.id);
    if (!these.length) continue;
    const sum = (get) => these.reduce((a, f) => a + get(f), 0);
    const fields = Object.fromEntries(FIELDS.map((k) => [k, {
      correct: sum((f) => f.counts[k].correct), got: sum((f) => f.counts[k].got),
      truth: sum((f) => f.counts[k].truth) }]));
    rows.push({ group, layout: layout.id, family: familyOf(layout), heldOutLayout: heldOut,
      files: these.length, imported: these.filter((f) => f.imported).length,
      exact: pct(sum((f) => f.entries.exact), sum((f) => f.entries.truth)),
      entryRecall: pct(sum((f) => f.entries.found), sum((f) => f.entries.truth)),
      entries: { truth: sum((f) => f.entries.truth), found: sum((f) => f.entries.found),
        exact: sum((f) => f.entries.exact), extra: sum((f) => f.entries.extra),
        wrong: sum((f) => f.entries.wrong), wrongMarked: sum((f) => f.entries.wrongMarked),
        marked: sum((f) => f.entries.marked), markedWrong: sum((f) => f.entries.markedWrong) },
      roundTrip: { lossless: these.filter((f) => f.roundTrip?.lossless).length,
        checked: these.filter((f) => f.roundTrip).length },
      untaken: sum((f) => f.untaken), silent: these.filter((f) => f.silent).length,
      hiddenFields: sum((f) => f.hiddenFields), fields });
  }
}
const SHORT = { 'work.name': 'work name', 'work.position': 'position', 'work.startDate': 'work start',
  'work.endDate': 'work end', 'education.institution': 'institution', 'education.area': 'area',
  'education.studyType': 'degree', 'education.startDate': 'edu start', 'education.endDate': 'edu end',
  'basics.name': 'name', 'basics.email': 'email', 'basics.phone': 'phone', skills: 'skills' };
// A previous report (`--before target/parse-bench/before.json`): each row's exact figure is
// shown as "before → now".
const before = args.before && existsSync(args.before)
  ? new Map(JSON.parse(readFileSync(args.before, 'utf8')).rows
    .map((r) => [`${r.group}|${r.layout}`, r])) : null;
const was = (r, now) => {
  const b = before?.get(`${r.group}|${r.layout}`);
  return b && b.exact !== undefined ? `${b.exact ?? '–'}% → ${now}` : now;
};
const head = ['sources', 'layout', 'files', 'exactly right', 'exact/truth', 'wrong marked',
  'dated lines untaken', 'silent files', 'entry recall', 'found/truth (+extra)',
  ...FIELDS.map((k) => SHORT[k]), 'not shown', 'round trip'];
const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`];
for (const r of rows) {
  lines.push(`| ${[r.group, r.layout + (r.heldOutLayout ? ' (held out)' : ''),
    r.imported === r.files ? r.files : `${r.imported} of ${r.files}`,
    was(r, r.exact === null ? '–' : `${r.exact}%`), `${r.entries.exact}/${r.entries.truth}`,
    `${r.entries.wrongMarked}/${r.entries.wrong}`, r.untaken, `${r.silent}/${r.files}`,
    r.entryRecall === null ? '–' : `${r.entryRecall}%`,
    `${r.entries.found}/${r.entries.truth} (+${r.entries.extra})`,
    ...FIELDS.map((k) => cell(r.fields[k])), r.hiddenFields,
    `${r.roundTrip.lossless}/${r.files}`].join(' | ')} |`);
}
// The headline: entries exactly right over every fictional file, tuning and held-out layout
// families apart (corpus sources are real resumes in the tuning layouts' renderers).
const total = (heldOut) => {
  const these = rows.filter((r) => r.heldOutLayout === heldOut && r.group !== 'corpus');
  const n = (k) => these.reduce((a, r) => a + r.entries[k], 0);
  const families = new Set(these.map((r) => r.family)).size;
  return `${heldOut ? 'held-out' : 'tuning'} layout families (${families}): ` +
    `${n('exact')} of ${n('truth')} entries exactly right (${pct(n('exact'), n('truth')) ?? '–'}%), ` +
    `found ${pct(n('found'), n('truth')) ?? '–'}%; wrong entries marked unsure ` +
    `${n('wrongMarked')} of ${n('wrong')} (${pct(n('wrongMarked'), n('wrong')) ?? '–'}%), ` +
    `marked entries that are wrong ${n('markedWrong')} of ${n('marked')}; files with a ` +
    `misread the app says nothing of ${these.reduce((a, r) => a + r.silent, 0)} of ` +
    `${these.reduce((a, r) => a + r.files, 0)}`;
};
lines.push('', total(false), '', total(true));
const table = lines.join('\n');
const md = `# make parse-bench, ${args.date}\n\nCells are precision/recall in % per field` +
  ' (– where there is nothing to count). "tuning": fictional sources the parser may be tuned on;' +
  ` "held-out": fictional sources it must not be (${manifest.held_out_sources.join(', ')});` +
  ' "corpus": the real JSON Resumes of the shared corpus, read in place. A layout marked (held out) is' +
  ' not to be tuned on either. "round trip": files whose JSON Resume export re-imports losslessly' +
  ' / files in the row (report.json lists the lost words per file).\n\n' + table + '\n'
  + (notRendered.length ? `\nNot rendered (the theme threw on the source): ${notRendered.join(', ')}.\n` : '');
console.log('\n' + table + '\n');
if (notRendered.length) console.log(`not rendered (the theme threw): ${notRendered.join(', ')}`);
// The browser run's report beside the renders; the fast path's in its own directory.
const REPORT = args.dir === join(OUT, 'imported') ? OUT : args.dir;
writeFileSync(join(REPORT, 'report.md'), md);
writeFileSync(join(REPORT, 'report.json'), JSON.stringify({ date: args.date, rows, notRendered, files }, (k, v) =>
  (v instanceof Set ? [...v] : v), 2));
const lossless = files.filter((f) => f.roundTrip?.lossless).length;
console.log(`round trip: ${lossless} of ${files.length} files re-import their export losslessly`);
console.log(`score: ${files.length} files; ${join(REPORT, 'report.md')} and report.json`);
