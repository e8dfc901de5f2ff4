//! The supervisor's routing rules as plain functions of the state: which outputs exist, what a
//! loop is, what to force instead, and when to finish. No model, no I/O: the supervisor node
//! (`supervisor.rs`) asks the model, then hands its answer to [`decide`].
//!
//! Rules, in order:
//! 1. **All done**: every agent's output exists → finish without asking the model ([`precheck`]).
//! 2. **Step limit**: as many agents dispatched as there are agents (9) → finish without asking
//!    ([`precheck`]). A run without loops dispatches each agent once, so this only bites when the
//!    model re-ran agents; what is still missing stays missing (the page says so).
//! 3. **Parse failure**: the model's answer is unreadable or names no agent → `error` is set and
//!    the next missing agent is forced ([`next_missing`]), or the run finishes if none is left.
//! 4. **Loop**: the model picks an agent that already ran and none of the outputs it reads
//!    ([`inputs`]) has appeared since it last ran → the next missing agent is forced, or the run
//!    finishes. Re-running an agent *with* new input (e.g. matching again after the profile
//!    arrived) is allowed.
//! 5. **Finished early**: the model says "finished" while a required output is missing → the
//!    next missing *required* agent is forced. Required: everything the packet shows (profile,
//!    job analysis, match, the three question sets, evaluation, email). The research note is
//!    optional: it adds nothing beyond the two documents, so the model may skip it.
//!
//! "Next missing" is the first agent in [`AGENTS`] order whose output is missing and that is not
//! stale (dispatched before with the same inputs, e.g. it failed): a failing agent is never
//! retried forever.

use super::state::{HiringState, RouteReason};

pub const FINISHED: &str = "finished";

/// Every agent in fallback order (the order a packet is naturally built in).
pub const AGENTS: [&str; 9] = [
    "resume_parser_agent",
    "jd_analysis_agent",
    "matching_agent",
    "candidate_research_agent",
    "hr_interview_agent",
    "technical_interview_agent",
    "ceo_interview_agent",
    "evaluation_agent",
    "email_agent",
];

/// Agents whose output the packet needs before the model may finish (rule 5).
pub const REQUIRED: [&str; 8] = [
    "resume_parser_agent",
    "jd_analysis_agent",
    "matching_agent",
    "hr_interview_agent",
    "technical_interview_agent",
    "ceo_interview_agent",
    "evaluation_agent",
    "email_agent",
];

/// The state field each agent writes (the seed's names).
pub fn output_field(agent: &str) -> Option<&'static str> {
    Some(match agent {
        "resume_parser_agent" => "candidate_profile",
        "jd_analysis_agent" => "jd_analysis",
        "matching_agent" => "matching_analysis",
        "candidate_research_agent" => "research_analysis",
        "hr_interview_agent" => "hr_questions",
        "technical_interview_agent" => "technical_questions",
        "ceo_interview_agent" => "ceo_questions",
        "evaluation_agent" => "evaluation",
        "email_agent" => "email_content",
        _ => return None,
    })
}

/// The agent name as written in [`AGENTS`], if `name` is one (trimmed, case-insensitive).
pub fn agent_named(name: &str) -> Option<&'static str> {
    let name = name.trim();
    AGENTS
        .into_iter()
        .find(|agent| agent.eq_ignore_ascii_case(name))
}

/// Whether `agent`'s output field is filled.
pub fn has_output(state: &HiringState, agent: &str) -> bool {
    match agent {
        "resume_parser_agent" => state.candidate_profile.is_some(),
        "jd_analysis_agent" => state.jd_analysis.is_some(),
        "matching_agent" => state.matching_analysis.is_some(),
        "candidate_research_agent" => state.research_analysis.is_some(),
        "hr_interview_agent" => state.hr_questions.is_some(),
        "technical_interview_agent" => state.technical_questions.is_some(),
        "ceo_interview_agent" => state.ceo_questions.is_some(),
        "evaluation_agent" => state.evaluation.is_some(),
        "email_agent" => state.email_content.is_some(),
        _ => false,
    }
}

/// Agents whose output exists, in [`AGENTS`] order (the seed's "available data").
pub fn produced(state: &HiringState) -> Vec<&'static str> {
    AGENTS
        .into_iter()
        .filter(|agent| has_output(state, agent))
        .collect()
}

