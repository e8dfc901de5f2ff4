// The words and dates the Typst and web families print, shared by typst.mjs and web.mjs: what a
// job seeker writing in the resume's language types into a template (headings, "Present", month
// names), so a German source reads "Apr. 2019 – heute" and the Chinese one "2020.07 – 至今".
import { readFileSync } from 'node:fs';

// The resume's language, from its country (the sources carry no language field).
const BY_COUNTRY = { DE: 'de', AT: 'de', CH: 'de', ES: 'es', MX: 'es', FR: 'fr', BE: 'fr', PL: 'pl', IT: 'it', CN: 'zh', JP: 'ja' };
const HAN = /[\u3400-\u9fff]/;

export const WORDS = {
  en: { work: 'Experience', education: 'Education', skills: 'Skills', languages: 'Languages',
    summary: 'Summary', contact: 'Contact', present: 'Present', degreeIn: ' in ',
    months: 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec' },
  de: { work: 'Berufserfahrung', education: 'Ausbildung', skills: 'Kenntnisse', languages: 'Sprachen',
    summary: 'Profil', contact: 'Kontakt', present: 'heute', degreeIn: ', ',
    months: 'Jan. Feb. März Apr. Mai Juni Juli Aug. Sept. Okt. Nov. Dez.' },
  es: { work: 'Experiencia laboral', education: 'Formación', skills: 'Habilidades', languages: 'Idiomas',
    summary: 'Perfil', contact: 'Contacto', present: 'actualidad', degreeIn: ' en ',
    months: 'ene. feb. mar. abr. may. jun. jul. ago. sept. oct. nov. dic.' },
  fr: { work: 'Expérience professionnelle', education: 'Formation', skills: 'Compétences', languages: 'Langues',
    summary: 'Profil', contact: 'Contact', present: "aujourd'hui", degreeIn: ' en ',
    months: 'janv. févr. mars avr. mai juin juil. août sept. oct. nov. déc.' },
  pl: { work: 'Doświadczenie zawodowe', education: 'Wykształcenie', skills: 'Umiejętności', languages: 'Języki',
    summary: 'Podsumowanie', contact: 'Kontakt', present: 'obecnie', degreeIn: ', ',
    months: 'sty lut mar kwi maj cze lip sie wrz paź lis gru' },
  it: { work: 'Esperienza professionale', education: 'Istruzione', skills: 'Competenze', languages: 'Lingue',
    summary: 'Profilo', contact: 'Contatti', present: 'oggi', degreeIn: ' in ',
    months: 'gen feb mar apr mag giu lug ago set ott nov dic' },
  zh: { work: '工作经历', education: '教育经历', skills: '专业技能', languages: '语言',
    summary: '个人简介', contact: '联系方式', present: '至今', degreeIn: '，', months: '' },
  ja: { work: '職務経歴', education: '学歴', skills: 'スキル', languages: '語学',
    summary: '職務要約', contact: '連絡先', present: '現在', degreeIn: '、', months: '' },
};
// RenderCV's own English month abbreviations and its lower-case "present" (its default locale).
export const RENDERCV_EN = { months: 'Jan Feb Mar Apr May June July Aug Sept Oct Nov Dec', present: 'present' };

/** The source and the words of its language: { resume, b (basics), lang, w }. */
export function readResume(sourcePath) {
  const resume = JSON.parse(readFileSync(sourcePath, 'utf8'));
  const b = resume.basics ?? {};
  const country = String(b.location?.countryCode ?? '').toUpperCase();
  const lang = country === 'JP' ? 'ja' : HAN.test(b.name ?? '') ? 'zh' : BY_COUNTRY[country] ?? 'en';
  return { resume, b, lang, w: WORDS[lang] };
}

// One date as a style writes it: 'month' ("Jan 2020", "2020.07" in Chinese), 'zh-long'
// ("2020年7月"), 'numeric' ("01/2020"), 'year' ("2020"). A year alone stays a year alone.
export function dateText(iso, w, style, months = w.months) {
  if (!iso) return w.present;
  const [year, month] = String(iso).split('-');
  if (!month || style === 'year') return year;
  if (style === 'zh-long') return `${year}年${Number(month)}月`;
  if (w === WORDS.zh) return `${year}.${month}`;
  if (w === WORDS.ja) return `${year}年${Number(month)}月`;
  if (style === 'numeric') return `${month}/${year}`;
  return `${months.split(' ')[Number(month) - 1]} ${year}`;
}

/** "Jan 2020 – Present"; one date when start and end are the same ("2019"). */
export function period(entry, w, { style = 'month', dash = ' – ', months, present } = {}) {
  if (!entry.startDate && !entry.endDate) return '';
  const ww = present ? { ...w, present } : w;
  const start = dateText(entry.startDate, ww, style, months);
  const end = dateText(entry.endDate, ww, style, months);
  return start === end ? start : `${start}${dash}${end}`;
}

/** "MSc in Computer Science", "Diplom, Informatik", "硕士，计算机科学与技术". */
export const degreeText = (ed, w) => [ed.studyType, ed.area].filter(Boolean).join(w.degreeIn);
export const employer = (job) => job.name ?? job.company ?? '';
export const place = (b) => [b.location?.city, b.location?.region].filter(Boolean).join(', ');
export const bareUrl = (url) => String(url ?? '').replace(/^https?:\/\//, '').replace(/\/$/, '');
/** The header's contact items in the order templates print them: email, phone, city, site. */
export const contacts = (b) => [b.email, b.phone, place(b), bareUrl(b.url)].filter(Boolean);
/** A JSON value as one line of text (a line break in JSON is a space on paper). */
export const oneLine = (v) => String(v ?? '').replace(/\s*\n\s*/g, ' ').trim();
