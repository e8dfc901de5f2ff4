// make parse-bench: the office families, resumes built the way people build them in Word and
// Google Docs (see index.mjs for the layout shape). Each family is two rows: `<id>`, the DOCX
// written by its python-docx generator (families/office/<id>.py, raw OOXML where python-docx has
// no API: text boxes, section columns, borders), and `<id>-pdf`, that same DOCX exported to PDF
// by LibreOffice Writer (Debian's libreoffice-writer, `soffice --headless --convert-to pdf`), as
// a job seeker exports one to send. Why each layout is built its way: the generator's docstring.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(import.meta.url);
const DIR = join(dirname(HERE), 'office');
const COMMON = join(DIR, 'common.py');

const FAMILIES = [
  { id: 'docx-tabstops', about: 'Word by hand: "Employer<TAB>City" / "Title<TAB>dates" on a right tab stop' },
  { id: 'docx-table', about: 'the whole resume a Word table (个人简历 templates): label cells, merged heading rows' },
  { id: 'docx-header-textbox', about: 'Word: name and contact in the page header, a text-box sidebar, footer "Page 1"' },
  { id: 'gdocs-serif', about: 'Google Docs template (Coral/Serif shape): "Employer, City — Title", dates in small caps' },
  { id: 'docx-twocol', about: 'Word: borderless table as columns (dates left), skills in two section columns' },
  { id: 'docx-grid', about: 'the whole resume a bordered Word table whose sections have a row of column labels (Period | Employer | Position | City)' },
];

const generator = (id) => join(DIR, `${id.replace(/-/g, '_')}.py`);
const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);
// render.mjs re-renders a file older than `script`: the newest of the generator, the helpers it
// imports and this module.
const newest = (...paths) => paths.reduce((a, b) => (mtime(b) > mtime(a) ? b : a));

function writeDocx(id, sourcePath, outPath, ctx) {
  execFileSync(join(ctx.OUT, 'venv/bin/python'), [generator(id), sourcePath, outPath],
    { stdio: 'pipe', timeout: 60_000 });
}

// One LibreOffice profile per process (made on first use, removed at exit): two runs at once
// (or a desktop LibreOffice) would otherwise share ~/.config/libreoffice and the second refuse.
let profile;
function loProfile() {
  if (!profile) {
    profile = mkdtempSync(join(tmpdir(), 'parse-bench-lo-'));
    process.on('exit', () => rmSync(profile, { recursive: true, force: true }));
  }
  return profile;
}

// soffice names its output after the input (`<id>.pdf`) and exits 0 on some failures: it writes
// into a private folder beside the target, and a missing PDF is an error with soffice's output.
function exportPdf(docxPath, pdfPath) {
  const outdir = mkdtempSync(join(dirname(pdfPath), '.soffice-'));
  try {
    let said = '';
    try {
      said = execFileSync('soffice', [`-env:UserInstallation=file://${loProfile()}`, '--headless',
        '--norestore', '--convert-to', 'pdf', '--outdir', outdir, docxPath],
      { stdio: 'pipe', timeout: 180_000 }).toString();
    } catch (error) {
      throw new Error(`soffice: ${String(error.stderr || error.message).trim().split('\n').slice(-3).join(' ')}`);
    }
    const produced = join(outdir, basename(docxPath).replace(/\.docx$/, '.pdf'));
    if (!existsSync(produced)) throw new Error(`soffice wrote no PDF: ${said.trim()}`);
    renameSync(produced, pdfPath);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

export const OFFICE_FAMILIES = FAMILIES.flatMap(({ id, about }) => {
  const files = [generator(id), COMMON, HERE];
  const docx = {
    id, kind: 'docx', family: id, about,
    get script() { return newest(...files); },
    render: (sourcePath, outPath, ctx) => writeDocx(id, sourcePath, outPath, ctx),
  };
  const pdf = {
    id: `${id}-pdf`, kind: 'pdf', family: id, about: `${about}; exported to PDF by LibreOffice`,
    get script() { return newest(...files); },
    render(sourcePath, outPath, ctx) {
      // The DOCX row of the same source, written first when it is missing or stale (a run of
      // the PDF row alone).
      const docxPath = join(dirname(outPath), `${id}.docx`);
      if (mtime(docxPath) <= Math.max(mtime(sourcePath), ...files.map(mtime))) {
        writeDocx(id, sourcePath, docxPath, ctx);
      }
      exportPdf(docxPath, outPath);
    },
  };
  return [docx, pdf];
});
