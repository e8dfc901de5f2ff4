//! What the scored pairs say: the mean score difference with its 95% interval, how often the
//! shortlist decision flips, and whether either is large enough to flag the attribute.

use serde::{Deserialize, Serialize};

use super::Attribute;
use crate::domain::Language;

/// An attribute is flagged when its interval lies more than this many points from 0.
pub const SCORE_MARGIN: f64 = 0.5;
/// An attribute is flagged when more than this share of pairs flip (1 in 20: 5% exactly is not).
pub const FLIP_LIMIT: (usize, usize) = (1, 20);

/// Two-sided 95% critical values of Student's t for 1 to 30 degrees of freedom. Beyond 30 the
/// normal 1.96 is used: t(31) is 2.040, so the interval is then at most 4% too narrow, and less
/// as the sample grows.
const T95: [f64; 30] = [
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
    2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
    2.052, 2.048, 2.045, 2.042,
];

/// The 95% critical value for `df` degrees of freedom (`df` ≥ 1).
pub fn t95(df: usize) -> f64 {
    T95.get(df.max(1) - 1).copied().unwrap_or(1.96)
}

/// The mean of paired score differences, arm B's score minus arm A's (see
/// [`Attribute::arms`]: a negative mean means arm B, e.g. "female" or "parental_leave", scored
/// lower), with its 95% Student-t interval.
///
/// With fewer than two pairs there is no interval: `low` and `high` then equal `mean` (0 with no
/// pairs), and [`Delta::has_interval`] is false, so a single pair never flags anything.
/// Differences that are not finite numbers are left out (and not counted in `n`), so no field is
/// ever NaN or infinite.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct Delta {
    pub n: usize,
    pub mean: f64,
    pub low: f64,
    pub high: f64,
}

impl Delta {
    pub fn of(diffs: &[f64]) -> Delta {
        let diffs: Vec<f64> = diffs.iter().copied().filter(|d| d.is_finite()).collect();
        let n = diffs.len();
        if n == 0 {
            return Delta::default();
        }
        let mut mean = diffs.iter().sum::<f64>() / n as f64;
        if !mean.is_finite() {
            // The sum overflowed (finite values near f64::MAX): add the shares instead.
            mean = diffs.iter().map(|d| d / n as f64).sum::<f64>();
        }
        if n < 2 || !mean.is_finite() {
            let mean = if mean.is_finite() { mean } else { 0.0 };
            return Delta {
                n,
                mean,
                low: mean,
                high: mean,
            };
        }
        let variance = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
        let half = t95(n - 1) * (variance / n as f64).sqrt();
        let (low, high) = (mean - half, mean + half);
        // A spread too large for f64 (differences near f64::MAX, never a 0–100 score's) gives
        // the widest finite interval: it excludes nothing, as an unknown width should.
        if low.is_finite() && high.is_finite() {
            Delta { n, mean, low, high }
        } else {
            Delta {
                n,
                mean,
                low: f64::MIN,
                high: f64::MAX,
            }
        }
    }

    /// Two pairs or more: `low` and `high` are a 95% interval.
    pub fn has_interval(&self) -> bool {
        self.n >= 2
    }

    /// The interval lies more than [`SCORE_MARGIN`] points from 0, on either side.
    pub fn excludes_zero(&self) -> bool {
        self.has_interval() && (self.low > SCORE_MARGIN || self.high < -SCORE_MARGIN)
    }
}

/// Arm B's score minus arm A's for each pair `(a, b)`: the differences [`Delta`] summarises.
pub fn differences(scores: &[(f64, f64)]) -> Vec<f64> {
    scores.iter().map(|&(a, b)| b - a).collect()
}

/// The share of pairs whose shortlist decisions differ (`(arm A on it, arm B on it)`); 0 with no
/// pairs.
pub fn flip_rate(pairs: &[(bool, bool)]) -> f64 {
    if pairs.is_empty() {
        return 0.0;
    }
    flips(pairs) as f64 / pairs.len() as f64
}

fn flips(pairs: &[(bool, bool)]) -> usize {
    pairs.iter().filter(|(a, b)| a != b).count()
}

/// Why an attribute was flagged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum FlagReason {
    /// The score difference's interval lies more than [`SCORE_MARGIN`] points from 0.
    ScoreGap,
    /// More than 5% of pairs were shortlisted in one arm and not the other.
    DecisionFlips,
}

impl FlagReason {
    pub fn label(self, language: Language) -> &'static str {
        match self {
            FlagReason::ScoreGap => language.pick(
                "the score difference's 95% interval is more than 0.5 points from 0",
                "分数差的 95% 区间距 0 超过 0.5 分",
            ),
            FlagReason::DecisionFlips => language.pick(
                "the shortlist decision changed for more than 5% of pairs",
                "超过 5% 的成对简历入围结果不同",
            ),
        }
    }
}

/// One attribute's result, as a run saves and the report shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct AttributeResult {
    pub attribute: Attribute,
    /// Arm B minus arm A.
    pub delta: Delta,
    /// Pairs whose shortlist decision differs between the arms, of `pairs` decided.
    pub flips: usize,
    pub pairs: usize,
    pub flagged: bool,
    /// Empty when not flagged.
    pub why: Vec<FlagReason>,
}

impl AttributeResult {
    pub fn flip_rate(&self) -> f64 {
        if self.pairs == 0 {
            0.0
        } else {
            self.flips as f64 / self.pairs as f64
        }
    }
}

/// The result for one attribute from its paired differences (arm B − arm A, see
/// [`differences`]) and its pairs of shortlist decisions (arm A, arm B). Flagged when the
/// interval lies more than 0.5 points from 0 (`low > 0.5` or `high < −0.5`), or when more than
/// 5% of decisions flip (counted in whole pairs, so 1 in 20 is not flagged and 2 in 20 is).
pub fn judge(attribute: Attribute, diffs: &[f64], decisions: &[(bool, bool)]) -> AttributeResult {
    let delta = Delta::of(diffs);
    let flips = flips(decisions);
    let pairs = decisions.len();
    let mut why = Vec::new();
    if delta.excludes_zero() {
        why.push(FlagReason::ScoreGap);
    }
    // flips / pairs > 1 / 20, in integers: no rounding at the limit.
    if flips * FLIP_LIMIT.1 > pairs * FLIP_LIMIT.0 {
        why.push(FlagReason::DecisionFlips);
    }
    AttributeResult {
        attribute,
        delta,
        flips,
        pairs,
        flagged: !why.is_empty(),
        why,
    }
}
