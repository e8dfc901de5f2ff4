// The npm package in Node, offline: `import "careergraph"` picks the Node entry through the
// package's `node` export condition, starts itself (no init, no fetch shim), and runs every
// workflow to its end on the demo provider, answering every pause.
import assert from "node:assert/strict";
import { test } from "node:test";
import { importPackage } from "./package.mjs";
import { CHECK_RESULT, INPUTS, runToEnd } from "./workflows.mjs";

const hostFetch = globalThis.fetch;
const { CareerGraphError, Runner, resolved } = await importPackage();

test("`careergraph` resolves to the Node entry", () => {
  assert.match(resolved, /\/node\/index\.js$/);
});

test("the package leaves the host's fetch alone", () => {
  assert.equal(globalThis.fetch, hostFetch);
});

test("Runner.workflows() lists six workflows, each with an input in this suite", () => {
  const ids = Runner.workflows().map((w) => w.id);
  assert.equal(ids.length, 6);
  assert.deepEqual(ids.filter((id) => !(id in INPUTS)), []);
});

test("a bad input throws a CareerGraphError at once", () => {
  assert.throws(
    () => new Runner({ provider: "demo" }).start("hiring_pipeline", { resume: " ", jobDescription: "x" }),
    (error) => error instanceof CareerGraphError && error.code === "invalid_input",
  );
});

const paused = new Set();
for (const { id } of Runner.workflows()) {
  test(`${id} runs to its end on the demo provider`, { timeout: 30_000 }, async () => {
    const { state, events, pauses, verdict } = await runToEnd(new Runner({ provider: "demo" }), id, INPUTS[id]);
    pauses.forEach((kind) => paused.add(kind));
    assert.equal(events.at(-1).type, "run_finished");
    assert.ok(events.some((e) => e.type === "node_started"), "no node started");
    const agentErrors = events.filter((e) => e.type === "custom" && e.payload.type === "agent_error");
    assert.deepEqual(agentErrors, []);
    CHECK_RESULT[id](state, INPUTS[id]);
    assert.deepEqual(verdict.problems, []);
  });
}

// The inputs above are chosen so that the demo asks every kind of pause a user answers.
test("the demo runs asked every kind of pause, and each was answered", () => {
  assert.deepEqual([...paused].sort(), ["confirm_plan", "question", "review", "satisfaction"]);
});
