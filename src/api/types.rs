//! The TypeScript shapes the Rust types do not declare themselves. Built from the registry: the
//! `Workflows` map that types `start`, `result`, events and `answer` per workflow (each entry names
//! its workflow's derived input, state and pause declarations; its kinds of pause and their answers
//! come from the workflow's `pause_kinds!`). Written by hand: run events, the generic helpers over
//! the map, the `WorkflowInfo` of the workflow list, and the names users know for derived types
//! (`QuestionPayload` for the tailoring's question pause, `BatchRow`, …). Every workflow's state
//! is derived by tsify: its `state!` struct derives Tsify, and so does every record it holds
//! (`TailorState` and `NavigatorState` are the Rust `GraphState` and `CareerNavigatorState`,
//! renamed by `tsify(rename)`, which no field refers to). So are the workflow inputs, each
//! workflow's pauses and answers in its `pause.rs`, the custom events, `Language`,
//! `ProviderConfig` and the session's `ErrorCode`; the package's entry (web/pkg/api.d.ts)
//! declares the public classes over both.
//!
//! A record a model's answer is read into directly keeps its lenient `#[serde(default)]` (a
//! missing field takes its default), so tsify declares all its fields optional (tsify issue #54):
//! `PortfolioAdvice`, `DesignAdvice`, the hiring agents' records, the navigator's analyses. A
//! record only the workflow builds declares its fields required.
//!
//! tests/native/api_types.rs checks these against the Rust side: every state and pause of every
//! workflow's demo run against the workflow's `State` and `Pause` types (each must read and write
//! back the same JSON), and each pause's kind against the kinds its workflow declares.

use wasm_bindgen::prelude::*;

use crate::workflows::pause_kinds::ts_name;
use crate::workflows::{for_each_workflow, PauseKinds, Workflow};

/// The `Workflows` map, one entry per workflow of `for_each_workflow!`, each naming the derived
/// declarations of its input and final state and its pauses' kinds ([`PauseKinds`]): a new
/// workflow adds no line here.
macro_rules! workflows_map {
    ($(($module:ident, $workflow:ident)),* $(,)?) => {
        #[wasm_bindgen(typescript_custom_section)]
        const WORKFLOWS: &str = const_format::concatcp!(
            "/** Each workflow's input, final state, and the kinds of pause it makes with their payload and\n",
            " * the answer `run.answer` takes. `start`, `result`, events and `answer` are typed from it. */\n",
            "export interface Workflows {\n",
            $(
                "  ", <crate::workflows::$module::$workflow as Workflow>::ID, ": {\n",
                "    input: ",
                ts_name(<<crate::workflows::$module::$workflow as Workflow>::Input as tsify::Tsify>::DECL),
                ";\n    state: ",
                ts_name(<<crate::workflows::$module::$workflow as Workflow>::State as tsify::Tsify>::DECL),
                ";\n    interrupts: ",
                <<crate::workflows::$module::$workflow as Workflow>::Pause as PauseKinds>::TYPESCRIPT,
                ";\n  };\n",
            )*
            "}\n"
        );
    };
}
for_each_workflow!(workflows_map);

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
// ---- Names users know for the derived input types ----

/** Input of `resume_review` (derived from the Rust `ReviewRunInput`). */
export type ReviewInput = ReviewRunInput;
/** Input of `resume_tailoring`. The run pauses (`interrupted` events) for questions and review. */
export type TailorInput = TailorRunInput;
/** Input of `hiring_pipeline`: a supervisor routes nine agents into a hiring packet. */
export type HiringInput = HiringRunInput;
/** Input of `career_navigator`. The run pauses for a satisfaction rating of each report and for
 * the confirmation of the final plan. */
export type NavigatorInput = NavigatorRunInput;
/** Input of `batch_screening`: many resumes against one job (derived from `BatchRunInput`). */
export type BatchInput = BatchRunInput;
/** The profile part of `NavigatorInput`. */
export type NavigatorProfile = ProfileInput;

