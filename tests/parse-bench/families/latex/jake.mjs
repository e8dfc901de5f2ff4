// latex-jake: "Jake's Resume" (Jake Gutierrez, MIT, after sb2nov/resume), the LaTeX resume most
// shared on the web (Overleaf's gallery, r/cscareerquestions). Written here from its layout, not
// its source:
//   - the name centred in huge small caps, under it "phone | email | link | link", links underlined;
//   - section headings in small caps, large, over a full-width rule;
//   - every entry two rows of a full-width table: row 1 bold left and plain right, row 2 small
//     italics left and right. Experience: **Title** / dates, *Employer* / *Location* (the
//     template's own sample puts the title first: \resumeSubheading{Title}{Dates}{Employer}{City});
//     Education: **University** / location, *Degree in Area* / *dates*;
//   - small bullets under each job; skills as "**Languages**: Java, Python" lines;
//   - dates "June 2020 -- Present"; letter paper; pdflatex with \pdfgentounicode=1 and
//     glyphtounicode, which the template sets "to make the PDF machine readable / ATS parsable".
// T1 fonts (lmodern) where the template keeps OT1: its non-English users add them so that
// "ü" is one glyph, not u with a floating accent.
import { readFileSync, writeFileSync } from 'node:fs';
import { CJK, WORDS, degree, keywords, language, links, period, scriptOf, tex, typeset, cjk } from './common.mjs';

export function jakeTex(resume) {
  const b = resume.basics ?? {};
  const lang = language(resume);
  const w = WORDS[lang];
  const when = (e) => period(e, lang, 'full', ' -- ');
  const out = [
    '\\documentclass[letterpaper,11pt]{article}',
    '\\usepackage{latexsym}', '\\usepackage[empty]{fullpage}', '\\usepackage{titlesec}',
    '\\usepackage[usenames,dvipsnames]{color}', '\\usepackage{enumitem}',
    '\\usepackage[hidelinks]{hyperref}', '\\usepackage{fancyhdr}', '\\usepackage{tabularx}',
    '\\usepackage{iftex}',
  ];
  if (cjk(lang)) out.push(...CJK);
  else out.push('\\ifPDFTeX\\usepackage[T1]{fontenc}\\usepackage{lmodern}\\input{glyphtounicode}\\pdfgentounicode=1\\fi');
  if (lang === 'en') out.push('\\usepackage[english]{babel}');
  out.push(
    '\\pagestyle{fancy}\\fancyhf{}\\fancyfoot{}',
    '\\renewcommand{\\headrulewidth}{0pt}\\renewcommand{\\footrulewidth}{0pt}',
    // Half an inch more on each side, as the template widens fullpage.
    '\\addtolength{\\oddsidemargin}{-0.5in}\\addtolength{\\evensidemargin}{-0.5in}',
    '\\addtolength{\\textwidth}{1in}\\addtolength{\\topmargin}{-.5in}\\addtolength{\\textheight}{1.0in}',
    '\\urlstyle{same}\\raggedbottom\\raggedright\\setlength{\\tabcolsep}{0in}',
    '\\titleformat{\\section}{\\vspace{-4pt}\\scshape\\raggedright\\large}{}{0em}{}[\\color{black}\\titlerule\\vspace{-5pt}]',
    // Two rows, each "left \hfill right" across 0.97 of the text width.
    '\\newcommand{\\entry}[4]{\\vspace{-2pt}\\item\\begin{tabular*}{0.97\\textwidth}[t]{l@{\\extracolsep{\\fill}}r}',
    '  \\textbf{#1} & #2 \\\\ \\textit{\\small#3} & \\textit{\\small #4} \\\\ \\end{tabular*}\\vspace{-7pt}}',
    // The bullets are the list's second level: the template's small centred bullet, not a dash.
    '\\renewcommand\\labelitemii{$\\vcenter{\\hbox{\\tiny$\\bullet$}}$}',
    '\\newcommand{\\bullets}[1]{\\begin{itemize}#1\\end{itemize}\\vspace{-5pt}}',
    '\\newcommand{\\point}[1]{\\item\\small{#1 \\vspace{-2pt}}}',
    '\\begin{document}',
  );
  const contact = [b.phone, b.email && `\\href{mailto:${tex(b.email)}}{\\underline{${tex(b.email)}}}`,
    ...links(b).map((l) => `\\href{https://${tex(l)}}{\\underline{${tex(l)}}}`)]
    .filter(Boolean).map((c) => (c.startsWith('\\href') ? c : tex(c)));
  out.push('\\begin{center}', `  \\textbf{\\Huge \\scshape ${tex(b.name)}} \\\\ \\vspace{1pt}`,
    `  \\small ${contact.join(' $|$ ')}`, '\\end{center}');

  const list = (entries) => ['\\begin{itemize}[leftmargin=0.15in, label={}]', ...entries, '\\end{itemize}'];
  if (resume.education?.length) {
    out.push(`\\section{${w.education}}`, ...list(resume.education.map((ed) =>
      `\\entry{${tex(ed.institution)}}{${tex(ed.location)}}{${tex(degree(ed, lang))}}{${tex(when(ed))}}`)));
  }
  if (resume.work?.length) {
    out.push(`\\section{${w.work}}`, ...list(resume.work.map((job) => {
      const points = [job.summary, ...(job.highlights ?? [])].filter(Boolean);
      const head = `\\entry{${tex(job.position)}}{${tex(when(job))}}{${tex(job.name ?? job.company)}}{${tex(job.location)}}`;
      return points.length ? `${head}\n\\bullets{${points.map((p) => `\\point{${tex(p)}}`).join('\n')}}` : head;
    })));
  }
  if (resume.skills?.length) {
    // The template's "Technical Skills": one bold group name, a colon, the keywords.
    const rows = resume.skills.map((s) => `\\textbf{${tex(s.name)}}{: ${tex(keywords(s).join(', '))}}`);
    out.push(`\\section{${lang === 'en' ? 'Technical Skills' : w.skills}}`,
      '\\begin{itemize}[leftmargin=0.15in, label={}]', `\\small{\\item{${rows.join(' \\\\\n')}}}`, '\\end{itemize}');
  }
  out.push('\\end{document}', '');
  return { tex: out.join('\n'), lang };
}

export const JAKE = {
  id: 'latex-jake', kind: 'pdf', family: 'latex-jake',
  about: "Jake's Resume (LaTeX, MIT): centred name, small-caps ruled sections, two-row entries with dates flush right",
  script: scriptOf(import.meta.url),
  render(sourcePath, outPath) {
    const { tex: body, lang } = jakeTex(JSON.parse(readFileSync(sourcePath, 'utf8')));
    const texPath = outPath.replace(/\.pdf$/, '.tex');
    writeFileSync(texPath, body);
    typeset(texPath, lang, { id: 'latex-jake' });
  },
};
