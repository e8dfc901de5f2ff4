// A copy of the package without one workflow's chunk: its run ends with a `run_failed` that says
// which files must be there, the console names the missing file, and once the file is back a new
// start reads it.
import assert from "node:assert/strict";
import { copyFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { copyPackage, importPackage, PKG } from "./package.mjs";
import { INPUTS, runToEnd } from "./workflows.mjs";

const copy = copyPackage();
const CHUNK = "split_hiring.wasm";
// The Node build reads the bundler build's .wasm files.
rmSync(join(copy, "bundler", CHUNK));
const { CareerGraphError, Runner } = await importPackage(copy);

test("a missing chunk fails the run with a run_failed that names the files to keep", { timeout: 30_000 }, async () => {
  const logged = [];
  const consoleError = console.error;
  console.error = (...args) => logged.push(args.map(String).join(" "));
  let failure;
  const events = [];
  try {
    const run = new Runner({ provider: "demo" }).start("hiring_pipeline", INPUTS.hiring_pipeline);
    run.subscribe((event) => events.push(event));
    failure = await run.result().then(() => null, (error) => error);
  } finally {
    console.error = consoleError;
  }
  assert.ok(failure instanceof CareerGraphError, `expected a CareerGraphError, got ${failure}`);
  assert.equal(failure.code, "run_failed");
  assert.match(failure.message, /hiring_pipeline/);
  assert.match(failure.message, /split_\*\.wasm and chunk_\*\.wasm files next to careergraph_bg\.wasm/);
  assert.deepEqual(events.map((e) => [e.type, e.error]), [["run_failed", failure.message]]);
  assert.ok(logged.some((line) => line.includes(CHUNK)), `the console did not name ${CHUNK}: ${logged}`);
});

test("once the chunk is back, starting the workflow again reads it", { timeout: 30_000 }, async () => {
  copyFileSync(join(PKG, "bundler", CHUNK), join(copy, "bundler", CHUNK));
  const { events } = await runToEnd(new Runner({ provider: "demo" }), "hiring_pipeline", INPUTS.hiring_pipeline);
  assert.equal(events.at(-1).type, "run_finished");
});
