//! The TypeScript shapes of everything that crosses the API, written out by hand because the Rust
//! side passes JSON (`serde_json::Value`) through: the .d.ts must still say what is in it.
//! Keep in step with `session` (config, input, errors), `graph::StreamEvent`, the review's custom
//! payloads (`workflows/resume_review/call.rs`) and `ReviewState`.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** Which model provider runs the agents. `demo` needs no network and no key. */
export type ProviderKind = "demo" | "openai" | "anthropic" | "gemini" | "openai_compatible";

/** What `new Runner(config)` and `runner.configure(config)` take. */
export interface ProviderConfig {
  provider?: ProviderKind;
  /** Empty or absent: the provider's default model (required for `openai_compatible`). */
  model?: string | null;
  /** Required for openai, anthropic and gemini. Sent to the provider only; never logged or returned. */
  apiKey?: string | null;
  /** Empty or absent: the provider's own endpoint (required for `openai_compatible`). */
  baseUrl?: string | null;
  /** Agent (node) name → model, e.g. `{ recruiter: "gpt-4o" }`. */
  agentModels?: Record<string, string>;
}

export type WorkflowId = "resume_review" | "resume_tailoring" | "hiring_pipeline";

export interface WorkflowInfo {
  id: WorkflowId;
  title: string;
  description: string;
  /** JSON schema of the `input` that `start` takes for this workflow. */
  inputSchema: Record<string, unknown>;
}

/** Output language of a run: English or Simplified Chinese. */
export type Language = "en" | "zh";

/** Input of `resume_review`. */
export interface ReviewInput {
  /** Markdown, plain text or JSON Resume; at most 60 000 characters. */
  resume: string;
  /** Target role or job description; at most 60 000 characters. */
  targetRole: string;
  /** Score (0–10) at which revising stops. Default 8. */
  threshold?: number;
  /** Review rounds (1–10). Default 3. */
  maxIterations?: number;
  /** Whether the design (layout) review runs at the end. Default true. */
  designReview?: boolean;
  /** Language the agents write in. Default "en". */
  language?: Language;
}

/** Input of `resume_tailoring`. The run pauses (`interrupted` events) for questions and review. */
export interface TailorInput {
  /** The resume to tailor: Markdown or plain text. */
  resume: string;
  /** The job description, as text. */
  jobDescription: string;
  /** The full master resume the answers are added to (defaults to `resume`). */
  masterResume?: string;
  userId?: string;
  jobId?: string;
  /** ATS score (0–100) the draft aims for. Default 80. */
  targetAtsScore?: number;
  /** Pause for a human review of the draft. Default true. */
  humanReview?: boolean;
  /** After this many seconds the page answers the review with `{ decision: "timeout" }`. Default 600. */
  reviewTimeoutSeconds?: number;
  maxQuestions?: number;
  maxRevisions?: number;
  /** Language the agents write in. Default "en". */
  language?: Language;
}

/** Input of `hiring_pipeline`: a supervisor routes nine agents into a hiring packet. */
export interface HiringInput {
  /** The candidate's resume: Markdown or plain text; at most 60 000 characters. */
  resume: string;
  /** The job description, as text; at most 60 000 characters. */
  jobDescription: string;
  /** The language the agents write in. Default "en". */
  language?: "en" | "zh";
  /** What the hiring team wants (defaults to a full hiring packet). */
  task?: string;
}

/** What `run.answer(id, value)` takes for `resume_tailoring`'s two kinds of pause. */
export type QuestionAnswer = string | { action: "answer"; answer: string } | { action: "skip" } | { action: "stop"; answer?: string };
export type ReviewAnswer = { decision: "approve" } | { decision: "revise"; feedback: string } | { decision: "timeout" };

/** `error.code` of every `CareerGraphError`. */
export type ErrorCode =
  | "unknown_workflow"
  | "invalid_input"
  | "missing_key"
  | "invalid_provider"
  | "cancelled"
  | "run_failed"
  | "no_pending_interrupt";

