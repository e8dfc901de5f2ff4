// The npm package in Node against the mock provider (tests/mock_provider, its URL in
// MOCK_PROVIDER_URL): every workflow runs to its end as `provider: "openai"` with a local
// `baseUrl`, its calls made by the host's own global `fetch`, the key sent to the provider only.
// Without MOCK_PROVIDER_URL each test says it skipped.
import assert from "node:assert/strict";
import { test } from "node:test";
import { importPackage } from "./package.mjs";
import { INPUTS, runToEnd } from "./workflows.mjs";

const MOCK = process.env.MOCK_PROVIDER_URL;
const KEY = "sk-test-node-0123456789";
const { Runner } = await importPackage();

function mockRunner() {
  return new Runner({ provider: "openai", apiKey: KEY, baseUrl: `${MOCK}/v1`, confirmedHost: new URL(MOCK).host });
}

/** Runs `body` with the global fetch wrapped to count the calls to the mock's model API. */
async function countingFetch(body) {
  const hostFetch = globalThis.fetch;
  const calls = { count: 0 };
  globalThis.fetch = (request, init) => {
    if (String(request.url ?? request).startsWith(`${MOCK}/v1/`)) calls.count += 1;
    return hostFetch(request, init);
  };
  try {
    return { ...(await body()), calls: calls.count };
  } finally {
    globalThis.fetch = hostFetch;
  }
}

for (const { id } of Runner.workflows()) {
  test(`${id} runs to its end against the mock provider`, { timeout: 60_000 }, async (t) => {
    if (!MOCK) {
      t.skip("MOCK_PROVIDER_URL is not set (start target/debug/examples/mock_provider --port N)");
      return;
    }
    // The mock may hold rules and requests of an earlier suite.
    await fetch(`${MOCK}/__mock/reset`, { method: "POST" });
    // A cap the first priced call exceeds: the batch pauses, and is told to go on without one.
    const input = id === "batch_screening" ? { ...INPUTS[id], costCapUsd: 0.000001 } : INPUTS[id];
    const { state, events, pauses, calls } = await countingFetch(() => runToEnd(mockRunner(), id, input));
    assert.equal(events.at(-1).type, "run_finished");
    assert.ok(!pauses.includes("key_refused"), "the mock refused the key");
    if (id === "batch_screening") assert.deepEqual(pauses, ["cost_cap"]);
    const agentErrors = events.filter((e) => e.type === "custom" && e.payload.type === "agent_error");
    assert.deepEqual(agentErrors, []);
    assert.ok(events.some((e) => e.type === "custom" && e.payload.type === "usage"), "no usage event");

    const seen = await (await fetch(`${MOCK}/__mock/requests`)).json();
    assert.ok(seen.length > 0, "the mock saw no request");
    assert.equal(calls, seen.length, "calls the host's fetch made vs requests the mock saw");
    for (const request of seen) {
      assert.deepEqual(request.headers.find(([name]) => name === "authorization"), ["authorization", `Bearer ${KEY}`]);
    }
    assert.ok(!JSON.stringify({ state, events }).includes(KEY), "the key appears in an event or the state");
  });
}

// Per-agent models are a run's option (`start`'s third argument); those a host still puts in its
// provider configuration (where they used to go) are used by the runs started without options.
test("a run's agentModels pick its agents' models; a configuration's old ones still apply", { timeout: 60_000 }, async (t) => {
  if (!MOCK) {
    t.skip("MOCK_PROVIDER_URL is not set (start target/debug/examples/mock_provider --port N)");
    return;
  }
  const runner = new Runner({
    provider: "openai", apiKey: KEY, baseUrl: `${MOCK}/v1`, confirmedHost: new URL(MOCK).host,
    model: "model-provider",
    agentModels: { tech_writer: "model-config" },
  });
  const modelsOfRun = async (options) => {
    await fetch(`${MOCK}/__mock/reset`, { method: "POST" });
    await runToEnd(runner, "resume_review", INPUTS.resume_review, options);
    const seen = await (await fetch(`${MOCK}/__mock/requests`)).json();
    return [...new Set(seen.filter((r) => r.body).map((r) => JSON.parse(r.body).model))].sort();
  };
  // tech_writer: the configuration's; every other agent: the provider's.
  assert.deepEqual(await modelsOfRun(undefined), ["model-config", "model-provider"]);
  // recruiter: the run's; the configuration's are not used by a run with its own options.
  assert.deepEqual(await modelsOfRun({ agentModels: { recruiter: "model-run" } }), ["model-provider", "model-run"]);
});
