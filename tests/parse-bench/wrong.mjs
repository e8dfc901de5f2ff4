// make parse-bench, a tool for parser work: the entries a run got wrong, truth beside export,
// with whether each carried the unsure mark. Reads the fast path's exports
// (target/parse-bench/native) and refuses the held-out layout families and sources: their
// outputs are never opened while tuning (manifest.json).
//
//   node wrong.mjs [--only-layouts a,b] [--only-sources a,b] [--corpus]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { OUT, heldOutLayout, layouts, sources } from './sources.mjs';

const { values: args } = parseArgs({ options: {
  'only-sources': { type: 'string' }, 'only-layouts': { type: 'string' },
  corpus: { type: 'boolean', default: false }, dir: { type: 'string', default: join(OUT, 'native') } } });
// Names as score.mjs compares them: case, spaces, apostrophes and outer punctuation aside.
const t = (v) => String(v ?? '').normalize('NFKC').toLowerCase()
  .replace(/[\u2019\u2018\u02bc\u2032]/g, "'")
  .replace(/\s+/g, ' ').trim().replace(/^[\s,;:|·•–—-]+|[\s,;:|·•–—-]+$/g, '');
const d = (v) => String(v ?? '').slice(0, 7);
const show = (e, keys) => keys.map((k) => `${k}=${JSON.stringify(e?.[k] ?? '')}`).join(' ');
for (const layout of layouts({ only: args['only-layouts'] }).filter((l) => !heldOutLayout(l))) {
  for (const source of sources({ only: args['only-sources'] })
    .filter((s) => !s.heldOut && (args.corpus || s.fictional))) {
    const base = join(args.dir, `${source.id}__${layout.id}`);
    if (!existsSync(`${base}.export.json`)) continue;
    const got = JSON.parse(readFileSync(`${base}.export.json`, 'utf8'));
    const truth = JSON.parse(readFileSync(source.path, 'utf8'));
    const unsure = new Set(got.meta?.careergraph?.unsure ?? []);
    for (const [key, keys] of [['work', ['name', 'position', 'startDate', 'endDate']],
      ['education', ['institution', 'studyType', 'area', 'startDate', 'endDate']]]) {
      const g = got[key] ?? [];
      const tr = truth[key] ?? [];
      // Dates as score.mjs compares them: at month precision, a year-only truth needs the year.
      const sameDate = (x, e) => d(x) === d(e) || (/^\d{4}$/.test(d(x)) && d(e).slice(0, 4) === d(x));
      const same = (a, b) => keys.every((k) => (k.endsWith('Date') ? sameDate(a[k], b[k]) || (!b[k] && !a[k])
        : t(a[k] ?? a.company) === t(b[k] ?? b.company)));
      g.forEach((e, i) => {
        if (tr.some((x) => same(x, e))) return;
        console.log(`${layout.id} ${source.id} ${key}/${i}${unsure.has(`${key}/${i}`) ? ' [marked]' : ''}\n  got   ${show(e, keys)}`);
      });
      tr.forEach((x) => { if (!g.some((e) => same(x, e))) console.log(`${layout.id} ${source.id} ${key} truth ${show(x, keys)}`); });
    }
  }
}
