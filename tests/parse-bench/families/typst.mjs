// make parse-bench: resumes typeset with Typst, the way Typst users build them: a template's
// pattern (who sits where: employer, title, place, dates) written out as one .typ file per
// source and compiled by the Typst compiler from PyPI (typst-py, pinned in requirements.txt)
// in target/parse-bench/venv, offline (families/typst/compile.py names the fonts).
//
// The templates themselves are not used: Typst Universe packages (`@preview/...`) download at
// compile time, and so does RenderCV 2.3 (its themes import `@preview/fontawesome`: tried, it
// fails offline). Each layout below is our own plain Typst that reproduces one template's
// lines and columns, with the fonts its users get (RenderCV's own, from the PyPI package
// rendercv-fonts; Typst's embedded New Computer Modern) and WenQuanYi Micro Hei (Debian's
// fonts-wqy-microhei) for the Chinese source. Text goes into Typst as string literals, so no
// character of a source is read as markup.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  RENDERCV_EN, contacts, degreeText, employer, period, readResume,
} from './typst/text.mjs';

const SCRIPT = fileURLToPath(import.meta.url);
const COMPILE = fileURLToPath(new URL('./typst/compile.py', import.meta.url));
const CJK = 'WenQuanYi Micro Hei';

/** A value as a Typst string literal: shown as text, never read as markup. */
const q = (v) => `"${String(v ?? '').replace(/\s*\n\s*/g, ' ').replace(/[\\"]/g, (c) => `\\${c}`)}"`;
/** A list of values as a Typst array (the trailing comma keeps a one-item array an array). */
function arr(items) {
  const kept = (items ?? []).filter(Boolean);
  return `(${kept.map(q).join(', ')}${kept.length ? ',' : ''})`;
}

// What every layout starts with: paper, margins, font with the CJK fallback, the language.
function preamble(name, lang, { font, size = '10pt', margin, justify = false }) {
  return [
    `#set document(author: ${q(name)}, title: ${q(name)})`,
    `#set page(paper: "a4", margin: ${margin})`,
    `#set text(font: ("${font}", "${CJK}"), size: ${size}, lang: "${lang}")`,
    `#set par(justify: ${justify})`,
  ];
}

// The sections every layout prints after its entries, as `name(group, text)` calls.
const skillRows = (resume) => (resume.skills ?? [])
  .map((s) => [s.name, (s.keywords ?? []).join(', ')]);
const languageText = (resume) => (resume.languages ?? [])
  .map((l) => (l.fluency ? `${l.language} (${l.fluency})` : l.language)).join(', ');

function compile(typ, outPath, ctx) {
  const typPath = outPath.replace(/\.pdf$/, '.typ');
  writeFileSync(typPath, typ);
  try {
    execFileSync(join(ctx.OUT, 'venv/bin/python'), [COMPILE, typPath, outPath],
      { stdio: 'pipe', timeout: 120_000 });
  } catch (error) {
    throw new Error(`typst: ${String(error.stderr || error.message).trim().split('\n').slice(-3).join(' ')}`);
  }
}

