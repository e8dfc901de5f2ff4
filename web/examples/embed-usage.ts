// Uses the package the way a TypeScript host app would; `tsc -p examples` checks it against the
// package's declarations (`make pkg` first), so a change that breaks the declared shapes, loses
// the per-workflow typing, or turns them into `any` fails. The @ts-expect-error lines are the
// mistakes the declarations must refuse.
import init, { CareerGraphError, Runner } from "careergraph/web";
// The bundler build (the package's default import) must declare the same API.
import { Runner as BundlerRunner, CareerGraphError as BundlerError } from "careergraph";
import type {
  ErrorCode,
  HiringInput,
  Interrupt,
  NavigatorInput,
  ProviderConfig,
  ReviewInput,
  ReviewState,
  RunEvent,
  RunHandle,
  TailorInput,
  TailorState,
  WorkflowId,
  WorkflowInfo,
  WorkflowState,
} from "careergraph/web";

function describe(event: RunEvent<"resume_review">): string {
  switch (event.type) {
    case "node_started":
      return `${event.node} started at step ${event.step}`;
    case "node_finished":
      return `${event.node} finished (${Object.keys(event.update ?? {}).join(", ")})`;
    case "node_failed":
      return `${event.node} failed: ${event.error}`;
    case "step_done":
      // Typed per workflow: a review's step carries a ReviewState.
      return `step ${event.step}: score so far ${event.state.integrated_score}`;
    case "interrupted":
      // A review never pauses: its interrupts are `never`.
      return `waiting: ${event.interrupts.length}`;
    case "custom":
      switch (event.payload.type) {
        case "delta":
          return event.payload.delta;
        case "delta_reset":
          // A stream cut mid-answer is asked again: drop what this agent streamed so far.
          return `${event.payload.agent}: (streaming again)`;
        case "clamped":
          return `${event.payload.agent}: ${event.payload.notes.join(" ")}`;
        case "structured_mode":
          return `the server accepted ${event.payload.mode}`;
        case "usage":
          return `${event.payload.model}: ${event.payload.input_tokens + event.payload.output_tokens} tokens`;
        case "agent_error":
          return `${event.payload.agent}: ${event.payload.error}`;
        // @ts-expect-error: only batch_screening sends `candidate` payloads, never a review
        case "candidate":
          return "unreachable";
      }
    // falls through: the payload union is exhaustive, tsc knows this is unreachable
    case "run_finished":
      return `final score ${event.state.final_score}`;
    case "run_failed":
      return event.error;
    default:
      // Subgraph events: where they happened, and what.
      return `${event.path.join("/")}: ${event.type}`;
  }
}

export async function review(resume: string, apiKey: string): Promise<number | ErrorCode> {
  await init();
  const workflows: WorkflowInfo[] = Runner.workflows();
  const diagram: string = Runner.mermaid(workflows[0].id);
  console.log(diagram, workflows[0].titles.zh, workflows[0].interactive);

  const config: ProviderConfig = { provider: "openai", apiKey };
  const input: ReviewInput = { resume, targetRole: "Staff engineer", maxIterations: 2, language: "zh" };
  try {
    const runner = new Runner(config);
    // A first-party key for another host than the provider's own: only with that host confirmed.
    runner.configure({ provider: "openai", apiKey, baseUrl: "https://llm-proxy.example/v1", confirmedHost: "llm-proxy.example" });
    runner.configure({ provider: "demo" });
    // A run's own choices: here the recruiter agent calls another model of the provider.
    const run = runner.start("resume_review", input, { agentModels: { recruiter: "gpt-4o" } });
    const unsubscribe: () => void = run.subscribe((event) => console.log(describe(event)));
    for await (const event of run) console.log(event.type);
    unsubscribe();
    // No narrowing needed: a review resolves to a ReviewState.
    const state = await run.result();
    const firstIssue = state.current_feedback[0]?.issues[0]?.severity;
    console.log(firstIssue, state.design_advice?.readability_score, state.warnings);
    return state.final_score;
  } catch (error) {
    // A class, so `instanceof` works; `code` is the ErrorCode union.
    if (error instanceof CareerGraphError) return error.code;
    throw error;
  }
}

