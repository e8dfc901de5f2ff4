// latex-deedy: Deedy-Resume (Debarghya Das, Apache-2.0), the one-page two-column LaTeX resume of
// many CS students. Written here from its layout, not its class:
//   - the name huge and centred, first name thin and grey, last name darker; under it one centred
//     contact line "url | email | phone" and a rule across the page;
//   - two top-aligned minipages side by side: a narrow left column (a third) with Education
//     (per school: INSTITUTION in bold capitals, the degree on its own line, then "dates | place"
//     in a smaller line), Links ("GitHub:// user") and Skills (GROUP, keywords joined by bullets);
//     a wide right column (two thirds) with Experience: "EMPLOYER | Title" on one line (employer
//     bold capitals, title in the lighter descriptor font), "Dates | Location" in a small grey
//     line under it, then tight bullets;
//   - section headings in large light capitals, no rule.
// The template is one page by design; a longer source runs its columns on as the template does
// (minipages do not break): the page grows instead of losing lines, so every field is printed.
// Fonts: the template's Lato and Raleway (xelatex) become Latin Modern Sans under pdflatex.
import { readFileSync, writeFileSync } from 'node:fs';
import { CJK, WORDS, degree, keywords, language, links, nameParts, period, scriptOf, tex, typeset, cjk } from './common.mjs';

