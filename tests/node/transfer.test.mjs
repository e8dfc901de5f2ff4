// A run moved between hosts (docs/runs.md, "Moving a run"): paused on one Runner, exported with
// `run.export()`, carried as JSON text, imported by another Runner (as a server would), answered
// there and finished. The moved run ends in the state of one that never moved. Exports that
// cannot be continued are refused with a CareerGraphError.
import assert from "node:assert/strict";
import { test } from "node:test";
import { importPackage } from "./package.mjs";
import { answerFor, CHECK_RESULT, INPUTS, runToEnd } from "./workflows.mjs";

const { CareerGraphError, Runner } = await importPackage();

/** Starts `workflowId` and resolves, at its first pause, to the run and that pause's event. */
function firstPause(runner, workflowId) {
  const run = runner.start(workflowId, INPUTS[workflowId]);
  return new Promise((resolve, reject) => {
    run.subscribe((event) => event.type === "interrupted" && resolve({ run, event }));
    run.result().then(() => reject(new Error(`${workflowId} ended without pausing`)), reject);
  });
}

/** Answers every pause of `run` (those already asked included) and resolves to its end. */
async function finish(run) {
  run.subscribe((event) => {
    if (event.type !== "interrupted") return;
    for (const pause of event.interrupts) run.answer(pause.id, answerFor(pause));
  });
  return { state: await run.result(), verdict: await run.verdict() };
}

for (const workflowId of ["resume_tailoring", "career_navigator"]) {
  test(`${workflowId}: paused on one runner, finished on another`, { timeout: 30_000 }, async () => {
    const { run, event } = await firstPause(new Runner({ provider: "demo" }), workflowId);
    const exported = await run.export();
    assert.equal(exported.format, "careergraph.run");
    assert.equal(exported.version, 1);
    assert.equal(exported.workflowId, workflowId);
    assert.ok(exported.checkpoints.length > 0);
    run.cancel();
    await run.result().catch(() => {});

    const carried = JSON.parse(JSON.stringify(exported));
    const moved = new Runner({ provider: "demo" }).import(carried);
    const asked = [];
    moved.subscribe((e) => e.type === "interrupted" && asked.push(e));
    const { state, verdict } = await finish(moved);
    assert.deepEqual(asked[0].interrupts, event.interrupts, "the moved run asks what the first one asked");
    CHECK_RESULT[workflowId](state, INPUTS[workflowId]);
    assert.deepEqual(verdict.problems, []);
    if (workflowId === "resume_tailoring") {
      // Deterministic end to end on the demo: the same state as a run that never moved.
      const unmoved = await runToEnd(new Runner({ provider: "demo" }), workflowId, INPUTS[workflowId]);
      assert.deepEqual(state, unmoved.state);
    }
  });
}

test("a finished run imports as finished", async () => {
  const runner = new Runner({ provider: "demo" });
  const run = runner.start("resume_review", INPUTS.resume_review);
  const state = await run.result();
  const moved = new Runner({ provider: "demo" }).import(await run.export());
  assert.deepEqual(await moved.result(), state);
});

test("an export that cannot be continued is refused, and the run stays where it is", async () => {
  const runner = new Runner({ provider: "demo" });
  const { run } = await firstPause(runner, "career_navigator");
  const good = await run.export();
  const refusals = [
    [{ ...good, format: "something.else" }, /not an exported careergraph run/],
    [{ ...good, version: 2 }, /newer careergraph/],
    [{ ...good, checkpoints: [] }, /holds no checkpoint/],
    [good, /here already/], // still open on this runner's page
  ];
  for (const [exported, message] of refusals) {
    const moved = runner.import(exported);
    await assert.rejects(moved.result(), (error) => {
      assert.ok(error instanceof CareerGraphError);
      assert.equal(error.code, "invalid_input");
      assert.match(error.message, message);
      return true;
    });
  }
  // A blob missing its fields is refused the same way, naming the first one missing.
  await assert.rejects(runner.import({ format: "careergraph.run" }).result(), (error) => {
    assert.equal(error.code, "invalid_input");
    assert.match(error.message, /`workflowId` must be a string|`version`/);
    return true;
  });
  // The original still takes its answers.
  const { state } = await finish(run);
  CHECK_RESULT.career_navigator(state);
});
