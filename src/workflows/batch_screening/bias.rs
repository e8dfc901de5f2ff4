//! "Check this screening for bias": the counterfactual test of a finished batch, as one more
//! batch. [`plan_check`] takes a sample of the screened candidates and, per attribute
//! ([`Attribute`]), the two versions of each resume that differ in that attribute only, each
//! screened twice: blind (as the batch was, or blind if it was not) and as written. They run as an
//! ordinary batch with the same job, language and model, so pacing, cost caps, reloads and retries
//! are the batch's own; each resume says what it is a version of ([`VariantOf`]).
//! [`bias_report`] pairs the arms up again from that batch's state: per mode and attribute the
//! mean score difference (arm B − arm A) with its 95% interval and the shortlist flips, judged by
//! [`judge`].

use serde::{Deserialize, Serialize};

use crate::domain::fairness::counterfactual::{
    judge, shortlist_threshold, variants, Attribute, AttributeResult,
};

pub use super::annotations::VariantOf;

use super::state::{BatchState, CandidateStatus};
use super::workflow::{BatchResume, BatchRunInput};

/// Candidates a check samples unless asked otherwise.
pub const DEFAULT_SAMPLE: usize = 5;

/// A check's input, and the (candidate, attribute) pairs that could not be varied.
pub struct CheckPlan {
    pub input: BatchRunInput,
    pub not_applicable: Vec<(String, Attribute)>,
}

/// Up to `sample` screened candidates of `state` (spread over the ranking, best to worst), each
/// attribute's two arms of their resumes, in both modes. The shortlist line is the median of the
/// batch's own scores, so a flip is a change of the decision the batch would have made.
pub fn plan_check(state: &BatchState, sample: usize) -> CheckPlan {
    let screened: Vec<_> = state
        .table
        .iter()
        .filter(|row| row.status == CandidateStatus::Screened && row.overall_score.is_some())
        .collect();
    let scores: Vec<f64> = screened.iter().filter_map(|r| r.overall_score).collect();
    let picked: Vec<usize> = spread(screened.len(), sample);
    let mut resumes = Vec::new();
    let mut not_applicable = Vec::new();
    for (seed, &index) in picked.iter().enumerate() {
        let row = screened[index];
        let Some(candidate) = state.candidates.iter().find(|c| c.id == row.id) else {
            continue;
        };
        for attribute in Attribute::ALL {
            let Some(arms) = variants(&candidate.text, attribute, state.language, seed) else {
                not_applicable.push((candidate.label.clone(), attribute));
                continue;
            };
            for blind in [true, false] {
                for arm in &arms {
                    resumes.push(BatchResume {
                        label: format!(
                            "{} · {} · {} · {}",
                            candidate.label,
                            attribute_id(attribute),
                            arm.arm,
                            if blind { "blind" } else { "sighted" }
                        ),
                        text: arm.text.clone(),
                        variant: Some(VariantOf {
                            of: candidate.label.clone(),
                            attribute,
                            arm: arm.arm.clone(),
                            blind,
                        }),
                        categories: None,
                    });
                }
            }
        }
    }
    let proxies = state.blind.is_none_or(|b| b.proxies);
    CheckPlan {
        input: BatchRunInput {
            job_description: state.jd_text.clone(),
            resumes,
            language: state.language,
            blind: Some(true),
            mask_proxies: Some(proxies),
            shortlist_at: shortlist_threshold(&scores),
            ..BatchRunInput::default()
        },
        not_applicable,
    }
}

fn attribute_id(attribute: Attribute) -> String {
    serde_json::to_value(attribute)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// `count` indices of `0..len` spread evenly, first and last included.
fn spread(len: usize, count: usize) -> Vec<usize> {
    if count == 0 || len == 0 {
        return Vec::new();
    }
    if count >= len {
        return (0..len).collect();
    }
    if count == 1 {
        return vec![0];
    }
    let mut picked: Vec<usize> = (0..count)
        .map(|i| (i * (len - 1) + (count - 1) / 2) / (count - 1))
        .collect();
    picked.dedup();
    picked
}

/// One mode's results, every attribute that had pairs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct BiasMode {
    pub blind: bool,
    pub results: Vec<AttributeResult>,
    /// Pairs not counted: an arm was not screened (failed, deferred, cancelled).
    pub unscored_pairs: usize,
}

