// make parse-bench: the layout families beyond the npm themes, moderncv and the labelled DOCX,
// each built the way job seekers build their resumes (issue: "Read the resumes people actually
// have"). One module per kind of tool, each exporting a list of layouts:
//   { id, kind: 'pdf' | 'docx', family, about, render(sourcePath, outPath, ctx) }
// `family` groups a DOCX and its PDF export (one family, two rows); `render` writes outPath from
// a JSON Resume source and throws, with the tool's last lines, when it cannot. `ctx` has
// { ROOT, OUT, page } (page: a Playwright page for layouts printed from HTML). Every layout prints
// every scored field (employer, title, dates; institution, degree, area, dates; name, email,
// phone, skills), so the score needs no "shown" text; `yearOnlyDates` as in sources.mjs where a
// layout prints years alone; `script` (the module's own path) re-renders when the module changes.
// Which families are held out from tuning: manifest.json.
import { LATEX_FAMILIES } from './latex.mjs';
import { TYPST_FAMILIES } from './typst.mjs';
import { OFFICE_FAMILIES } from './office.mjs';
import { WEB_FAMILIES } from './web.mjs';
import { HTML_FAMILIES } from './html.mjs';

export const FAMILIES = [...LATEX_FAMILIES, ...TYPST_FAMILIES, ...OFFICE_FAMILIES, ...WEB_FAMILIES,
  ...HTML_FAMILIES];
