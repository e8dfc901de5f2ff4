// make parse-bench: a tuning family printed from HTML the way hand-written and generated HTML
// resumes are (see index.mjs for the layout shape).
//
// html-flex: a tinted sidebar (name, contact, skills, languages) beside the main column; each
// entry's head is one flex row, the title in bold and the employer after it in a lighter
// colour with no mark between them ("Staff Data Engineer  Fjordline Logistics"), the dates
// pushed to the right edge (margin-left: auto); the place on a small line under it, then the
// bullets. Degrees the same ("MSc in Computer Science  Chalmers Institute of Technology"). Only
// the font says where the title ends and the employer begins, as in many HTML templates.
// Printed to A4 by the benchmark's Chromium (ctx.page).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(import.meta.url);

const COUNTRY_LANG = { DE: 'de', AT: 'de', ES: 'es', FR: 'fr', PL: 'pl', IT: 'it', CN: 'zh', JP: 'ja' };
const WORDS = {
  en: { summary: 'Profile', work: 'Experience', education: 'Education', skills: 'Skills', languages: 'Languages', contact: 'Contact', present: 'Present', in: ' in ' },
  de: { summary: 'Profil', work: 'Berufserfahrung', education: 'Ausbildung', skills: 'Kenntnisse', languages: 'Sprachen', contact: 'Kontakt', present: 'heute', in: ' in ' },
  es: { summary: 'Perfil', work: 'Experiencia', education: 'Formación', skills: 'Habilidades', languages: 'Idiomas', contact: 'Contacto', present: 'actualidad', in: ' en ' },
  fr: { summary: 'Profil', work: 'Expérience', education: 'Formation', skills: 'Compétences', languages: 'Langues', contact: 'Contact', present: "aujourd'hui", in: ' en ' },
  pl: { summary: 'Profil', work: 'Doświadczenie', education: 'Wykształcenie', skills: 'Umiejętności', languages: 'Języki', contact: 'Kontakt', present: 'obecnie', in: ', ' },
  it: { summary: 'Profilo', work: 'Esperienza', education: 'Istruzione', skills: 'Competenze', languages: 'Lingue', contact: 'Contatti', present: 'oggi', in: ' in ' },
  zh: { summary: '个人简介', work: '工作经历', education: '教育背景', skills: '专业技能', languages: '语言', contact: '联系方式', present: '至今', in: '，' },
  ja: { summary: '職務要約', work: '職務経歴', education: '学歴', skills: 'スキル', languages: '語学', contact: '連絡先', present: '現在', in: '、' },
};
const MONTHS = {
  en: 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec',
  de: 'Jan. Feb. März Apr. Mai Juni Juli Aug. Sep. Okt. Nov. Dez.',
  es: 'ene. feb. mar. abr. may. jun. jul. ago. sept. oct. nov. dic.',
  fr: 'janv. févr. mars avr. mai juin juil. août sept. oct. nov. déc.',
  pl: 'sty. lut. mar. kwi. maj cze. lip. sie. wrz. paź. lis. gru.',
  it: 'gen feb mar apr mag giu lug ago set ott nov dic',
};

const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

function language(doc) {
  const name = doc.basics?.name ?? '';
  if (String(doc.basics?.location?.countryCode ?? '').toUpperCase() === 'JP') return 'ja';
  if (/[\u4e00-\u9fff]/.test(name)) return 'zh';
  return COUNTRY_LANG[String(doc.basics?.location?.countryCode ?? '').toUpperCase()] ?? 'en';
}

function date(iso, lang) {
  if (!iso) return WORDS[lang].present;
  const [year, month] = String(iso).split('-');
  if (!month) return year;
  if (lang === 'zh') return `${year}.${month}`;
  if (lang === 'ja') return `${year}年${Number(month)}月`;
  return `${MONTHS[lang].split(' ')[Number(month) - 1]} ${year}`;
}

function period(entry, lang) {
  const start = date(entry.startDate, lang);
  const end = date(entry.endDate, lang);
  return start === end ? start : `${start} – ${end}`;
}

