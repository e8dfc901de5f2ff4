// make parse-bench: which JSON Resume sources and layouts the benchmark runs, shared by the
// render, import and score steps so the three always agree.
//
// Sources are the fictional files of tests/fixtures/parse-bench/sources (in the repository) and,
// when ../shared is present, the real JSON Resumes of ../shared/corpus, read in place: a real
// person's resume is never copied into the repository (rendered copies stay under target/).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedDir } from '../../web/e2e/fixtures/shared.mjs';
import { FAMILIES } from './families/index.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const OUT = join(ROOT, 'target/parse-bench');
const FIXTURES = join(ROOT, 'tests/fixtures/parse-bench');
// The one way the tests read the shared folder (it prints SKIPPED when absent, fails under CI).
const CORPUS = await sharedDir('corpus');

export const manifest = JSON.parse(readFileSync(join(FIXTURES, 'manifest.json'), 'utf8'));

// The npm themes (pinned in package.json), each printed to PDF by headless Chromium; then the
// python-docx layout. Layout ids are the report's rows. orbit (a sidebar holding contact,
// education and languages beside the main column) is the layout held out from tuning
// (manifest.json).
export const THEMES = ['even', 'elegant', 'stackoverflow', 'macchiato', 'kendall', 'flat', 'orbit'];
// The sections whose dates a theme prints as the year alone, so the score compares them at the
// year: orbit every date ("2021 - Present"), kendall its degrees ("2009 2012").
const YEAR_ONLY_DATES = { orbit: ['work', 'education'], kendall: ['education'] };
// Then the LaTeX class moderncv in two of its styles (latex_layout.mjs, typeset by TeX Live).
export const MODERNCV = ['classic', 'banking'];
export const LAYOUTS = [...THEMES.map((t) => ({ id: t, kind: 'pdf', theme: `jsonresume-theme-${t}`,
  yearOnlyDates: YEAR_ONLY_DATES[t] ?? [] })),
  ...MODERNCV.map((style) => ({ id: `moderncv-${style}`, kind: 'pdf', moderncv: style })),
  { id: 'docx-labelled', kind: 'docx' },
  // The families people build their resumes with (families/: LaTeX and Typst templates, Word and
  // Google Docs shapes and their PDF exports, Markdown and HTML generators).
  ...FAMILIES];
// Every layout's family: a DOCX and its PDF export are one family, two rows.
export const familyOf = (layout) => layout.family ?? layout.id;
export const heldOutLayout = (layout) => manifest.held_out_layouts.includes(familyOf(layout));

// Every source: { id, path, fictional, heldOut }. `only` (comma list of ids) narrows a run.
export function sources({ only } = {}) {
  const list = readdirSync(join(FIXTURES, 'sources')).filter((f) => f.endsWith('.json')).sort()
    .map((f) => {
      const id = f.replace(/\.json$/, '');
      return { id, path: join(FIXTURES, 'sources', f), fictional: true,
        heldOut: manifest.held_out_sources.includes(id) };
    });
  if (CORPUS && existsSync(CORPUS)) {
    for (const f of readdirSync(CORPUS).filter((f) => /^jsonresume-.*\.json$/.test(f)).sort()) {
      const doc = JSON.parse(readFileSync(join(CORPUS, f), 'utf8'));
      // A JSON Resume *job* (official-sample-job) is not a resume: nothing to score.
      if (!doc.basics || !(doc.work?.length || doc.education?.length)) continue;
      list.push({ id: `corpus-${f.replace(/^jsonresume-|\.json$/g, '')}`, path: join(CORPUS, f),
        fictional: false, heldOut: false });
    }
  } else {
    console.warn('\n*** SKIPPED: the real JSON Resumes of the shared corpus (absent): fictional sources only ***\n');
  }
  return only ? list.filter((s) => only.split(',').includes(s.id)) : list;
}

export function layouts({ only } = {}) {
  return only ? LAYOUTS.filter((l) => only.split(',').includes(l.id)) : LAYOUTS;
}

// One rendered file per source × layout.
export const renderedPath = (source, layout) =>
  join(OUT, 'rendered', source.id, `${layout.id}.${layout.kind}`);
// The text a theme's page shows (innerText, print media), beside its PDF; none for DOCX and
// LaTeX, whose layouts (docx_layout.py, latex_layout.mjs) show every scored field.
export const shownPath = (source, layout) =>
  join(OUT, 'rendered', source.id, `${layout.id}.shown.txt`);
