//! Who is on the shortlist, so that a pair's two decisions can be compared.

/// Which scores are on the shortlist: those at or above `threshold`.
pub fn shortlist(scores: &[f64], threshold: f64) -> Vec<bool> {
    scores
        .iter()
        .map(|&s| s.is_finite() && s >= threshold)
        .collect()
}

/// The cut-off for [`shortlist`]: the median of the batch's original scores (not the variants').
///
/// Why the median and not a fixed score such as 70: models place their scores differently (a
/// small local model may score everyone between 55 and 65, a generous one everyone above 70), and
/// a fixed line there shortlists no one or everyone, so no decision could flip whatever the bias.
/// The median puts the line where the batch's candidates are, where a shift of a few points
/// changes who is shortlisted: the question the flip rate asks. `None` with no finite score.
pub fn shortlist_threshold(original_scores: &[f64]) -> Option<f64> {
    let mut scores: Vec<f64> = original_scores
        .iter()
        .copied()
        .filter(|s| s.is_finite())
        .collect();
    if scores.is_empty() {
        return None;
    }
    scores.sort_by(f64::total_cmp);
    let mid = scores.len() / 2;
    Some(if scores.len().is_multiple_of(2) {
        (scores[mid - 1] + scores[mid]) / 2.0
    } else {
        scores[mid]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shortlist_is_at_or_above_the_median_of_the_originals() {
        assert_eq!(shortlist_threshold(&[70.0, 50.0, 90.0]), Some(70.0));
        assert_eq!(
            shortlist_threshold(&[60.0, 80.0, f64::NAN, 70.0, 90.0]),
            Some(75.0)
        );
        assert_eq!(shortlist_threshold(&[]), None);
        assert_eq!(
            shortlist(&[74.9, 75.0, 80.0, f64::NAN], 75.0),
            [false, true, true, false]
        );
    }
}
