// Drives careergraph runs through Restate (started by test.sh): starts service.mjs, registers it
// with the admin API, starts runs through the ingress, answers their pauses over HTTP, checks the
// results; then kills the service with SIGKILL while a run waits on a pause, restarts it, answers,
// and the run completes; and kills restate-server itself with SIGKILL mid-batch, starts it again
// on the same base dir, and the batch completes as an uninterrupted one did. The mock provider's tests need MOCK_PROVIDER_URL and skip without it.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { openSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";

const INGRESS = process.env.RESTATE_INGRESS;
const ADMIN = process.env.RESTATE_ADMIN;
const PORT = Number(process.env.SERVICE_PORT);
const MOCK = process.env.MOCK_PROVIDER_URL;
const ROOT = process.env.CAREERGRAPH_ROOT;
// The inputs and answers of the package's own Node suite, so both suites run the same runs.
const { INPUTS, CHECK_RESULT, answerFor } = await import(pathToFileURL(join(ROOT, "tests/node/workflows.mjs")).href);

const RESUME = INPUTS.batch_screening.resumes[0].text;
const BATCH = {
  ...INPUTS.batch_screening,
  resumes: [
    { label: "one", text: RESUME },
    { label: "two", text: RESUME.replace("Kafka", "Redis") },
    { label: "three", text: RESUME.replace("Rust, ", "") },
    { label: "four", text: RESUME.replace("2019-2025", "2023-2025") },
  ],
};

// --- the service process ------------------------------------------------------------------------
let service = null;
const log = openSync(process.env.SERVICE_LOG, "a");

async function startService() {
  service = spawn(process.execPath, [process.env.SERVICE_ENTRY], {
    env: { ...process.env, PORT: String(PORT) },
    stdio: ["ignore", log, log],
  });
  writeFileSync(process.env.SERVICE_PID_FILE, String(service.pid));
  for (let i = 0; i < 200; i++) {
    if (service.exitCode !== null) throw new Error(`the service exited with ${service.exitCode}`);
    // The SDK serves HTTP/2 without TLS (h2c), which fetch does not speak: a TCP connect will do.
    const listening = await new Promise((resolve) => {
      const socket = connect(PORT, "127.0.0.1", () => resolve(true) || socket.end());
      socket.on("error", () => resolve(false));
    });
    if (listening) return;
    await sleep(50);
  }
  throw new Error("the service did not listen");
}

async function killService(signal) {
  const exited = new Promise((resolve) => service.once("exit", resolve));
  service.kill(signal);
  await exited;
}

// --- restate-server itself (started by test.sh, which exports how) -------------------------------
const ADMIN_HEALTH = `${ADMIN}/health`;

async function healthy() {
  try {
    return (await fetch(ADMIN_HEALTH, { signal: AbortSignal.timeout(1_000) })).ok;
  } catch {
    return false;
  }
}

/** SIGKILLs restate-server, waits for it to be gone, starts it again on the same base dir. */
async function restartServer() {
  const pid = Number(readFileSync(process.env.RESTATE_SERVER_PID_FILE, "utf8"));
  process.kill(pid, "SIGKILL");
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      break; // gone
    }
    await sleep(50);
  }
  const serverLog = openSync(process.env.RESTATE_SERVER_LOG, "a");
  const server = spawn(
    process.env.RESTATE_SERVER_BIN,
    ["--no-logo", "--base-dir", process.env.RESTATE_BASE_DIR, "--node-name", "test",
      "--bind-ip", "127.0.0.1", "--bind-port", process.env.RESTATE_FABRIC_PORT, "--listen-mode", "tcp"],
    { stdio: ["ignore", serverLog, serverLog], detached: true },
  );
  server.unref();
  writeFileSync(process.env.RESTATE_SERVER_PID_FILE, String(server.pid));
  const started = Date.now();
  while (!(await healthy())) {
    if (Date.now() - started > 60_000) throw new Error("restate-server did not come back within 60 s");
    await sleep(100);
  }
  return Date.now() - started;
}

