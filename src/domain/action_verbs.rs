//! Verbs that open an achievement bullet ("Led …", "Shipped …"), in the past tense as resumes
//! write them. One list for every heuristic that counts them (the demo model's signals, the
//! demo reviewer's strong openings), so the two never disagree about what a strong verb is.

/// Lower case. It includes the wording the demo revisor puts in place of a weak opening
/// ("worked on" → "Contributed to", "helped with" → "Supported", "tasked with" → "Handled"), so
/// a revised bullet counts as opening strongly.
pub const ACTION_VERBS: &[&str] = &[
    "achieved",
    "automated",
    "built",
    "contributed",
    "created",
    "cut",
    "delivered",
    "designed",
    "developed",
    "drove",
    "handled",
    "implemented",
    "improved",
    "increased",
    "introduced",
    "launched",
    "led",
    "managed",
    "mentored",
    "migrated",
    "optimized",
    "optimised",
    "owned",
    "reduced",
    "refactored",
    "scaled",
    "shipped",
    "spearheaded",
    "streamlined",
    "supported",
    "wrote",
];

/// Whether `word` (already lower case) is one of the [`ACTION_VERBS`].
pub fn is_action_verb(word: &str) -> bool {
    ACTION_VERBS.contains(&word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower_case_and_listed_once() {
        for (i, verb) in ACTION_VERBS.iter().enumerate() {
            assert_eq!(*verb, verb.to_lowercase());
            assert!(!ACTION_VERBS[..i].contains(verb), "{verb} twice");
        }
    }

    #[test]
    fn the_revisors_replacements_count() {
        for verb in ["contributed", "supported", "handled", "owned"] {
            assert!(is_action_verb(verb), "{verb}");
        }
        assert!(!is_action_verb("Led"), "callers lower-case first");
        assert!(!is_action_verb("assisted"));
    }
}