export async function typesAreNotAny(runner: Runner, resume: string): Promise<void> {
  // @ts-expect-error: only listed workflow ids are accepted
  runner.start("no_such_workflow", { resume: "", targetRole: "" });
  // @ts-expect-error: targetRole is required
  runner.start("resume_review", { resume: "" });
  // @ts-expect-error: the input must be the workflow's own (this is a tailoring input)
  runner.start("resume_review", { resume, jobDescription: "SRE" });
  // @ts-expect-error: providers are a closed list
  runner.configure({ provider: "llama" });
  // @ts-expect-error: error codes are a closed list
  const code: ErrorCode = "oops";
  void code;

  const review: ReviewState = await runner.start("resume_review", { resume, targetRole: "SRE" }).result();
  // @ts-expect-error: a review does not resolve to a tailoring state
  const tailored: TailorState = await runner.start("resume_review", { resume, targetRole: "SRE" }).result();
  void review, tailored;

  const run = runner.start("resume_tailoring", { resume, jobDescription: "SRE" });
  run.subscribe((event) => {
    if (event.type !== "interrupted") return;
    for (const pause of event.interrupts) {
      if (pause.kind === "question") {
        const missing: string = pause.payload.missing_item;
        void missing;
        // @ts-expect-error: a question is not answered with a review decision
        run.answer(pause.id, { decision: "approve" });
      } else {
        const draft: string = pause.payload.resume_draft;
        void draft;
        // @ts-expect-error: a draft review is not answered with a question's action
        run.answer(pause.id, { action: "skip" });
      }
      // @ts-expect-error: not an answer any tailoring pause takes
      run.answer(pause.id, { confirm: true });
    }
  });
  // A stored id is a plain string: accepted, with any answer the workflow takes.
  const stored: string = "5:info_collection/2:question_asker#0";
  run.answer(stored, "Redis in production, 2 years");

  const plain = runner.start("hiring_pipeline", { resume, jobDescription: "SRE" });
  // @ts-expect-error: a hiring run never pauses, so it takes no answer
  plain.answer("any", { decision: "approve" });
  // @ts-expect-error: only a batch stops one candidate
  run.cancelCandidate("c1");
  // @ts-expect-error: only a batch takes a follow-up
  plain.retryFailed();
}

/** A batch: its `candidate` events, one candidate stopped, then the failed ones again. */
export async function screenBatch(runner: Runner, resume: string): Promise<number> {
  const batch = runner.start("batch_screening", {
    jobDescription: "SRE",
    resumes: [{ label: "a.md", text: resume }, { label: "b.md", text: resume }],
  });
  for await (const event of batch) {
    if (event.type === "custom" && event.payload.type === "candidate") {
      // Where one candidate's screening stands, typed on batch_screening's handle.
      if (event.payload.stage === "parse" && event.payload.id === "c2") batch.cancelCandidate("c2");
    }
  }
  const first = await batch.result();
  const again = batch.retryFailed();
  const state = await again.result();
  return state.table.length + first.table.length;
}

export async function bundlerBuild(resume: string): Promise<number> {
  try {
    const run = new BundlerRunner({ provider: "demo" }).start("resume_review", { resume, targetRole: "SRE" });
    return (await run.result()).final_score;
  } catch (error) {
    if (error instanceof BundlerError && error.code === "cancelled") return 0;
    throw error;
  }
}

/** The answer a host gives each pause: typed by its kind. */
function answerTailoring(run: RunHandle<"resume_tailoring">, pause: Interrupt<"resume_tailoring">): void {
  switch (pause.kind) {
    case "question":
      run.answer(pause.id, pause.payload.index === 1 ? "I ran Redis at Tillpoint" : { action: "skip" });
      break;
    case "review":
      run.answer(pause.id, pause.payload.ats_score >= pause.payload.target_score ? { decision: "approve" } : { decision: "revise", feedback: "Use more of the job's words." });
      break;
  }
}

/** Tailoring pauses for questions and a review; the host answers each pause in its own UI. */
export async function tailor(runner: Runner, resume: string, jobDescription: string): Promise<number> {
  const input: TailorInput = { resume, jobDescription, maxQuestions: 2 };
  const run = runner.start("resume_tailoring", input);
  for await (const event of run) {
    if (event.type === "interrupted") for (const pause of event.interrupts) answerTailoring(run, pause);
    if (event.type === "step_done") console.log(event.state.ats_score);
  }
  const state = await run.result();
  return state.ats_score;
}

/** The hiring packet: the recommendation and the email draft, in Chinese. */
export async function hire(runner: Runner, resume: string, jobDescription: string): Promise<string> {
  const input: HiringInput = { resume, jobDescription, language: "zh" };
  const state = await runner.start("hiring_pipeline", input).result();
  const trail = state.routing.map((step) => `${step.next} (${step.reason})`).join(" → ");
  return `${state.evaluation?.recommendation ?? "none"}: ${state.email_content?.subject ?? ""} [${trail}]`;
}

/** A career plan: rate each report (here: satisfied at once) and confirm the plan. */
export async function planCareer(runner: Runner, goal: string): Promise<number> {
  const input: NavigatorInput = { goal, profile: { currentPosition: "Engineer", skills: ["Go"] }, language: "zh" };
  const run = runner.start("career_navigator", input);
  run.subscribe((event) => {
    if (event.type !== "interrupted") return;
    for (const pause of event.interrupts) {
      if (pause.kind === "satisfaction") run.answer(pause.id, { level: pause.payload.levels[3].id, feedback: "" });
      else run.answer(pause.id, { confirm: pause.payload.plan !== null });
    }
  });
  const state = await run.result();
  // The plan's fields are optional in its derived type: the Rust type reads a model's answer with
  // missing fields as their defaults (serde(default)), and tsify says so.
  return state.final_plan?.action_items?.length ?? 0;
}

/** A page that lets the user pick the workflow: the id is a union, so is the state. */
export async function anyWorkflow(runner: Runner, id: WorkflowId, input: ReviewInput): Promise<WorkflowState> {
  if (id !== "resume_review") throw new Error("this page only reviews");
  return runner.start(id, input).result();
}
