//! The computation: the sample, its median, each category's count and rate, and the comparison
//! with the dimension's highest rate.

use std::collections::BTreeMap;

use super::{
    Assessed, Dimension, ImpactRow, ImpactTable, RateKind, SmallCategories, UnknownCounts,
};

/// The impact ratios of `people` for `kind`, leaving categories under 2% out of the comparison
/// (they keep their row: see [`SmallCategories::Exclude`]).
pub fn impact_table(people: &[Assessed], kind: RateKind) -> ImpactTable {
    impact_table_with(people, kind, SmallCategories::Exclude)
}

/// [`impact_table`], choosing what happens to categories under 2%.
pub fn impact_table_with(
    people: &[Assessed],
    kind: RateKind,
    small: SmallCategories,
) -> ImpactTable {
    let median = match kind {
        RateKind::Scoring => median(people.iter().filter_map(finite_score).collect()),
        RateKind::Selection => None,
    };
    let mut sexes = Tallies::default();
    let mut races = Tallies::default();
    let mut intersections = Tallies::default();
    let mut unknown = UnknownCounts::default();
    let mut assessed = 0;
    for person in people {
        let Some(hit) = outcome(person, kind, median) else {
            continue;
        };
        assessed += 1;
        let categories = &person.categories;
        let sex = sexes.add(categories.sex.as_deref(), hit);
        let race = races.add(categories.race_ethnicity.as_deref(), hit);
        unknown.sex += usize::from(sex.is_none());
        unknown.race_ethnicity += usize::from(race.is_none());
        match (sex, race) {
            (Some(sex), Some(race)) => intersections.add_both(&sex, &race, hit),
            _ => unknown.intersection += 1,
        }
    }
    let exclude_small = small == SmallCategories::Exclude;
    let mut rows = Vec::new();
    for (dimension, tallies) in Dimension::ALL
        .into_iter()
        .zip([sexes, races, intersections])
    {
        rows.extend(compare(dimension, tallies, assessed, exclude_small));
    }
    ImpactTable {
        kind,
        assessed,
        median,
        unknown,
        small_categories_excluded: exclude_small,
        rows,
    }
}

/// A score that is not a finite number (NaN, infinite) is no score: it would make the median,
/// and with it every scoring rate, meaningless.
fn finite_score(person: &Assessed) -> Option<f64> {
    person.score.filter(|score| score.is_finite())
}

/// The usual median: the middle score, or halfway between the middle two. Two scores near
/// `f64::MAX` whose sum overflows are halved first, so the median stays finite.
fn median(mut scores: Vec<f64>) -> Option<f64> {
    crate::domain::stable_sort::sort_by(&mut scores, |a, b| a.total_cmp(b));
    let middle = scores.len() / 2;
    match scores.len() {
        0 => None,
        n if n % 2 == 1 => Some(scores[middle]),
        _ => {
            let (low, high) = (scores[middle - 1], scores[middle]);
            let halfway = (low + high) / 2.0;
            Some(if halfway.is_finite() {
                halfway
            } else {
                low / 2.0 + high / 2.0
            })
        }
    }
}

/// Whether the person counts as selected (above the median), or None when they are not in the
/// sample of `kind` at all.
fn outcome(person: &Assessed, kind: RateKind, median: Option<f64>) -> Option<bool> {
    match kind {
        RateKind::Scoring => Some(finite_score(person)? > median?),
        RateKind::Selection => person.selected,
    }
}

/// People of one category so far.
struct Tally {
    label: String,
    count: usize,
    hits: usize,
}

/// The categories of one dimension, by their folded spelling.
#[derive(Default)]
struct Tallies(BTreeMap<String, Tally>);

/// A category as it is matched (spaces trimmed and collapsed, lower-cased: "Female " is
/// "female"), and as it is shown (the spaces tidied, the case kept). `None` for a blank one.
fn fold(text: &str) -> Option<(String, String)> {
    let label = text.split_whitespace().collect::<Vec<_>>().join(" ");
    (!label.is_empty()).then(|| (label.to_lowercase(), label))
}

impl Tallies {
    /// Counts a person in `category` (None or blank: unknown, not counted), and returns the
    /// category's folded key and shown label.
    fn add(&mut self, category: Option<&str>, hit: bool) -> Option<(String, String)> {
        let (key, label) = fold(category?)?;
        let tally = self.count(key.clone(), label, hit);
        Some((key, tally.label.clone()))
    }

    /// Counts a person in the intersection of two categories, each `(key, label)` as
    /// [`Self::add`] returned it.
    fn add_both(&mut self, sex: &(String, String), race: &(String, String), hit: bool) {
        // A line break, which no folded category holds, so ("a b", "c") and ("a", "b c") differ.
        let key = format!("{}\n{}", sex.0, race.0);
        self.count(key, format!("{} × {}", sex.1, race.1), hit);
    }

    fn count(&mut self, key: String, label: String, hit: bool) -> &Tally {
        let tally = self.0.entry(key).or_insert(Tally {
            label,
            count: 0,
            hits: 0,
        });
        tally.count += 1;
        tally.hits += usize::from(hit);
        tally
    }
}

/// The rows of one dimension. Rates are compared as fractions of whole counts, never as rounded
/// floats, so a ratio of exactly 4/5 is never flagged by a rounding error.
fn compare(
    dimension: Dimension,
    tallies: Tallies,
    assessed: usize,
    exclude_small: bool,
) -> Vec<ImpactRow> {
    // Under 2%: count / assessed < 1 / 50.
    let too_small = |t: &Tally| exclude_small && wide(t.count) * 50 < wide(assessed);
    let highest = tallies
        .0
        .values()
        .filter(|t| !too_small(t))
        .map(|t| (t.hits, t.count))
        .max_by(|&(a_hits, a_count), &(b_hits, b_count)| {
            (wide(a_hits) * wide(b_count)).cmp(&(wide(b_hits) * wide(a_count)))
        })
        .filter(|&(hits, _)| hits > 0);
    let mut rows: Vec<ImpactRow> = tallies
        .0
        .into_values()
        .map(|t| {
            let excluded = too_small(&t);
            // rate / highest = (hits / count) / (top_hits / top_count), as one division.
            let ratio = highest.filter(|_| !excluded).map(|(top_hits, top_count)| {
                (
                    wide(t.hits) * wide(top_count),
                    wide(t.count) * wide(top_hits),
                )
            });
            ImpactRow {
                dimension,
                rate: t.hits as f64 / t.count as f64,
                impact_ratio: ratio.map(|(over, under)| over as f64 / under as f64),
                // ratio < 4/5, exactly.
                flagged: ratio.is_some_and(|(over, under)| over * 5 < under * 4),
                excluded_for_size: excluded,
                category: t.label,
                count: t.count,
                above_or_selected: t.hits,
            }
        })
        .collect();
    crate::domain::stable_sort::sort_by(&mut rows, |a, b| {
        b.count
            .cmp(&a.count)
            .then_with(|| a.category.cmp(&b.category))
    });
    rows
}

/// Counts multiplied without overflow.
fn wide(count: usize) -> u128 {
    count as u128
}