/// The earlier outputs `agent` reads (besides the two documents): what "new input" means for it.
pub fn inputs(agent: &str) -> &'static [&'static str] {
    // Prefixes of AGENTS: each of these agents reads what the agents before it wrote.
    const PROFILE_AND_JOB: &[&str] = AGENTS.split_at(2).0;
    const FOR_QUESTIONS: &[&str] = AGENTS.split_at(3).0;
    const BEFORE_EVALUATION: &[&str] = AGENTS.split_at(7).0;
    match agent {
        "matching_agent" => PROFILE_AND_JOB,
        "hr_interview_agent" | "technical_interview_agent" | "ceo_interview_agent" => FOR_QUESTIONS,
        "evaluation_agent" => BEFORE_EVALUATION,
        "email_agent" => &[
            "resume_parser_agent",
            "jd_analysis_agent",
            "evaluation_agent",
        ],
        // The parser, the job analyst and the researcher read only the documents.
        _ => &[],
    }
}

/// Whether `agent` already ran with the inputs it would get now: it was dispatched, and of the
/// outputs it reads ([`inputs`]) the same ones exist as when it was dispatched last.
pub fn is_stale(state: &HiringState, agent: &str) -> bool {
    let Some(last) = state.routing.iter().rev().find(|step| step.next == agent) else {
        return false;
    };
    inputs(agent).iter().all(|input| {
        let then = last.available.iter().any(|name| name == input);
        then == has_output(state, input)
    })
}

/// The first agent of `among` (in its order) whose output is missing and that is not stale.
fn first_missing(state: &HiringState, among: &[&'static str]) -> Option<&'static str> {
    among
        .iter()
        .copied()
        .find(|agent| !has_output(state, agent) && !is_stale(state, agent))
}

/// The agent to force when the model's choice cannot be used (rules 3 and 4).
pub fn next_missing(state: &HiringState) -> Option<&'static str> {
    first_missing(state, &AGENTS)
}

/// The next missing required agent (rule 5).
pub fn next_missing_required(state: &HiringState) -> Option<&'static str> {
    first_missing(state, &REQUIRED)
}

/// A routing decision: the agent to run (or [`FINISHED`]) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    pub next: &'static str,
    pub reason: RouteReason,
    /// Set for a parse failure: what `error` says.
    pub error: Option<String>,
    /// Why, in a sentence, when the supervisor overrode or skipped the model.
    pub note: String,
}

impl Decision {
    fn new(next: &'static str, reason: RouteReason, note: impl Into<String>) -> Self {
        Decision {
            next,
            reason,
            error: None,
            note: note.into(),
        }
    }

    pub fn is_finished(&self) -> bool {
        self.next == FINISHED
    }
}

/// Rules 1 and 2: a decision that needs no model, if any.
pub fn precheck(state: &HiringState) -> Option<Decision> {
    if AGENTS.iter().all(|agent| has_output(state, agent)) {
        return Some(Decision::new(
            FINISHED,
            RouteReason::AllDone,
            "Every agent's output exists.",
        ));
    }
    if state.workflow_history.len() >= AGENTS.len() {
        let missing: Vec<&str> = AGENTS
            .into_iter()
            .filter(|agent| !has_output(state, agent))
            .collect();
        return Some(Decision::new(
            FINISHED,
            RouteReason::StepLimit,
            format!(
                "{} agents dispatched, as many as there are agents; still missing: {}.",
                state.workflow_history.len(),
                missing.join(", ")
            ),
        ));
    }
    None
}