export function deedyTex(resume) {
  const b = resume.basics ?? {};
  const lang = language(resume);
  const w = WORDS[lang];
  const when = (e) => period(e, lang, 'short', ' – ');
  const line = (...parts) => parts.filter(Boolean).map(tex).join(' | ');
  const out = [
    '\\documentclass[letterpaper]{article}',
    '\\usepackage{xcolor}', '\\usepackage{titlesec}', '\\usepackage[hidelinks]{hyperref}', '\\usepackage{iftex}',
  ];
  if (cjk(lang)) out.push(...CJK);
  else out.push('\\ifPDFTeX\\usepackage[T1]{fontenc}\\usepackage{lmodern}\\input{glyphtounicode}\\pdfgentounicode=1\\fi');
  // A column is a minipage and never breaks: where a source is longer than the letter page the
  // page is made taller (estimated from its lines), so no line falls off the bottom.
  const wraps = (text, perLine) => Math.max(1, Math.ceil(String(text ?? '').length / perLine));
  const right = (resume.work ?? []).reduce((n, j) => n + 3.2
    + [j.summary, ...(j.highlights ?? [])].filter(Boolean).reduce((m, p) => m + wraps(p, 85), 0), 2);
  const left = (resume.education ?? []).reduce((n, e) => n + 2 + wraps(e.institution, 22)
    + wraps(degree(e, lang), 30), 2) + (resume.skills ?? []).reduce((n, s) => n + 2
    + wraps(keywords(s).join(' * '), 30), 2) + 2 + (b.profiles?.length ?? 0);
  const height = Math.max(11, Math.ceil((Math.max(left, right) * 13.5 + 150) / 72));
  out.push(
    `\\usepackage[hmargin=1.25cm,vmargin=0.75cm,paperwidth=8.5in,paperheight=${height}in]{geometry}`,
    '\\renewcommand{\\familydefault}{\\sfdefault}',
    '\\definecolor{primary}{HTML}{2b2b2b}\\definecolor{headings}{HTML}{6A6A6A}\\definecolor{subheadings}{HTML}{333333}',
    '\\pagestyle{empty}\\setlength{\\parindent}{0pt}\\color{primary}',
    '\\titlespacing{\\section}{0pt}{0pt}{0pt}\\titlespacing{\\subsection}{0pt}{0pt}{0pt}',
    '\\titleformat{\\section}{\\color{headings}\\fontsize{16pt}{24pt}\\selectfont\\raggedright\\MakeUppercase}{}{0em}{}',
    '\\titleformat{\\subsection}{\\color{subheadings}\\fontsize{12pt}{12pt}\\selectfont\\bfseries\\raggedright\\MakeUppercase}{}{0em}{}',
    '\\newcommand{\\sectionsep}{\\vspace{8pt}}',
    // Employer run into the line (bold capitals), the descriptor after it, the place line under.
    '\\newcommand{\\runsubsection}[1]{{\\color{subheadings}\\fontsize{12pt}{12pt}\\selectfont\\bfseries\\MakeUppercase{#1}} }',
    '\\newcommand{\\descript}[1]{{\\color{subheadings}\\raggedright\\fontsize{11pt}{13pt}\\selectfont #1\\\\}}',
    '\\newcommand{\\location}[1]{{\\color{headings}\\raggedright\\fontsize{10pt}{12pt}\\selectfont #1\\\\}}',
    '\\newenvironment{tightemize}{\\vspace{-\\topsep}\\begin{itemize}\\itemsep1pt\\parskip0pt\\parsep0pt}{\\end{itemize}\\vspace{-\\topsep}}',
    '\\begin{document}',
  );
  const [first, last] = nameParts(b.name, lang);
  out.push(`\\centering{\\fontsize{40pt}{60pt}\\selectfont\\color{headings}${tex(first)} \\color{primary}${tex(last)}}\\\\[5pt]`,
    `\\centering{\\color{headings}\\fontsize{11pt}{14pt}\\selectfont ${line(...links(b).slice(0, 1), b.email, b.phone)}}\\\\`,
    '\\noindent\\makebox[\\linewidth]{\\color{headings}\\rule{\\paperwidth}{0.4pt}}\\vspace{-5pt}\\par\\raggedright',
    '\\begin{minipage}[t]{0.33\\textwidth}\\raggedright');
  // Left column: education, links, skills.
  if (resume.education?.length) {
    out.push(`\\section{${tex(w.education)}}`);
    for (const ed of resume.education) {
      out.push(`\\subsection{${tex(ed.institution)}}`, `\\descript{${tex(degree(ed, lang))}}`,
        `\\location{${line(when(ed), ed.location)}}`, '\\sectionsep');
    }
  }
  const profiles = (b.profiles ?? []).filter((p) => p.username || p.url);
  if (profiles.length || b.url) {
    out.push(`\\section{${tex(w.links)}}`);
    if (b.url) out.push(`${tex(links({ url: b.url })[0])} \\\\`);
    for (const p of profiles) out.push(`${tex(p.network ?? '')}:// {\\bfseries ${tex(p.username ?? links({ url: p.url })[0])}} \\\\`);
    out.push('\\sectionsep');
  }
  if (resume.skills?.length) {
    out.push(`\\section{${tex(w.skills)}}`);
    for (const s of resume.skills) {
      out.push(`\\subsection{${tex(s.name)}}`, `${keywords(s).map(tex).join(' \\textbullet{} ')}`, '\\sectionsep');
    }
  }
  out.push('\\end{minipage}\\hfill', '\\begin{minipage}[t]{0.66\\textwidth}\\raggedright');
  // Right column: experience.
  if (resume.work?.length) {
    out.push(`\\section{${tex(w.work)}}`);
    resume.work.forEach((job, i) => {
      const points = [job.summary, ...(job.highlights ?? [])].filter(Boolean);
      out.push(`\\runsubsection{${tex(job.name ?? job.company)}}`, `\\descript{| ${tex(job.position)}}`,
        `\\location{${line(when(job), job.location)}}`);
      // The template's own "hacky fix" before the column's first list, which else rides up.
      if (points.length && i === 0) out.push('\\vspace{\\topsep}');
      if (points.length) out.push(`\\begin{tightemize}${points.map((p) => `\\item ${tex(p)}`).join('\n')}\\end{tightemize}`);
      out.push('\\sectionsep');
    });
  }
  out.push('\\end{minipage}', '\\end{document}', '');
  return { tex: out.join('\n'), lang };
}

export const DEEDY = {
  id: 'latex-deedy', kind: 'pdf', family: 'latex-deedy',
  about: 'Deedy-Resume (LaTeX): two columns, education/links/skills left, "EMPLOYER | Title" over "dates | place" right',
  script: scriptOf(import.meta.url),
  render(sourcePath, outPath) {
    const { tex: body, lang } = deedyTex(JSON.parse(readFileSync(sourcePath, 'utf8')));
    const texPath = outPath.replace(/\.pdf$/, '.tex');
    writeFileSync(texPath, body);
    typeset(texPath, lang, { id: 'latex-deedy' });
  },
};
