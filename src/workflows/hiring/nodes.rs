//! The nine worker agents, as one table. Each reads the blocks it needs, calls its model once
//! (streamed, typed), and writes its one output field. A failed call (other than Stop) writes no
//! output, emits `agent_error` and adds a warning: the supervisor sees the output is still missing
//! and will not dispatch the agent again until something new exists (see `routing`).

use crate::workflows::common::Envelope;
use std::rc::Rc;

use futures::future::LocalBoxFuture;
use serde::de::DeserializeOwned;

use crate::domain::blind::mask_resume;
use crate::domain::hiring::{
    CandidateProfile, EmailDraft, Evaluation, InterviewQuestions, JdAnalysis, MatchingAnalysis,
    ResearchAnalysis,
};
use crate::domain::Language;
use crate::graph::{NodeContext, NodeError};
use crate::workflows::common::{Agent, RunSettings};

use super::agents;
use super::prompts::{json_block, user_message};
use super::state::{HiringState, HiringUpdate};
use super::Deps;

/// A worker agent as data: its agent, what its user message holds, where its answer goes.
pub struct Worker<T> {
    pub agent: Agent,
    /// The tags of its user message's blocks, in order (see [`block`]); `resume` last, so a
    /// resume's own text cannot close another block.
    pub reads: &'static [&'static str],
    /// The update its answer makes (scores clamped, claims corrected), in the run's language.
    pub write: fn(T, Language) -> HiringUpdate,
}

/// A worker whatever its answer type, so the nine fit in one table.
pub trait WorkerNode: Sync {
    fn agent(&self) -> &Agent;
    fn run(
        &'static self,
        deps: Rc<Deps>,
        state: HiringState,
        ctx: NodeContext,
    ) -> LocalBoxFuture<'static, Result<HiringUpdate, NodeError>>;
}

impl<T: DeserializeOwned + 'static> WorkerNode for Worker<T> {
    fn agent(&self) -> &Agent {
        &self.agent
    }

    /// Asks the agent once; a failure becomes a warning (see the module docs).
    fn run(
        &'static self,
        deps: Rc<Deps>,
        state: HiringState,
        ctx: NodeContext,
    ) -> LocalBoxFuture<'static, Result<HiringUpdate, NodeError>> {
        Box::pin(async move {
            // The dispatch number of this agent run (the events' `iteration`).
            let step = state.workflow_history.len() as u32;
            let user = message(&state, self.reads);
            Ok(
                match deps.try_ask::<T>(&ctx, &self.agent, step, user).await? {
                    Ok(answer) => (self.write)(answer, deps.settings.language()),
                    Err(error) => HiringUpdate::default().warnings(vec![format!(
                        "{} failed ({error}); its part of the packet is missing.",
                        self.agent.node
                    )]),
                },
            )
        })
    }
}

/// The workers, in [`super::routing::AGENTS`] order.
pub static WORKER_NODES: [&dyn WorkerNode; 9] = [
    &RESUME_PARSER,
    &JD_ANALYSIS,
    &MATCHING,
    &CANDIDATE_RESEARCH,
    &HR_INTERVIEW,
    &TECHNICAL_INTERVIEW,
    &CEO_INTERVIEW,
    &EVALUATION,
    &EMAIL,
];

static RESUME_PARSER: Worker<CandidateProfile> = Worker {
    agent: agents::RESUME_PARSER,
    reads: &["resume"],
    write: |profile, _| HiringUpdate::default().candidate_profile(Some(profile)),
};

static JD_ANALYSIS: Worker<JdAnalysis> = Worker {
    agent: agents::JD_ANALYSIS,
    reads: &["job_description"],
    write: |analysis, _| HiringUpdate::default().jd_analysis(Some(analysis)),
};

static MATCHING: Worker<MatchingAnalysis> = Worker {
    agent: agents::MATCHING,
    reads: &[
        "candidate_profile",
        "jd_analysis",
        "job_description",
        "resume",
    ],
    write: |mut analysis, _| {
        analysis.score = clamp_score(analysis.score);
        HiringUpdate::default().matching_analysis(Some(analysis))
    },
};

