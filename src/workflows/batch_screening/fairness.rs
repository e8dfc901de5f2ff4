//! The impact ratios of a batch, as New York City's Local Law 144 defines them
//! ([`crate::domain::fairness::impact`]), computed from the batch's state whenever they are
//! asked for: never stored, so they always agree with the table.
//!
//! Which numbers stand for the tool's output, where the rules leave it to the auditor:
//!
//! - **Scoring rate** (the rules' measure for a tool that scores): the score the batch ranked by.
//!   In a batch that used a model, the evaluation's `overall_score` of each screened candidate;
//!   in an ATS-only batch, the ATS score. The report says which ([`ScoreSource`]). A candidate
//!   without that score (not screened, failed, deferred, cancelled) is not in the sample: the
//!   tool did not score them. The ATS score of a model batch is not used: it is not what the
//!   batch ranked by, and mixing the two scales would make the median meaningless.
//! - **Selection rate** (the measure for a tool that classifies): only in a batch with
//!   recommendations. "Selected" is a recommendation to move forward, strong hire or hire; hold
//!   and no hire are not selected. A candidate without a recommendation is not in that sample.
//! - Everyone in a sample counts, whether or not they reported a category: without categories
//!   they are unknown, counted in the sample and its median and in the unknown counts, in no row.
//!   The report exists only when at least one candidate of the batch has categories.
//!
//! The categories come from the batch's input (`BatchResume::categories`), are what people said
//! of themselves, and never reach a model: only this report reads them.

use serde::{Deserialize, Serialize};

use crate::domain::fairness::impact::{
    impact_table, to_markdown, Assessed, ImpactTable, RateKind, SelfReported,
};
use crate::domain::hiring::Recommendation;
use crate::domain::Language;

use super::state::{BatchState, CandidateStatus};

/// Which score the scoring rate is of.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoreSource {
    /// The evaluation's overall score (0–100): a batch that used a model.
    #[default]
    Evaluation,
    /// The deterministic ATS score (0–100): an ATS-only batch.
    Ats,
}

impl ScoreSource {
    pub fn describe(self, language: Language) -> &'static str {
        match self {
            ScoreSource::Evaluation => language.pick(
                "the evaluation's overall score (0–100) of each screened candidate",
                "每位已筛选候选人的评估总分（0–100）",
            ),
            ScoreSource::Ats => language.pick(
                "the ATS score (0–100, no model) of each candidate",
                "每位候选人的 ATS 分数（0–100，无模型）",
            ),
        }
    }
}

/// The batch's impact ratios.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ImpactReport {
    pub score_source: ScoreSource,
    /// Candidates of the batch, and of them those whose input carried categories.
    pub candidates: usize,
    pub with_categories: usize,
    /// Scoring rates of [`Self::score_source`].
    pub scoring: ImpactTable,
    /// Selection rates ("selected": strong hire or hire); none without recommendations.
    pub selection: Option<ImpactTable>,
}

/// Whether a recommendation moves the candidate forward.
pub fn selected(recommendation: Recommendation) -> bool {
    matches!(
        recommendation,
        Recommendation::StrongHire | Recommendation::Hire
    )
}

/// The impact ratios of `state`'s batch; none when no candidate has categories.
pub fn impact_report(state: &BatchState) -> Option<ImpactReport> {
    let with_categories = state
        .candidates
        .iter()
        .filter(|c| c.categories.is_some())
        .count();
    if with_categories == 0 {
        return None;
    }
    let score_source = if state.ats_only {
        ScoreSource::Ats
    } else {
        ScoreSource::Evaluation
    };
    let people: Vec<Assessed> = state
        .candidates
        .iter()
        .map(|candidate| {
            let evaluation = state
                .latest(&candidate.id)
                .filter(|r| r.status == CandidateStatus::Screened)
                .and_then(|r| r.evaluation.as_ref());
            let score = match score_source {
                ScoreSource::Ats => state
                    .ats
                    .iter()
                    .find(|a| a.id == candidate.id)
                    .map(|a| f64::from(a.score)),
                ScoreSource::Evaluation => evaluation.map(|e| e.overall_score),
            };
            Assessed {
                categories: candidate
                    .categories
                    .clone()
                    .unwrap_or_else(SelfReported::default),
                score,
                selected: evaluation.map(|e| selected(e.recommendation)),
            }
        })
        .collect();
    let recommended = people.iter().any(|p| p.selected.is_some());
    Some(ImpactReport {
        score_source,
        candidates: state.candidates.len(),
        with_categories,
        scoring: impact_table(&people, RateKind::Scoring),
        selection: recommended.then(|| impact_table(&people, RateKind::Selection)),
    })
}

/// One table of the report as Markdown ([`to_markdown`]), with a line after its title saying
/// what was scored or what "selected" means, so the export stands on its own.
pub fn table_markdown(report: &ImpactReport, table: &ImpactTable, language: Language) -> String {
    let what = match table.kind {
        RateKind::Scoring => format!(
            "{}{}.",
            language.pick("Score: ", "分数："),
            report.score_source.describe(language)
        ),
        RateKind::Selection => language
            .pick(
                "Selected: the tool recommended moving forward (strong hire or hire).",
                "被选中：工具建议推进（强烈推荐录用或建议录用）。",
            )
            .to_string(),
    };
    let markdown = to_markdown(table, language);
    match markdown.split_once("\n\n") {
        Some((title, rest)) => format!("{title}\n\n{what}\n{rest}"),
        None => format!("{markdown}\n{what}\n"),
    }
}
