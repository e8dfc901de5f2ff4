//! One whole run of a workflow through the session (the path the app and the JS API take), with
//! every pause answered the way a satisfied user would, and what the eval reads from it: the
//! final state, the drafts the model wrote, schema counts, tokens, cost and wall time.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use careergraph::graph::{EventSink, StreamEvent};
use careergraph::session::{AnyRun, Runtime};
use futures::executor::block_on;
use serde_json::{json, Value};

use crate::score::SchemaCounts;

/// Pauses answered at most, so a workflow that keeps asking cannot hang the eval.
const MAX_STEPS: usize = 30;

#[derive(Debug, Default)]
pub struct RunResult {
    pub state: Value,
    pub schema: SchemaCounts,
    pub input_tokens: u64,
    pub output_tokens: u64,
    /// `None` when some call's price is unknown (the demo, an unlisted model).
    pub cost_usd: Option<f64>,
    /// Calls that reported usage (a call failing both tries reports none: its tokens are not
    /// counted).
    pub usage_events: u32,
    pub wall_ms: f64,
    /// Drafts shown at the tailoring review pauses (the final draft is in the state).
    pub drafts: Vec<String>,
    pub error: Option<String>,
    /// What the run sent the model, when the target records it (see `prompts`).
    pub prompts: Vec<crate::score::Prompt>,
    /// The workflow's result check on the final state, as the done step carries it (what the
    /// page shows in place of "finished" when it lists problems).
    pub verdict: Value,
}

/// What the user decides at a review about the draft's facts that no source holds (tailoring, the
/// cover letter): remove them, as a careful user does, or keep them all, a user who trusts the
/// draft (the scripted case that proves the final letter's check catches what was kept).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum FactPolicy {
    #[default]
    Remove,
    Keep,
}

/// The answer a satisfied user gives to `pause` (the interrupt payload, tagged by `type`): a
/// review is approved, each flagged fact decided by `facts`.
fn answer_for(pause: &Value, facts: FactPolicy) -> Value {
    match pause["type"].as_str() {
        Some("question") => json!({"action": "skip"}),
        Some("review") => {
            let keys: Vec<&str> = pause["ungrounded_facts"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|f| f["key"].as_str())
                .collect();
            match facts {
                FactPolicy::Remove => json!({"decision": "approve", "removed_facts": keys}),
                FactPolicy::Keep => json!({"decision": "approve", "kept_facts": keys}),
            }
        }
        Some("satisfaction") => json!({"level": 5}),
        Some("confirm_plan") => json!({"confirm": true}),
        _ => json!(null),
    }
}

/// Reads one custom event into the counts.
fn record(result: &RefCell<RunResult>, event: &StreamEvent) {
    let StreamEvent::Custom { payload, .. } = event else {
        return;
    };
    let mut r = result.borrow_mut();
    match payload["type"].as_str() {
        Some("usage") => {
            if payload["repaired"] == true {
                r.schema.repaired += 1;
            } else {
                r.schema.first_try += 1;
            }
            r.input_tokens += payload["input_tokens"].as_u64().unwrap_or(0);
            r.output_tokens += payload["output_tokens"].as_u64().unwrap_or(0);
            // Unknown once any priced call is unknown; the first usage starts the sum.
            let cost = payload["cost_usd"].as_f64();
            r.cost_usd = match (r.usage_events, r.cost_usd, cost) {
                (0, _, cost) => cost,
                (_, Some(sum), Some(cost)) => Some(sum + cost),
                _ => None,
            };
            r.usage_events += 1;
        }
        Some("agent_error") if payload["invalid_output"] == true => r.schema.failed += 1,
        _ => {}
    }
}

/// Runs `workflow_id` on `runtime` from `input` to its end; then, up to `retries` times, its
/// follow-up while it has one (the batch's "Retry failed", as a user presses it after a model's
/// unusable answers).
pub fn run(
    runtime: &Runtime,
    workflow_id: &str,
    input: Value,
    facts: FactPolicy,
    retries: usize,
) -> RunResult {
    let result = Rc::new(RefCell::new(RunResult::default()));
    let sink_result = result.clone();
    let sink = EventSink::new(move |event| record(&sink_result, &event));
    let started = Instant::now();
    let outcome = (|| -> Result<Value, String> {
        let checked = AnyRun::check(workflow_id, input).map_err(|e| e.message)?;
        let run = block_on(AnyRun::new(checked, runtime)).map_err(|e| e.message)?;
        let mut step = block_on(run.start(sink.clone())).map_err(|e| e.message)?;
        let mut retries_left = retries;
        for _ in 0..MAX_STEPS {
            if step["status"] != "interrupted" {
                // No follow-up to take (nothing failed): the run's end stands.
                let again = (retries_left > 0)
                    .then(|| run.follow_up(sink.clone()).ok())
                    .flatten();
                let Some(again) = again else {
                    return Ok(step);
                };
                retries_left -= 1;
                step = block_on(again).map_err(|e| e.message)?;
                continue;
            }
            let pause = &step["interrupts"][0]["payload"];
            if let Some(draft) = pause["resume_draft"].as_str() {
                result.borrow_mut().drafts.push(draft.to_string());
            }
            let answer = answer_for(pause, facts);
            let next = run.resume(answer, sink.clone()).map_err(|e| e.message)?;
            step = block_on(next).map_err(|e| e.message)?;
        }
        run.cancel();
        Err(format!("still pausing after {MAX_STEPS} answers"))
    })();
    let mut result = result.take();
    result.wall_ms = started.elapsed().as_secs_f64() * 1000.0;
    match outcome {
        Ok(mut step) => {
            result.state = step["state"].take();
            result.verdict = step["verdict"].take();
        }
        Err(error) => result.error = Some(error),
    }
    result
}
