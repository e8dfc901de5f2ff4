//! The statistics against hand computations, and the flag rule at its limits.

use super::super::stats::*;
use super::super::Attribute;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-3
}

#[test]
fn the_interval_matches_a_hand_computation() {
    // Mean 3, sd 1.5811, se 0.7071, t(4) = 2.776: 3 ± 1.963.
    let d = Delta::of(&[1.0, 2.0, 3.0, 4.0, 5.0]);
    assert_eq!(d.n, 5);
    assert!(
        close(d.mean, 3.0) && close(d.low, 1.037) && close(d.high, 4.963),
        "{d:?}"
    );
    assert!(d.has_interval() && d.excludes_zero());
}

#[test]
fn fewer_than_two_pairs_have_no_interval() {
    assert_eq!(
        Delta::of(&[]),
        Delta {
            n: 0,
            mean: 0.0,
            low: 0.0,
            high: 0.0
        }
    );
    let one = Delta::of(&[7.0]);
    assert_eq!(
        one,
        Delta {
            n: 1,
            mean: 7.0,
            low: 7.0,
            high: 7.0
        }
    );
    assert!(!one.has_interval() && !one.excludes_zero());
    assert!(!judge(Attribute::Gender, &[-30.0], &[]).flagged);
}

#[test]
fn nothing_is_ever_nan_or_infinite() {
    let d = Delta::of(&[f64::NAN, 2.0, f64::INFINITY, 4.0, f64::NEG_INFINITY]);
    assert_eq!(d.n, 2);
    assert!(close(d.mean, 3.0) && d.low.is_finite() && d.high.is_finite());
    let huge = Delta::of(&[f64::MAX, f64::MAX]);
    assert!(
        [huge.mean, huge.low, huge.high]
            .iter()
            .all(|x| x.is_finite()),
        "{huge:?}"
    );
    let spread = Delta::of(&[f64::MAX, -f64::MAX, 0.0]);
    assert_eq!((spread.low, spread.high), (f64::MIN, f64::MAX));
    assert!(!spread.excludes_zero());
    let same = Delta::of(&[-4.0; 6]);
    assert_eq!((same.low, same.high), (-4.0, -4.0));
    assert_eq!(flip_rate(&[]), 0.0);
}

#[test]
fn t_values_come_from_the_table_then_the_normal() {
    assert_eq!(t95(1), 12.706);
    assert_eq!(t95(4), 2.776);
    assert_eq!(t95(30), 2.042);
    assert_eq!(t95(31), 1.96);
    assert_eq!(t95(0), 12.706);
}

#[test]
fn differences_are_arm_b_minus_arm_a() {
    assert_eq!(differences(&[(80.0, 75.0), (60.0, 62.0)]), [-5.0, 2.0]);
}

#[test]
fn flip_rate_counts_differing_decisions() {
    assert_eq!(
        flip_rate(&[(true, true), (true, false), (false, true), (false, false)]),
        0.5
    );
}

fn decisions(flips: usize, of: usize) -> Vec<(bool, bool)> {
    (0..of).map(|i| (true, i >= flips)).collect()
}

#[test]
fn a_consistent_penalty_is_flagged_and_noise_around_zero_is_not() {
    let biased = [-4.0, -3.5, -4.5, -4.0, -3.0, -5.0, -4.0, -4.2];
    let result = judge(Attribute::Gender, &biased, &decisions(0, 8));
    assert!(result.flagged && result.delta.high < -0.5);
    assert_eq!(result.why, [FlagReason::ScoreGap]);

    let unbiased = [1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 0.0, 0.2];
    let result = judge(Attribute::Gender, &unbiased, &decisions(0, 8));
    assert!(!result.flagged && result.why.is_empty(), "{result:?}");
    // An interval beyond 0 but within 0.5 of it is not flagged either.
    assert!(!judge(Attribute::Pronouns, &[0.3, 0.4, 0.35, 0.3, 0.4], &[]).flagged);
}

#[test]
fn more_than_one_flip_in_twenty_is_flagged_and_exactly_one_is_not() {
    let diffs = [0.0; 20];
    let two = judge(Attribute::ParentalLeaveGap, &diffs, &decisions(2, 20));
    assert!(two.flagged && two.why == [FlagReason::DecisionFlips]);
    assert_eq!((two.flips, two.pairs), (2, 20));
    assert!(close(two.flip_rate(), 0.1));
    let one = judge(Attribute::ParentalLeaveGap, &diffs, &decisions(1, 20));
    assert!(!one.flagged && close(one.flip_rate(), 0.05));
}

#[test]
fn results_round_trip_through_json() {
    let result = judge(Attribute::Ethnicity, &[-2.0, -3.0, -2.5], &decisions(1, 3));
    let json = serde_json::to_string(&result).unwrap();
    assert!(json.contains("\"attribute\":\"ethnicity\"") && json.contains("\"score_gap\""));
    let back: AttributeResult = serde_json::from_str(&json).unwrap();
    // Floats come back to within a rounding step (serde_json's default float parsing).
    assert!(close(back.delta.high, result.delta.high) && close(back.delta.low, result.delta.low));
    assert_eq!((back.flagged, back.why, back.flips), (true, result.why, 1));
}
