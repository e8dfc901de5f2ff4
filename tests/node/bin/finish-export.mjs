// Finishes a run another host exported (a file `run.export()` or the app's "Export" wrote) with
// the npm package in Node, as a server would: `runner.import`, every pause answered as
// tests/node/workflows.mjs answers it, on the demo provider. Prints one JSON line:
// {kinds: the pauses answered, in order, state, verdict}. Used by web/e2e/run-transfer.spec.mjs.
//   node tests/node/bin/finish-export.mjs FILE
import { readFileSync } from "node:fs";
import { importPackage } from "../package.mjs";
import { answerFor } from "../workflows.mjs";

const exported = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { Runner } = await importPackage();
const run = new Runner({ provider: "demo" }).import(exported);
const kinds = [];
run.subscribe((event) => {
  if (event.type !== "interrupted") return;
  for (const pause of event.interrupts) {
    kinds.push(pause.kind);
    run.answer(pause.id, answerFor(pause));
  }
});
const state = await run.result();
console.log(JSON.stringify({ kinds, state, verdict: await run.verdict() }));
