// A host app's use of careergraph: a resume_tailoring run on the offline demo provider, every
// pause answered in a plain `for await` loop, the final state shown. Built by web/e2e's
// embed-vite spec through the packed package (see tests/suites.sh) and driven by Playwright.
import { CareerGraphError, Runner } from "careergraph";
import type { TailorState } from "careergraph";

const RESUME = `# Jordan Avery
Backend engineer · Lisbon

## Experience
### Senior Software Engineer — Parcelwise (2021–present)
- Rewrote the shipment-tracking ingestion service in Rust, cutting p99 latency from 900 ms to 120 ms.
- Designed an event-sourced ledger on PostgreSQL handling 40k events per second.

## Skills
Rust, Go, PostgreSQL, Kubernetes`;

const JOB = `Senior Backend Engineer
Requirements: Rust, PostgreSQL, Kafka and Redis in production.`;

function element(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} is missing`);
  return found;
}

async function tailor(): Promise<void> {
  const status = element("status");
  const pauses = element("pauses");
  status.textContent = "running";
  const runner = new Runner({ provider: "demo" });
  const run = runner.start("resume_tailoring", { resume: RESUME, jobDescription: JOB, maxQuestions: 2 });

  const types: string[] = [];
  const answered: string[] = [];
  for await (const event of run) {
    types.push(event.type);
    if (event.type === "interrupted") {
      for (const pause of event.interrupts) {
        answered.push(pause.id);
        const item = document.createElement("li");
        if (pause.kind === "question") {
          item.textContent = `question ${pause.payload.index}/${pause.payload.total}: ${pause.payload.missing_item}`;
          run.answer(pause.id, `Yes: ${pause.payload.missing_item} at Parcelwise since 2022.`);
        } else {
          item.textContent = `review: ATS ${pause.payload.ats_score}/${pause.payload.target_score}`;
          run.answer(pause.id, { decision: "approve" });
        }
        pauses.append(item);
      }
    }
  }
  const state: TailorState = await run.result();

  // An answer to a pause that is over: a CareerGraphError, by class and by code.
  let secondAnswer = "accepted";
  try {
    run.answer(answered[0] ?? "none", { action: "skip" });
  } catch (error) {
    secondAnswer = error instanceof CareerGraphError ? error.code : "not a CareerGraphError";
  }

  element("result").textContent = JSON.stringify({
    answered,
    runFinished: types.filter((t) => t === "run_finished").length,
    lastEvent: types[types.length - 1],
    subgraphEvents: types.filter((t) => t.startsWith("subgraph_")).length,
    humanDecision: state.human_decision,
    atsScore: state.ats_score,
    masterResumeUpdated: state.master_resume_updated,
    tailoredResume: state.tailored_resume.length > 0,
    secondAnswer,
  });
  status.textContent = "done";
}

const button = element("run") as HTMLButtonElement;
button.addEventListener("click", () => {
  button.disabled = true;
  tailor().catch((error: unknown) => {
    element("status").textContent =
      error instanceof CareerGraphError ? `failed: ${error.code}: ${error.message}` : `failed: ${String(error)}`;
  });
});
button.disabled = false;
element("status").textContent = "ready";
