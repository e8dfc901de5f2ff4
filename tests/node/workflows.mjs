// What the Node suite feeds each workflow and how it answers each pause: a satisfied user who
// skips questions, approves reviews (removing every fact no source holds, as
// examples/eval/drive.rs does), rates a report 5, confirms the plan and lets a batch go on past
// its cost cap.
import assert from "node:assert/strict";

const RESUME =
  "# Robin Sample\n\n## Experience\nBackend engineer at Example Ledger, 2019-2025: Rust, Java, PostgreSQL, Kafka.\n";
// Kubernetes and Terraform are not in the resume: the tailoring asks about them.
const JOB =
  "Senior Backend Engineer\nRequirements: Java, Rust, PostgreSQL, Kafka and Kubernetes. Nice to have: Terraform.";

/** One input per workflow id; a workflow missing here fails the suite (give it one). */
export const INPUTS = {
  resume_review: { resume: RESUME, targetRole: "Backend engineer", maxIterations: 1 },
  resume_tailoring: { resume: RESUME, jobDescription: JOB, maxQuestions: 2 },
  hiring_pipeline: { resume: RESUME, jobDescription: JOB },
  // A vague goal: the navigator asks how satisfied the user is before it plans.
  career_navigator: {
    goal: "Not sure yet, maybe something closer to product",
    profile: { currentPosition: "Backend engineer" },
    maxIterations: 1,
  },
  batch_screening: {
    jobDescription: JOB,
    resumes: [
      { label: "one", text: RESUME },
      { label: "two", text: RESUME.replace("Kafka", "Redis") },
    ],
  },
  cover_letter: {
    resume: RESUME,
    jobDescription: JOB,
    company: "Example Ledger",
    role: "Senior Backend Engineer",
  },
};

/** What a finished run's state must hold, per workflow. */
export const CHECK_RESULT = {
  resume_review: (state) => assert.equal(typeof state.final_score, "number"),
  resume_tailoring: (state) => {
    assert.equal(state.human_decision, "approved");
    assert.ok(state.tailored_resume.length > 0, "an empty tailored resume");
  },
  hiring_pipeline: (state) => assert.equal(state.completed, true),
  career_navigator: (state) => assert.equal(state.plan_confirmed, true),
  batch_screening: (state, input) => assert.equal(state.table.length, input.resumes.length),
  cover_letter: (state) => assert.ok(state.letter_markdown.length > 0, "an empty letter"),
};

/** The answer to one pause (an interrupt of an `interrupted` event), by its kind. */
export function answerFor(pause) {
  switch (pause.kind) {
    case "question":
      return { action: "skip" };
    case "review": {
      const facts = (pause.payload.ungrounded_facts ?? []).map((fact) => fact.key);
      return { decision: "approve", removed_facts: facts };
    }
    case "satisfaction":
      return { level: 5 };
    case "confirm_plan":
      return { confirm: true };
    case "cost_cap":
      return { action: "continue", cost_cap_usd: null };
    case "key_refused":
      return { action: "stop" };
    default:
      return undefined;
  }
}

/**
 * Runs `workflowId` on `runner` to its end, answering every pause. Resolves to the final state,
 * every event, the kinds of the pauses answered and the verdict; rejects as `result()` does, or
 * when a pause has no answer here.
 */
export async function runToEnd(runner, workflowId, input, options) {
  const run = runner.start(workflowId, input, options);
  const events = [];
  const pauses = [];
  let unanswered = null;
  run.subscribe((event) => {
    events.push(event);
    if (event.type !== "interrupted") return;
    for (const pause of event.interrupts) {
      const answer = answerFor(pause);
      if (answer === undefined) {
        unanswered = pause.kind;
        run.cancel();
        return;
      }
      pauses.push(pause.kind);
      run.answer(pause.id, answer);
    }
  });
  let state;
  try {
    state = await run.result();
  } catch (error) {
    if (unanswered) throw new Error(`${workflowId}: no answer for a "${unanswered}" pause (tests/node/workflows.mjs)`);
    throw error;
  }
  return { state, events, pauses, verdict: await run.verdict() };
}