/** What every method throws and every promise rejects with. `message` is meant for users. */
export interface CareerGraphError extends Error {
  name: "CareerGraphError";
  code: ErrorCode;
}

/** A pause in a run, waiting for `run.answer(id, value)`. */
export interface Interrupt {
  id: string;
  node: string;
  path: string[];
  payload: unknown;
}

/** Live text of one agent's answer as it streams in. */
export interface DeltaPayload {
  type: "delta";
  agent: string;
  iteration: number;
  delta: string;
}

/** Tokens and cost of one finished model call. */
export interface UsagePayload {
  type: "usage";
  agent: string;
  iteration: number;
  provider: string;
  model: string;
  input_tokens: number;
  output_tokens: number;
  /** Null when the model's price is unknown. */
  cost_usd: number | null;
  /** Whether the answer needed a repair retry to fit its schema. */
  repaired: boolean;
}

/** An agent failed (e.g. the key was refused); the run went on without it. */
export interface AgentErrorPayload {
  type: "agent_error";
  agent: string;
  iteration: number;
  error: string;
}

export type ReviewPayload = DeltaPayload | UsagePayload | AgentErrorPayload;

/** One moment of a run; switch on `type`. `path` is the subgraph path, empty at the top. */
export type RunEvent =
  | { type: "node_started"; path: string[]; step: number; node: string; task_id: string }
  | { type: "node_finished"; path: string[]; step: number; node: string; task_id: string; update: Partial<ReviewState> | null }
  | { type: "node_failed"; path: string[]; step: number; node: string; error: string }
  | { type: "step_done"; path: string[]; step: number; nodes: string[]; state: ReviewState }
  | { type: "interrupted"; path: string[]; interrupts: Interrupt[] }
  | { type: "custom"; path: string[]; node: string; payload: ReviewPayload }
  | { type: "run_finished"; path: string[]; state: ReviewState }
  | { type: "run_failed"; path: string[]; error: string };

export type RunEventType = RunEvent["type"];

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
  warnings: string[];
  error: string | null;
}

/** What `run.result()` resolves to: the final state of the workflow that ran. */
export type WorkflowState = ReviewState | TailorState | HiringState;

export interface ProfileRole { title: string; organization: string; period: string; highlights: string[] }
export interface CandidateProfile {
  name: string; headline: string; summary: string; years_experience: number;
  skills: string[]; experience: ProfileRole[]; education: string[]; certifications: string[];
}
export interface JdAnalysis {
  title: string; seniority: string; summary: string;
  must_have: string[]; nice_to_have: string[]; responsibilities: string[];
}
export interface MatchingAnalysis {
  /** 0–100. */
  score: number; summary: string;
  matched_skills: string[]; missing_skills: string[]; strengths: string[]; gaps: string[];
}
/** Background from the two documents only: `web_access` is always false and `limitations` says so. */
export interface ResearchAnalysis {
  web_access: false; sources: string[]; summary: string; career_trajectory: string;
  points_to_verify: string[]; limitations: string;
}
export interface InterviewQuestion { question: string; purpose: string; listen_for: string }
export interface InterviewQuestions { focus: string; questions: InterviewQuestion[] }
export type Recommendation = "strong_hire" | "hire" | "hold" | "no_hire";
export interface Evaluation {
  recommendation: Recommendation;
  /** 0–100. */
  overall_score: number; summary: string; strengths: string[]; concerns: string[]; next_steps: string[];
}
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

/** The final state of `hiring_pipeline` (seed 002's HiringState; each agent's output typed). */
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
  language: "en" | "zh";
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
  /** The integrated score (0–10) of the last round. */
  final_score: number;
  threshold: number;
  max_iterations: number;
  design_review: boolean;
  revised_resume: string | null;
  revision_history: Revision[];
  portfolio_advice: PortfolioAdvice | null;
  design_advice: DesignAdvice | null;
  /** Things the user should know that did not stop the run (failed agents, rejected revisions). */
  warnings: string[];
}
"#;
