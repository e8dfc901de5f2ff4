// make parse-bench: the LaTeX layouts, a JSON Resume source written as a moderncv CV (TeX Live's
// moderncv 2.3.1 from Debian's texlive-latex-extra) and typeset to PDF, the way a moderncv user
// writes one from the class's own template: \cventry{dates}{title}{employer}{city}{}{description}
// per job and degree, \cvitem{group}{keywords} for skills, dates as "Mar 2018 -- Aug 2021".
//
// Why moderncv: it is the LaTeX CV class people use most, and its rows are what the importer failed
// on: in `classic` the dates sit in a left column beside "Title, Employer, City." set
// on one line in two fonts; in `banking` the employer is bold over the title in italics, the dates
// flush right. Every scored field is printed, so the score needs no "shown" text (as for DOCX).
//
// Engines: pdflatex, as the template is compiled; xelatex for a source in Chinese (with a CJK
// system font and line breaks between Han characters) or one pdflatex cannot typeset. A source
// neither can typeset throws with the engine's last lines: render.mjs reports it, the score lists
// it as not rendered.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const HAN = /[\u3400-\u9fff]/;

// Headings in the resume's language where a moderncv user would write them so; the connector
// between a degree and its subject as people write it ("MSc in Computer Science").
const WORDS = {
  en: { summary: 'Summary', work: 'Experience', education: 'Education', skills: 'Skills',
    languages: 'Languages', present: 'Present', degreeIn: ' in ' },
  zh: { summary: '个人简介', work: '工作经历', education: '教育经历', skills: '专业技能',
    languages: '语言', present: '至今', degreeIn: '，' },
  ja: { summary: '職務要約', work: '職務経歴', education: '学歴', skills: 'スキル',
    languages: '語学', present: '現在', degreeIn: '、' },
};
// Languages whose degree is written "Licenciatura en Bellas Artes"; the others "Diplom, Informatik".
const DEGREE_IN = { ES: ' en ', FR: ' en ', GB: ' in ', IE: ' in ', US: ' in ' };

// LaTeX's special characters as text. One pass, so a replacement is never escaped again.
const SPECIAL = { '\\': '\\textbackslash{}', '{': '\\{', '}': '\\}', '#': '\\#', $: '\\$',
  '%': '\\%', '&': '\\&', _: '\\_', '~': '\\textasciitilde{}', '^': '\\textasciicircum{}' };
