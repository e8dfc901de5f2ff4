//! The revisor's guard: facts of the original resume that a revision must neither drop nor invent.
//!
//! Facts are numbers (years, counts, percentages, amounts: "2021", "40k", "30%", "2M") and
//! employers/schools (best effort: the name after "—", "–", " - ", " at " or "|" on a line that
//! also holds a year, e.g. "### Engineer — Parcelwise (2021–present)"). Numbers are checked both
//! ways; employers only for being dropped, as a new name cannot be told from a new word.

use std::collections::BTreeSet;

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

/// Compares a revision with the original.
pub fn check(original: &str, revised: &str) -> FactCheck {
    let before = numbers(original);
    let after = numbers(revised);
    let revised_lower = revised.to_lowercase();
    let mut dropped: Vec<String> = before.difference(&after).cloned().collect();
    dropped.extend(
        employers(original)
            .into_iter()
            .filter(|name| !revised_lower.contains(&name.to_lowercase())),
    );
    FactCheck {
        dropped,
        added: after.difference(&before).cloned().collect(),
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
        assert_eq!(bad.added, ["2022", "5"]);
    }
}
