//! The revisor's guard: facts of the original resume that a revision must neither drop nor invent.
//!
//! Facts are numbers (years, counts, percentages, amounts: "2021", "40k", "30%", "2M") and
//! employers/schools (best effort: the name after "—", "–", " - ", " at " or "|" on a line that
//! also holds a year, e.g. "### Engineer — Parcelwise (2021–present)"). Numbers are checked both
//! ways; employers only for being dropped, as a new name cannot be told from a new word.

use std::collections::BTreeSet;

use crate::domain::facts::{extract, ungrounded, Fact, FactKind};
use crate::domain::FactCheck;

/// Numbers as written, lowercased, thousands separators removed, with a unit suffix kept
/// ("40k", "30%", "2m"), so "40k" and "40" are different facts.
pub fn numbers(text: &str) -> BTreeSet<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = BTreeSet::new();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let mut number = String::new();
        while i < chars.len() {
            let c = chars[i];
            let joins_digits = matches!(c, '.' | ',')
                && chars.get(i + 1).is_some_and(char::is_ascii_digit)
                && !number.is_empty();
            if c.is_ascii_digit() {
                number.push(c);
            } else if joins_digits {
                if c == '.' {
                    number.push(c);
                }
            } else {
                break;
            }
            i += 1;
        }
        // A unit suffix counts only when the word ends right after it ("40k", not "4kafka").
        if let Some(&unit) = chars.get(i) {
            let word_ends = chars.get(i + 1).is_none_or(|c| !c.is_alphanumeric());
            if (unit == '%' || (matches!(unit, 'k' | 'K' | 'm' | 'M' | 'x' | 'B') && word_ends))
                && !number.is_empty()
            {
                number.push(unit.to_ascii_lowercase());
                i += 1;
            }
        }
        found.insert(number);
    }
    found
}

/// Whether a number fact is a year (1900–2099).
pub fn is_year(number: &str) -> bool {
    number.len() == 4
        && (number.starts_with("19") || number.starts_with("20"))
        && number.chars().all(|c| c.is_ascii_digit())
}

/// Employer and school names, best effort (see the module docs).
pub fn employers(text: &str) -> BTreeSet<String> {
    const SEPARATORS: [&str; 5] = [" — ", " – ", " - ", " at ", " | "];
    let mut found = BTreeSet::new();
    for line in text.lines() {
        if !numbers(line).iter().any(|n| is_year(n)) {
            continue;
        }
        let line = line.trim().trim_start_matches(['#', '*', '-', ' ']);
        for separator in SEPARATORS {
            let Some((_, after)) = line.split_once(separator) else {
                continue;
            };
            let name = after
                .split(['(', ',', '|', '·'])
                .next()
                .unwrap_or("")
                .trim()
                .trim_end_matches(['*', ' ']);
            let words = name.split_whitespace().count();
            let capitalised = name.chars().next().is_some_and(char::is_uppercase);
            if (1..=5).contains(&words) && capitalised && !numbers(name).iter().any(|n| is_year(n))
            {
                found.insert(name.to_string());
                break;
            }
        }
    }
    found
}

/// Compares a revision with the original. A number written differently but meaning the same
/// (`40,000` → `40k`, `30 %` → `30%`, `03/2020` → `March 2020`) is neither dropped nor added:
/// the fact extractor ([`crate::domain::facts`]) says so by its keys. An organisation the
/// revision names and the original does not is added (an invented employer).
pub fn check(original: &str, revised: &str) -> FactCheck {
    let before = numbers(original);
    let after = numbers(revised);
    let revised_lower = revised.to_lowercase();
    let kept_in_revision = Reworded::of(revised, original);
    let kept_from_original = Reworded::of(original, revised);
    let mut dropped: Vec<String> = before
        .difference(&after)
        .filter(|n| !kept_from_original.excuses(n))
        .cloned()
        .collect();
    dropped.extend(
        employers(original)
            .into_iter()
            .filter(|name| !revised_lower.contains(&name.to_lowercase())),
    );
    let mut added: Vec<String> = after
        .difference(&before)
        .filter(|n| !kept_in_revision.excuses(n))
        .cloned()
        .collect();
    added.extend(kept_in_revision.invented_organisations);
    FactCheck { dropped, added }
}

/// The numbers of a text's number and date facts, split by whether another text grounds them.
struct Reworded {
    grounded: BTreeSet<String>,
    ungrounded: BTreeSet<String>,
    invented_organisations: Vec<String>,
}

impl Reworded {
    fn of(text: &str, other: &str) -> Self {
        let flagged: Vec<Fact> = ungrounded(text, &[other]);
        let mut grounded = BTreeSet::new();
        let mut not_grounded = BTreeSet::new();
        for fact in extract(text) {
            if !matches!(fact.kind, FactKind::Number | FactKind::Date) {
                continue;
            }
            let target = if flagged.contains(&fact) {
                &mut not_grounded
            } else {
                &mut grounded
            };
            target.extend(numbers(&fact.text));
        }
        let mut invented_organisations: Vec<String> = flagged
            .into_iter()
            .filter(|f| f.kind == FactKind::Organisation)
            .map(|f| f.text)
            .collect();
        invented_organisations.dedup();
        Reworded {
            grounded,
            ungrounded: not_grounded,
            invented_organisations,
        }
    }

    /// A number that only appears inside facts the other text holds, in other words.
    fn excuses(&self, number: &str) -> bool {
        self.grounded.contains(number) && !self.ungrounded.contains(number)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workflows::sample::SAMPLE_RESUME;

    fn set(items: &[&str]) -> BTreeSet<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn extracts_numbers_with_units() {
        let found =
            numbers("cut p99 from 900 ms to 120 ms, 40k events, 2M a day, 30% less, $1,200, v2.5");
        assert_eq!(
            found,
            set(&["99", "900", "120", "40k", "2m", "30%", "1200", "2.5"])
        );
        assert_eq!(numbers("2018–2021"), set(&["2018", "2021"]));
    }

    #[test]
    fn finds_the_sample_employers() {
        let found = employers(SAMPLE_RESUME);
        assert_eq!(
            found,
            set(&["Parcelwise", "Tillpoint Payments", "University of Porto"])
        );
    }

    #[test]
    fn flags_dropped_and_added_facts() {
        let original = "### Dev — Acme (2019–2021)\n- Cut costs by 30%";
        let clean = check(
            original,
            "### Dev — Acme (2019–2021)\n- Reduced costs by 30%",
        );
        assert!(clean.is_clean(), "{clean:?}");
        let bad = check(
            original,
            "### Dev — Initech (2019–2022)\n- Cut costs by 30% for 5 teams",
        );
        assert_eq!(bad.dropped, ["2021", "Acme"]);
        assert_eq!(bad.added, ["2022", "5", "Initech"]);
    }

    #[test]
    fn the_same_number_written_otherwise_is_kept() {
        let original = "### Dev — Acme (03/2019–2021)\n- Served 40,000 users, cut costs by 30 %";
        let reworded = "### Dev — Acme (March 2019 – 2021)\n- Served 40k users, cut costs by 30%";
        let same = check(original, reworded);
        assert!(same.is_clean(), "{same:?}");
        let inflated = check(original, "### Dev — Acme (2019–2021)\n- Served 400k users");
        assert!(inflated.added.contains(&"400k".to_string()), "{inflated:?}");
    }
}