/// Rules 3–5 applied to the model's answer: `Ok(name)` is what it chose, `Err(reason)` why its
/// answer could not be read. Call [`precheck`] first.
pub fn decide(state: &HiringState, choice: Result<&str, String>) -> Decision {
    let fallback = |reason: RouteReason, why: String| match next_missing(state) {
        Some(agent) => Decision::new(agent, reason, format!("{why} Forced {agent} instead.")),
        None => Decision::new(
            FINISHED,
            reason,
            format!("{why} No agent is left to run with new input, so the run ends."),
        ),
    };
    let parse_failure = |message: String| {
        let mut decision = fallback(
            RouteReason::ParseFailure,
            format!("The supervisor's answer could not be used ({message})."),
        );
        decision.error = Some(format!(
            "Supervisor step {}: {message}",
            state.routing.len() + 1
        ));
        decision
    };
    let chosen = match choice {
        Err(message) => return parse_failure(message),
        Ok(name) => name.trim(),
    };
    if chosen.eq_ignore_ascii_case(FINISHED) {
        if REQUIRED.iter().all(|agent| has_output(state, agent)) {
            return Decision::new(FINISHED, RouteReason::Model, "");
        }
        return match next_missing_required(state) {
            Some(agent) => Decision::new(
                agent,
                RouteReason::FinishedEarly,
                format!("The model wanted to finish, but {agent}'s output is missing."),
            ),
            // Every missing required agent already failed with the inputs it has: nothing more
            // can be produced, so finishing is right.
            None => Decision::new(
                FINISHED,
                RouteReason::FinishedEarly,
                "Required outputs are missing, but their agents already ran without new input.",
            ),
        };
    }
    let Some(agent) = agent_named(chosen) else {
        return parse_failure(format!("“{chosen}” is not an agent"));
    };
    if is_stale(state, agent) {
        return fallback(
            RouteReason::LoopBroken,
            format!("{agent} was chosen again with no new input since it ran (a loop)."),
        );
    }
    Decision::new(agent, RouteReason::Model, "")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::hiring::{CandidateProfile, JdAnalysis};
    use crate::workflows::hiring::state::RouteStep;

    fn dispatched(state: &mut HiringState, agent: &str) {
        let step = RouteStep {
            step: state.routing.len() as u32 + 1,
            next: agent.to_string(),
            available: produced(state).into_iter().map(str::to_string).collect(),
            ..RouteStep::default()
        };
        state.routing.push(step);
        state.workflow_history.push(agent.to_string());
    }

    #[test]
    fn fresh_state_follows_the_model_and_falls_back_in_order() {
        let state = HiringState::default();
        assert_eq!(precheck(&state), None);
        assert_eq!(
            decide(&state, Ok("jd_analysis_agent")).next,
            "jd_analysis_agent"
        );
        let failed = decide(&state, Err("bad json".into()));
        assert_eq!(failed.next, "resume_parser_agent");
        assert_eq!(failed.reason, RouteReason::ParseFailure);
        assert!(failed.error.unwrap().contains("bad json"));
        let unknown = decide(&state, Ok("web_search_agent"));
        assert_eq!(unknown.reason, RouteReason::ParseFailure);
        assert!(unknown.error.unwrap().contains("web_search_agent"));
    }

    #[test]
    fn an_agent_chosen_again_without_new_input_is_a_loop() {
        let mut state = HiringState::default();
        dispatched(&mut state, "resume_parser_agent");
        state.candidate_profile = Some(CandidateProfile::default());
        assert!(is_stale(&state, "resume_parser_agent"));
        let decision = decide(&state, Ok("resume_parser_agent"));
        assert_eq!(decision.reason, RouteReason::LoopBroken);
        assert_eq!(decision.next, "jd_analysis_agent");
    }

    #[test]
    fn an_agent_chosen_again_with_new_input_is_not_a_loop() {
        let mut state = HiringState::default();
        dispatched(&mut state, "matching_agent");
        dispatched(&mut state, "resume_parser_agent");
        state.candidate_profile = Some(CandidateProfile::default());
        assert!(!is_stale(&state, "matching_agent"));
        assert_eq!(
            decide(&state, Ok("matching_agent")).reason,
            RouteReason::Model
        );
    }

    #[test]
    fn a_failed_agent_is_not_forced_again_until_one_of_its_inputs_appears() {
        let mut state = HiringState::default();
        dispatched(&mut state, "resume_parser_agent"); // failed: no profile
        assert_eq!(next_missing(&state), Some("jd_analysis_agent"));
        dispatched(&mut state, "jd_analysis_agent");
        state.jd_analysis = Some(JdAnalysis::default());
        // The job analysis is not an input of the parser: still stale.
        assert!(is_stale(&state, "resume_parser_agent"));
        assert_eq!(next_missing(&state), Some("matching_agent"));
        dispatched(&mut state, "matching_agent"); // failed too
        assert!(is_stale(&state, "matching_agent"));
        state.candidate_profile = Some(CandidateProfile::default());
        // The profile is new input for matching.
        assert!(!is_stale(&state, "matching_agent"));
    }

    #[test]
    fn step_limit_and_all_done_finish_without_the_model() {
        let mut state = HiringState::default();
        for _ in 0..AGENTS.len() {
            dispatched(&mut state, "matching_agent");
        }
        let decision = precheck(&state).unwrap();
        assert_eq!(
            (decision.next, decision.reason),
            (FINISHED, RouteReason::StepLimit)
        );
        assert!(decision.note.contains("resume_parser_agent"));
    }

    #[test]
    fn finished_is_accepted_only_with_every_required_output() {
        let state = HiringState::default();
        let early = decide(&state, Ok("finished"));
        assert_eq!(
            (early.next, early.reason),
            ("resume_parser_agent", RouteReason::FinishedEarly)
        );
        for agent in AGENTS {
            assert!(output_field(agent).is_some());
            assert_eq!(agent_named(&agent.to_uppercase()), Some(agent));
        }
    }
}
