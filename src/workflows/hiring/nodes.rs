//! The nine worker agents. Each reads the inputs it needs, calls its model once (streamed, typed),
//! and writes its one output field. A failed call (other than Stop) writes no output, emits
//! `agent_error` and adds a warning: the supervisor sees the output is still missing and will not
//! dispatch the agent again until something new exists (see `routing`).

use std::rc::Rc;

use serde::de::DeserializeOwned;

use crate::domain::hiring::{
    CandidateProfile, EmailDraft, Evaluation, InterviewQuestions, JdAnalysis, MatchingAnalysis,
    ResearchAnalysis,
};
use crate::domain::Language;
use crate::graph::{NodeContext, NodeError};
use crate::llm::{ChatModel, ChatRequest, LlmError};
use crate::workflows::common;

use super::agents::{self, Agent};
use super::prompts::{json_block, user_message};
use super::settings::HiringSettings;
use super::state::{HiringState, HiringUpdate};

/// What every node needs besides the state.
pub struct Deps {
    pub model: Rc<dyn ChatModel>,
    pub settings: HiringSettings,
}

impl Deps {
    /// The request for `agent`: system prompt in the run's language, schema, model override,
    /// cancel token.
    pub fn request(&self, agent: &Agent, user: String) -> ChatRequest {
        let mut request = ChatRequest::new(agent.node, agent.system(self.settings.language))
            .user(user)
            .with_schema(agent.schema());
        request.model = self.settings.model_overrides.get(agent.node).cloned();
        request.cancel = self.settings.cancel.clone();
        request
    }

    pub async fn call<T: DeserializeOwned>(
        &self,
        ctx: &NodeContext,
        agent: &Agent,
        step: u32,
        user: String,
    ) -> Result<T, LlmError> {
        if self.settings.is_cancelled() {
            return Err(LlmError::Cancelled);
        }
        common::call_agent(self.model.as_ref(), ctx, self.request(agent, user), step).await
    }
}

/// The dispatch number of this agent run (the events' `iteration`).
fn step(state: &HiringState) -> u32 {
    state.workflow_history.len() as u32
}

/// Runs `agent` and turns its answer into an update with `write`; a failure becomes a warning.
async fn run<T: DeserializeOwned>(
    deps: &Deps,
    ctx: &NodeContext,
    agent: &Agent,
    state: &HiringState,
    user: String,
    write: impl FnOnce(T) -> HiringUpdate,
) -> Result<HiringUpdate, NodeError> {
    let step = step(state);
    match deps.call::<T>(ctx, agent, step, user).await {
        Ok(answer) => Ok(write(answer)),
        Err(LlmError::Cancelled) => Err(LlmError::Cancelled.into()),
        Err(error) => {
            common::emit_agent_error(ctx, agent.node, step, &error);
            Ok(HiringUpdate::default().warnings(vec![format!(
                "{} failed ({error}); its part of the packet is missing.",
                agent.node
            )]))
        }
    }
}

/// A 0–100 score from whatever a model answered (out of range is clamped, NaN is 0).
pub fn clamp_score(score: f64) -> f64 {
    if score.is_finite() {
        score.clamp(0.0, 100.0)
    } else {
        0.0
    }
}

/// The research agent's fixed statement of what it could not do, in the run's language.
pub fn no_web_access_note(language: Language) -> &'static str {
    language.pick(
        "No web access: this is based only on the resume and the job description; nothing was looked up online.",
        "无网络访问：仅依据简历和职位描述整理，未进行任何网络检索。",
    )
}

/// Whatever a model claims, the research had no web access and used the two documents only.
pub fn enforce_no_web(mut research: ResearchAnalysis, language: Language) -> ResearchAnalysis {
    research.web_access = false;
    research.sources = vec![
        language.pick("resume", "简历").to_string(),
        language.pick("job description", "职位描述").to_string(),
    ];
    let note = no_web_access_note(language);
    let own = research.limitations.trim();
    research.limitations = if own.is_empty() || own == note {
        note.to_string()
    } else {
        format!("{note} {own}")
    };
    research
}

pub async fn resume_parser(
    deps: Rc<Deps>,
    state: HiringState,
    ctx: NodeContext,
) -> Result<HiringUpdate, NodeError> {
    let user = user_message(&[("resume", &state.resume_text)]);
    run(
        &deps,
        &ctx,
        &agents::RESUME_PARSER,
        &state,
        user,
        |profile: CandidateProfile| HiringUpdate::default().candidate_profile(Some(profile)),
    )
    .await
}

pub async fn jd_analysis(
    deps: Rc<Deps>,
    state: HiringState,
    ctx: NodeContext,
) -> Result<HiringUpdate, NodeError> {
    let user = user_message(&[("job_description", &state.jd_text)]);
    run(
        &deps,
        &ctx,
        &agents::JD_ANALYSIS,
        &state,
        user,
        |analysis: JdAnalysis| HiringUpdate::default().jd_analysis(Some(analysis)),
    )
    .await
}