function entry(title, org, when, place, bullets) {
  return `<div class="entry"><div class="head"><span class="role">${esc(title)}</span>`
    + `<span class="org">${esc(org)}</span><span class="when">${esc(when)}</span></div>`
    + (place ? `<div class="place">${esc(place)}</div>` : '')
    + (bullets.length ? `<ul>${bullets.map((b) => `<li>${esc(b)}</li>`).join('')}</ul>` : '')
    + '</div>';
}

function html(doc) {
  const lang = language(doc);
  const w = WORDS[lang];
  const b = doc.basics ?? {};
  const city = [b.location?.city, b.location?.region].filter(Boolean).join(', ');
  const contact = [b.email, b.phone, city, b.url].filter(Boolean);
  const work = (doc.work ?? []).map((j) => entry(j.position, j.name, period(j, lang), j.location,
    [j.summary, ...(j.highlights ?? [])].filter(Boolean)));
  const education = (doc.education ?? []).map((e) => entry(
    [e.studyType, e.area].filter(Boolean).join(w.in), e.institution, period(e, lang), e.location, []));
  const skills = (doc.skills ?? []).map((s) => `<p><b>${esc(s.name)}</b><br>${esc((s.keywords ?? []).join(', '))}</p>`);
  const languages = (doc.languages ?? []).map((l) => `<p>${esc([l.language, l.fluency].filter(Boolean).join(' – '))}</p>`);
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>
    @page { size: A4; margin: 0; }
    body { margin: 0; font: 10pt/1.4 "DejaVu Sans", sans-serif; color: #222; }
    .page { display: flex; min-height: 297mm; }
    aside { width: 62mm; background: #eef2f6; padding: 14mm 7mm; box-sizing: border-box; }
    main { flex: 1; padding: 14mm 10mm; }
    h1 { font-size: 20pt; margin: 0 0 2mm; }
    .label { color: #555; margin: 0 0 6mm; }
    h2 { font-size: 11pt; text-transform: uppercase; letter-spacing: 0.5pt; color: #2b5d8a;
         border-bottom: 1px solid #2b5d8a; margin: 6mm 0 3mm; }
    aside p { margin: 0 0 2mm; }
    .entry { margin-bottom: 4mm; }
    .head { display: flex; align-items: baseline; }
    .role { font-weight: bold; }
    .org { color: #2b5d8a; margin-left: 5pt; }
    .when { margin-left: auto; color: #666; font-size: 9pt; white-space: nowrap; padding-left: 8pt; }
    .place { color: #666; font-size: 9pt; }
    ul { margin: 1mm 0 0; padding-left: 5mm; }
  </style></head><body><div class="page"><aside>
    <h1>${esc(b.name)}</h1>${b.label ? `<div class="label">${esc(b.label)}</div>` : ''}
    <h2>${w.contact}</h2>${contact.map((c) => `<p>${esc(c)}</p>`).join('')}
    ${skills.length ? `<h2>${w.skills}</h2>${skills.join('')}` : ''}
    ${languages.length ? `<h2>${w.languages}</h2>${languages.join('')}` : ''}
  </aside><main>
    ${b.summary ? `<h2>${w.summary}</h2><p>${esc(b.summary)}</p>` : ''}
    ${work.length ? `<h2>${w.work}</h2>${work.join('')}` : ''}
    ${education.length ? `<h2>${w.education}</h2>${education.join('')}` : ''}
  </main></div></body></html>`;
}

async function renderFlex(sourcePath, outPath, ctx) {
  const doc = JSON.parse(readFileSync(sourcePath, 'utf8'));
  await ctx.page.setContent(html(doc), { waitUntil: 'load', timeout: 30_000 });
  await ctx.page.pdf({ path: outPath, format: 'A4', printBackground: true, preferCSSPageSize: true });
}

export const HTML_FAMILIES = [
  { id: 'html-flex', kind: 'pdf', family: 'html-flex', script: SCRIPT, render: renderFlex,
    about: 'HTML: sidebar; "**Title** Employer" in one flex row told apart by font only, dates flush right' },
];
