// make parse-bench, step 1: render every source into every layout under target/parse-bench/rendered.
//   - npm themes: the `resumed` CLI writes HTML, headless Chromium (Debian's) prints it to A4 PDF.
//   - LaTeX: latex_layout.mjs writes a moderncv .tex, TeX Live (Debian's) typesets it.
//   - DOCX: docx_layout.py in the pinned venv.
// A file newer than its source and the pins is not rendered again (a second run is quick).
//
//   node render.mjs [--only-sources a,b] [--only-layouts even,flat]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { renderModerncv } from './latex_layout.mjs';
import { OUT, ROOT, layouts, manifest, renderedPath, shownPath, sources } from './sources.mjs';

const { values: args } = parseArgs({ options: {
  'only-sources': { type: 'string' }, 'only-layouts': { type: 'string' } } });
// Playwright from web/'s lockfile, the same one the e2e suite uses.
const { chromium } = createRequire(join(ROOT, 'web/package.json'))('@playwright/test');
const MODULES = join(OUT, 'node_modules');
const PINS = join(ROOT, 'tests/parse-bench/package-lock.json');
const LATEX = join(ROOT, 'tests/parse-bench/latex_layout.mjs');

// The themes link bootstrap and icon fonts from CDNs, unreachable here: serve those files from
// the pinned npm packages instead, so the layout (grids, sidebars, icon glyphs in the text) is the
// one a user of the theme gets. Anything else remote (Google Fonts, gravatar, octicons 2.0.2,
// which npm lacks) is refused and the page falls back, as it would offline.
const CDN = [
  [/bootstrapcdn\.com\/bootstrap\/(3\.\d\.\d)\/(.*)$/, 'bootstrap-$1/dist/$2'],
  [/cdnjs\.cloudflare\.com\/ajax\/libs\/twitter-bootstrap\/(3\.\d\.\d)\/(.*)$/, 'bootstrap-$1/dist/$2'],
  [/bootstrapcdn\.com\/font-awesome\/(4\.7\.0)\/(.*)$/, 'font-awesome-$1/$2'],
  [/cdnjs\.cloudflare\.com\/ajax\/libs\/font-awesome\/(5\.14\.0|6\.4\.2)\/(.*)$/, 'fontawesome-free-$1/$2'],
  [/ajax\.googleapis\.com\/ajax\/libs\/jquery\/(1\.11\.0)\/(.*)$/, 'jquery-$1/dist/$2'],
  [/cdn\.jsdelivr\.net\/npm\/bootstrap@(5\.0\.2)\/(.*)$/, 'bootstrap-$1/$2'],
  [/code\.jquery\.com\/jquery-(3\.2\.1)\.min\.js$/, 'jquery-$1/dist/jquery.min.js'],
];
const TYPES = { css: 'text/css', js: 'text/javascript', woff2: 'font/woff2', woff: 'font/woff',
  ttf: 'font/ttf', eot: 'application/vnd.ms-fontobject', svg: 'image/svg+xml' };
const refused = new Set();

async function routeCdn(route) {
  const url = new URL(route.request().url());
  if (url.protocol === 'file:') return route.continue();
  const plain = url.host + url.pathname;
  for (const [pattern, local] of CDN) {
    const match = plain.match(pattern);
    if (!match) continue;
    const file = join(MODULES, local.replace(/\$(\d)/g, (_, i) => match[i]));
    if (existsSync(file)) {
      return route.fulfill({ body: readFileSync(file),
        contentType: TYPES[file.split('.').pop()] ?? 'application/octet-stream' });
    }
  }
  refused.add(url.host);
  return route.abort();
}

const fresh = (out, input) => existsSync(out)
  && statSync(out).mtimeMs > Math.max(statSync(input).mtimeMs, statSync(PINS).mtimeMs);

const failures = [];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
const page = await browser.newPage();
await page.route('**/*', routeCdn);
let rendered = 0;
let kept = 0;

for (const source of sources({ only: args['only-sources'] })) {
  for (const layout of layouts({ only: args['only-layouts'] })) {
    const out = renderedPath(source, layout);
    if (fresh(out, source.path) && (!layout.theme || existsSync(shownPath(source, layout)))
      && (!layout.moderncv || statSync(out).mtimeMs > statSync(LATEX).mtimeMs)
      && (!layout.script || statSync(out).mtimeMs > statSync(layout.script).mtimeMs)) {
      kept++;
      continue;
    }
    mkdirSync(dirname(out), { recursive: true });
    try {
      if (layout.render) {
        await layout.render(source.path, out, { ROOT, OUT, page });
      } else if (layout.moderncv) {
        renderModerncv(source.path, out, layout.moderncv);
      } else if (layout.kind === 'pdf') {
        const html = out.replace(/\.pdf$/, '.html');
        // The themes get a copy with what some of them need and the schema leaves optional:
        // elegant 1.16.1 throws without basics.profiles (an empty list then); macchiato and flat
        // read the employer from the old schema's `company`, the others from `name` (each gets
        // the other's value); orbit 3.0.0 lower-cases a skill's level, a profile's network and a
        // degree's studyType without checking they exist (an empty string then, for orbit only:
        // another theme may print an empty level). The scored values are unchanged.
        const doc = JSON.parse(readFileSync(source.path, 'utf8'));
        if (doc.basics && !doc.basics.profiles) doc.basics.profiles = [];
        for (const job of doc.work ?? []) {
          job.name ??= job.company;
          job.company ??= job.name;
        }
        if (layout.id === 'orbit') {
          for (const skill of doc.skills ?? []) skill.level ??= '';
          for (const profile of doc.basics?.profiles ?? []) profile.network ??= '';
          for (const degree of doc.education ?? []) degree.studyType ??= '';
        }
        const input = join(dirname(out), 'source.json');
        writeFileSync(input, JSON.stringify(doc, null, 2));
        // The CLI, as a theme's user runs it (it resolves the theme from target/parse-bench).
        execFileSync(join(MODULES, '.bin/resumed'), ['render', input, '--theme', layout.theme,
          '--output', html], { cwd: OUT, stdio: 'pipe' });
        await page.goto(`file://${html}`, { waitUntil: 'load', timeout: 30_000 });
        await page.pdf({ path: out, format: 'A4', printBackground: true });
        // What the page shows, for the score: a field the theme does not show at all (flat has
        // no employer line) is not the importer's miss.
        await page.emulateMedia({ media: 'print' });
        writeFileSync(shownPath(source, layout), await page.evaluate(() => document.body.innerText));
        await page.emulateMedia({ media: null });
      } else {
        const seasons = manifest.docx_seasons[source.id] ?? {};
        execFileSync(join(OUT, 'venv/bin/python'), [join(ROOT, 'tests/parse-bench/docx_layout.py'),
          source.path, out, JSON.stringify(seasons)], { stdio: 'pipe' });
      }
      rendered++;
    } catch (error) {
      // Recorded, not fatal: the score step counts a layout it has no file for as a failure.
      const message = String(error.stderr || error.message).trim().split('\n').slice(-3).join(' ');
      failures.push({ source: source.id, layout: layout.id, message });
      console.error(`render failed: ${source.id} × ${layout.id}: ${message}`);
    }
  }
}
await browser.close();
writeFileSync(join(OUT, 'render-failures.json'), JSON.stringify(failures, null, 2));
console.log(`render: ${rendered} rendered, ${kept} up to date, ${failures.length} failed` +
  (refused.size ? `; refused offline: ${[...refused].sort().join(', ')}` : ''));
