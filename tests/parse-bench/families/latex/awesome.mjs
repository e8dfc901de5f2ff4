// latex-awesome: Awesome-CV (posquit0, LPPL), the LaTeX CV most starred on GitHub. Written here
// from its layout, not its class:
//   - header centred: the name big, first name light grey and last name bold, a position line in
//     small caps in the accent colour, then the contacts on one line between " | ";
//   - sections: bold heading whose first three letters are in the accent colour, a grey rule
//     filling the rest of the line;
//   - \cventry{position}{organisation}{location}{date}: row 1 **Organisation** left and the
//     location right (slanted, accent colour); row 2 the POSITION in small grey caps left and the
//     date right (slanted grey); then small bullets. Degrees the same (institution, then degree);
//   - skills as a two-column table: the group bold and right-aligned, its keywords beside it;
//   - footer "Name · Résumé" and the page; dates "Jun. 2017 - May. 2018".
// Fonts: the class wants Roboto and Source Sans Pro under xelatex; here Latin Modern Sans under
// pdflatex (Debian's TeX Live), and Latin Modern's own small caps where the class sets small caps
// (Latin Modern Sans has none).
import { readFileSync, writeFileSync } from 'node:fs';
import { CJK, WORDS, degree, keywords, language, links, nameParts, period, scriptOf, tex, typeset, cjk } from './common.mjs';

const HEADINGS = { en: 'Work Experience' };
const RESUME = { en: 'Résumé', de: 'Lebenslauf', es: 'Currículum', fr: 'CV', pl: 'Życiorys', it: 'Curriculum vitae', zh: '简历', ja: '職務経歴書' };

// The class colours the first three letters of a heading (code points: "Exp|erience", "工作经|历").
function heading(text) {
  const chars = [...text];
  return `\\cvsection{${tex(chars.slice(0, 3).join(''))}}{${tex(chars.slice(3).join(''))}}`;
}