export const tex = (v) => String(v ?? '').replace(/[\\{}#$%&_~^]/g, (c) => SPECIAL[c])
  // A line break in a JSON value is a space on paper.
  .replace(/\s*\n\s*/g, ' ');

function dateText(iso, w, zh) {
  if (!iso) return w.present;
  const [year, month] = String(iso).split('-');
  if (!month) return year;
  if (w === WORDS.ja) return `${year}年${Number(month)}月`;
  return zh ? `${year}.${month}` : `${MONTHS[Number(month) - 1]} ${year}`;
}

// "Mar 2018 -- Aug 2021": `--` is the en dash of every LaTeX template; one year alone stands alone.
function period(entry, w, zh) {
  if (!entry.startDate && !entry.endDate) return '';
  const start = dateText(entry.startDate, w, zh);
  const end = dateText(entry.endDate, w, zh);
  return start === end ? start : `${start} -- ${end}`;
}

function cventry(dates, title, org, city, description) {
  return `\\cventry{${tex(dates)}}{${tex(title)}}{${tex(org)}}{${tex(city)}}{}{${description}}`;
}

/** The .tex of one source in one moderncv style (`classic`, `banking`). */
export function moderncvTex(resume, style) {
  const b = resume.basics ?? {};
  // Chinese and Japanese (by its country) are typeset alike: xelatex, a CJK font.
  const zh = HAN.test(b.name ?? '');
  const country = String(b.location?.countryCode ?? '').toUpperCase();
  const w = country === 'JP' ? WORDS.ja : zh ? WORDS.zh : WORDS.en;
  const degreeIn = zh ? w.degreeIn : DEGREE_IN[country] ?? ', ';
  // moderncv takes first and last name apart; a Chinese name is one.
  const name = String(b.name ?? '').trim();
  const cut = zh ? -1 : name.lastIndexOf(' ');
  const [first, last] = cut < 0 ? [name, ''] : [name.slice(0, cut), name.slice(cut + 1)];
  const out = [
    '\\documentclass[11pt,a4paper,sans]{moderncv}',
    // Letters instead of icons (the style's `nosymbols`): its icon fonts (fontawesome5) are in
    // Debian's texlive-fonts-extra, a gigabyte the benchmark does without.
    `\\moderncvstyle[nosymbols]{${style}}`,
    '\\moderncvcolor{blue}',
    '\\usepackage[scale=0.75]{geometry}',
  ];
  if (zh) {
    // XeTeX breaks lines between Han characters only when told the locale.
    out.push('\\usepackage{fontspec}', '\\setmainfont{WenQuanYi Micro Hei}', '\\setsansfont{WenQuanYi Micro Hei}',
      '\\XeTeXlinebreaklocale "zh"', '\\XeTeXlinebreakskip = 0pt plus 1pt');
  } else {
    // As moderncv's template: T1 fonts under pdflatex (accents as glyphs, not composites);
    // fontspec when the same file is typeset by xelatex.
    out.push('\\usepackage{iftex}',
      '\\ifPDFTeX\\usepackage[T1]{fontenc}\\usepackage{lmodern}\\else\\usepackage{fontspec}\\fi');
  }
  out.push(`\\name{${tex(first)}}{${tex(last)}}`);
  if (b.label) out.push(`\\title{${tex(b.label)}}`);
  const city = [b.location?.city, b.location?.region].filter(Boolean).join(', ');
  if (city) out.push(`\\address{${tex(city)}}{}{}`);
  if (b.phone) out.push(`\\phone[mobile]{${tex(b.phone)}}`);
  if (b.email) out.push(`\\email{${tex(b.email)}}`);
  if (b.url) out.push(`\\homepage{${tex(String(b.url).replace(/^https?:\/\//, ''))}}`);
  out.push('\\begin{document}', '\\makecvtitle');

  if (b.summary) out.push(`\\section{${w.summary}}`, `\\cvitem{}{${tex(b.summary)}}`);
  if (resume.work?.length) {
    out.push(`\\section{${w.work}}`);
    for (const job of resume.work) {
      const parts = [];
      if (job.summary) parts.push(tex(job.summary));
      if (job.highlights?.length) {
        parts.push(`\\begin{itemize}${job.highlights.map((h) => `\\item ${tex(h)}`).join(' ')}\\end{itemize}`);
      }
      out.push(cventry(period(job, w, zh), job.position, job.name ?? job.company, job.location,
        parts.join('\\newline{}')));
    }
  }
  if (resume.education?.length) {
    out.push(`\\section{${w.education}}`);
    for (const ed of resume.education) {
      const degree = [ed.studyType, ed.area].filter(Boolean).join(degreeIn);
      out.push(cventry(period(ed, w, zh), degree, ed.institution, ed.location, ''));
    }
  }
  if (resume.skills?.length) {
    out.push(`\\section{${w.skills}}`);
    for (const s of resume.skills) {
      out.push(`\\cvitem{${tex(s.name)}}{${tex((s.keywords ?? []).join(', '))}}`);
    }
  }
  if (resume.languages?.length) {
    out.push(`\\section{${w.languages}}`);
    for (const l of resume.languages) out.push(`\\cvitem{${tex(l.language)}}{${tex(l.fluency)}}`);
  }
  out.push('\\end{document}', '');
  return { tex: out.join('\n'), zh };
}

// TeX's own error lines ("! LaTeX Error: …") are on stdout: the reason a source is skipped.
const texErrors = (error) => String(error.stdout ?? '').split('\n')
  .filter((l) => l.startsWith('!')).slice(0, 2).join(' ') || String(error.message);

function typeset(engine, texPath) {
  try {
    execFileSync(engine, ['-interaction=nonstopmode', '-halt-on-error', basename(texPath)],
      { cwd: dirname(texPath), stdio: 'pipe', timeout: 120_000 });
  } catch (error) {
    throw new Error(`${engine}: ${texErrors(error)}`);
  }
}

/** Writes OUT.tex beside OUT.pdf and typesets it; returns the engine used. */
export function renderModerncv(sourcePath, outPdf, style) {
  const resume = JSON.parse(readFileSync(sourcePath, 'utf8'));
  const { tex: body, zh } = moderncvTex(resume, style);
  const texPath = outPdf.replace(/\.pdf$/, '.tex');
  writeFileSync(texPath, body);
  if (zh) {
    typeset('xelatex', texPath);
    return 'xelatex';
  }
  try {
    typeset('pdflatex', texPath);
    return 'pdflatex';
  } catch (first) {
    // A character outside what pdflatex's fonts have (an emoji, a script without a T1 font):
    // xelatex, whose fonts may lack the glyph but which typesets on. The reason is printed; if
    // xelatex fails too, its reason goes to render.mjs, which reports the source as not rendered.
    console.warn(`latex: ${basename(dirname(outPdf))} × moderncv-${style}: ${first.message}, trying xelatex`);
    typeset('xelatex', texPath);
    return 'xelatex';
  }
}
