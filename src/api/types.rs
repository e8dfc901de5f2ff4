//! The TypeScript shapes the Rust types do not declare themselves, written by hand: the workflow
//! states not derived yet (`cover_letter`'s and `batch_screening`'s are: their `state!` structs
//! derive Tsify), run events, the `Workflows` map that types `start`, `result`, events and
//! `answer` per workflow, and the names users know for derived types (`QuestionPayload` for the
//! tailoring's question pause, …). The rest is derived by tsify (`#[derive(Tsify)]` on the
//! workflow inputs, each workflow's pauses and answers in its `pause.rs`, the custom events,
//! `Language`, `ProviderConfig`, the session's `ErrorCode`), and the package's entry
//! (web/pkg/api.d.ts) declares the public classes over both.
//!
//! tests/native/api_types.rs checks these against the Rust side: the `Workflows` ids against the
//! registry, every hand-written state field against what demo runs produce, and every state and
//! pause against the workflow's `State` and `Pause` types.

use wasm_bindgen::prelude::*;

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

/** `error.code` of every `CareerGraphError`: the session's codes and the JS API's own. */
export type ErrorCode = SessionErrorCode | "no_pending_interrupt";

// ---- Workflows: one entry per id, the source of every per-workflow type ----

/** What a workflow that never pauses declares as its interrupts. */
export type NoInterrupts = Record<never, never>;

/** Each workflow's input, final state, and the kinds of pause it makes with their payload and
 * the answer `run.answer` takes. `start`, `result`, events and `answer` are typed from it. */
export interface Workflows {
  resume_review: { input: ReviewInput; state: ReviewState; interrupts: NoInterrupts };
  resume_tailoring: {
    input: TailorInput;
    state: TailorState;
    interrupts: {
      question: { payload: QuestionPayload; answer: QuestionAnswer };
      review: { payload: DraftReviewPayload; answer: ReviewAnswer };
    };
  };
  hiring_pipeline: { input: HiringInput; state: HiringState; interrupts: NoInterrupts };
  batch_screening: {
    input: BatchInput;
    state: BatchState;
    interrupts: {
      cost_cap: { payload: CostCapPayload; answer: CostCapAnswer };
      key_refused: { payload: KeyRefusedPayload; answer: CostCapAnswer };
    };
  };
  career_navigator: {
    input: NavigatorInput;
    state: NavigatorState;
    interrupts: {
      satisfaction: { payload: SatisfactionPayload; answer: SatisfactionAnswer };
      confirm_plan: { payload: ConfirmPlanPayload; answer: ConfirmPlanAnswer };
    };
  };
  cover_letter: {
    input: CoverLetterInput;
    state: CoverLetterState;
    interrupts: {
      review: { payload: LetterReviewPayload; answer: LetterReviewAnswer };
    };
  };
}

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

// ---- Final states (the fields a page shows; `step_done` and `result()` carry them) ----

export interface ResumeSection { title: string; body: string }
export interface Resume { text: string; sections: ResumeSection[] }

export interface Issue {
  severity: "low" | "medium" | "high";
  section: string;
  description: string;
  suggestion: string;
}

export interface Feedback {
  agent_name: string;
  /** 0–10. */
  score: number;
  strengths: string[];
  issues: Issue[];
  suggestions: string[];
  /** Present when the critic gave no evaluation (its call failed): `score` then means nothing
   * and the integrated score leaves it out. */
  error?: string;
}

/** A review round kept as the possible result: what the critics read and said. */
export interface ReviewBestRound {
  round: number;
  score: number;
  resume: Resume;
  revised_resume: string | null;
  ungrounded_facts: Fact[];
  dropped_facts: DroppedFact[];
  feedback: Feedback[];
}

export interface FactCheck { dropped: string[]; added: string[] }

export interface Revision {
  iteration: number;
  text: string;
  changes: string[];
  fact_check: FactCheck;
  /** False when the revision changed facts and the previous text was kept. */
  accepted: boolean;
}

export interface PortfolioPiece { title: string; description: string; demonstrates: string }
export interface PortfolioAdvice { summary: string; pieces: PortfolioPiece[] }
export interface DesignAdvice { readability_score: number; layout_issues: string[]; recommendations: string[] }




/** The final state of `resume_tailoring` (the fields a page shows; the run has more). */
export interface TailorState {
  original_resume: string;
  job_description: string;
  current_draft: string;
  tailored_resume: string;
  ats_score: number;
  target_ats_objective: number;
  keywords_matched: string[];
  keywords_missing: string[];
  /** The master resume with the user's answers added; store it when `master_resume_updated`. */
  master_resume: string;
  master_resume_updated: boolean;
  human_decision: "approved" | "revise" | "timeout" | "error" | null;
  human_feedback: string | null;
  /** The last draft's facts not in the resume, master resume or answers: kept by the user (in
   * `tailored_resume`), and removed from it (removed by the user or undecided). */
  ungrounded_kept: Fact[];
  ungrounded_removed: Fact[];
  warnings: string[];
  /** Agents (node names) whose call failed and that the run went on without, once per failure:
   * the result was made without them. */
  failed_steps: string[];
  error: string | null;  /** Suspicious lines of the input (prompt injection, hidden text), found before any model call. */
  injection_findings: InjectionFinding[];

}


