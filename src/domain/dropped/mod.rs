//! What a rewrite dropped from the resume it rewrote (seen: a revision lost the contact line
//! and the whole Skills section, and nothing said so). The counterpart of
//! [`crate::domain::facts::ungrounded`], which lists what a rewrite *added*.
//!
//! Listed: contact details (email, phone, links), whole sections (by heading, read with the
//! structured resume parser, so "Skills" → "Technical skills" is the same section), and
//! organisations, schools, dates and degrees (the fact extractor's keys, so rewording is not a
//! drop). A fact inside a dropped section is not listed again: the section holds it.
//!
//! Each item carries the original lines that hold it, so [`restore`] can put them back when the
//! user does not accept the deletion. Precision matters more than recall, as for added facts: a
//! flag on an honest rewrite teaches users to ignore flags. Dates are compared by year when the
//! revision writes a coarser date ("Mar 2020" → "2020" is not a drop).

mod restore;

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::facts::{extract, fold, ungrounded, FactKind};
use super::structured::{from_text, SectionKind, StructuredResume};
use super::Language;

pub use restore::restore;

/// What kind of thing a rewrite dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum DroppedKind {
    /// A whole section, heading and all.
    Section,
    Email,
    Phone,
    Url,
    Organisation,
    School,
    Date,
    Degree,
}

impl DroppedKind {
    /// A label for lists and reports.
    pub fn label(self, lang: Language) -> &'static str {
        match self {
            DroppedKind::Section => lang.pick("section", "板块"),
            DroppedKind::Email => lang.pick("email", "邮箱"),
            DroppedKind::Phone => lang.pick("phone", "电话"),
            DroppedKind::Url => lang.pick("link", "链接"),
            DroppedKind::Organisation => lang.pick("organisation", "机构"),
            DroppedKind::School => lang.pick("school", "学校"),
            DroppedKind::Date => lang.pick("date", "日期"),
            DroppedKind::Degree => lang.pick("degree", "学位"),
        }
    }
}

/// One thing of the original that a rewrite no longer holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct DroppedFact {
    pub kind: DroppedKind,
    /// As the original writes it (a section: its heading).
    pub text: String,
    /// `kind:normalised` (`section:skills`, `email:jane@example.com`): decisions are by key.
    pub key: String,
    /// 0-based line range of the original holding it (inclusive): what restoring puts back.
    pub first_line: usize,
    pub last_line: usize,
    /// Those lines as written.
    pub original: String,
}

/// What `revised` dropped of `original`, in the original's order.
pub fn dropped(original: &str, revised: &str) -> Vec<DroppedFact> {
    let lines: Vec<&str> = original.lines().collect();
    let before = from_text(original);
    let after = from_text(revised);
    let mut found = dropped_sections(&before, &after, &lines);
    let in_dropped_section = |line: usize| {
        found
            .iter()
            .any(|d: &DroppedFact| d.first_line <= line && line <= d.last_line)
    };
    let mut items = Vec::new();
    for (kind, text, key, line) in dropped_facts(original, revised)
        .into_iter()
        .chain(dropped_phone(&before, revised))
    {
        if !in_dropped_section(line) {
            items.push(item(kind, text, key, line, line, &lines));
        }
    }
    found.extend(items);
    let mut seen = HashSet::new();
    found.retain(|d| seen.insert(d.key.clone()));
    found.sort_by_key(|d| (d.first_line, d.kind != DroppedKind::Section));
    found
}

fn item(
    kind: DroppedKind,
    text: String,
    key: String,
    first: usize,
    last: usize,
    lines: &[&str],
) -> DroppedFact {
    DroppedFact {
        kind,
        text,
        key,
        first_line: first,
        last_line: last,
        original: lines[first..=last.min(lines.len().saturating_sub(1))].join("\n"),
    }
}