export function awesomeTex(resume) {
  const b = resume.basics ?? {};
  const lang = language(resume);
  const w = WORDS[lang];
  const when = (e) => period(e, lang, 'dotted', ' - ');
  const out = [
    '\\documentclass[11pt,a4paper]{article}',
    '\\usepackage[left=1.4cm,top=.8cm,right=1.4cm,bottom=1.8cm,footskip=.5cm]{geometry}',
    '\\usepackage{xcolor}', '\\usepackage{array}', '\\usepackage{enumitem}', '\\usepackage{fancyhdr}',
    '\\usepackage[hidelinks]{hyperref}', '\\usepackage{iftex}',
  ];
  if (cjk(lang)) out.push(...CJK);
  else out.push('\\ifPDFTeX\\usepackage[T1]{fontenc}\\usepackage{lmodern}\\input{glyphtounicode}\\pdfgentounicode=1\\fi');
  out.push(
    '\\renewcommand{\\familydefault}{\\sfdefault}',
    '\\definecolor{awesome}{HTML}{DC3522}\\definecolor{darktext}{HTML}{414141}',
    '\\definecolor{text}{HTML}{333333}\\definecolor{graytext}{HTML}{5D5D5D}\\definecolor{lighttext}{HTML}{999999}',
    '\\newcommand{\\smallcaps}[1]{{\\rmfamily\\scshape #1}}',
    '\\newcolumntype{L}[1]{>{\\raggedright\\arraybackslash}p{#1}}',
    '\\newcolumntype{R}[1]{>{\\raggedleft\\arraybackslash}p{#1}}',
    '\\setlength{\\parindent}{0pt}',
    '\\newcommand{\\cvsection}[2]{\\vspace{4mm}{\\fontsize{16pt}{1em}\\bfseries\\color{awesome}#1\\color{text}#2}\\ \\color{gray}\\leaders\\hrule height 0.9pt\\hfill\\kern0pt\\par\\vspace{2mm}\\color{text}}',
    // Two rows across the text width: 4.5 cm on the right for the place and the date.
    '\\newcommand{\\cventry}[5]{\\vspace{-1mm}\\setlength\\tabcolsep{0pt}',
    '  \\begin{tabular*}{\\textwidth}{@{\\extracolsep{\\fill}}L{\\dimexpr\\textwidth-4.5cm}R{4.5cm}}',
    '  {\\fontsize{10pt}{1em}\\bfseries\\color{darktext}#2} & {\\fontsize{9pt}{1em}\\slshape\\color{awesome}#3} \\\\',
    '  {\\fontsize{8pt}{1em}\\color{graytext}\\smallcaps{#1}} & {\\fontsize{8pt}{1em}\\slshape\\color{graytext}#4} \\\\',
    '  \\end{tabular*}\\par #5\\vspace{2mm}}',
    '\\newcommand{\\cvitems}[1]{\\vspace{-1mm}{\\fontsize{9pt}{1.2em}\\selectfont\\color{text}\\begin{itemize}[leftmargin=2ex,nosep,label={\\textbullet}]#1\\end{itemize}}}',
    '\\pagestyle{fancy}\\fancyhf{}\\renewcommand{\\headrulewidth}{0pt}',
    `\\fancyfoot[C]{\\fontsize{8pt}{1em}\\color{lighttext}\\smallcaps{${tex(b.name)}~~~·~~~${RESUME[lang]}}}`,
    '\\fancyfoot[R]{\\fontsize{8pt}{1em}\\color{lighttext}\\thepage}',
    '\\begin{document}',
  );
  const [first, last] = nameParts(b.name, lang);
  const city = [b.location?.city, b.location?.region].filter(Boolean).join(', ');
  const contact = [b.phone, b.email, ...links(b)].filter(Boolean).map(tex);
  out.push('\\begin{center}',
    `{\\fontsize{32pt}{1em}\\selectfont\\color{graytext}${tex(first)} \\bfseries\\color{text}${tex(last)}}\\par\\vspace{2mm}`);
  if (b.label) out.push(`{\\fontsize{7.6pt}{1em}\\color{awesome}\\smallcaps{${tex(b.label)}}}\\par\\vspace{1mm}`);
  if (city) out.push(`{\\fontsize{8pt}{1em}\\itshape\\color{lighttext}${tex(city)}}\\par\\vspace{1mm}`);
  out.push(`{\\fontsize{6.8pt}{1em}\\color{text}${contact.join('\\quad\\textbar\\quad ')}}`, '\\end{center}');

  if (b.summary) out.push(heading(w.summary), `{\\fontsize{9pt}{1.2em}\\selectfont\\color{text}${tex(b.summary)}}\\par`);
  if (resume.work?.length) {
    out.push(heading(HEADINGS[lang] ?? w.work));
    for (const job of resume.work) {
      const points = [job.summary, ...(job.highlights ?? [])].filter(Boolean);
      const items = points.length ? `\\cvitems{${points.map((p) => `\\item ${tex(p)}`).join('\n')}}` : '';
      out.push(`\\cventry{${tex(job.position)}}{${tex(job.name ?? job.company)}}{${tex(job.location)}}{${tex(when(job))}}{${items}}`);
    }
  }
  if (resume.education?.length) {
    out.push(heading(w.education));
    for (const ed of resume.education) {
      out.push(`\\cventry{${tex(degree(ed, lang))}}{${tex(ed.institution)}}{${tex(ed.location)}}{${tex(when(ed))}}{}`);
    }
  }
  if (resume.skills?.length) {
    out.push(heading(w.skills), '\\setlength\\tabcolsep{1ex}',
      '\\begin{tabular*}{\\textwidth}{@{\\extracolsep{\\fill}}R{3.2cm}L{\\dimexpr\\textwidth-3.2cm-2ex}}');
    for (const s of resume.skills) {
      out.push(`{\\fontsize{10pt}{1em}\\bfseries\\color{darktext}${tex(s.name)}} & {\\fontsize{9pt}{1em}\\color{text}${tex(keywords(s).join(', '))}} \\\\`);
    }
    out.push('\\end{tabular*}');
  }
  out.push('\\end{document}', '');
  return { tex: out.join('\n'), lang };
}

export const AWESOME = {
  id: 'latex-awesome', kind: 'pdf', family: 'latex-awesome',
  about: 'Awesome-CV (LaTeX): organisation bold over the position in small caps, place and date flush right, coloured section heads',
  script: scriptOf(import.meta.url),
  render(sourcePath, outPath) {
    const { tex: body, lang } = awesomeTex(JSON.parse(readFileSync(sourcePath, 'utf8')));
    const texPath = outPath.replace(/\.pdf$/, '.tex');
    writeFileSync(texPath, body);
    typeset(texPath, lang, { id: 'latex-awesome' });
  },
};
