// Uses the package the way a TypeScript host app would; `tsc -p examples` checks it against the
// generated .d.ts, so a change that breaks the declared shapes (or turns them into `any`) fails.
import init, { Runner } from "careergraph/web";
// The bundler build (the package's default import) must declare the same API.
import { Runner as BundlerRunner } from "careergraph";
import type {
  CareerGraphError,
  ErrorCode,
  ProviderConfig,
  ReviewInput,
  ReviewState,
  TailorInput,
  HiringInput,
  HiringState,
  WorkflowState,
  QuestionAnswer,
  ReviewAnswer,
  RunEvent,
  WorkflowInfo,
} from "careergraph/web";

function describe(event: RunEvent): string {
  switch (event.type) {
    case "node_started":
      return `${event.node} started at step ${event.step}`;
    case "node_finished":
      return `${event.node} finished`;
    case "node_failed":
      return `${event.node} failed: ${event.error}`;
    case "step_done":
      return `step ${event.step}: score so far ${event.state.integrated_score}`;
    case "interrupted":
      return `waiting: ${event.interrupts.map((i) => i.id).join(", ")}`;
    case "custom":
      switch (event.payload.type) {
        case "delta":
          return event.payload.delta;
        case "usage":
          return `${event.payload.model}: ${event.payload.input_tokens + event.payload.output_tokens} tokens`;
        case "agent_error":
          return `${event.payload.agent}: ${event.payload.error}`;
      }
    // falls through: the payload union is exhaustive, tsc knows this is unreachable
    case "run_finished":
      return `final score ${event.state.final_score}`;
    case "run_failed":
      return event.error;
  }
}

function isCareerGraphError(error: unknown): error is CareerGraphError {
  return error instanceof Error && "code" in error;
}

export async function review(resume: string, apiKey: string): Promise<number | ErrorCode> {
  await init();
  const workflows: WorkflowInfo[] = Runner.workflows();
  const diagram: string = Runner.mermaid(workflows[0].id);
  console.log(diagram);

  const config: ProviderConfig = { provider: "openai", apiKey, agentModels: { recruiter: "gpt-4o" } };
  const input: ReviewInput = { resume, targetRole: "Staff engineer", maxIterations: 2 };
  try {
    const runner = new Runner(config);
    runner.configure({ provider: "demo" });
    const run = runner.start("resume_review", input);
    const unsubscribe: () => void = run.subscribe((event) => console.log(describe(event)));
    for await (const event of run) {
      if (event.type === "interrupted") run.answer(event.interrupts[0].id, { approve: true });
    }
    unsubscribe();
    const state = await run.result();
    if (!isReviewState(state)) throw new Error("a review ends with a ReviewState");
    const firstIssue = state.current_feedback[0]?.issues[0]?.severity;
    console.log(firstIssue, state.design_advice?.readability_score, state.warnings);
    return state.final_score;
  } catch (error) {
    if (isCareerGraphError(error)) return error.code;
    throw error;
  }
}

export function typesAreNotAny(runner: Runner): void {
  // @ts-expect-error: only listed workflow ids are accepted
  runner.start("no_such_workflow", { resume: "", targetRole: "" });
  // @ts-expect-error: targetRole is required
  runner.start("resume_review", { resume: "" });
  // @ts-expect-error: providers are a closed list
  runner.configure({ provider: "llama" });
  // @ts-expect-error: error codes are a closed list
  const code: ErrorCode = "oops";
  void code;
}

export async function bundlerBuild(resume: string): Promise<number> {
  const run = new BundlerRunner({ provider: "demo" }).start("resume_review", { resume, targetRole: "SRE" });
  const state = await run.result();
  return isReviewState(state) ? state.final_score : 0;
}

function isReviewState(state: WorkflowState): state is ReviewState {
  return "final_score" in state;
}

/** Tailoring pauses for questions and a review; the host answers each pause in its own UI. */
export async function tailor(runner: Runner, resume: string, jobDescription: string): Promise<number> {
  const input: TailorInput = { resume, jobDescription, maxQuestions: 2 };
  const run = runner.start("resume_tailoring", input);
  run.subscribe((event) => {
    if (event.type !== "interrupted") return;
    const pause = event.interrupts[0];
    const isReview = (pause.payload as { type?: string }).type === "review";
    const answer: QuestionAnswer | ReviewAnswer = isReview ? { decision: "approve" } : { action: "skip" };
    run.answer(pause.id, answer);
  });
  const state = await run.result();
  return isReviewState(state) ? state.final_score : "ats_score" in state ? state.ats_score : 0;
}

function isHiringState(state: WorkflowState): state is HiringState {
  return "workflow_history" in state;
}

/** The hiring packet: the recommendation and the email draft, in Chinese. */
export async function hire(runner: Runner, resume: string, jobDescription: string): Promise<string> {
  const input: HiringInput = { resume, jobDescription, language: "zh" };
  const state = await runner.start("hiring_pipeline", input).result();
  if (!isHiringState(state)) return "";
  const trail = state.routing.map((step) => `${step.next} (${step.reason})`).join(" → ");
  return `${state.evaluation?.recommendation ?? "none"}: ${state.email_content?.subject ?? ""} [${trail}]`;
}