// 1. typst-basic: stuxf's "basic-resume" (a much used Typst Universe resume template). New
// Computer Modern 10pt, 0.5in margins, the name big and bold (centred, one of its options), the contact items joined by "  |  "; section titles in small caps over a 1pt rule.
// A job is two lines: **Title** left, dates right; Employer left, _location_ right (its `work`);
// a degree: **Institution** left, location right; _Degree in Area_ left, _dates_ right (its
// `edu`). Dates as its dates-helper writes them: "May 2023 — Present" (an em dash).
function basicTyp(sourcePath) {
  const { resume, b, lang, w } = readResume(sourcePath);
  const dates = (e) => period(e, w, { dash: ' — ' });
  const out = [...preamble(b.name, lang, { font: 'New Computer Modern', margin: '0.5in', justify: true }),
    '#set text(ligatures: false)',
    '#let section(title) = block(above: 1.1em, below: 0.7em)[#smallcaps(strong(title)) #v(-0.75em) #line(length: 100%, stroke: 1pt)]',
    '#let pair(tl, tr, bl, br) = block(above: 0.9em, below: 0.6em)[#tl #h(1fr) #tr \\ #bl #h(1fr) #br]',
    '#let bullets(items) = if items.len() > 0 { list(..items) }',
    `#align(center, text(20pt, weight: 700, ${q(b.name)}))`,
    `#align(center, pad(top: 0.25em, ${arr(contacts(b))}.join("  |  ")))`];
  if (b.summary) out.push(`#section(${q(w.summary)})`, `#${q(b.summary)}`);
  if (resume.work?.length) {
    out.push(`#section(${q(w.work)})`);
    for (const job of resume.work) {
      out.push(`#pair(strong(${q(job.position)}), ${q(dates(job))}, ${q(employer(job))}, emph(${q(job.location)}))`);
      if (job.summary) out.push(`#${q(job.summary)}`);
      out.push(`#bullets(${arr(job.highlights)})`);
    }
  }
  if (resume.education?.length) {
    out.push(`#section(${q(w.education)})`);
    for (const ed of resume.education) {
      out.push(`#pair(strong(${q(ed.institution)}), ${q(ed.location)}, emph(${q(degreeText(ed, w))}), emph(${q(dates(ed))}))`);
    }
  }
  if (resume.skills?.length) {
    out.push(`#section(${q(w.skills)})`,
      `#list(${skillRows(resume).map(([g, k]) => `[#strong(${q(g)}): #${q(k)}]`).join(', ')},)`);
  }
  if (resume.languages?.length) out.push(`#section(${q(w.languages)})`, `#${q(languageText(resume))}`);
  return `${out.join('\n')}\n`;
}

// RenderCV's words: its English month abbreviations ("Sept", "June") and lower-case "present";
// another language as a RenderCV user localises it (locale month names, "heute", "2020年7月").
const rendercvDates = (e, lang, w, style = 'month') =>
  period(e, w, lang === 'en' ? { ...RENDERCV_EN, style } : { style });
// RenderCV's page footer, "Name - Page 1 of 2", in the resume's language.
const PAGE = { en: ['Page', 'of'], de: ['Seite', 'von'], es: ['Página', 'de'], fr: ['Page', 'sur'],
  pl: ['Strona', 'z'], it: ['Pagina', 'di'] };
function rendercvFooter(name, lang) {
  const [page, of] = PAGE[lang] ?? [];
  const now = 'str(here().page())';
  const all = 'str(counter(page).final().first())';
  const text = lang === 'zh'
    ? `${q(`${name} - 第 `)} + ${now} + " 页，共 " + ${all} + " 页"`
    : lang === 'ja'
    ? `${q(`${name} - `)} + ${now} + " / " + ${all} + " ページ"`
    : `${q(`${name} - ${page} `)} + ${now} + ${q(` ${of} `)} + ${all}`;
  return `#set page(footer: context align(center, text(0.9em, fill: rgb(128, 128, 128), emph(${text}))))`;
}

// RenderCV's header: the name, then the connections (email, phone, place, site) on one line.
function rendercvHeader(b, { size, bold, color, align, sep }) {
  return [
    `#align(${align}, text(${size}, weight: ${bold ? 700 : 400}, fill: ${color}, ${q(b.name)}))`,
    '#v(0.7cm)',
    `#align(${align}, text(fill: ${color}, ${arr(contacts(b))}.join(${sep})))`,
    '#v(0.7cm)',
  ];
}

// 2. typst-rendercv-classic: RenderCV's default theme "classic". Source Sans 3 10pt, justified,
// 2cm margins; the name 30pt bold and the connections centred in blue (0,79,144); a section
// title 1.4em bold blue with a thin rule running on to the right margin ("with-partial-line").
// Every entry is a grid: a main column ("**Employer**, Title", bullets under) and a 4.15cm
// right column, right-aligned, with the location above "Sept 2021 – present". A degree is
// "**Institution**, Degree in Area" with the same right column (the theme's 1cm degree column
// to the left is left out: a degree longer than "MSc" hyphenates there into pieces).
function classicTyp(sourcePath) {
  const { resume, b, lang, w } = readResume(sourcePath);
  const dates = (e) => rendercvDates(e, lang, w, lang === 'zh' || lang === 'ja' ? 'zh-long' : 'month');
  const blue = 'rgb(0, 79, 144)';
  const out = [...preamble(b.name, lang, { font: 'Source Sans 3', margin: '2cm', justify: true }),
    '#set par(leading: 0.6em, spacing: 0.6em)',
    rendercvFooter(b.name, lang),
    `#let section(title) = block(above: 0.5cm, below: 0.3cm, text(1.4em, weight: 700, fill: ${blue})[#title #box(width: 1fr, height: 0.5pt, fill: ${blue})])`,
    '#let bullets(items) = if items.len() > 0 { v(0.25cm); list(marker: "•", indent: 0.4cm, spacing: 0.25cm, ..items) }',
    '#let entry(main, place, dates, items) = block(above: 1.2em, inset: (x: 0.2cm), grid(columns: (1fr, 4.15cm), column-gutter: 0.1cm,',
    '  [#main #bullets(items)], align(right)[#if place != "" [#place \\ ] #dates]))',
    ...rendercvHeader(b, { size: '30pt', bold: true, color: blue, align: 'center', sep: 'h(0.5cm)' })];
  if (b.summary) out.push(`#section(${q(w.summary)})`, `#block(inset: (x: 0.2cm), ${q(b.summary)})`);
  if (resume.work?.length) {
    out.push(`#section(${q(w.work)})`);
    for (const job of resume.work) {
      const items = [job.summary, ...(job.highlights ?? [])].filter(Boolean);
      out.push(`#entry([#strong(${q(employer(job))}), #${q(job.position)}], ${q(job.location)}, ${q(dates(job))}, ${arr(items)})`);
    }
  }
  if (resume.education?.length) {
    out.push(`#section(${q(w.education)})`);
    for (const ed of resume.education) {
      out.push(`#entry([#strong(${q(ed.institution)}), #${q(degreeText(ed, w))}], ${q(ed.location)}, ${q(dates(ed))}, ())`);
    }
  }
  if (resume.skills?.length) {
    out.push(`#section(${q(w.skills)})`);
    for (const [g, k] of skillRows(resume)) {
      out.push(`#block(above: 0.6em, inset: (x: 0.2cm))[#strong(${q(`${g}:`)}) #${q(k)}]`);
    }
  }
  if (resume.languages?.length) {
    out.push(`#section(${q(w.languages)})`, `#block(inset: (x: 0.2cm), ${q(languageText(resume))})`);
  }
  return `${out.join('\n')}\n`;
}

// 3. typst-rendercv-engineering: RenderCV's "engineeringresumes" theme (the r/EngineeringResumes
// wiki's one-column resume). XCharter 10pt, all black; the name 25pt regular, the connections
// centred and separated by "|"; a section title 1.2em bold over a full-width rule. One line per
// entry: "**Title**, Employer – Location" with the dates flush right on that same line, the
// bullets under it across the full width; a degree "**Institution**, Degree in Area – Location".
function engineeringTyp(sourcePath) {
  const { resume, b, lang, w } = readResume(sourcePath);
  const dates = (e) => rendercvDates(e, lang, w);
  const out = [...preamble(b.name, lang, { font: 'XCharter', margin: '2cm', justify: true }),
    '#set par(leading: 0.6em, spacing: 0.6em)',
    rendercvFooter(b.name, lang),
    '#let section(title) = block(above: 0.55cm, below: 0.3cm, width: 100%)[#text(1.2em, weight: 700, title) #v(-0.5em) #line(length: 100%, stroke: 0.5pt)]',
    '#let entry(main, dates, items) = block(above: 0.4cm)[#grid(columns: (1fr, 4.15cm), column-gutter: 0.1cm, main, align(right, dates))',
    '  #if items.len() > 0 { v(0.25cm, weak: true); list(marker: "•", body-indent: 0.3em, spacing: 0.19cm, ..items) }]',
    '#let place(main, where) = if where != "" [#main – #where] else [#main]',
    ...rendercvHeader(b, { size: '25pt', bold: false, color: 'black', align: 'center', sep: 'h(0.25cm) + "|" + h(0.25cm)' })];
  if (b.summary) out.push(`#section(${q(w.summary)})`, `#${q(b.summary)}`);
  if (resume.work?.length) {
    out.push(`#section(${q(w.work)})`);
    for (const job of resume.work) {
      const items = [job.summary, ...(job.highlights ?? [])].filter(Boolean);
      out.push(`#entry(place([#strong(${q(job.position)}), #${q(employer(job))}], ${q(job.location)}), ${q(dates(job))}, ${arr(items)})`);
    }
  }
  if (resume.education?.length) {
    out.push(`#section(${q(w.education)})`);
    for (const ed of resume.education) {
      out.push(`#entry(place([#strong(${q(ed.institution)}), #${q(degreeText(ed, w))}], ${q(ed.location)}), ${q(dates(ed))}, ())`);
    }
  }
  if (resume.skills?.length) {
    out.push(`#section(${q(w.skills)})`);
    for (const [g, k] of skillRows(resume)) out.push(`#block(above: 0.4cm)[#strong(${q(`${g}:`)}) #${q(k)}]`);
  }
  if (resume.languages?.length) out.push(`#section(${q(w.languages)})`, `#${q(languageText(resume))}`);
  return `${out.join('\n')}\n`;
}

// 4. typst-leftcol: the dates in a column of their own on the left, as moderncv.typst, the
// timeline of brilliant-CV-like templates and RenderCV's "moderncv" theme lay them out. Fontin
// (RenderCV moderncv's font) 10pt; the name 25pt in blue, left; a section title in blue beside
// a thick bar filling the date column. Each entry a grid: a 3.2cm column, right-aligned, with
// "2021 – Present" (years alone, as these templates' users write their dates), and a wide column
// with **Title** on one line and _Employer, City_ under it, then the bullets; a degree
// **Degree in Area** over _Institution, City_; skills as moderncv's rows (group left, keywords).
function leftcolTyp(sourcePath) {
  const { resume, b, lang, w } = readResume(sourcePath);
  const dates = (e) => period(e, w, { style: 'year' });
  const blue = 'rgb(0, 79, 144)';
  const out = [...preamble(b.name, lang, { font: 'Fontin', margin: '2cm', justify: true }),
    '#set par(leading: 0.6em, spacing: 0.6em)',
    '#let row(side, main) = block(above: 0.5cm, grid(columns: (3.2cm, 1fr), column-gutter: 0.4cm, align(right, side), main))',
    `#let section(title) = block(above: 0.6cm, below: 0.3cm, grid(columns: (3.2cm, 1fr), column-gutter: 0.4cm, align(horizon, box(width: 100%, height: 0.15cm, fill: ${blue})), text(1.4em, fill: ${blue}, title)))`,
    '#let entry(dates, title, sub, items) = row(dates, [#strong(title) \\ #emph(sub) #if items.len() > 0 { list(marker: "•", spacing: 0.19cm, ..items) }])',
    `#block(below: 0.8em, text(25pt, fill: ${blue}, ${q(b.name)}))`,
    b.label ? `#block(above: 0.8em, text(1.2em, fill: rgb(128, 128, 128), ${q(b.label)}))` : '',
    `#block(above: 0.7cm, below: 0.7cm, text(fill: ${blue}, ${arr(contacts(b))}.join(h(0.5cm))))`];
  const at = (org, city) => [org, city].filter(Boolean).join(', ');
  if (b.summary) out.push(`#section(${q(w.summary)})`, `#row("", ${q(b.summary)})`);
  if (resume.work?.length) {
    out.push(`#section(${q(w.work)})`);
    for (const job of resume.work) {
      const items = [job.summary, ...(job.highlights ?? [])].filter(Boolean);
      out.push(`#entry(${q(dates(job))}, ${q(job.position)}, ${q(at(employer(job), job.location))}, ${arr(items)})`);
    }
  }
  if (resume.education?.length) {
    out.push(`#section(${q(w.education)})`);
    for (const ed of resume.education) {
      out.push(`#entry(${q(dates(ed))}, ${q(degreeText(ed, w))}, ${q(at(ed.institution, ed.location))}, ())`);
    }
  }
  if (resume.skills?.length) {
    out.push(`#section(${q(w.skills)})`);
    for (const [g, k] of skillRows(resume)) out.push(`#row(strong(${q(g)}), ${q(k)})`);
  }
  if (resume.languages?.length) {
    out.push(`#section(${q(w.languages)})`);
    for (const l of resume.languages) out.push(`#row(strong(${q(l.language)}), ${q(l.fluency)})`);
  }
  return `${out.filter(Boolean).join('\n')}\n`;
}

const layout = (id, about, typ, extra = {}) => ({ id, kind: 'pdf', family: id, about, script: SCRIPT,
  ...extra, render: (sourcePath, outPath, ctx) => compile(typ(sourcePath), outPath, ctx) });

export const TYPST_FAMILIES = [
  layout('typst-basic', 'Typst basic-resume: **Title**/dates, Employer/location rows, centred name', basicTyp),
  layout('typst-rendercv-classic', 'RenderCV classic: "**Employer**, Title" beside a location-over-dates column', classicTyp),
  layout('typst-rendercv-engineering', 'RenderCV engineeringresumes: "**Title**, Employer – City" with dates on the line', engineeringTyp),
  layout('typst-leftcol', 'moderncv-like timeline: years in a left column, **Title** over _Employer, City_', leftcolTyp,
    { yearOnlyDates: ['work', 'education'] }),
];
