// What the five LaTeX families share (families/latex.mjs): the resume's language and the words a
// template's user writes in it, dates in each template's habit, and typesetting with TeX Live.
// The layouts themselves (which line holds what, in which font) are in one module each.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tex } from '../../latex_layout.mjs';

export { tex };
export const COMMON = fileURLToPath(import.meta.url);
// A layout's `script` is its module, or this file when it is newer: a change to either
// re-renders (render.mjs compares one path).
export const scriptOf = (url) => {
  const own = fileURLToPath(url);
  return statSync(COMMON).mtimeMs > statSync(own).mtimeMs ? COMMON : own;
};

const HAN = /[\u3400-\u9fff]/;
// The sources are written in their country's language (headings, highlights): a template's user
// translates its headings and month names; English otherwise (SE, CZ, GB, IE, US).
const BY_COUNTRY = { DE: 'de', AT: 'de', ES: 'es', FR: 'fr', PL: 'pl', IT: 'it' };
export function language(resume) {
  const b = resume.basics ?? {};
  if (String(b.location?.countryCode ?? '').toUpperCase() === 'JP') return 'ja';
  if (HAN.test(b.name ?? '')) return 'zh';
  return BY_COUNTRY[String(b.location?.countryCode ?? '').toUpperCase()] ?? 'en';
}

// Headings, "Present" and the word between a degree and its subject ("BSc in Physics").
export const WORDS = {
  en: { work: 'Experience', education: 'Education', skills: 'Skills', summary: 'Summary',
    links: 'Links', languages: 'Languages', present: 'Present', degreeIn: ' in ' },
  de: { work: 'Berufserfahrung', education: 'Ausbildung', skills: 'Kenntnisse', summary: 'Profil',
    links: 'Links', languages: 'Sprachen', present: 'heute', degreeIn: ', ' },
  es: { work: 'Experiencia', education: 'Formación', skills: 'Habilidades', summary: 'Perfil',
    links: 'Enlaces', languages: 'Idiomas', present: 'actualidad', degreeIn: ' en ' },
  fr: { work: 'Expérience', education: 'Formation', skills: 'Compétences', summary: 'Profil',
    links: 'Liens', languages: 'Langues', present: "aujourd'hui", degreeIn: ' en ' },
  pl: { work: 'Doświadczenie', education: 'Wykształcenie', skills: 'Umiejętności', summary: 'Profil',
    links: 'Linki', languages: 'Języki', present: 'obecnie', degreeIn: ', ' },
  it: { work: 'Esperienza professionale', education: 'Istruzione', skills: 'Competenze', summary: 'Profilo',
    links: 'Link', languages: 'Lingue', present: 'oggi', degreeIn: ' in ' },
  zh: { work: '工作经历', education: '教育经历', skills: '专业技能', summary: '个人简介',
    links: '链接', languages: '语言', present: '至今', degreeIn: '，' },
  ja: { work: '職務経歴', education: '学歴', skills: 'スキル', summary: '職務要約',
    links: 'リンク', languages: '語学', present: '現在', degreeIn: '、' },
};

/** Chinese and Japanese: typeset under xelatex with the CJK font, no spaces between clauses. */
export const cjk = (lang) => lang === 'zh' || lang === 'ja';

// Month names as each language writes them in a CV: full ("June 2020", Jake's) and short
// ("Jun 2017"; Awesome-CV adds a dot to every one, "May." too).
const MONTHS = {
  en: ['January February March April May June July August September October November December',
    'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'],
  de: ['Januar Februar März April Mai Juni Juli August September Oktober November Dezember',
    'Jan Feb März Apr Mai Juni Juli Aug Sep Okt Nov Dez'],
  es: ['enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre',
    'ene feb mar abr may jun jul ago sept oct nov dic'],
  fr: ['janvier février mars avril mai juin juillet août septembre octobre novembre décembre',
    'janv févr mars avr mai juin juil août sept oct nov déc'],
  pl: ['styczeń luty marzec kwiecień maj czerwiec lipiec sierpień wrzesień październik listopad grudzień',
    'sty lut mar kwi maj cze lip sie wrz paź lis gru'],
  it: ['gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre',
    'gen feb mar apr mag giu lug ago set ott nov dic'],
};

