//! Scores read from a model's answer are clamped to their range wherever they are read: an answer
//! of 85 for "8.5", or a resume that talked the model into 1000/10, must not dominate a total,
//! and NaN/infinity (which JSON cannot carry) become the range's floor.

/// `score` within `0..=max`; a non-finite score is 0.
pub fn clamp_score(score: f64, max: f64) -> f64 {
    if score.is_finite() {
        score.clamp(0.0, max)
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_stay_in_range() {
        assert_eq!(clamp_score(10.0, 10.0), 10.0);
        assert_eq!(clamp_score(85.0, 10.0), 10.0);
        assert_eq!(clamp_score(1000.0, 100.0), 100.0);
        assert_eq!(clamp_score(-1.0, 10.0), 0.0);
        assert_eq!(clamp_score(7.5, 10.0), 7.5);
        assert_eq!(clamp_score(f64::NAN, 10.0), 0.0);
        assert_eq!(clamp_score(f64::INFINITY, 100.0), 0.0);
    }
}