// --- Restate's HTTP APIs -----------------------------------------------------------------------
async function call(path, body, { timeout = 60_000 } = {}) {
  const response = await fetch(`${INGRESS}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeout),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Rows of Restate's SQL introspection (sys_invocation, sys_journal, state, …). */
async function query(sql) {
  const response = await fetch(`${ADMIN}/query`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ query: sql }),
  });
  const text = await response.text();
  assert.ok(response.ok, `query: ${response.status} ${text}`);
  return JSON.parse(text).rows;
}

const start = (key, workflowId, input, provider) => call(`/careergraph/${key}/run/send`, { workflowId, input, provider });
const pending = (key) => call(`/careergraph/${key}/pending`);
const answer = (key, id, value) => call(`/careergraph/${key}/answer`, { id, value });
const result = (key) => call(`/careergraph/${key}/result`, undefined, { timeout: 120_000 });

/**
 * Waits until run `key` asks something other than the pauses `answered` (ids): its pending
 * pauses. A pause answered stays pending until the run has taken the answer.
 */
async function nextPause(key, answered = [], timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (service.exitCode !== null) throw new Error(`the service exited with ${service.exitCode}`);
    const pauses = await pending(key);
    if (pauses.length && !answered.includes(pauses[0].id)) return pauses;
    await sleep(100);
  }
  throw new Error(`${key}: no pause within ${timeoutMs} ms`);
}

/** Starts a run and answers `expected` pauses (their kinds, in order); resolves to its output. */
async function runThrough(key, workflowId, input, provider, expected) {
  await start(key, workflowId, input, provider);
  const answered = [];
  for (const kind of expected) {
    const [pause] = await nextPause(key, answered);
    answered.push(pause.id);
    assert.equal(pause.kind, kind, `${key}: the pause asked`);
    await answer(key, pause.id, answerFor(pause));
  }
  return result(key);
}

async function mockRequests() {
  return (await (await fetch(`${MOCK}/__mock/requests`)).json()).length;
}

before(async () => {
  await startService();
  const response = await fetch(`${ADMIN}/deployments`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ uri: `http://127.0.0.1:${PORT}`, force: true }),
  });
  assert.ok(response.ok, `registering the service: ${response.status} ${await response.text()}`);
});

after(async () => {
  if (service && service.exitCode === null) await killService("SIGTERM");
});

const unique = `${process.pid}-${Date.now()}`;
const NAVIGATOR_PAUSES = ["satisfaction", "confirm_plan"];
/** Model calls of one uninterrupted run against the mock, per workflow (for the fault test). */
const uninterruptedCalls = {};

for (const provider of ["demo", "mock"]) {
  test(`career_navigator on ${provider}: two pauses answered over HTTP, the plan confirmed`, { timeout: 120_000 }, async (t) => {
    if (provider === "mock" && !MOCK) return t.skip("SKIP: MOCK_PROVIDER_URL is not set (start target/debug/examples/mock_provider --port N)");
    if (MOCK) await fetch(`${MOCK}/__mock/reset`, { method: "POST" });
    const key = `nav-${provider}-${unique}`;
    const output = await runThrough(key, "career_navigator", INPUTS.career_navigator, provider, NAVIGATOR_PAUSES);
    CHECK_RESULT.career_navigator(output.state);
    assert.deepEqual(output.pauses, NAVIGATOR_PAUSES);
    if (provider === "mock") {
      assert.ok(output.modelCalls > 0, "no model call went through the journal");
      assert.equal(await mockRequests(), output.modelCalls, "calls the mock saw vs calls journaled");
      uninterruptedCalls.career_navigator = output.modelCalls;
    } else {
      assert.equal(output.modelCalls, 0);
    }
    t.diagnostic(`${output.modelCalls} model calls, verdict problems: ${output.verdict.problems.length}`);
  });

  test(`batch_screening on ${provider}: ${BATCH.resumes.length} candidates screened`, { timeout: 120_000 }, async (t) => {
    if (provider === "mock" && !MOCK) return t.skip("SKIP: MOCK_PROVIDER_URL is not set (start target/debug/examples/mock_provider --port N)");
    if (MOCK) await fetch(`${MOCK}/__mock/reset`, { method: "POST" });
    const key = `batch-${provider}-${unique}`;
    // Against the mock, a cap the first priced call exceeds: the batch pauses and is told to go on.
    const input = provider === "mock" ? { ...BATCH, costCapUsd: 0.000001 } : BATCH;
    const expected = provider === "mock" ? ["cost_cap"] : [];
    const output = await runThrough(key, "batch_screening", input, provider, expected);
    CHECK_RESULT.batch_screening(output.state, input);
    assert.deepEqual(output.pauses, expected);
    const statuses = output.state.table.map((row) => row.status);
    t.diagnostic(`statuses: ${statuses.join(", ")}; ${output.modelCalls} model calls`);
    if (provider === "mock") assert.equal(await mockRequests(), output.modelCalls, "calls the mock saw vs calls journaled");
  });
}

