// make parse-bench, step 2: import every rendered file through the app, as a user does: the
// release build (dist/) served locally, headless Chromium, the resume field's file input on the
// review page. PDFs go through pdf.js inside the app, DOCX through its wasm reader. Saves what the
// app put in the field (NAME.txt) and its status line (NAME.import.json) under
// target/parse-bench/imported; examples/parse_bench_export.rs turns each text into the app's
// JSON Resume export.
//
//   node import.mjs [--port 4183] [--only-sources a,b] [--only-layouts even,flat]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { OUT, ROOT, layouts, renderedPath, sources } from './sources.mjs';

const { values: args } = parseArgs({ options: {
  port: { type: 'string', default: process.env.PARSE_BENCH_PORT ?? '4183' },
  'only-sources': { type: 'string' }, 'only-layouts': { type: 'string' } } });
const { chromium } = createRequire(join(ROOT, 'web/package.json'))('@playwright/test');
const MIME = { pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
const DIR = join(OUT, 'imported');

if (!existsSync(join(ROOT, 'dist/index.html'))) {
  console.error('import: dist/ has no release build (make build-release)');
  process.exit(1);
}
// The e2e suite's static server, on its own port so a running suite is not disturbed.
const server = spawn('node', ['e2e/serve.mjs', '../dist', args.port], { cwd: join(ROOT, 'web'),
  stdio: 'ignore' });
const base = `http://127.0.0.1:${args.port}`;
for (let i = 0; ; i++) {
  try { if ((await fetch(base + '/')).ok) break; } catch { /* not up yet */ }
  if (i > 100) throw new Error(`import: the server on ${base} did not start`);
  await new Promise((r) => setTimeout(r, 100));
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
mkdirSync(DIR, { recursive: true });
const started = Date.now();
let done = 0;
let failed = 0;
try {
  for (const source of sources({ only: args['only-sources'] })) {
    for (const layout of layouts({ only: args['only-layouts'] })) {
      const file = renderedPath(source, layout);
      if (!existsSync(file)) continue; // a render failure: scored as such
      const name = `${source.id}__${layout.id}`;
      // This file's earlier results go first, so a failed import is never scored on stale text
      // (the other files' results stay: a narrowed run leaves the rest of the table to score).
      for (const ext of ['txt', 'import.json', 'export.json']) {
        rmSync(join(DIR, `${name}.${ext}`), { force: true });
      }
      // A fresh context per file: no draft, saved run or earlier import carries over.
      const context = await browser.newContext({ baseURL: base, locale: 'en-US' });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto('/');
      const field = page.getByTestId('run-form').getByTestId('file-import');
      await field.getByTestId('import-input').setInputFiles({
        name: `${name}.${layout.kind}`, mimeType: MIME[layout.kind], buffer: readFileSync(file) });
      const status = field.getByTestId('import-status');
      await page.waitForFunction((el) => ['done', 'failed'].includes(el.dataset.state),
        await status.elementHandle(), { timeout: 60_000 });
      const state = await status.getAttribute('data-state');
      const record = { source: source.id, layout: layout.id, state, errors,
        status: (await status.innerText()).trim(),
        understood: state === 'done'
          ? (await field.getByTestId('import-understood').innerText().catch(() => '')) : '' };
      if (state === 'done') {
        writeFileSync(join(DIR, `${name}.txt`), await page.getByTestId('resume').inputValue());
        done++;
      } else {
        failed++;
        console.error(`import failed: ${basename(file)}: ${record.status}`);
      }
      writeFileSync(join(DIR, `${name}.import.json`), JSON.stringify(record, null, 2));
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.kill();
}
console.log(`import: ${done} imported, ${failed} failed, ${((Date.now() - started) / 1000).toFixed(0)} s`);
