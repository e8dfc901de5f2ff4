// The model rows of `make parse-bench`: per layout, entries exactly right with the rules alone and
// with the model reading the unsure entries, and what the model cost per file (seconds, tokens,
// values dropped for not being in the text). Fails when a row with the model is below the rules
// alone: the reading is kept only where it reads back sure, so that must never happen.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const [rulesPath, modelPath, modelDir] = process.argv.slice(2);
const rules = JSON.parse(readFileSync(rulesPath, 'utf8')).rows;
const model = JSON.parse(readFileSync(modelPath, 'utf8')).rows;
// Which group a file's source is in, as score.mjs groups them: the corpus, held-out sources, tuning.
const manifest = JSON.parse(readFileSync(new URL('../fixtures/parse-bench/manifest.json', import.meta.url), 'utf8'));
const groupOf = (source) => (source.startsWith('corpus-') ? 'corpus'
  : manifest.held_out_sources.includes(source) ? 'held-out' : 'tuning');
const costs = {};
for (const file of readdirSync(modelDir).filter((f) => f.endsWith('.model.json'))) {
  const [source, layout] = file.replace(/\.model\.json$/, '').split('__');
  const c = JSON.parse(readFileSync(join(modelDir, file), 'utf8'));
  const row = (costs[`${groupOf(source)}/${layout}`] ??= { files: 0, seconds: 0, input: 0, output: 0, asked: 0, written: 0, dropped: 0, errors: 0 });
  row.files += 1; row.seconds += c.seconds;
  row.input += c.inputTokens ?? 0; row.output += c.outputTokens ?? 0;
  row.asked += c.asked ?? 0; row.written += c.written ?? 0; row.dropped += c.droppedValues ?? 0;
  if (c.error) row.errors += 1;
}
const lines = ['| group | layout | exactly right, rules alone | with the model | entries asked | written | values dropped | errors | s / file | tokens in + out / file |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |'];
let worse = [];
for (const r of rules) {
  const m = model.find((x) => x.layout === r.layout && x.group === r.group);
  const c = costs[`${r.group}/${r.layout}`];
  if (!m || !c) continue;
  if (m.entries.exact < r.entries.exact) worse.push(`${r.group}/${r.layout}`);
  const per = (v) => (v / c.files).toFixed(1);
  lines.push(`| ${r.group} | ${r.layout} | ${r.entries.exact} / ${r.entries.truth} | ${m.entries.exact} / ${m.entries.truth} | ${c.asked} | ${c.written} | ${c.dropped} | ${c.errors} | ${per(c.seconds)} | ${per(c.input)} + ${per(c.output)} |`);
}
console.log('\n' + lines.join('\n') + '\n');
if (worse.length) {
  console.error(`model rows below the rules alone: ${worse.join(', ')}`);
  process.exit(1);
}