test("an unknown pause id is refused, and the answer of a pause is taken once", { timeout: 60_000 }, async () => {
  const key = `refuse-${unique}`;
  await start(key, "career_navigator", INPUTS.career_navigator, "demo");
  const [pause] = await nextPause(key);
  await assert.rejects(answer(key, "no-such-pause", { level: 5 }), /has not asked/);
  await answer(key, pause.id, answerFor(pause));
  await assert.rejects(answer(key, pause.id, answerFor(pause)));
  const [plan] = await nextPause(key, [pause.id]);
  await answer(key, plan.id, answerFor(plan));
  CHECK_RESULT.career_navigator((await result(key)).state);
});

for (const provider of ["demo", "mock"]) {
  test(`kill -9 of the service while a ${provider} run waits on a pause: restarted, answered, the run completes`, { timeout: 180_000 }, async (t) => {
    if (provider === "mock" && !MOCK) return t.skip("SKIP: MOCK_PROVIDER_URL is not set (start target/debug/examples/mock_provider --port N)");
    if (MOCK) await fetch(`${MOCK}/__mock/reset`, { method: "POST" });
    const key = `kill-${provider}-${unique}`;
    await start(key, "career_navigator", INPUTS.career_navigator, provider);
    const [first] = await nextPause(key);
    assert.equal(first.kind, "satisfaction");
    const before = MOCK ? await mockRequests() : 0;

    await killService("SIGKILL");
    await startService();
    await answer(key, first.id, answerFor(first));
    const [second] = await nextPause(key, [first.id]);
    assert.equal(second.kind, "confirm_plan");
    await answer(key, second.id, answerFor(second));
    const output = await result(key);
    CHECK_RESULT.career_navigator(output.state);

    // The attempt that finished replayed the first pause from the journal: the run was resumed.
    assert.ok(output.replayedPauses >= 1, "the last attempt asked the first pause again instead of replaying it");
    const [row] = await query(`SELECT status, journal_size FROM sys_invocation WHERE target_service_key = '${key}' AND target_handler_name = 'run'`);
    t.diagnostic(`invocation: ${JSON.stringify(row)}, pauses replayed by the last attempt: ${output.replayedPauses}`);
    if (provider === "mock") {
      const paid = await mockRequests();
      t.diagnostic(
        `model calls: ${before} paid before the kill, ${paid} paid in all, ${output.modelCalls} in the run's journal; ` +
          `the last attempt took ${output.replayedCalls} from the journal (${output.replayedLoosely} differing from it in the nonce or a timestamp only)`,
      );
      assert.ok(output.replayedCalls >= before, "the calls made before the kill were not replayed from the journal");
      // The calls made before the kill are replayed from the journal, not made again.
      assert.equal(paid, output.modelCalls, "calls paid vs calls in the journal");
      if (uninterruptedCalls.career_navigator) assert.equal(paid, uninterruptedCalls.career_navigator, "calls paid vs an uninterrupted run's");
    }
  });
}

test("a run that waits on an answer longer than the inactivity timeout is suspended, and resumed by the answer", { timeout: 120_000 }, async (t) => {
  const provider = MOCK ? "mock" : "demo";
  if (MOCK) await fetch(`${MOCK}/__mock/reset`, { method: "POST" });
  const key = `suspend-${provider}-${unique}`;
  await start(key, "career_navigator", INPUTS.career_navigator, provider);
  const [first] = await nextPause(key);
  // test.sh starts restate-server with a 3 s inactivity timeout.
  let status;
  for (let i = 0; i < 100 && status !== "suspended"; i++) {
    await sleep(100);
    [{ status }] = await query(`SELECT status FROM sys_invocation WHERE target_service_key = '${key}' AND target_handler_name = 'run'`);
  }
  assert.equal(status, "suspended");
  await answer(key, first.id, answerFor(first));
  const [second] = await nextPause(key, [first.id]);
  await answer(key, second.id, answerFor(second));
  const output = await result(key);
  CHECK_RESULT.career_navigator(output.state);
  assert.ok(output.replayedPauses >= 1, "the resumed attempt asked the first pause again");
  t.diagnostic(`${provider}: suspended at the first pause; the last attempt replayed ${output.replayedPauses} pause(s) and ${output.replayedCalls} model call(s)`);
  if (MOCK) assert.equal(await mockRequests(), output.modelCalls, "calls paid vs calls in the journal");
});

