//! Grounding: which facts of a rewrite no source holds.

use std::collections::HashSet;

use super::fold::contains_words;
use super::{extract, fold, Fact, FactKind};

/// What the sources hold: their facts' keys by kind, and their folded text (names are also
/// looked up in it, so a shortened or re-cased name is grounded).
struct Sources {
    keys: HashSet<(FactKind, String)>,
    /// Years of every source date, so a year-only date is grounded by `Mar 2020`.
    years: HashSet<String>,
    folded: Vec<String>,
    lower: Vec<String>,
}

impl Sources {
    fn of(sources: &[&str]) -> Self {
        let mut keys = HashSet::new();
        let mut years = HashSet::new();
        for source in sources {
            for fact in extract(source) {
                if fact.kind == FactKind::Date {
                    years.insert(fact.key.chars().take(4).collect());
                }
                keys.insert((fact.kind, fact.key));
            }
        }
        Sources {
            keys,
            years,
            folded: sources.iter().map(|s| fold(s)).collect(),
            lower: sources.iter().map(|s| s.to_lowercase()).collect(),
        }
    }

    fn grounds(&self, fact: &Fact) -> bool {
        if self.keys.contains(&(fact.kind, fact.key.clone())) {
            return true;
        }
        match fact.kind {
            FactKind::Date => fact.key.len() == 4 && self.years.contains(&fact.key),
            FactKind::Organisation
            | FactKind::Title
            | FactKind::School
            | FactKind::Certification => {
                let text = fold(&fact.text);
                self.folded
                    .iter()
                    .any(|s| contains_words(s, &fact.key) || contains_words(s, &text))
            }
            FactKind::Email | FactKind::Url => self.lower.iter().any(|s| s.contains(&fact.key)),
            FactKind::Degree | FactKind::Number => false,
        }
    }
}

/// The facts of `output` whose key is in no source (see the module docs for how each kind is
/// compared), in order of `start`.
pub fn ungrounded(output: &str, sources: &[&str]) -> Vec<Fact> {
    let known = Sources::of(sources);
    extract(output)
        .into_iter()
        .filter(|fact| !known.grounds(fact))
        .collect()
}
