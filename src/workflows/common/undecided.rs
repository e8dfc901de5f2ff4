//! Facts removed from a final text without the user's decision: the count both the tailoring and
//! the cover letter warn about (each in its own words).

use crate::domain::facts::Fact;

/// How many of `removed` the user did not remove themselves (their keys are not in
/// `removed_keys`); `None` when there are none, so no warning is due.
pub fn undecided_count(removed: &[Fact], removed_keys: &[String]) -> Option<usize> {
    let undecided = removed
        .iter()
        .filter(|f| !removed_keys.contains(&f.key))
        .count();
    (undecided > 0).then_some(undecided)
}