/** What a batch decided, candidate by candidate: the ranking a fault must not change. */
const decided = (state) => state.table.map((row) => `${row.id} ${row.status} ${row.overall_score}`);

/** Model calls of an uninterrupted batch (BATCH, every call 300 ms late) and its output. */
let wholeBatch = null;

async function slowMock() {
  await fetch(`${MOCK}/__mock/reset`, { method: "POST" });
  // Every model call takes 300 ms, so a fault lands while the batch is screening.
  await fetch(`${MOCK}/__mock/script`, { method: "POST", body: JSON.stringify({ delay_ms: 300 }) });
}

/**
 * Runs BATCH against the slow mock, does `fault` once the mock has seen 3 calls, and checks the
 * batch completes as an uninterrupted one: one row per candidate, all screened, the same order
 * and scores; at most one call paid twice; the calls journaled before the fault replayed.
 */
async function batchThrough(t, name, fault) {
  if (!wholeBatch) {
    await slowMock();
    const output = await runThrough(`batch-whole-${unique}`, "batch_screening", BATCH, "mock", []);
    wholeBatch = { output, calls: await mockRequests() };
    assert.equal(output.modelCalls, wholeBatch.calls, "the uninterrupted batch: calls paid vs calls journaled");
  }
  const { output: whole, calls: wholeCalls } = wholeBatch;
  await slowMock();
  const key = `batch-${name}-${unique}`;
  await start(key, "batch_screening", BATCH, "mock");
  let before = 0;
  for (let i = 0; i < 600 && before < 3; i++) {
    await sleep(50);
    before = await mockRequests();
  }
  assert.ok(before >= 3 && before < wholeCalls, `the fault must land mid-batch (${before} of ${wholeCalls} calls made)`);
  const { in_flight: inFlight } = await (await fetch(`${MOCK}/__mock/stats`)).json();
  const downFor = await fault();
  const output = await result(key);
  const paid = await mockRequests();

  CHECK_RESULT.batch_screening(output.state, BATCH);
  assert.equal(output.state.table.length, BATCH.resumes.length, "every candidate has one row: none lost, none twice");
  assert.ok(output.state.table.every((row) => row.status === "screened"), `statuses: ${output.state.table.map((r) => r.status)}`);
  assert.deepEqual(decided(output.state), decided(whole.state), "the ranking of an uninterrupted batch");
  t.diagnostic(
    `${name}: after ${before} of ${wholeCalls} calls (${inFlight} in flight), back in ${downFor} ms; ` +
      `paid ${paid} calls in all against ${wholeCalls} uninterrupted (${paid - wholeCalls} paid twice); ` +
      `the last attempt took ${output.replayedCalls} from the journal`,
  );
  // The journal makes one call at a time (service.mjs), so at most one is in flight at the fault
  // (the count above is read a moment before it, so it may read 0 as a call starts).
  assert.ok(paid - wholeCalls <= 1, `calls paid twice (${paid - wholeCalls}) are at most the one in flight at the fault`);
  assert.ok(output.replayedCalls >= before - 1, "the calls journaled before the fault were replayed, not paid again");
}

test("kill -9 of the service mid-batch: started again, the batch completes as an uninterrupted one", { timeout: 240_000 }, async (t) => {
  if (!MOCK) return t.skip("SKIP: MOCK_PROVIDER_URL is not set (start target/debug/examples/mock_provider --port N)");
  await batchThrough(t, "service-killed", async () => {
    const started = Date.now();
    await killService("SIGKILL");
    await startService();
    return Date.now() - started;
  });
});

test("kill -9 of restate-server mid-batch: started again on its base dir, the batch completes as an uninterrupted one", { timeout: 240_000 }, async (t) => {
  if (!MOCK) return t.skip("SKIP: MOCK_PROVIDER_URL is not set (start target/debug/examples/mock_provider --port N)");
  await batchThrough(t, "server-restarted", restartServer);
});
