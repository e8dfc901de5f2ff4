// The public declarations of the careergraph package (both builds; written next to each build's
// careergraph.d.ts by build.sh, which fills in the list of exported types). The classes are wasm-bindgen's, declared here again with
// per-workflow generics; the types come from careergraph.d.ts, derived from the Rust types
// (tsify) or written in src/api/types.rs. Only what is listed here is the package's API:
// wasm-bindgen's internals (InitOutput, __wbg_*, stream adapters) are not exported.
//
// Requirements of a TypeScript host: `lib` with "ES2018" or later and "DOM" (any browser app's
// default), `strict` and `skipLibCheck: false` both fine.

import type {
  AnswerOf,
  ErrorCode,
  InputOf,
  InterruptId,
  InterruptKind,
  KeptModel,
  ProviderConfig,
  RunEvent,
  RunExport,
  RunOptions,
  StateOf,
  Verdict,
  WorkflowId,
  WorkflowInfo,
} from "./careergraph.js";

// Every type careergraph.d.ts declares (derived from the Rust types or written in
// src/api/types.rs), but wasm-bindgen's own: build.sh writes the list here from that file, so a
// new workflow's types are exported without an edit.
// @EXPORTED_TYPES@

/**
 * What every method throws and every promise rejects with: `message` is meant for users, `code`
 * for programs.
 *
 * ```ts
 * try { await run.result(); } catch (error) {
 *   if (error instanceof CareerGraphError && error.code === "cancelled") return;
 *   throw error;
 * }
 * ```
 */
export declare class CareerGraphError extends Error {
  private constructor();
  readonly name: "CareerGraphError";
  readonly code: ErrorCode;
}

/**
 * Starts workflows on one provider configuration. Holds the API key inside its model only: it is
 * never returned, logged, or put into events and results.
 */
export declare class Runner {
  /**
   * A runner for `config`; without one, the offline demo provider. Throws `missing_key`,
   * `invalid_provider`, `invalid_base_url` or `host_not_confirmed` (a first-party key for a
   * `baseUrl` off the provider's own host needs `confirmedHost` naming that host) when the
   * configuration cannot work.
   *
   * ```ts
   * const runner = new Runner({ provider: "openai", apiKey: "sk-…" });
   * ```
   */
  constructor(config?: ProviderConfig);
  /**
   * Switches provider, model or key for the runs started from now on (runs under way keep
   * theirs). Throws like the constructor and then keeps the previous configuration.
   */
  configure(config: ProviderConfig): void;
  /** The workflows `start` accepts, each with the JSON schema of its input. */
  static workflows(): WorkflowInfo[];
  /** The workflow's graph as a Mermaid flowchart. Throws `unknown_workflow`. */
  static mermaid(workflowId: WorkflowId): string;
  /** The model files kept in this browser for `provider: "in_tab"`. */
  static inTabModels(): Promise<KeptModel[]>;
  /**
   * Keeps a GGUF file the user picked (copied into the Origin Private File System); its `name`
   * goes into `configure({ provider: "in_tab", model: name })`. Throws `model_file`.
   */
  static keepInTabModel(file: File, onProgress?: (done: number, total: number | null) => void, signal?: AbortSignal): Promise<KeptModel>;
  /**
   * Downloads a GGUF file from an `https:` address (or one on the page's own origin) into the kept
   * models; the server must allow the page to fetch it (CORS). Throws `model_file`.
   */
  static downloadInTabModel(url: string, onProgress?: (done: number, total: number | null) => void, signal?: AbortSignal): Promise<KeptModel>;
  /** Deletes a kept model file. */
  static deleteInTabModel(name: string): Promise<void>;
  /** Where wllama's `index.min.js` and `wllama.wasm` are served (default `wllama/` beside the page). */
  static setInTabAssets(url: string): void;
  /**
   * Starts a run of `workflowId` and returns at once; the run goes on in the background. `input`
   * is that workflow's input type; `options` are this run's own choices (`agentModels`: agent
   * name → model of the configured provider). Throws `unknown_workflow` or `invalid_input` (with
   * what to fix) before any model is called.
   *
   * ```ts
   * const run = runner.start("resume_review", { resume, targetRole: "Backend engineer" },
   *   { agentModels: { recruiter: "gpt-4o" } });
   * run.subscribe((event) => console.log(event.type));
   * const state = await run.result(); // ReviewState
   * ```
   */
  start<W extends WorkflowId>(workflowId: W, input: InputOf<W>, options?: RunOptions): RunHandle<W>;
  /**
   * Continues a run another host exported (`run.export()`: the tab, Node, a server) on this
   * runner's provider. The handle's events start with the pauses the run waits on
   * (`interrupted`, answered with `answer()` as where they were asked), or its end when it had
   * finished; a run exported mid-step goes on with that step's unfinished tasks. `result()`
   * rejects with `invalid_input` when `exported` is not a run export, comes from a newer
   * version, or its run is already open on this runner.
   *
   * ```ts
   * const exported = await run.export();                // in the tab, paused
   * const moved = new Runner(config).import(exported);  // on the server
   * ```
   */
  import(exported: RunExport): RunHandle;
  /** Frees the runner's memory in the wasm module; the runner cannot be used afterwards. */
  free(): void;
}

