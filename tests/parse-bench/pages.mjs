// make parse-bench, fast path for parser work: the text pieces pdf.js gives for every rendered
// PDF, saved as NAME.pages.json under target/parse-bench/pages, in exactly the shape
// web/import/pdf.js hands to Rust (text, x, y, width, height, fontName, fontFamily, hasEOL).
// examples/parse_bench_native.rs then runs the app's import on them natively, in seconds, instead
// of the release build and a browser per file. The pdf.js is the app's own (web/node_modules,
// pinned in web/package.json), its legacy build, which runs in Node; text extraction does not
// render, so the pieces are the ones the browser gets (the run compares them with the browser's
// text where both exist).
//
//   node pages.mjs [--only-sources a,b] [--only-layouts even,flat] [--out DIR]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { OUT, ROOT, layouts, renderedPath, sources } from './sources.mjs';

const { values: args } = parseArgs({ options: {
  'only-sources': { type: 'string' }, 'only-layouts': { type: 'string' },
  out: { type: 'string', default: join(OUT, 'pages') } } });
// pdf.js 6 expects Node 22's Promise.withResolvers; Node 20 (this machine's) has none.
Promise.withResolvers ??= () => {
  let resolve;
  let reject;
  const promise = new Promise((a, b) => { resolve = a; reject = b; });
  return { promise, resolve, reject };
};
const pdfjs = await import(join(ROOT, 'web/node_modules/pdfjs-dist/legacy/build/pdf.mjs'));
const assets = join(ROOT, 'web/node_modules/pdfjs-dist');

// Rounded to 1/100 unit: the pieces stay as precise as the layout needs and the files small.
const round = (n) => Math.round(n * 100) / 100;

export async function pagesOf(bytes) {
  const task = pdfjs.getDocument({ data: bytes, isEvalSupported: false,
    cMapUrl: join(assets, 'cmaps/'), cMapPacked: true,
    standardFontDataUrl: join(assets, 'standard_fonts/'), verbosity: 0 });
  const doc = await task.promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    pages.push({ items: content.items
      .filter((item) => typeof item.str === 'string' && item.str.length > 0)
      .map((item) => ({ text: item.str, x: round(item.transform[4]), y: round(item.transform[5]),
        width: round(item.width), height: round(item.height), fontName: item.fontName ?? '',
        fontFamily: content.styles?.[item.fontName]?.fontFamily ?? '',
        hasEOL: item.hasEOL === true })) });
    page.cleanup();
  }
  await task.destroy();
  return pages;
}

mkdirSync(args.out, { recursive: true });
let count = 0;
for (const source of sources({ only: args['only-sources'] })) {
  for (const layout of layouts({ only: args['only-layouts'] })) {
    const file = renderedPath(source, layout);
    if (layout.kind !== 'pdf' || !existsSync(file)) continue;
    const pages = await pagesOf(new Uint8Array(readFileSync(file)));
    writeFileSync(join(args.out, `${source.id}__${layout.id}.pages.json`), JSON.stringify(pages));
    count++;
  }
}
console.log(`pages: ${count} PDFs read by pdf.js into ${args.out}`);