/// A section's identity across wording: its kind, or for an unrecognised heading its folded title.
pub(crate) fn section_key(kind: &SectionKind, title: &str) -> String {
    match kind {
        SectionKind::Other(_) => format!("other {}", fold(title)),
        known => format!("{known:?}").to_lowercase(),
    }
}

/// Sections of `before` (with a heading line) that `after` has none of.
fn dropped_sections(
    before: &StructuredResume,
    after: &StructuredResume,
    lines: &[&str],
) -> Vec<DroppedFact> {
    let kept: HashSet<String> = after
        .sections
        .iter()
        .map(|s| section_key(&s.kind, &s.title))
        .collect();
    let starts: Vec<usize> = before.sections.iter().filter_map(|s| s.line).collect();
    let mut found = Vec::new();
    for section in &before.sections {
        let Some(first) = section.line.map(|l| l - 1) else {
            continue;
        };
        let key = section_key(&section.kind, &section.title);
        if kept.contains(&key) || first >= lines.len() {
            continue;
        }
        // Up to the next heading, without the blank lines before it.
        let next = starts
            .iter()
            .map(|l| l - 1)
            .filter(|&l| l > first)
            .min()
            .unwrap_or(lines.len());
        let mut last = next - 1;
        while last > first && lines[last].trim().is_empty() {
            last -= 1;
        }
        let text = lines[first]
            .trim()
            .trim_start_matches('#')
            .trim()
            .to_string();
        found.push(item(
            DroppedKind::Section,
            text,
            format!("section:{key}"),
            first,
            last,
            lines,
        ));
    }
    found
}

/// Line index of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count()
}

/// Facts of `original` (contact, organisations, schools, dates, degrees) `revised` does not hold.
fn dropped_facts(original: &str, revised: &str) -> Vec<(DroppedKind, String, String, usize)> {
    let years: HashSet<String> = extract(revised)
        .into_iter()
        .filter(|f| f.kind == FactKind::Date)
        .map(|f| f.key.chars().take(4).collect())
        .collect();
    ungrounded(original, &[revised])
        .into_iter()
        .filter_map(|fact| {
            let kind = match fact.kind {
                FactKind::Email => DroppedKind::Email,
                FactKind::Url => DroppedKind::Url,
                FactKind::Organisation => DroppedKind::Organisation,
                FactKind::School => DroppedKind::School,
                FactKind::Degree => DroppedKind::Degree,
                // A coarser date of the same year is a rewording, not a drop.
                FactKind::Date if !years.contains(&fact.key[..4.min(fact.key.len())]) => {
                    DroppedKind::Date
                }
                _ => return None,
            };
            let key = format!("{}:{}", kind_name(kind), fact.key);
            Some((kind, fact.text, key, line_of(original, fact.start)))
        })
        .collect()
}

/// The original's phone number when no line of `revised` holds its digits.
fn dropped_phone(
    before: &StructuredResume,
    revised: &str,
) -> Option<(DroppedKind, String, String, usize)> {
    let phone = before.basics.phone.as_ref()?;
    let line = phone.line? - 1;
    let digits: String = phone.value.chars().filter(char::is_ascii_digit).collect();
    let held = revised.lines().any(|l| {
        let d: String = l.chars().filter(char::is_ascii_digit).collect();
        d.contains(&digits)
    });
    (!held && digits.len() >= 6).then(|| {
        (
            DroppedKind::Phone,
            phone.value.clone(),
            format!("phone:{digits}"),
            line,
        )
    })
}

fn kind_name(kind: DroppedKind) -> &'static str {
    match kind {
        DroppedKind::Section => "section",
        DroppedKind::Email => "email",
        DroppedKind::Phone => "phone",
        DroppedKind::Url => "url",
        DroppedKind::Organisation => "organisation",
        DroppedKind::School => "school",
        DroppedKind::Date => "date",
        DroppedKind::Degree => "degree",
    }
}

#[cfg(test)]
mod tests;