/**
 * One run of workflow `W` under way. Events by `subscribe(callback)` or
 * `for await (const event of run)`, the final state by `result()`, `answer()` for runs that
 * pause to ask, and `cancel()`.
 *
 * ```ts
 * const run = runner.start("resume_tailoring", { resume, jobDescription });
 * for await (const event of run) {
 *   if (event.type !== "interrupted") continue;
 *   for (const pause of event.interrupts) {
 *     if (pause.kind === "question") run.answer(pause.id, { action: "skip" });
 *     else run.answer(pause.id, { decision: "approve" });
 *   }
 * }
 * const state = await run.result(); // TailorState
 * ```
 */
export declare class RunHandle<W extends WorkflowId = WorkflowId> {
  private constructor();
  /**
   * Calls `callback` with every event of the run, in order, starting with those that already
   * happened. Returns a function that unsubscribes. A callback that throws is reported on the
   * console and does not stop the run.
   */
  subscribe(callback: (event: RunEvent<W>) => void): () => void;
  /** `for await (const event of run)`: every event from the start of the run, ending with it. */
  [Symbol.asyncIterator](): EventIterator<W>;
  /**
   * The final state, once the run has ended (after every `answer()` an interactive run needs).
   * Rejects with `cancelled` after `cancel()`, or `run_failed`.
   */
  result(): Promise<StateOf<W>>;
  /**
   * Whether the result is usable, once the run has ended: the workflow's result check against the
   * run's own input. Kept: the resume's name, contact lines, jobs, degrees and sections are still
   * there. Grounded: no employer, title, number or date the user's texts lack (facts the user
   * chose to keep aside). Usable: not empty, looping, far too short, in the other language, or our
   * prompt written back. `problems` is empty when the result is usable; the app shows the same
   * verdict in place of "finished". Rejects as `result()` does.
   *
   * ```ts
   * const { problems } = await run.verdict();
   * if (problems.some((p) => p.kind === "dropped_name")) showOriginal();
   * ```
   */
  verdict(): Promise<Verdict>;
  /** Stops the run: model calls under way are aborted and `result()` rejects with `cancelled`. */
  cancel(): void;
  /**
   * `batch_screening` only (on another workflow's handle it is a type error): stops candidate
   * `id` (`c1`, `c2`, … as its `candidate` events name them) while the batch goes on. It is
   * recorded as `cancelled`, and a retry screens it again. False when that candidate is not
   * waiting or being screened (finished, unknown, or a run of another workflow).
   */
  cancelCandidate(this: RunHandle<"batch_screening">, id: string): boolean;
  /**
   * `batch_screening` only, the one workflow that takes a follow-up (on another workflow's
   * handle it is a type error). Once this run has finished: runs it again on the same thread
   * with its workflow's follow-up (its failed and cancelled candidates are screened again; screened ones
   * keep their results and are not sent again). Returns a new handle for that part, with its own
   * events and `result()` (the whole final state). Throws `invalid_input` when the run has not
   * finished, or has nothing to do again (no failed or cancelled candidate, or a workflow that
   * takes no follow-up).
   *
   * ```ts
   * const state = await run.result();
   * if (state.table.some((row) => row.status === "failed" || row.status === "cancelled")) {
   *   const again = await run.retryFailed().result();
   * }
   * ```
   */
  retryFailed(this: RunHandle<"batch_screening">): RunHandle<"batch_screening">;
  /**
   * Answers the pause `interruptId` (from an `interrupted` event) with `value`, in the shape its
   * kind takes; the run then goes on and `result()` still gives its end. May be called from inside
   * an event callback or a `for await` loop. Throws `no_pending_interrupt` when the run is not
   * waiting for that answer (answered already, or never asked), `invalid_input` when `value` is
   * not JSON.
   */
  answer<K extends InterruptKind<W>>(interruptId: InterruptId<K>, value: AnswerOf<W, K>): void;
  /**
   * The run as it stands, to continue on another host with `runner.import()`: its workflow, the
   * input and options it started with, and every checkpoint of its thread (pending pauses
   * included). Versioned (`format: "careergraph.run"`, `version`); it holds no key and nothing
   * of the provider. Best taken while the run waits for an answer or after it ended. Rejects
   * with `invalid_input` before the run has started.
   */
  export(): Promise<RunExport>;
  /** The workflow's graph as a Mermaid flowchart. */
  readonly mermaid: string;
  /** Frees the handle's memory in the wasm module (the run itself goes on). */
  free(): void;
}

/** The async iterator behind `for await (const event of run)`. */
export declare class EventIterator<W extends WorkflowId = WorkflowId> {
  private constructor();
  next(): Promise<IteratorResult<RunEvent<W>, undefined>>;
  free(): void;
}