/// A bias check's report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
pub struct BiasReport {
    /// The shortlist line decisions are read at.
    pub shortlist_at: Option<f64>,
    /// Blind first, then as written.
    pub modes: Vec<BiasMode>,
}

impl BiasReport {
    pub fn flagged(&self) -> bool {
        self.modes
            .iter()
            .any(|m| m.results.iter().any(|r| r.flagged))
    }
}

/// The report of a bias check's batch, `None` for a batch that is not one.
pub fn bias_report(state: &BatchState) -> Option<BiasReport> {
    let variants: Vec<_> = state
        .candidates
        .iter()
        .filter_map(|c| c.variant.as_ref().map(|v| (c, v)))
        .collect();
    if variants.is_empty() {
        return None;
    }
    let score = |id: &str| {
        state
            .latest(id)
            .filter(|r| r.status == CandidateStatus::Screened)
            .and_then(|r| r.evaluation.as_ref())
            .map(|e| e.overall_score)
    };
    // (mode, attribute, of) → [arm A score, arm B score]
    let mut pairs: Vec<(bool, Attribute, String, [Option<f64>; 2])> = Vec::new();
    for (candidate, variant) in &variants {
        let Some(arm) = variant
            .attribute
            .arms()
            .iter()
            .position(|a| *a == variant.arm)
        else {
            continue;
        };
        let key = (variant.blind, variant.attribute, variant.of.clone());
        let at = match pairs
            .iter()
            .position(|(b, a, o, _)| (*b, *a, o.clone()) == key)
        {
            Some(at) => at,
            None => {
                pairs.push((key.0, key.1, key.2, [None, None]));
                pairs.len() - 1
            }
        };
        pairs[at].3[arm] = score(&candidate.id);
    }
    let threshold = state.shortlist_at.or_else(|| {
        let arm_a: Vec<f64> = pairs.iter().filter_map(|p| p.3[0]).collect();
        shortlist_threshold(&arm_a)
    });
    let modes = [true, false]
        .into_iter()
        .filter(|blind| pairs.iter().any(|p| p.0 == *blind))
        .map(|blind| {
            let mine: Vec<_> = pairs.iter().filter(|p| p.0 == blind).collect();
            let unscored_pairs = mine
                .iter()
                .filter(|p| p.3.iter().any(Option::is_none))
                .count();
            let results = Attribute::ALL
                .into_iter()
                .filter_map(|attribute| {
                    let scored: Vec<(f64, f64)> = mine
                        .iter()
                        .filter(|p| p.1 == attribute)
                        .filter_map(|p| Some((p.3[0]?, p.3[1]?)))
                        .collect();
                    if scored.is_empty() {
                        return None;
                    }
                    let diffs: Vec<f64> = scored.iter().map(|(a, b)| b - a).collect();
                    let decisions: Vec<(bool, bool)> = match threshold {
                        Some(line) => scored
                            .iter()
                            .map(|(a, b)| (*a >= line, *b >= line))
                            .collect(),
                        None => Vec::new(),
                    };
                    Some(judge(attribute, &diffs, &decisions))
                })
                .collect();
            BiasMode {
                blind,
                results,
                unscored_pairs,
            }
        })
        .collect();
    Some(BiasReport {
        shortlist_at: threshold,
        modes,
    })
}

#[cfg(test)]
mod tests {
    use super::spread;

    #[test]
    fn a_sample_spreads_over_the_ranking() {
        assert_eq!(spread(10, 5), [0, 2, 5, 7, 9]);
        assert_eq!(spread(3, 5), [0, 1, 2]);
        assert_eq!(spread(10, 1), [0]);
        assert_eq!(spread(0, 5), Vec::<usize>::new());
        assert_eq!(spread(2, 2), [0, 1]);
    }
}
