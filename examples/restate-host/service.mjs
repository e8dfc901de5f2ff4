// A Restate service that runs careergraph workflows durably: one run is one invocation of the
// `careergraph` Workflow, keyed by the run's thread id. Every pause is a durable promise that the
// shared `answer` handler resolves; every model call the package makes through `fetch` is a
// journaled `ctx.run` step, so a retry after a crash replays the calls already answered instead of
// paying for them again. See README.md for what is durable and what is not yet.
//
//   MOCK_PROVIDER_URL=http://127.0.0.1:N  CAREERGRAPH_API_KEY=sk-…  PORT=9080  node service.mjs
import { createHash } from "node:crypto";
import * as restate from "@restatedev/restate-sdk";
import { Runner } from "careergraph";

// Node 20 (this project's machines) lacks Promise.withResolvers, which the SDK (1.17) calls at run
// time; Node 22 has it.
Promise.withResolvers ??= function withResolvers() {
  let resolve, reject;
  const promise = new this((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
};

const PORT = Number(process.env.PORT ?? 9080);
/** An OpenAI-compatible endpoint (the project's mock provider in the tests), for `provider: "mock"`. */
const MOCK = process.env.MOCK_PROVIDER_URL?.replace(/\/$/, "");
/** The key stays in this process: it is never in an invocation's input, the journal or the state. */
const KEY = process.env.CAREERGRAPH_API_KEY ?? "sk-test-restate-0123456789";
/** Paths under the provider's own host that name the run a model call belongs to (see journaledFetch). */
const RUN_PREFIX = "/__careergraph_run/";

// ---------------------------------------------------------------------------------------------
// Model calls as journaled steps. The package has no per-Runner fetch hook yet: it calls the
// global `fetch`. Each run gets its own `baseUrl` (the provider's host plus /__careergraph_run/KEY),
// so the global wrapper below knows which invocation a call belongs to, strips the prefix and makes
// the call inside that invocation's `ctx.run`. On a retry the journal answers it.
// ---------------------------------------------------------------------------------------------

/** Run key -> { ctx, calls, replayed }, for the runs this process is executing now. */
const journals = new Map();
const hostFetch = globalThis.fetch;

globalThis.fetch = async function journaledFetch(resource, init) {
  const url = new URL(resource instanceof Request ? resource.url : String(resource));
  if (!url.pathname.startsWith(RUN_PREFIX)) return hostFetch(resource, init);
  const request = new Request(resource, init);
  const [runKey, ...rest] = url.pathname.slice(RUN_PREFIX.length).split("/");
  const journal = journals.get(decodeURIComponent(runKey));
  url.pathname = `/${rest.join("/")}`;
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
  const send = () => hostFetch(url, { method: request.method, headers: request.headers, body });
  if (!journal) return send(); // a run this process no longer drives (its attempt ended)

  // One context operation at a time per run: the SDK awaits one Restate promise at a time, and
  // Restate matches journal entries by their order, so calls made in parallel by the package are
  // journaled one after the other, in the order the package made them. The hash of what was asked
  // checks on a replay that the n-th call is the same call.
  const exact = `${request.method} ${url.pathname}\n${body ?? ""}`;
  const hash = sha256(comparable(exact));
  const exactHash = sha256(exact);
  let executed = false;
  const step = journal.step(async () => {
    const n = journal.calls++;
    const record = await journal.ctx.run(`model call ${n}`, async () => {
      executed = true;
      // Not aborted by the package's signal: a call made is journaled whole, whatever the package
      // does with it (the signal only stops the package's wait, below).
      const response = await send();
      const headers = [...response.headers].filter(([name]) => !/^(content-length|content-encoding|transfer-encoding|connection)$/i.test(name));
      return { hash, exactHash, status: response.status, statusText: response.statusText, headers, body: await response.text() };
    });
    if (!executed) {
      journal.replayed++;
      if (record.exactHash !== exactHash) journal.replayedLoosely++;
    }
    if (record.hash !== hash) {
      journal.fail(new restate.TerminalError(`model call ${n} differs from the one in the journal: the run did not replay deterministically`));
    }
    return record;
  });
  const record = await (request.signal
    ? Promise.race([step, new Promise((_, reject) => {
        if (request.signal.aborted) reject(request.signal.reason);
        request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
      })])
    : step);
  return new Response(record.body, { status: record.status, statusText: record.statusText, headers: record.headers });
};

const sha256 = (text) => createHash("sha256").update(text).digest("hex");

/**
 * A model call as compared with the journal on a replay: without what the package draws anew on
 * every attempt and no host can set today, the run's nonce (16 hex digits wrapping the user's texts
 * as `<profile id="…">`, from Math.random) and the clock's ISO timestamps written into the state
 * (`analysis_timestamp`) that later prompts quote.
 */
function comparable(text) {
  const nonce = /id=\\*"([0-9a-f]{16})\\*"/.exec(text)?.[1];
  const masked = nonce ? text.split(nonce).join("<nonce>") : text;
  return masked.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/g, "<time>");
}

function providerConfig(provider, runKey) {
  if (provider === "demo") return undefined;
  if (provider === "mock") {
    if (!MOCK) throw new restate.TerminalError("provider 'mock' needs MOCK_PROVIDER_URL in the service's environment");
    const host = new URL(MOCK).host;
    const baseUrl = `${MOCK}${RUN_PREFIX}${encodeURIComponent(runKey)}/v1`;
    return { provider: "openai", apiKey: KEY, baseUrl, confirmedHost: host };
  }
  throw new restate.TerminalError(`unknown provider '${provider}' (demo or mock)`);
}

/** Events of a run as an async queue: `next()` for the next one, `push()` to add one. */
function eventQueue(run) {
  const waiting = [];
  const queued = [];
  const push = (event) => {
    const next = waiting.shift();
    if (next) next(event);
    else queued.push(event);
  };
  run.subscribe(push);
  const next = () => (queued.length ? Promise.resolve(queued.shift()) : new Promise((resolve) => waiting.push(resolve)));
  return { next, push };
}

const ENDS = new Set(["run_finished", "run_failed", "attempt_ended"]);

export const careergraph = restate.workflow({
  name: "careergraph",
  handlers: {
    /**
     * Runs `workflowId` on `input` to its end. Input: { workflowId, input, provider: "demo"|"mock" }.
     * Output: { state, verdict, pauses, modelCalls }.
     */
    run: async (ctx, { workflowId, input, provider = "demo" }) => {
      const key = ctx.key;
      const runner = new Runner(providerConfig(provider, key));
      const journal = { ctx, calls: 0, replayed: 0, replayedLoosely: 0, chain: Promise.resolve() };
      /** Runs `operation` (which uses ctx) after every earlier one of this run has settled. */
      journal.step = (operation) => {
        const result = journal.chain.then(operation);
        journal.chain = result.catch(() => {});
        return result;
      };
      journals.set(key, journal);
      let run;
      try {
        run = runner.start(workflowId, input);
      } catch (error) {
        journals.delete(key);
        throw new restate.TerminalError(`${error.code ?? "error"}: ${error.message}`);
      }
      // An attempt that ends (suspension, a lost connection, a crash of Restate's side) leaves this
      // handler's promises unresolved: stop the package's run so it does not go on in the background.
      const attempt = ctx.request().attemptCompletedSignal;
      const events = eventQueue(run);
      const onEnd = () => {
        run.cancel();
        events.push({ type: "attempt_ended" });
      };
      // What the fetch wrapper found wrong ends the invocation, not just the package's call.
      journal.fail = (error) => {
        journal.failure ??= error;
        onEnd();
        throw error;
      };
      attempt.addEventListener("abort", onEnd);
      const pauses = [];
      const askedIds = [];
      let replayedPauses = 0;
      try {
        for (;;) {
          const event = await events.next();
          if (ENDS.has(event.type)) break;
          if (journal.failure) throw journal.failure;
          if (event.type !== "interrupted") continue;
          for (const pause of event.interrupts) {
            const index = pauses.length;
            // What was asked, journaled: a replay that asks something else stops here.
            const value = await journal.step(async () => {
              let executed = false;
              const asked = await ctx.run(`pause ${index}`, () => ((executed = true), pause.id));
              if (!executed) replayedPauses++;
              if (asked !== pause.id) {
                throw new restate.TerminalError(`pause ${index} was ${asked}, the replay asked ${pause.id}`);
              }
              askedIds.push(pause.id);
              ctx.set("asked", askedIds);
              ctx.set("pending", [{ id: pause.id, kind: pause.kind, node: pause.node, payload: pause.payload }]);
              const answer = await ctx.promise(pause.id).get();
              ctx.set("pending", []);
              return answer;
            });
            pauses.push(pause.kind);
            run.answer(pause.id, value);
          }
        }
        if (journal.failure) throw journal.failure;
        let state;
        try {
          state = await run.result();
        } catch (error) {
          if (attempt.aborted) throw error; // the attempt is over anyway
          throw new restate.TerminalError(`${error.code ?? "error"}: ${error.message}`);
        }
        const verdict = await run.verdict();
        const output = {
          state,
          verdict,
          pauses,
          modelCalls: journal.calls,
          // This attempt's: calls answered by the journal, and those of them whose request differed
          // from the journaled one in the nonce or a timestamp only.
          replayedCalls: journal.replayed,
          replayedLoosely: journal.replayedLoosely,
          // Pauses this attempt found in the journal (asked by an earlier attempt).
          replayedPauses,
        };
        await journal.step(() => ctx.promise("careergraph:result").resolve(output));
        ctx.console.info(`${key}: ${workflowId} finished, ${journal.calls} model calls (${journal.replayed} from the journal, ${journal.replayedLoosely} of them matched without nonce and timestamps), pauses ${pauses.join(",") || "none"}`);
        return output;
      } catch (error) {
        // A run that cannot finish: `result` callers get its error instead of waiting for ever.
        if (error instanceof restate.TerminalError && !attempt.aborted) {
          await journal.step(() => ctx.promise("careergraph:result").reject(error.message));
        }
        throw error;
      } finally {
        attempt.removeEventListener("abort", onEnd);
        journals.delete(key);
        run.free();
        runner.free();
      }
    },

    /** The pause the run waits on now ([] when none): [{ id, kind, node, payload }]. */
    pending: async (ctx) => (await ctx.get("pending")) ?? [],

    /** Answers pause `id` with `value` (the shape its kind takes, as `RunHandle.answer`). */
    answer: async (ctx, { id, value }) => {
      const asked = (await ctx.get("asked")) ?? [];
      if (!asked.includes(id)) throw new restate.TerminalError(`the run has not asked '${id}'`, { errorCode: 404 });
      await ctx.promise(id).resolve(value);
    },

    /** The run's output once it has finished (waits for it). */
    result: async (ctx) => ctx.promise("careergraph:result").get(),
  },
});

const port = await restate.serve({ services: [careergraph], port: PORT });
console.log(`careergraph restate service on :${port}`);
