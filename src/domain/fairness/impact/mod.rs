//! Impact ratios as New York City's Local Law 144 asks a bias audit to publish them (the DCWP's
//! rules, 6 RCNY §§ 5-300 and 5-301):
//!
//! - the **selection rate** of a category is the share of its people the tool selected to move
//!   forward (or put into a group);
//! - for a tool that scores, the **scoring rate** is the share of its people who score above the
//!   median score of the full sample: strictly above, so a tie at the median does not count, and
//!   the median is of everyone scored, people of unknown category included;
//! - the **impact ratio** is a category's rate divided by the rate of the most selected (highest
//!   scoring) category;
//! - each is computed per sex, per race/ethnicity and per intersection of the two;
//! - a category under 2% of the data may be left out of the impact ratios, but its count and rate
//!   must still be published; so must the number of people whose category is unknown.
//!
//! Where the rules leave a choice, this module reads them so: the median of an even number of
//! scores is halfway between the middle two; "2% of the data" is 2% of everyone in the sample,
//! unknowns included (a count under `assessed / 50`); leaving small categories out is the default
//! and can be turned off ([`SmallCategories`]).
//!
//! The four-fifths rule of US practice (29 CFR § 1607.4) marks a ratio under 0.8. The rules do not
//! adopt it; it is only the usual flag.
//!
//! Categories are what people said of themselves ([`SelfReported`]), counted as given: this module
//! names no list of categories and never guesses one.

mod compute;
mod csv;
mod markdown;

pub use compute::{impact_table, impact_table_with};
pub use csv::to_csv;
pub use markdown::to_markdown;

use serde::{Deserialize, Serialize};

/// What a candidate said of themself: never sent to a model. Free text as the list gives it;
/// empty or missing is unknown.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", default)]
pub struct SelfReported {
    pub sex: Option<String>,
    pub race_ethnicity: Option<String>,
}

/// One person the tool assessed: what they said of themself and what the tool made of them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(default)]
pub struct Assessed {
    pub categories: SelfReported,
    /// The tool's score. Counted for the scoring rate only when it is a finite number.
    pub score: Option<f64>,
    /// The tool's decision: moved forward (or put into the group audited) or not.
    pub selected: Option<bool>,
}

/// Which rate a table compares.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum RateKind {
    /// Share of a category scoring strictly above the sample's median: for a tool that scores.
    Scoring,
    /// Share of a category selected: for a tool that selects or classifies.
    #[default]
    Selection,
}

/// What the people are grouped by. The rules ask for all three.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum Dimension {
    #[default]
    Sex,
    RaceEthnicity,
    /// Sex × race/ethnicity: only people who reported both.
    Intersection,
}

impl Dimension {
    /// In the order the tables show them.
    pub const ALL: [Dimension; 3] = [
        Dimension::Sex,
        Dimension::RaceEthnicity,
        Dimension::Intersection,
    ];
}

/// What to do with a category under 2% of the people assessed. The rules allow an auditor to
/// leave it out of the impact ratios (6 RCNY § 5-301(d)); they do not require it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum SmallCategories {
    /// Shown with its count and rate, but given no impact ratio, and its rate cannot be the
    /// highest: one person selected out of one would otherwise set the bar for everyone.
    #[default]
    Exclude,
    /// Compared like any other.
    Keep,
}

/// One category of one dimension.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(default)]
pub struct ImpactRow {
    pub dimension: Dimension,
    /// As the first person of the category spelled it; "Sex × Race" for an intersection.
    pub category: String,
    /// People of the category in the sample.
    pub count: usize,
    /// Of them, selected (selection) or scoring above the median (scoring).
    pub above_or_selected: usize,
    /// `above_or_selected / count`, 0–1.
    pub rate: f64,
    /// `rate` over the highest rate of the dimension's compared categories. None when the
    /// category is excluded for size, or when that highest rate is 0 (the ratio is undefined).
    pub impact_ratio: Option<f64>,
    /// Under 2% of the people assessed, and left out of the comparison ([`SmallCategories`]).
    pub excluded_for_size: bool,
    /// The impact ratio is under 0.8 (the four-fifths rule). 0.8 exactly is not flagged.
    pub flagged: bool,
}

/// How many people of the sample reported no category, per dimension. They count in the sample
/// (and in the median) but in no row.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(default)]
pub struct UnknownCounts {
    pub sex: usize,
    pub race_ethnicity: usize,
    /// Either or both unknown.
    pub intersection: usize,
}

impl UnknownCounts {
    pub fn of(&self, dimension: Dimension) -> usize {
        match dimension {
            Dimension::Sex => self.sex,
            Dimension::RaceEthnicity => self.race_ethnicity,
            Dimension::Intersection => self.intersection,
        }
    }
}

/// The impact ratios of one sample, for one rate.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(default)]
pub struct ImpactTable {
    pub kind: RateKind,
    /// The sample: people with a score (scoring) or a decision (selection), unknowns included.
    pub assessed: usize,
    /// The sample's median score (scoring only; None for an empty sample).
    pub median: Option<f64>,
    pub unknown: UnknownCounts,
    /// Categories under 2% were left out of the comparison ([`SmallCategories::Exclude`]).
    pub small_categories_excluded: bool,
    /// By dimension ([`Dimension::ALL`]), then the larger categories first, then by name.
    pub rows: Vec<ImpactRow>,
}

impl ImpactTable {
    /// The rows of one dimension, in table order.
    pub fn rows_of(&self, dimension: Dimension) -> impl Iterator<Item = &ImpactRow> {
        self.rows.iter().filter(move |r| r.dimension == dimension)
    }

    /// The rows excluded for size, which the published summary must name.
    pub fn excluded(&self) -> impl Iterator<Item = &ImpactRow> {
        self.rows.iter().filter(|r| r.excluded_for_size)
    }
}

#[cfg(test)]
mod tests;
