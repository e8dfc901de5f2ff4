//! A resume as the user gave it, with its sections when the text has recognisable headings.

use serde::{Deserialize, Serialize};

/// A resume. `text` is kept exactly as given (Markdown, plain text or JSON Resume); `sections`
/// is a cheap best-effort split for display and for agents that comment per section.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct Resume {
    pub text: String,
    pub sections: Vec<ResumeSection>,
}

/// One headed part of a resume ("Experience", "Education", ...); text before the first heading is
/// a section with an empty title.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct ResumeSection {
    pub title: String,
    pub body: String,
}

impl Resume {
    /// Keeps `text` as is and splits it into sections at Markdown `#`/`##` headings.
    pub fn new(text: impl Into<String>) -> Self {
        let text = text.into();
        let sections = split_sections(&text);
        Resume { text, sections }
    }

    pub fn word_count(&self) -> usize {
        self.text.split_whitespace().count()
    }
}

/// Top-level (`#`) and second-level (`##`) Markdown headings start sections; deeper headings
/// (`###`, typically one job) stay inside their section.
fn split_sections(text: &str) -> Vec<ResumeSection> {
    let mut sections = Vec::new();
    let mut current = ResumeSection::default();
    for line in text.lines() {
        let trimmed = line.trim_start();
        let level = trimmed.chars().take_while(|c| *c == '#').count();
        if (1..=2).contains(&level) && trimmed[level..].starts_with(' ') {
            if !current.title.is_empty() || !current.body.trim().is_empty() {
                sections.push(current);
            }
            current = ResumeSection {
                title: trimmed[level..].trim().to_string(),
                body: String::new(),
            };
        } else {
            current.body.push_str(line);
            current.body.push('\n');
        }
    }
    if !current.title.is_empty() || !current.body.trim().is_empty() {
        sections.push(current);
    }
    sections
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_markdown_headings_and_keeps_text() {
        let text = "# Ann\nintro\n## Experience\n### Job — Acme (2020)\n- did\n## Skills\nRust\n";
        let resume = Resume::new(text);
        assert_eq!(resume.text, text);
        let titles: Vec<&str> = resume.sections.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(titles, ["Ann", "Experience", "Skills"]);
        assert!(resume.sections[1].body.contains("Acme"));
    }

    #[test]
    fn plain_text_is_one_untitled_section() {
        let resume = Resume::new("just words");
        assert_eq!(resume.sections.len(), 1);
        assert_eq!(resume.sections[0].title, "");
    }
}