/** Per-agent models used to be part of the provider's configuration; they are a run's option
 * now (`RunOptions`, `start`'s third argument). Still read here, for hosts written before. */
export interface ProviderConfig {
  /** @deprecated Pass `agentModels` in `start`'s options. Still honoured: the runs of this
   * runner started without options use these. */
  agentModels?: Record<string, string>;
}

/** `error.code` of every `CareerGraphError`: the session's codes and the JS API's own. */
export type ErrorCode = SessionErrorCode | "no_pending_interrupt";

// ---- Workflows: one entry per id, the source of every per-workflow type ----

/** What a workflow that never pauses declares as its interrupts. */
export type NoInterrupts = Record<never, never>;

export type WorkflowId = keyof Workflows;
/** The input `start(workflowId, input)` takes for `W`. */
export type InputOf<W extends WorkflowId> = Workflows[W]["input"];
/** The final state of `W`: what `result()` resolves to and `step_done` carries. */
export type StateOf<W extends WorkflowId> = Workflows[W]["state"];
/** The final state of any workflow. */
export type WorkflowState = StateOf<WorkflowId>;
/** The kinds of pause of `W` (`never` for a workflow that does not pause). */
export type InterruptKind<W extends WorkflowId = WorkflowId> =
  W extends WorkflowId ? keyof Workflows[W]["interrupts"] & string : never;
/** The payload of `W`'s pause of kind `K`. */
export type PayloadOf<W extends WorkflowId, K extends string> = W extends WorkflowId
  ? K extends keyof Workflows[W]["interrupts"] ? Workflows[W]["interrupts"][K] extends { payload: infer P } ? P : never : never
  : never;
/** What `run.answer` takes for `W`'s pause of kind `K`. */
export type AnswerOf<W extends WorkflowId, K extends string> = W extends WorkflowId
  ? K extends keyof Workflows[W]["interrupts"] ? Workflows[W]["interrupts"][K] extends { answer: infer A } ? A : never : never
  : never;

declare const interruptKind: unique symbol;
/** An interrupt's id. It carries its kind for the type checker only (at run time it is a plain
 * string), so `run.answer(interrupt.id, value)` checks `value` against that kind; a plain string
 * (e.g. an id you stored) is accepted too, with any answer the workflow takes. */
export type InterruptId<K extends string = string> = string & { readonly [interruptKind]?: K };

/** A pause in a run of `W`, waiting for `run.answer(interrupt.id, answer)`. Switch on `kind`
 * (the payload's `type`) to narrow the payload and the answer. */
export type Interrupt<W extends WorkflowId = WorkflowId> = {
  [K in InterruptKind<W>]: {
    id: InterruptId<K>;
    kind: K;
    /** The node that paused (inside a subgraph: the subgraph's node). */
    node: string;
    /** Where that node is: `[]` at the top, e.g. `["info_collection"]` inside a subgraph. */
    path: string[];
    payload: PayloadOf<W, K>;
  };
}[InterruptKind<W>];

/** A state field that several copies of the state share in Rust (an `append` channel of the
 * engine's `state!`): in JSON it is its value. */
export type Shared<T> = T;

// ---- Interrupt payloads and answers (derived from each workflow's pause.rs; these are the
// names users know for them) ----

/** The member of the tagged union `P` (a workflow's pauses) whose `type` is `K`: one kind of
 * pause's payload. */
export type PauseOf<P extends { type: string }, K extends P["type"]> = Extract<P, { type: K }>;

