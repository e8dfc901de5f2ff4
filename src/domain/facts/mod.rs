//! Facts of a resume text, found without a model: organisations, job titles, dates, degrees,
//! schools, numbers, emails, URLs and certifications, each with a normalised `key`.
//!
//! The point is grounding: a rewrite of a resume must not invent facts. [`ungrounded`] lists the
//! facts of a rewrite that none of its sources holds, so the user can be shown each one.
//!
//! Keys are chosen so the same fact matches across wording:
//! - dates: `2020-03` (year and month) or `2020`; `Mar 2020`, `March 2020`, `2020.03`,
//!   `03/2020`, `2020年3月` all give `2020-03`. A range gives its two ends as two facts; a
//!   year-only date is grounded by any source date of that year.
//! - numbers: the value with its scale applied and the unit kept: `40,000`/`40000`/`40k` →
//!   `40000`; `1.2M` → `1200000`; `3万` → `30000`; `30 %`/`30%` → `30%`; `5+ years`/`5 yrs`/
//!   `5年` → `5 years`; `3x`/`3×` → `3x`. Currency signs are kept in `text` but dropped from
//!   the key (`$1.2M` and `1.2M` are one fact): a rewrite reformatting an amount is far more
//!   common than one changing its currency.
//! - organisations, titles, schools, certifications: lower case, punctuation folded, legal
//!   suffixes (Inc, Ltd, GmbH, 有限公司, …) dropped. They are grounded when their key appears in
//!   a source's folded text, so "Parcelwise" is grounded by "Parcelwise Inc.".
//! - degrees: the level (`bachelor`, `master`, `doctorate`, `mba`, `associate`): `BSc` and
//!   `Bachelor of Science` and `学士`/`本科` are one fact; the field is not compared.
//! - emails and URLs: lower case, URLs without scheme, `www.` and trailing `/`.
//!
//! Precision matters more than recall: a warning on an honest rewrite teaches users to ignore
//! it. Skills and ordinary words are never facts; numbers glued to letters (`S3`, `p99`,
//! `HTML5`) or following a technology name (`Python 3`) are not either.

mod dates;
mod fold;
mod ground;
mod names;
mod numbers;
mod web;

use serde::{Deserialize, Serialize};

pub use fold::{contains_words, fold, org_key};
pub use ground::ungrounded;

/// What a fact is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum FactKind {
    /// An employer or other organisation ("Parcelwise Inc.", "星河科技有限公司").
    Organisation,
    /// A job title ("Senior Backend Engineer", "高级工程师").
    Title,
    /// A month or a year; a range gives two.
    Date,
    /// A degree ("BSc", "Master of Science", "硕士").
    Degree,
    /// A university, college or school ("University of Porto", "星河大学").
    School,
    /// A number, with its unit if it has one ("30%", "$1.2M", "40k", "5 years", "3万").
    Number,
    Email,
    Url,
    /// A professional certification ("AWS Certified Developer – Associate", "PMP").
    Certification,
}

/// One fact of a text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct Fact {
    pub kind: FactKind,
    /// The fact as written.
    pub text: String,
    /// The normalised form grounding compares (see the module docs).
    pub key: String,
    /// Byte span in the text it was found in (`start..end`).
    pub start: usize,
    pub end: usize,
}

impl Fact {
    fn new(kind: FactKind, text: &str, key: String, start: usize) -> Self {
        Fact {
            kind,
            text: text.to_string(),
            key,
            start,
            end: start + text.len(),
        }
    }
}

/// Every fact of `text`, in order of `start` (ties: longer first). Spans never overlap across
/// kinds except that an organisation or title may hold a school or certification name.
pub fn extract(text: &str) -> Vec<Fact> {
    let mut facts = Vec::new();
    let web = web::find(text);
    let taken: Vec<(usize, usize)> = web.iter().map(|f| (f.start, f.end)).collect();
    let dates = dates::find(text, &taken);
    let mut taken = taken;
    taken.extend(dates.iter().map(|f| (f.start, f.end)));
    let names = names::find(text);
    taken.extend(
        names
            .iter()
            .filter(|f| f.kind != FactKind::Title)
            .map(|f| (f.start, f.end)),
    );
    let numbers = numbers::find(text, &taken);
    facts.extend(web);
    facts.extend(dates);
    facts.extend(names);
    facts.extend(numbers);
    facts.sort_by(|a, b| a.start.cmp(&b.start).then(b.end.cmp(&a.end)));
    facts.dedup_by(|a, b| a.kind == b.kind && a.start == b.start && a.end == b.end);
    facts
}

/// Whether `start..end` overlaps any span in `taken`.
fn overlaps(taken: &[(usize, usize)], start: usize, end: usize) -> bool {
    taken.iter().any(|&(s, e)| start < e && s < end)
}