static CANDIDATE_RESEARCH: Worker<ResearchAnalysis> = Worker {
    agent: agents::CANDIDATE_RESEARCH,
    reads: &["job_description", "resume"],
    write: |research, language| {
        HiringUpdate::default().research_analysis(Some(enforce_no_web(research, language)))
    },
};

/// What the three interview agents read: they share inputs and answer type.
const INTERVIEW_READS: &[&str] = &["candidate_profile", "jd_analysis", "matching_analysis"];

static HR_INTERVIEW: Worker<InterviewQuestions> = Worker {
    agent: agents::HR_INTERVIEW,
    reads: INTERVIEW_READS,
    write: |questions, _| HiringUpdate::default().hr_questions(Some(questions)),
};

static TECHNICAL_INTERVIEW: Worker<InterviewQuestions> = Worker {
    agent: agents::TECHNICAL_INTERVIEW,
    reads: INTERVIEW_READS,
    write: |questions, _| HiringUpdate::default().technical_questions(Some(questions)),
};

static CEO_INTERVIEW: Worker<InterviewQuestions> = Worker {
    agent: agents::CEO_INTERVIEW,
    reads: INTERVIEW_READS,
    write: |questions, _| HiringUpdate::default().ceo_questions(Some(questions)),
};

static EVALUATION: Worker<Evaluation> = Worker {
    agent: agents::EVALUATION,
    reads: &[
        "candidate_profile",
        "jd_analysis",
        "matching_analysis",
        "research_analysis",
        "hr_questions",
        "technical_questions",
        "ceo_questions",
    ],
    write: |mut evaluation, _| {
        evaluation.overall_score = clamp_score(evaluation.overall_score);
        HiringUpdate::default().evaluation(Some(evaluation))
    },
};

static EMAIL: Worker<EmailDraft> = Worker {
    agent: agents::EMAIL,
    reads: &["candidate_profile", "jd_analysis", "evaluation"],
    write: |draft, _| HiringUpdate::default().email_content(Some(draft)),
};

/// A worker's user message: the blocks named by `tags`, in order.
fn message(state: &HiringState, tags: &[&'static str]) -> Envelope {
    let blocks: Vec<(&str, String)> = tags
        .iter()
        .filter_map(|&tag| Some((tag, block(state, tag)?)))
        .collect();
    let blocks: Vec<(&str, &str)> = blocks
        .iter()
        .map(|(tag, body)| (*tag, body.as_str()))
        .collect();
    user_message(&blocks)
}

/// The body of the block `tag`: a document as given, an earlier agent's output as compact JSON
/// (or "not available yet"). `None` for a tag no field holds (a test keeps the table free of them).
fn block(state: &HiringState, tag: &str) -> Option<String> {
    Some(match tag {
        "resume" => match &state.blind {
            Some(options) => mask_resume(&state.resume_text, options).text,
            None => state.resume_text.clone(),
        },
        "job_description" => state.jd_text.clone(),
        "candidate_profile" => json_block(&state.candidate_profile),
        "jd_analysis" => json_block(&state.jd_analysis),
        "matching_analysis" => json_block(&state.matching_analysis),
        "research_analysis" => json_block(&state.research_analysis),
        "hr_questions" => json_block(&state.hr_questions),
        "technical_questions" => json_block(&state.technical_questions),
        "ceo_questions" => json_block(&state.ceo_questions),
        "evaluation" => json_block(&state.evaluation),
        _ => return None,
    })
}

/// A 0–100 score from whatever a model answered (out of range is clamped, NaN is 0).
pub fn clamp_score(score: f64) -> f64 {
    crate::workflows::common::clamp_score(score, 100.0)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workflows::hiring::routing::AGENTS;

    #[test]
    fn the_table_has_every_worker_in_routing_order_and_reads_only_known_blocks() {
        let nodes: Vec<&str> = WORKER_NODES.iter().map(|w| w.agent().node).collect();
        assert_eq!(nodes, AGENTS);
        let state = HiringState::default();
        for tags in [
            RESUME_PARSER.reads,
            JD_ANALYSIS.reads,
            MATCHING.reads,
            CANDIDATE_RESEARCH.reads,
            INTERVIEW_READS,
            EVALUATION.reads,
            EMAIL.reads,
        ] {
            for tag in tags {
                assert!(block(&state, tag).is_some(), "no block `{tag}`");
            }
        }
    }

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
