//! Sorting and filtering the ranked table: pure functions over [`RankedRow`]s, so the page's
//! column headers and filters stay thin (and testable in the browser test binary).

use std::cmp::Ordering;

use crate::workflows::batch_screening::RankedRow;

/// A column the table sorts by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortKey {
    Rank,
    Candidate,
    Overall,
    Ats,
    Coverage,
    Recommendation,
}

impl SortKey {
    pub fn id(self) -> &'static str {
        match self {
            SortKey::Rank => "rank",
            SortKey::Candidate => "candidate",
            SortKey::Overall => "overall",
            SortKey::Ats => "ats",
            SortKey::Coverage => "coverage",
            SortKey::Recommendation => "recommendation",
        }
    }
}

/// The sort the table shows: a column and its direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sort {
    pub key: SortKey,
    pub descending: bool,
}

impl Default for Sort {
    fn default() -> Self {
        Sort {
            key: SortKey::Rank,
            descending: false,
        }
    }
}

impl Sort {
    /// A click on `key`'s header: the same column flips; another one starts with the order a
    /// reader expects (best first for scores, A–Z for names, 1 first for rank).
    pub fn clicked(self, key: SortKey) -> Sort {
        if self.key == key {
            Sort {
                key,
                descending: !self.descending,
            }
        } else {
            Sort {
                key,
                descending: matches!(key, SortKey::Overall | SortKey::Ats | SortKey::Coverage),
            }
        }
    }
}

/// Who the row is: the parsed name with the label, or the label.
pub fn who(row: &RankedRow) -> String {
    if row.name.is_empty() {
        row.label.clone()
    } else {
        format!("{} ({})", row.name, row.label)
    }
}

/// Best recommendation first; none last.
fn recommendation_order(row: &RankedRow) -> usize {
    row.recommendation
        .map(|r| {
            crate::domain::hiring::Recommendation::ALL
                .iter()
                .position(|x| *x == r)
                .unwrap_or(9)
        })
        .unwrap_or(9)
}

fn compare(a: &RankedRow, b: &RankedRow, key: SortKey) -> Ordering {
    let score = |r: &RankedRow| r.overall_score.unwrap_or(-1.0);
    match key {
        SortKey::Rank => a.rank.cmp(&b.rank),
        SortKey::Candidate => who(a).to_lowercase().cmp(&who(b).to_lowercase()),
        SortKey::Overall => score(a).total_cmp(&score(b)),
        SortKey::Ats => a.ats_score.cmp(&b.ats_score),
        SortKey::Coverage => a.must_have_coverage.total_cmp(&b.must_have_coverage),
        // Ascending: the best recommendation first, rows without one last.
        SortKey::Recommendation => recommendation_order(a).cmp(&recommendation_order(b)),
    }
}

/// `rows` in `sort`'s order; ties keep the rank order.
pub fn sorted(mut rows: Vec<RankedRow>, sort: Sort) -> Vec<RankedRow> {
    rows.sort_by(|a, b| {
        let order = compare(a, b, sort.key);
        let order = if sort.descending {
            order.reverse()
        } else {
            order
        };
        order.then(a.rank.cmp(&b.rank))
    });
    rows
}

/// The rows whose candidate, missing must-haves or red flags contain `text` (any case), and
/// whose recommendation is `recommendation` (its id; "" for any, "none" for rows without one).
pub fn filtered(rows: Vec<RankedRow>, text: &str, recommendation: &str) -> Vec<RankedRow> {
    let text = text.trim().to_lowercase();
    rows.into_iter()
        .filter(|row| match recommendation {
            "" => true,
            "none" => row.recommendation.is_none(),
            id => row.recommendation.is_some_and(|r| r.id() == id),
        })
        .filter(|row| {
            text.is_empty()
                || who(row).to_lowercase().contains(&text)
                || row
                    .missing_must_haves
                    .iter()
                    .chain(&row.red_flags)
                    .any(|t| t.to_lowercase().contains(&text))
        })
        .collect()
}