/**
 * One date in a template's habit. style: 'full' (June 2020), 'short' (Jun 2020), 'dotted'
 * (Jun. 2020), 'numeric' (06/2020). Chinese is "2020.07" in every template; a year alone stays
 * a year; no date is the language's "Present".
 */
export function dateText(iso, lang, style) {
  if (!iso) return WORDS[lang].present;
  const [year, month] = String(iso).split('-');
  if (!month) return year;
  if (lang === 'zh') return `${year}.${month}`;
  if (lang === 'ja') return `${year}年${Number(month)}月`;
  if (style === 'numeric') return `${month}/${year}`;
  const [full, short] = MONTHS[lang].map((m) => m.split(' '));
  const i = Number(month) - 1;
  if (style === 'full') return `${full[i]} ${year}`;
  // A short name that is the whole word takes no dot ("Mai 2019", "mars 2020").
  const name = style === 'dotted' && (lang === 'en' || short[i] !== full[i]) ? `${short[i]}.` : short[i];
  return `${name} ${year}`;
}

/** "start SEP end" of an entry; a one-date period ("2019" to "2019") is that date once. */
export function period(entry, lang, style, sep) {
  if (!entry.startDate && !entry.endDate) return '';
  const start = dateText(entry.startDate, lang, style);
  const end = dateText(entry.endDate, lang, style);
  return start === end ? start : `${start}${sep}${end}`;
}

/** "BSc in Physics" / "Diplom, Informatik" / "硕士，软件工程". */
export const degree = (ed, lang) =>
  [ed.studyType, ed.area].filter(Boolean).join(WORDS[lang].degreeIn);

/** First and last name apart (the templates set them in two weights); a Chinese name is one. */
export function nameParts(name, lang) {
  const n = String(name ?? '').trim();
  const cut = lang === 'zh' ? -1 : n.lastIndexOf(' ');
  return cut < 0 ? [n, ''] : [n.slice(0, cut), n.slice(cut + 1)];
}

/** A skill group's keywords (the group's name when it has none). */
export const keywords = (s) => (s.keywords?.length ? s.keywords : [s.name]).filter(Boolean);

/** Links a template prints in its contact line: the url and each profile, without "https://". */
export const links = (b) => [b.url, ...(b.profiles ?? []).map((p) => p.url)]
  .filter(Boolean).map((u) => String(u).replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, ''));

/**
 * The preamble lines every template needs for the Chinese source under xelatex: a CJK system
 * font (fonts-wqy-microhei) and line breaks between Han characters, as latex_layout.mjs.
 */
export const CJK = ['\\usepackage{fontspec}', '\\setmainfont{WenQuanYi Micro Hei}',
  '\\setsansfont{WenQuanYi Micro Hei}', '\\XeTeXlinebreaklocale "zh"',
  '\\XeTeXlinebreakskip = 0pt plus 1pt'];

// TeX's own error lines ("! LaTeX Error: …") are on stdout: the reason a source is skipped.
const texErrors = (error) => String(error.stdout ?? '').split('\n')
  .filter((l) => l.startsWith('!')).slice(0, 2).join(' ') || String(error.message);

function run(engine, texPath, runs) {
  try {
    for (let i = 0; i < runs; i++) {
      execFileSync(engine, ['-interaction=nonstopmode', '-halt-on-error', basename(texPath)],
        { cwd: dirname(texPath), stdio: 'pipe', timeout: 120_000 });
    }
  } catch (error) {
    throw new Error(`${engine}: ${texErrors(error)}`);
  }
}

/**
 * Typesets TEXPATH into the PDF beside it: xelatex for Chinese, pdflatex otherwise, xelatex when
 * pdflatex refuses the source (the reason is printed). `runs`: 2 where page references or table
 * widths settle on a second pass (longtable, lastpage).
 */
export function typeset(texPath, lang, { runs = 1, id = '' } = {}) {
  if (cjk(lang)) return run('xelatex', texPath, runs), 'xelatex';
  try {
    run('pdflatex', texPath, runs);
    return 'pdflatex';
  } catch (first) {
    console.warn(`latex: ${basename(dirname(texPath))} × ${id}: ${first.message}, trying xelatex`);
    run('xelatex', texPath, runs);
    return 'xelatex';
  }
}
