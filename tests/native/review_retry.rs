//! "Retry failed critics": a finished review whose result round has a critic that
//! failed offers to ask that critic again, as the run's follow-up on its own thread. Only the
//! failed critic is called; the round is scored again from its answer; nothing else runs (no new
//! round, no revision, no advice); the follow-up is saved like any step and survives a reload.

use crate::review_support;

use std::rc::Rc;

use careergraph::graph::{EventSink, MemorySaver};
use careergraph::llm::{ChatModel, LlmError};
use careergraph::session::{Runtime, Step, WorkflowRun};
use careergraph::workflows::resume_review::{
    answered, score_is_meaningful, ReviewRunInput, ReviewState, ReviewWorkflow,
};
use futures::executor::block_on;
use review_support::*;

const RESUME: &str = "# Fictive Person\n## Experience\n### Engineer — Acme (2019–2023)\n- Built a billing service handling 40k requests a day\n";

fn input() -> ReviewRunInput {
    ReviewRunInput {
        resume: RESUME.into(),
        target_role: "Backend Engineer".into(),
        threshold: 7.0,
        max_iterations: 1,
        ..ReviewRunInput::default()
    }
}

fn runtime(model: Rc<ScriptedModel>, saver: &Rc<MemorySaver>) -> Runtime {
    Runtime::new(model as Rc<dyn ChatModel>)
        .with_checkpointer(saver.clone())
        .with_clock(|| 1_767_000_000_000.0)
}

fn sink() -> EventSink {
    EventSink::new(|_| {})
}

fn done(step: Step<ReviewState>) -> ReviewState {
    match step {
        Step::Done(state) => state,
        _ => panic!("expected the review to end"),
    }
}

fn refused() -> LlmError {
    LlmError::BadRequest {
        provider: "scripted".into(),
        status: 400,
        kind: "invalid_request".into(),
        message: "scripted failure".into(),
    }
}

/// Recruiter 8.0, tech writer 6.0; the copywriter fails in the run, then answers `then`.
fn model(then: Result<String, LlmError>) -> Rc<ScriptedModel> {
    Rc::new(
        ScriptedModel::new()
            .critic_scores("recruiter", &[8.0])
            .critic_scores("tech_writer", &[6.0])
            .answer("copywriter", vec![Err(refused()), then])
            .with_default_advisors(RESUME),
    )
}

fn calls(model: &ScriptedModel) -> Vec<usize> {
    [
        "recruiter",
        "tech_writer",
        "copywriter",
        "revisor",
        "portfolio",
        "design",
    ]
    .map(|role| model.calls(role))
    .to_vec()
}

#[test]
fn a_failed_critic_is_asked_again_alone_and_the_round_is_scored_again() {
    let model = model(Ok(critic_json(9.0).to_string()));
    let saver = Rc::new(MemorySaver::new());
    let run = WorkflowRun::<ReviewWorkflow>::new(input(), &runtime(model.clone(), &saver)).unwrap();
    let first = done(block_on(run.start(sink())).unwrap());
    assert_eq!(answered(&first.current_feedback), (2, 3));
    assert_eq!(first.final_score, 7.0, "(8 + 6) / 2, the failure left out");
    assert!(run.can_follow_up(), "a failed critic is offered again");
    let before = calls(&model);
    assert_eq!(before, [1, 1, 1, 0, 1, 1]);

    let retried = done(block_on(run.follow_up(sink())).unwrap());
    assert_eq!(
        calls(&model),
        [1, 1, 2, 0, 1, 1],
        "only the copywriter ran again: no round, revision or advice"
    );
    assert_eq!(answered(&retried.current_feedback), (3, 3));
    assert_eq!(retried.final_score, 7.7, "(8 + 6 + 9) / 3");
    assert!(retried.threshold_met);
    assert_eq!(retried.current_iteration, 1, "no new round");
    assert!(retried.retry_critics.is_empty());
    assert_eq!(retried.portfolio_advice, first.portfolio_advice);
    assert!(
        retried
            .warnings
            .iter()
            .any(|w| w.contains("9.0/10") && w.contains("3 of 3")),
        "{:?}",
        retried.warnings
    );
    assert!(!run.can_follow_up(), "nothing is left to retry");

    // Saved like any step: a reload finds the retried result.
    let (reopened, step) = block_on(WorkflowRun::<ReviewWorkflow>::reopen(
        input(),
        &runtime(model.clone(), &saver),
        run.thread_id(),
    ))
    .unwrap();
    assert_eq!(done(step).final_score, 7.7);
    assert!(!reopened.can_follow_up());
}

#[test]
fn a_critic_that_fails_again_stays_out_and_is_offered_once_more() {
    let model = model(Err(refused()));
    let saver = Rc::new(MemorySaver::new());
    let run = WorkflowRun::<ReviewWorkflow>::new(input(), &runtime(model.clone(), &saver)).unwrap();
    done(block_on(run.start(sink())).unwrap());
    let retried = done(block_on(run.follow_up(sink())).unwrap());
    assert_eq!(answered(&retried.current_feedback), (2, 3));
    assert_eq!(retried.final_score, 7.0);
    assert!(score_is_meaningful(&retried.current_feedback));
    assert!(
        retried.warnings.iter().any(|w| w.contains("failed again")),
        "{:?}",
        retried.warnings
    );
    assert!(run.can_follow_up(), "still failed: offered again");
}

#[test]
fn a_reopened_review_with_a_failed_critic_can_retry_it_after_a_reload() {
    let model = model(Ok(critic_json(7.0).to_string()));
    let saver = Rc::new(MemorySaver::new());
    let run = WorkflowRun::<ReviewWorkflow>::new(input(), &runtime(model.clone(), &saver)).unwrap();
    done(block_on(run.start(sink())).unwrap());
    let thread = run.thread_id().to_string();
    drop(run);
    let (run, step) = block_on(WorkflowRun::<ReviewWorkflow>::reopen(
        input(),
        &runtime(model.clone(), &saver),
        &thread,
    ))
    .unwrap();
    assert_eq!(answered(&done(step).current_feedback), (2, 3));
    assert!(run.can_follow_up());
    let retried = done(block_on(run.follow_up(sink())).unwrap());
    assert_eq!(answered(&retried.current_feedback), (3, 3));
    assert_eq!(model.calls("copywriter"), 2);
}

#[test]
fn a_review_where_every_critic_answered_takes_no_follow_up() {
    let model = Rc::new(
        ScriptedModel::new()
            .critic_scores("recruiter", &[8.0])
            .critic_scores("tech_writer", &[6.0])
            .critic_scores("copywriter", &[7.0])
            .with_default_advisors(RESUME),
    );
    let saver = Rc::new(MemorySaver::new());
    let run = WorkflowRun::<ReviewWorkflow>::new(input(), &runtime(model.clone(), &saver)).unwrap();
    done(block_on(run.start(sink())).unwrap());
    assert!(!run.can_follow_up());
    assert!(block_on(run.follow_up(sink())).is_err());
    assert_eq!(calls(&model), [1, 1, 1, 0, 1, 1]);
}