pub async fn matching(
    deps: Rc<Deps>,
    state: HiringState,
    ctx: NodeContext,
) -> Result<HiringUpdate, NodeError> {
    let user = user_message(&[
        ("candidate_profile", &json_block(&state.candidate_profile)),
        ("jd_analysis", &json_block(&state.jd_analysis)),
        ("job_description", &state.jd_text),
        ("resume", &state.resume_text),
    ]);
    run(
        &deps,
        &ctx,
        &agents::MATCHING,
        &state,
        user,
        |mut analysis: MatchingAnalysis| {
            analysis.score = clamp_score(analysis.score);
            HiringUpdate::default().matching_analysis(Some(analysis))
        },
    )
    .await
}

pub async fn candidate_research(
    deps: Rc<Deps>,
    state: HiringState,
    ctx: NodeContext,
) -> Result<HiringUpdate, NodeError> {
    let user = user_message(&[
        ("job_description", &state.jd_text),
        ("resume", &state.resume_text),
    ]);
    let language = deps.settings.language;
    run(
        &deps,
        &ctx,
        &agents::CANDIDATE_RESEARCH,
        &state,
        user,
        move |research: ResearchAnalysis| {
            HiringUpdate::default().research_analysis(Some(enforce_no_web(research, language)))
        },
    )
    .await
}

/// The three interview agents share inputs and output type; the agent's node picks the field.
pub async fn interview(
    deps: Rc<Deps>,
    agent: Agent,
    state: HiringState,
    ctx: NodeContext,
) -> Result<HiringUpdate, NodeError> {
    let user = user_message(&[
        ("candidate_profile", &json_block(&state.candidate_profile)),
        ("jd_analysis", &json_block(&state.jd_analysis)),
        ("matching_analysis", &json_block(&state.matching_analysis)),
    ]);
    let node = agent.node;
    run(
        &deps,
        &ctx,
        &agent,
        &state,
        user,
        move |questions: InterviewQuestions| {
            let update = HiringUpdate::default();
            match node {
                "hr_interview_agent" => update.hr_questions(Some(questions)),
                "technical_interview_agent" => update.technical_questions(Some(questions)),
                _ => update.ceo_questions(Some(questions)),
            }
        },
    )
    .await
}

pub async fn evaluation(
    deps: Rc<Deps>,
    state: HiringState,
    ctx: NodeContext,
) -> Result<HiringUpdate, NodeError> {
    let user = user_message(&[
        ("candidate_profile", &json_block(&state.candidate_profile)),
        ("jd_analysis", &json_block(&state.jd_analysis)),
        ("matching_analysis", &json_block(&state.matching_analysis)),
        ("research_analysis", &json_block(&state.research_analysis)),
        ("hr_questions", &json_block(&state.hr_questions)),
        (
            "technical_questions",
            &json_block(&state.technical_questions),
        ),
        ("ceo_questions", &json_block(&state.ceo_questions)),
    ]);
    run(
        &deps,
        &ctx,
        &agents::EVALUATION,
        &state,
        user,
        |mut evaluation: Evaluation| {
            evaluation.overall_score = clamp_score(evaluation.overall_score);
            HiringUpdate::default().evaluation(Some(evaluation))
        },
    )
    .await
}

pub async fn email(
    deps: Rc<Deps>,
    state: HiringState,
    ctx: NodeContext,
) -> Result<HiringUpdate, NodeError> {
    let user = user_message(&[
        ("candidate_profile", &json_block(&state.candidate_profile)),
        ("jd_analysis", &json_block(&state.jd_analysis)),
        ("evaluation", &json_block(&state.evaluation)),
    ]);
    run(
        &deps,
        &ctx,
        &agents::EMAIL,
        &state,
        user,
        |draft: EmailDraft| HiringUpdate::default().email_content(Some(draft)),
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_clamped() {
        assert_eq!(clamp_score(150.0), 100.0);
        assert_eq!(clamp_score(-3.0), 0.0);
        assert_eq!(clamp_score(72.5), 72.5);
        assert_eq!(clamp_score(f64::NAN), 0.0);
    }

    #[test]
    fn research_always_says_it_had_no_web_access() {
        let claimed = ResearchAnalysis {
            web_access: true,
            sources: vec!["LinkedIn".into()],
            limitations: "Few dates.".into(),
            ..ResearchAnalysis::default()
        };
        let fixed = enforce_no_web(claimed, Language::En);
        assert!(!fixed.web_access);
        assert_eq!(fixed.sources, ["resume", "job description"]);
        assert!(fixed.limitations.starts_with("No web access"));
        assert!(fixed.limitations.ends_with("Few dates."));
        let zh = enforce_no_web(ResearchAnalysis::default(), Language::Zh);
        assert!(zh.limitations.contains("无网络访问"));
    }
}
