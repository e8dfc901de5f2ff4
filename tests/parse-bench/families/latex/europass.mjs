// latex-europass: the Europass CV (the EU's 2013 format) with Debian's own `europasscv` class
// (texlive-latex-extra), written as the class's documented example writes it:
//   - the Europass logo and "Curriculum vitae" top left, the person's details to the right of a
//     "PERSONAL INFORMATION" label: the name, then mobile and e-mail each behind its icon;
//   - every row two columns: labels and dates in a right-aligned left column (50 mm), content in
//     the right one; sections as "WORK EXPERIENCE" beside a blue rule;
//   - a job: \ecvtitle{dates}{position} (the dates small blue on the left, the position large
//     blue on the right), \ecvitem{}{employer, city}, then the activities as an ecvitemize list;
//     a degree: \ecvtitle{dates}{qualification}, \ecvitem{}{institution};
//   - skills under "PERSONAL SKILLS" as \ecvblueitem{group}{keywords};
//   - the footer "© European Union, 2002-… | europass.cedefop.europa.eu" and "Page 1 / 2".
// Dates as the Europass editor writes them, "09/2021–Present" (month/year, en dash), the present
// word in the resume's language. The class's language option gives its labels (english, german,
// spanish, french, polish); the Chinese source gets Chinese labels over the English ones.
import { readFileSync, writeFileSync } from 'node:fs';
import { WORDS, degree, keywords, language, period, scriptOf, tex, typeset, cjk } from './common.mjs';

const OPTION = { en: 'english', de: 'german', es: 'spanish', fr: 'french', pl: 'polish', it: 'italian', zh: 'english', ja: 'english' };
// The Europass form's own section names in each language.
const SECTIONS = {
  en: ['Work experience', 'Education and training', 'Personal skills'],
  de: ['Berufserfahrung', 'Schul- und Berufsbildung', 'Persönliche Fähigkeiten'],
  es: ['Experiencia profesional', 'Educación y formación', 'Competencias personales'],
  fr: ['Expérience professionnelle', 'Éducation et formation', 'Compétences personnelles'],
  pl: ['Doświadczenie zawodowe', 'Wykształcenie i szkolenia', 'Umiejętności osobiste'],
  it: ['Esperienza professionale', 'Istruzione e formazione', 'Competenze personali'],
  zh: ['工作经历', '教育和培训', '个人技能'],
  ja: ['職務経歴', '学歴', 'スキル'],
};

export function europassTex(resume) {
  const b = resume.basics ?? {};
  const lang = language(resume);
  const [work, education, skills] = SECTIONS[lang];
  const when = (e) => period(e, lang, 'numeric', '–');
  const out = [];
  if (cjk(lang)) {
    // Under xelatex the class sets TeX Gyre Heros (not in Debian's TeX Live): the CJK font
    // instead, as a Chinese user of the class does.
    // (\\def replaces fontspec's outer command only, so \\let brings the real one back).
    out.push('\\RequirePackage{fontspec}', '\\let\\cjkSetMainFont\\setmainfont',
      '\\def\\setmainfont#1{}');
  }
  out.push(`\\documentclass[${OPTION[lang]},a4paper]{europasscv}`);
  if (cjk(lang)) {
    out.push('\\let\\setmainfont\\cjkSetMainFont', '\\setmainfont{WenQuanYi Micro Hei}',
      '\\XeTeXlinebreaklocale "zh"', '\\XeTeXlinebreakskip = 0pt plus 1pt',
      lang === 'ja' ? '\\makeatletter\\def\\ecv@infosectionkey{個人情報}\\def\\ecv@pagekey{ページ}\\makeatother'
        : '\\makeatletter\\def\\ecv@infosectionkey{个人信息}\\def\\ecv@pagekey{页}\\makeatother');
  } else {
    out.push('\\ifPDFTeX\\input{glyphtounicode}\\pdfgentounicode=1\\fi');
  }
  if (lang === 'en') out.push('\\usepackage[english]{babel}');
  out.push(`\\ecvname{${tex(b.name)}}`);
  const place = [b.location?.address, b.location?.postalCode, b.location?.city, b.location?.region]
    .filter(Boolean).join(', ');
  if (place) out.push(`\\ecvaddress{${tex(place)}}`);
  if (b.phone) out.push(`\\ecvmobile{${tex(b.phone)}}`);
  if (b.email) out.push(`\\ecvemail{${tex(b.email)}}`);
  if (b.url) out.push(`\\ecvhomepage{${tex(String(b.url).replace(/^https?:\/\//, ''))}}`);
  out.push('\\begin{document}', '\\begin{europasscv}', '\\ecvpersonalinfo');

  if (resume.work?.length) {
    out.push(`\\ecvsection{${tex(work)}}`);
    for (const job of resume.work) {
      const points = [job.summary, ...(job.highlights ?? [])].filter(Boolean);
      out.push(`\\ecvtitle{${tex(when(job))}}{${tex(job.position)}}`,
        `\\ecvitem{}{${tex([job.name ?? job.company, job.location].filter(Boolean).join(', '))}}`);
      if (points.length) {
        out.push(`\\ecvitem{}{\\begin{ecvitemize}${points.map((p) => `\\item ${tex(p)}`).join('\n')}\\end{ecvitemize}}`);
      }
    }
  }
  if (resume.education?.length) {
    out.push(`\\ecvsection{${tex(education)}}`);
    for (const ed of resume.education) {
      out.push(`\\ecvtitle{${tex(when(ed))}}{${tex(degree(ed, lang))}}`,
        `\\ecvitem{}{${tex([ed.institution, ed.location].filter(Boolean).join(', '))}}`);
    }
  }
  if (resume.skills?.length) {
    out.push(`\\ecvsection{${tex(skills)}}`);
    for (const s of resume.skills) out.push(`\\ecvblueitem{${tex(s.name)}}{${tex(keywords(s).join(', '))}}`);
  }
  out.push('\\end{europasscv}', '\\end{document}', '');
  return { tex: out.join('\n'), lang };
}

export const EUROPASS = {
  id: 'latex-europass', kind: 'pdf', family: 'latex-europass',
  about: 'Europass CV (europasscv class): labels and dates in a right-aligned left column, position large beside the dates, employer under it',
  script: scriptOf(import.meta.url),
  render(sourcePath, outPath) {
    const { tex: body, lang } = europassTex(JSON.parse(readFileSync(sourcePath, 'utf8')));
    const texPath = outPath.replace(/\.pdf$/, '.tex');
    writeFileSync(texPath, body);
    // Two passes: the footer's "Page 1 / 2" (lastpage).
    typeset(texPath, lang, { runs: 2, id: 'latex-europass' });
  },
};
