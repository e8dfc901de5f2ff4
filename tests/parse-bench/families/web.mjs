// make parse-bench: resumes kept as web pages and printed to PDF, the two ways people do it
// without a resume tool: a Markdown file (on GitHub, turned into HTML by pandoc) and a one-page
// HTML/CSS resume with a coloured sidebar, as online builders export it. Both are printed to A4
// by the Playwright page render.mjs hands over (Debian's Chromium), as the npm themes are.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  contacts, degreeText, employer, oneLine, period, readResume,
} from './typst/text.mjs';

const SCRIPT = fileURLToPath(import.meta.url);

async function print(page, html, outPath) {
  await page.goto(`file://${html}`, { waitUntil: 'load', timeout: 30_000 });
  await page.pdf({ path: outPath, format: 'A4', printBackground: true, preferCSSPageSize: true });
}

// Markdown's special characters as text: every ASCII punctuation mark backslash-escaped (pandoc
// reads `\x` as x for all of them), so "d'ingénieur" keeps its straight apostrophe under pandoc's
// smart quotes, an "@" is no citation and a "*" no emphasis.
const md = (v) => oneLine(v).replace(/[!-/:-@[-`{-~]/g, '\\$&');
// "Title at Employer" as each language writes a job heading; Chinese "职位 · 公司" (as people
// write it on GitHub); Polish with a comma (its "w" would inflect the company's name).
const AT = { en: ' at ', de: ' bei ', es: ' en ', fr: ' chez ', pl: ', ', it: ' presso ', zh: ' · ', ja: ' · ' };
// A plain stylesheet of the kind such a repository keeps beside its resume.md.
const PANDOC_CSS = `
body { font-family: "Helvetica Neue", Helvetica, Arial, "WenQuanYi Micro Hei", sans-serif;
  font-size: 11pt; line-height: 1.4; max-width: 46em; margin: 0 auto; padding: 0; color: #222; }
h1 { font-size: 2em; margin: 0 0 .2em; }
h2 { font-size: 1.3em; border-bottom: 1px solid #ccc; margin: 1.2em 0 .5em; padding-bottom: .1em; }
h3 { font-size: 1.05em; margin: .9em 0 .1em; }
h3 + p { margin: 0 0 .3em; color: #555; }
ul { margin: .2em 0; padding-left: 1.4em; }
@page { size: A4; margin: 18mm; }
`;

// 5. md-pandoc: a Markdown resume as people keep it on GitHub (`# Name`, a contact line,
// `## Experience`, `### Title at Employer` per job with an italic `*Jan 2020 – Present · City*`
// line and bullets; `## Education` with `### Degree in Area, Institution`; `## Skills` as
// "**Group:** a, b" bullets), converted by pandoc (Debian's) to standalone HTML with a plain
// CSS file, printed to A4 by Chromium.
function pandocMarkdown(sourcePath) {
  const { resume, b, lang, w } = readResume(sourcePath);
  const dates = (e) => period(e, w);
  const out = [`# ${md(b.name)}`, ''];
  if (b.label) out.push(`**${md(b.label)}**  `);
  out.push(contacts(b).map(md).join(' \\| '), '');
  if (b.summary) out.push(`## ${w.summary}`, '', md(b.summary), '');
  if (resume.work?.length) {
    out.push(`## ${w.work}`, '');
    for (const job of resume.work) {
      out.push(`### ${md(job.position)}${AT[lang]}${md(employer(job))}`, '',
        `*${[dates(job), job.location].filter(Boolean).map(md).join(' · ')}*`, '');
      if (job.summary) out.push(md(job.summary), '');
      for (const h of job.highlights ?? []) out.push(`- ${md(h)}`);
      out.push('');
    }
  }
  if (resume.education?.length) {
    out.push(`## ${w.education}`, '');
    for (const ed of resume.education) {
      const head = lang === 'zh' || lang === 'ja' ? [ed.studyType, ed.area, ed.institution].filter(Boolean).map(md).join(' · ')
        : `${md(degreeText(ed, w))}, ${md(ed.institution)}`;
      out.push(`### ${head}`, '', `*${[dates(ed), ed.location].filter(Boolean).map(md).join(' · ')}*`, '');
    }
  }
  if (resume.skills?.length) {
    out.push(`## ${w.skills}`, '');
    for (const s of resume.skills) out.push(`- **${md(s.name)}:** ${md((s.keywords ?? []).join(', '))}`);
    out.push('');
  }
  if (resume.languages?.length) {
    out.push(`## ${w.languages}`, '');
    for (const l of resume.languages) out.push(`- ${md(l.language)}${l.fluency ? `: ${md(l.fluency)}` : ''}`);
    out.push('');
  }
  return { text: out.join('\n'), lang, name: b.name };
}

async function renderPandoc(sourcePath, outPath, ctx) {
  const { text, lang, name } = pandocMarkdown(sourcePath);
  const base = outPath.replace(/\.pdf$/, '');
  writeFileSync(`${base}.md`, text);
  writeFileSync(`${base}.css`, PANDOC_CSS);
  try {
    execFileSync('pandoc', [`${base}.md`, '-f', 'markdown', '-t', 'html5', '-s', '-o', `${base}.html`,
      '-c', `${base.split('/').pop()}.css`, '-M', `pagetitle=${name}`, '-M', `lang=${lang}`],
    { stdio: 'pipe', timeout: 60_000 });
  } catch (error) {
    throw new Error(`pandoc: ${String(error.stderr || error.message).trim()}`);
  }
  await print(ctx.page, `${base}.html`, outPath);
}

const html = (v) => oneLine(v).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const SIDEBAR_CSS = `
@page { size: A4; margin: 0; }
* { box-sizing: border-box; }
body { margin: 0; font-family: Arial, Helvetica, "WenQuanYi Micro Hei", sans-serif; font-size: 10pt; color: #333; }
.resume { display: grid; grid-template-columns: 70mm 1fr; min-height: 297mm; }
aside { background: #1f3b57; color: #fff; padding: 14mm 8mm; }
aside h2 { font-size: 9pt; text-transform: uppercase; letter-spacing: .08em; color: #9fc3e6;
  margin: 7mm 0 2mm; border-bottom: 1px solid #4a6a8a; padding-bottom: 1mm; }
aside p, aside li { margin: 0 0 1.2mm; line-height: 1.35; }
aside ul { list-style: none; padding: 0; margin: 0 0 2mm; }
aside .group { font-weight: bold; margin-top: 2mm; }
aside .school { margin-bottom: 3mm; }
aside .years { color: #c9d8e6; font-size: 9pt; }
main { padding: 14mm 12mm; }
main h1 { font-size: 24pt; margin: 0; color: #1f3b57; }
main .label { font-size: 12pt; color: #777; margin: 1mm 0 6mm; }
main h2 { font-size: 12pt; text-transform: uppercase; letter-spacing: .06em; color: #1f3b57; margin: 6mm 0 3mm; }
.job { margin-bottom: 5mm; break-inside: avoid; }
.job .dates { font-size: 8.5pt; color: #999; }
.job .title { font-weight: bold; font-size: 11pt; }
.job .org { color: #555; }
.job ul { margin: 1.5mm 0 0; padding-left: 5mm; }
`;

// 6. html-sidebar: a one-page resume from an online builder (resume.io-like): a CSS grid with a
// 70mm dark-blue sidebar (contact, skills group by group, languages, and the degrees as
// institution / degree / dates) beside the main column: name and label, profile, then each job
// as a small grey date line ("01/2020 – Present", the builders' month/year) above the **Title**
// and "Employer, City". Printed with its background, as a builder's "Download PDF" gives it.
function sidebarHtml(sourcePath) {
  const { resume, b, lang, w } = readResume(sourcePath);
  const dates = (e) => period(e, w, { style: 'numeric' });
  const side = [`<h2>${w.contact}</h2>`, ...contacts(b).map((c) => `<p>${html(c)}</p>`)];
  if (resume.skills?.length) {
    side.push(`<h2>${w.skills}</h2>`);
    for (const s of resume.skills) {
      side.push(`<p class="group">${html(s.name)}</p><ul>${(s.keywords ?? []).map((k) => `<li>${html(k)}</li>`).join('')}</ul>`);
    }
  }
  if (resume.languages?.length) {
    side.push(`<h2>${w.languages}</h2>`, ...resume.languages.map((l) =>
      `<p>${html(l.language)}${l.fluency ? ` <span class="years">(${html(l.fluency)})</span>` : ''}</p>`));
  }
  if (resume.education?.length) {
    side.push(`<h2>${w.education}</h2>`, ...resume.education.map((ed) => `<div class="school">`
      + `<p class="group">${html(ed.institution)}</p><p>${html(degreeText(ed, w))}</p>`
      + `<p class="years">${html([dates(ed), ed.location].filter(Boolean).join(', '))}</p></div>`));
  }
  const main = [`<h1>${html(b.name)}</h1>`, b.label ? `<p class="label">${html(b.label)}</p>` : ''];
  if (b.summary) main.push(`<h2>${w.summary}</h2>`, `<p>${html(b.summary)}</p>`);
  if (resume.work?.length) {
    main.push(`<h2>${w.work}</h2>`);
    for (const job of resume.work) {
      const items = (job.highlights ?? []).map((h) => `<li>${html(h)}</li>`).join('');
      main.push(`<div class="job"><div class="dates">${html(dates(job))}</div>`
        + `<div class="title">${html(job.position)}</div>`
        + `<div class="org">${html([employer(job), job.location].filter(Boolean).join(', '))}</div>`
        + (job.summary ? `<p>${html(job.summary)}</p>` : '') + (items ? `<ul>${items}</ul>` : '') + '</div>');
    }
  }
  return `<!DOCTYPE html>\n<html lang="${lang}"><head><meta charset="utf-8"><title>${html(b.name)}</title>`
    + `<style>${SIDEBAR_CSS}</style></head>\n<body><div class="resume">\n<aside>\n${side.join('\n')}\n</aside>\n`
    + `<main>\n${main.filter(Boolean).join('\n')}\n</main>\n</div></body></html>\n`;
}

async function renderSidebar(sourcePath, outPath, ctx) {
  const file = outPath.replace(/\.pdf$/, '.html');
  writeFileSync(file, sidebarHtml(sourcePath));
  await print(ctx.page, file, outPath);
}

export const WEB_FAMILIES = [
  { id: 'md-pandoc', kind: 'pdf', family: 'md-pandoc', script: SCRIPT, render: renderPandoc,
    about: 'Markdown resume (### Title at Employer, *dates · City*) through pandoc to HTML, Chromium PDF' },
  { id: 'html-sidebar', kind: 'pdf', family: 'html-sidebar', script: SCRIPT, render: renderSidebar,
    about: 'builder-style HTML: coloured sidebar (contact, skills, education), dates above **Title**' },
];
