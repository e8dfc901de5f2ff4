//! Sections the structure could not place in a JSON Resume array (a heading the app does not
//! know, text before the first heading, header lines with words no field holds: `kept`), and how a JSON Resume export carries them without loss:
//! - in `meta.careergraph.otherSections` (`[{ "title", "body" }]`), so a re-import gives them
//!   back as sections, and
//! - appended to `basics.summary` ([`summary_appendix`]), because themes and other JSON Resume
//!   readers never show `meta`: text kept only there is lost to every reader but us.
//!
//! The export writes both and the import reads both back, the appendix cut off the summary again,
//! so a round trip gives back the same summary and the same sections.

use serde_json::{json, Map, Value};

use super::model::{Confidence, Entry, Field, Section, SectionKind};

/// One unplaced section as the export carries it: its heading as written (empty when the text
/// had none) and its text as Markdown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnplacedSection {
    pub title: String,
    pub body: String,
}

impl UnplacedSection {
    pub fn to_json(&self) -> Value {
        json!({ "title": self.title, "body": self.body })
    }

    /// The section in the structured resume: its body's paragraphs as one entry's text, so the
    /// export writes the same body again.
    pub fn to_section(&self) -> Section {
        let text = self
            .body
            .split("\n\n")
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|p| Field::new(p.to_string(), Confidence::High, None))
            .collect();
        Section {
            kind: SectionKind::Other(self.title.clone()),
            title: self.title.clone(),
            line: None,
            confidence: Confidence::High,
            entries: vec![Entry {
                text,
                ..Entry::default()
            }],
        }
    }
}

/// The unplaced sections a JSON Resume document carries in `meta.careergraph.otherSections`
/// (ours, or an older export of ours); items that are not `{title, body}` are skipped.
pub fn unplaced_in(root: &Map<String, Value>) -> Vec<UnplacedSection> {
    let Some(Value::Array(items)) = root
        .get("meta")
        .and_then(|m| m.get("careergraph"))
        .and_then(|c| c.get("otherSections"))
    else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|item| {
            let text = |key: &str| item.get(key).and_then(Value::as_str).map(str::to_string);
            Some(UnplacedSection {
                title: text("title").unwrap_or_default(),
                body: text("body")?,
            })
        })
        .filter(|s| !s.body.trim().is_empty() || !s.title.trim().is_empty())
        .collect()
}

/// The text appended to `basics.summary`: each section's heading (when it had one) over its
/// body, sections apart by a blank line. Heading marks (`### `) are left out: most themes show
/// a summary as plain text.
pub fn summary_appendix(sections: &[UnplacedSection]) -> String {
    sections
        .iter()
        .map(|s| match (s.title.trim(), plain_body(&s.body)) {
            ("", body) => body,
            (title, body) if body.is_empty() => title.to_string(),
            (title, body) => format!("{title}\n{body}"),
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// A Markdown body with its heading marks taken off (`### Engineer (2021)` → `Engineer (2021)`).
fn plain_body(body: &str) -> String {
    body.trim()
        .lines()
        .map(|line| match line.trim_start_matches('#') {
            rest if rest.len() < line.len() && rest.starts_with(' ') => rest.trim_start(),
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The summary with the appendix added after a blank line.
pub fn with_appendix(summary: Option<&str>, sections: &[UnplacedSection]) -> Option<String> {
    let appendix = summary_appendix(sections);
    match summary.map(str::trim).filter(|s| !s.is_empty()) {
        _ if appendix.is_empty() => summary.map(str::to_string),
        Some(own) => Some(format!("{own}\n\n{appendix}")),
        None => Some(appendix),
    }
}

/// The summary without the appendix the export added (`None` when nothing else was in it). A
/// summary that no longer ends with the appendix (edited in another tool) is kept whole: its
/// words may appear twice, but none is lost.
pub fn without_appendix(summary: &str, sections: &[UnplacedSection]) -> Option<String> {
    let appendix = summary_appendix(sections);
    let summary = summary.trim_end();
    let own = match summary.strip_suffix(appendix.as_str()) {
        Some(own) if !appendix.is_empty() => own.trim_end(),
        _ => summary,
    };
    (!own.trim().is_empty()).then(|| own.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sections() -> Vec<UnplacedSection> {
        vec![
            UnplacedSection {
                title: String::new(),
                body: "Open to relocation.".into(),
            },
            UnplacedSection {
                title: "Odds and Ends".into(),
                body: "### Cellist (2019)\n\nPlays the cello.\n\n- Volunteer firefighter".into(),
            },
        ]
    }

    #[test]
    fn the_appendix_is_added_and_cut_off_again() {
        let with = with_appendix(Some("Builds pipelines."), &sections()).unwrap();
        assert_eq!(
            with,
            "Builds pipelines.\n\nOpen to relocation.\n\nOdds and Ends\nCellist (2019)\n\nPlays the cello.\n\n- Volunteer firefighter"
        );
        assert_eq!(
            without_appendix(&with, &sections()).as_deref(),
            Some("Builds pipelines.")
        );
        let only = with_appendix(None, &sections()).unwrap();
        assert_eq!(without_appendix(&only, &sections()), None);
        assert_eq!(
            without_appendix("Edited elsewhere.", &sections()).as_deref(),
            Some("Edited elsewhere.")
        );
        assert_eq!(with_appendix(Some("Kept."), &[]).as_deref(), Some("Kept."));
    }

    #[test]
    fn a_section_is_read_back_from_meta_and_renders_its_body() {
        let root = json!({ "meta": { "careergraph": { "otherSections": [
            { "title": "Odds and Ends", "body": "Plays the cello." },
            { "title": 3 },
            "not a section"
        ] } } });
        let found = unplaced_in(root.as_object().unwrap());
        assert_eq!(found.len(), 1);
        let section = found[0].to_section();
        assert_eq!(section.kind, SectionKind::Other("Odds and Ends".into()));
        assert_eq!(section.entries[0].text[0].value, "Plays the cello.");
    }
}