/** The final state of `career_navigator` (the fields a page shows; the run has more). */
export interface NavigatorState {
  session_id: string;
  current_stage: "initial" | "planning" | "parallel_analysis" | "result_integration" | "user_feedback" | "goal_decomposition" | "schedule_planning" | "final_confirmation" | "completed";
  language: Language;
  start_date: string;
  integrated_report: IntegratedReport | null;
  career_goals: CareerGoals | null;
  final_plan: FinalPlan | null;
  plan_confirmed: boolean;
  iteration_count: number;
  max_iterations: number;
  iteration_limit_reached: boolean;
  user_feedback_history: { feedback_id: string; satisfaction_level: SatisfactionLevelId; feedback_text: string; iteration: number; timestamp: string }[];
  error_log: { error: string; timestamp: string; session_id: string; stage: string; agent: string }[];
  /** Suspicious lines of the input (prompt injection, hidden text), found before any model call. */
  injection_findings: InjectionFinding[];
  system_metrics: {
    response_time: number;
    agent_success_rate: Record<string, number>;
    user_satisfaction_avg: number | null;
    iteration_count: number;
    max_iterations: number;
    error_count: number;
    last_updated: string;
  };
}

/** Background from the two documents only: `web_access` is always false and `limitations` says so. */
export interface ResearchAnalysis {
  web_access: false; sources: string[]; summary: string; career_trajectory: string;
  points_to_verify: string[]; limitations: string;
}
export interface InterviewQuestion { question: string; purpose: string; listen_for: string }
export interface InterviewQuestions { focus: string; questions: InterviewQuestion[] }
export interface EmailDraft { recipient: string; subject: string; body: string }
/** Why the supervisor routed where it did (see the workflow's routing rules). */
export type RouteReason = "model" | "loop_broken" | "parse_failure" | "finished_early" | "step_limit" | "all_done";
export interface RouteStep {
  step: number;
  /** What the model answered; null when it was not asked or its answer was unreadable. */
  proposed: string | null;
  /** The agent dispatched, or "finished". */
  next: string;
  reason: RouteReason;
  note: string;
  /** Agents whose output existed when the decision was made. */
  available: string[];
}

/** The final state of `hiring_pipeline` (docs/workflows/hiring_pipeline.md; each agent's output typed). */
export interface HiringState {
  task: string;
  resume_text: string;
  jd_text: string;
  workflow_stage: string;
  next_agent: string;
  candidate_profile: CandidateProfile | null;
  jd_analysis: JdAnalysis | null;
  matching_analysis: MatchingAnalysis | null;
  research_analysis: ResearchAnalysis | null;
  hr_questions: InterviewQuestions | null;
  technical_questions: InterviewQuestions | null;
  ceo_questions: InterviewQuestions | null;
  evaluation: Evaluation | null;
  email_content: EmailDraft | null;
  completed: boolean;
  /** The supervisor's last failure to read the model's decision (the run went on). */
  error: string | null;
  workflow_history: string[];
  routing: RouteStep[];
  warnings: string[];
  language: Language;  /** Suspicious lines of the input (prompt injection, hidden text), found before any model call. */
  injection_findings: InjectionFinding[];

}







/** The final state of `resume_review`. */
export interface ReviewState {
  resume: Resume;
  original_resume: Resume;
  target_role: string;
  recruiter_feedback: Feedback | null;
  tech_writer_feedback: Feedback | null;
  copywriter_feedback: Feedback | null;
  current_feedback: Feedback[];
  feedback_history: Feedback[][];
  integrated_score: number;
  threshold_met: boolean;
  current_iteration: number;
  /** The integrated score (0–10) of the last round: the mean of the critics that answered
   * (a failed critic's feedback has `error` and is left out). With fewer than 2 answering the
   * score is not meaningful and `threshold_met` is false. When the review ended on a round
   * scoring lower than an earlier one, the result (`resume`, `revised_resume`,
   * `ungrounded_facts`, `dropped_facts`, `current_feedback`, `integrated_score`, `final_score`) is that best round's. */
  final_score: number;
  /** The best round with a meaningful score (null before one). */
  best_round: ReviewBestRound | null;
  threshold: number;
  max_iterations: number;
  design_review: boolean;
  revised_resume: string | null;
  revision_history: Revision[];
  /** Facts of `resume` (the latest accepted revision) not in `original_resume`, with byte spans
   * in `resume.text` (UTF-8): a resume exported from the result carries only those the user keeps. */
  ungrounded_facts: Fact[];
  /** What `resume` lost of `original_resume` (contact details, whole sections, organisations,
   * schools, dates, degrees), each with the original lines holding it: a resume exported from the
   * result puts back every one whose deletion the user does not keep. */
  dropped_facts: DroppedFact[];
  portfolio_advice: PortfolioAdvice | null;
  design_advice: DesignAdvice | null;
  /** Things the user should know that did not stop the run (failed agents, revisions that changed facts). */
  warnings: string[];
  /** Set only while `retryFailed()` asks the result round's failed critics again ("Retry failed
   * critics"); empty otherwise. */
  retry_critics: string[];
  /** Suspicious lines of the input (prompt injection, hidden text), found before any model call. */
  injection_findings: InjectionFinding[];
}
"#;
