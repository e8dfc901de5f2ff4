// latex-curve: a CV with Debian's own `curve` class (Didier Verna, texlive-latex-extra), written
// as the class's documentation writes one, the academic and German "Lebenslauf" shape:
//   - headers: the name large and bold with the city on the left, e-mail and phone on the right;
//     a centred "Curriculum Vitæ" title;
//   - one rubric per section (each in its own file, \makerubric, as the class requires: a rubric
//     is a longtable read twice); in a rubric every entry has its key in a left column of its own,
//     the dates ("03/2018 -- 08/2021") beside "**Title**, Employer, City." and the activities
//     under it in the right column; a degree "**Degree, Area**, Institution.";
//   - skills as entries whose key is the group's name.
// Dates month/year, as German CVs write them ("09/2021 -- heute"); the class's own example shows
// years alone, which would drop the month the sources have.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { CJK, WORDS, degree, keywords, language, links, period, scriptOf, tex, typeset, cjk } from './common.mjs';

const OPTION = { en: 'english', de: 'german', es: 'spanish', fr: 'french', pl: 'polish', it: 'english', zh: 'english', ja: 'english' };
const TITLE = { en: 'Curriculum Vit\\ae', de: 'Lebenslauf', es: 'Curriculum Vitae', fr: 'Curriculum Vit\\ae',
  pl: 'Życiorys', it: 'Curriculum vitae', zh: '个人简历', ja: '職務経歴書' };

/** The main .tex and its rubric files ({ name: text }) for one source. */
export function curveTex(resume, prefix) {
  const b = resume.basics ?? {};
  const lang = language(resume);
  const w = WORDS[lang];
  const when = (e) => period(e, lang, 'numeric', ' -- ');
  const rubrics = {};
  // The comma between clauses: Japanese 、, Chinese ，.
  const comma = lang === 'ja' ? '、' : cjk(lang) ? '，' : ', ';
  const sentence = (...parts) => {
    const text = parts.filter(Boolean).join(comma);
    return cjk(lang) || /[.!?]$/.test(text) ? text : `${text}.`;
  };
  if (resume.work?.length) {
    rubrics.work = [`\\begin{rubric}{${tex(w.work)}}`, ...resume.work.map((job) => {
      const points = [job.summary, ...(job.highlights ?? [])].filter(Boolean);
      const head = `\\entry*[${tex(when(job))}]\n  \\textbf{${tex(job.position)}}${comma}${tex(sentence(job.name ?? job.company, job.location))}`;
      return points.length ? `${head}\\par\n  ${points.map(tex).join('\\newline\n  ')}` : head;
    }), '\\end{rubric}'];
  }
  if (resume.education?.length) {
    rubrics.education = [`\\begin{rubric}{${tex(w.education)}}`, ...resume.education.map((ed) =>
      `\\entry*[${tex(when(ed))}]\n  \\textbf{${tex(degree(ed, lang))}}${comma}${tex(sentence(ed.institution, ed.location))}`),
    '\\end{rubric}'];
  }
  if (resume.skills?.length) {
    rubrics.skills = [`\\begin{rubric}{${tex(w.skills)}}`,
      ...resume.skills.map((s) => `\\entry*[${tex(s.name)}]\n  ${tex(keywords(s).join(', '))}`), '\\end{rubric}'];
  }
  const out = [`\\documentclass[a4paper,11pt,${OPTION[lang]}]{curve}`, '\\usepackage{iftex}'];
  if (cjk(lang)) out.push(...CJK);
  else out.push('\\ifPDFTeX\\usepackage[T1]{fontenc}\\usepackage{lmodern}\\input{glyphtounicode}\\pdfgentounicode=1\\fi');
  const city = [b.location?.city, b.location?.region].filter(Boolean).join(', ');
  out.push('\\usepackage[margin=2cm]{geometry}', '\\usepackage[hidelinks]{hyperref}',
    `\\leftheader{{\\LARGE\\bfseries ${tex(b.name)}}${city ? `\\\\[2pt]${tex(city)}` : ''}}`,
    `\\rightheader{${[b.email, b.phone, ...links(b).slice(0, 1)].filter(Boolean).map(tex).join('\\\\')}}`,
    `\\title{${TITLE[lang]}}`, '\\begin{document}', '\\makeheaders[c]', '\\maketitle',
    ...Object.keys(rubrics).map((r) => `\\makerubric{${prefix}-${r}}`), '\\end{document}', '');
  return { tex: out.join('\n'), lang,
    rubrics: Object.fromEntries(Object.entries(rubrics).map(([k, v]) => [`${prefix}-${k}`, `${v.join('\n')}\n`])) };
}

export const CURVE = {
  id: 'latex-curve', kind: 'pdf', family: 'latex-curve',
  about: 'curve class CV (LaTeX): rubrics with the dates in a left column beside "Title, Employer, City."',
  script: scriptOf(import.meta.url),
  render(sourcePath, outPath) {
    const texPath = outPath.replace(/\.pdf$/, '.tex');
    const { tex: body, lang, rubrics } = curveTex(JSON.parse(readFileSync(sourcePath, 'utf8')),
      basename(texPath, '.tex'));
    for (const [name, text] of Object.entries(rubrics)) writeFileSync(texPath.replace(/[^/]+$/, `${name}.tex`), text);
    writeFileSync(texPath, body);
    // Two passes at least: longtable settles the key column's width on the second.
    typeset(texPath, lang, { runs: 2, id: 'latex-curve' });
  },
};