/** `resume_tailoring` asks about a requirement the resume does not show. */
export type QuestionPayload = PauseOf<TailorPause, "question">;
/** `resume_tailoring` pauses for a human review of the draft. */
export type DraftReviewPayload = PauseOf<TailorPause, "review">;
/** `cover_letter` pauses for the review of the draft letter (no countdown: the run waits). */
export type LetterReviewPayload = PauseOf<CoverLetterPause, "review">;
export type LetterReviewAnswer = CoverLetterAnswer;
/** `career_navigator` asks how satisfied the user is with the report. */
export type SatisfactionPayload = PauseOf<NavigatorPause, "satisfaction">;
/** `career_navigator` asks the user to confirm the final plan. */
export type ConfirmPlanPayload = PauseOf<NavigatorPause, "confirm_plan">;
export type SatisfactionLevelId = UserSatisfactionLevel;
/** `batch_screening`: the estimated spend reached the cap; `deferred` candidates wait. */
export type CostCapPayload = PauseOf<BatchPause, "cost_cap">;
/** `batch_screening`: the provider refused the API key (401/403); `deferred` candidates wait. */
export type KeyRefusedPayload = PauseOf<BatchPause, "key_refused">;
/** Go on (with a new cap, or `null` for none) or stop and rank the rest by their ATS score. */
export type CostCapAnswer = BatchAnswer;

// ---- Names users know for derived state types ----

/** A review round kept as the possible result: what the critics read and said (`best_round`). */
export type ReviewBestRound = BestRound;

/** A resume's deterministic ATS score in a batch (no model). */
export type BatchAtsResult = AtsResult;
/** One candidate's screening (a retry appends a newer one). */
export type BatchCandidateResult = CandidateResult;
/** One row of the batch's ranked table. */
export type BatchRow = RankedRow;

// ---- Run events ----

/** The payload of a `custom` event of `W` (the derived `CustomEvent`): the common ones, and
 * `candidate` on `batch_screening` only. */
export type CustomPayload<W extends WorkflowId = WorkflowId> =
  W extends "batch_screening" ? CustomEvent : Exclude<CustomEvent, { type: "candidate" }>;

/** One moment of a run of `W`; switch on `type`. Only the run's own events (`path: []`) are
 * `node_*`, `step_done`, `interrupted`, `run_finished` and `run_failed`, so each pause arrives
 * once as `interrupted` and `run_finished` is the run's end. */
export type RunEvent<W extends WorkflowId = WorkflowId> =
  | { type: "node_started"; path: []; step: number; node: string; task_id: string }
  | { type: "node_finished"; path: []; step: number; node: string; task_id: string; update: Partial<StateOf<W>> | null }
  | { type: "node_failed"; path: []; step: number; node: string; error: string }
  | { type: "step_done"; path: []; step: number; nodes: string[]; state: StateOf<W> }
  | { type: "interrupted"; path: []; interrupts: Interrupt<W>[] }
  | { type: "custom"; path: string[]; node: string; payload: CustomPayload<W> }
  | { type: "run_finished"; path: []; state: StateOf<W> }
  | { type: "run_failed"; path: []; error: string }
  | SubgraphEvent;

/** What happens inside a subgraph (e.g. `resume_tailoring`'s `["info_collection"]`): its nodes,
 * its steps with its own state, its end. Its pauses are not here: they reach the run's own
 * `interrupted` event. Its `custom` events are plain `custom` events with their `path`. */
export type SubgraphEvent =
  | { type: "subgraph_node_started"; path: string[]; step: number; node: string; task_id: string }
  | { type: "subgraph_node_finished"; path: string[]; step: number; node: string; task_id: string; update: Record<string, unknown> | null }
  | { type: "subgraph_node_failed"; path: string[]; step: number; node: string; error: string }
  | { type: "subgraph_step_done"; path: string[]; step: number; nodes: string[]; state: Record<string, unknown> }
  | { type: "subgraph_finished"; path: string[]; state: Record<string, unknown> }
  | { type: "subgraph_failed"; path: string[]; error: string };

export type RunEventType = RunEvent["type"];

// ---- The workflow list ----

export interface WorkflowInfo {
  id: WorkflowId;
  /** English title and description. */
  title: string;
  description: string;
  /** Both languages, for a page that shows either. */
  titles: { en: string; zh: string };
  descriptions: { en: string; zh: string };
  /** Pauses for the user: answer its `interrupted` events. */
  interactive: boolean;
  /** JSON schema of the `input` that `start` takes for this workflow. */
  inputSchema: Record<string, unknown>;
}
"#;
