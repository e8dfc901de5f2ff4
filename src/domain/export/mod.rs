//! Resume export: the final resume as Markdown, as JSON Resume and as a standalone print-ready
//! HTML page, every one written from one structured resume
//! ([`crate::domain::structured::from_any`]: JSON Resume read losslessly, any other text read
//! into sections and entries). Pure functions, tested natively; the app downloads their output
//! (`src/ui/components/export_menu.rs`).

mod coverage;
pub mod csv;
mod html;
mod json_resume;
mod render;
mod with_base;

pub use coverage::{json_text, text_share};
pub use html::{escape as escape_html, print_page_html, resume_html};
pub use json_resume::{json_resume_of, to_json_resume};
pub use render::markdown_of;
pub use with_base::to_json_resume_with_base;

use crate::domain::structured::StructuredResume;

/// A rendering from the structured resume is used when it carries at least this share of the
/// resume's words; below it, the text itself is rendered, so an export never loses words.
pub(crate) const KEEP_SHARE: f64 = 0.97;

/// The resume as a Markdown file. Text that is Markdown already (it has `#` headings: what the
/// user wrote, a workflow's draft, every DOCX and PDF import) is kept as written, only tidied (line
/// endings unified, trailing spaces and extra blank lines gone): its wrapped lines render as one
/// paragraph in any Markdown reader, and the user's own layout is theirs. Other text is written
/// from its structured form (wrapped lines re-joined), unless that would leave words out. One
/// newline at the end.
pub fn to_markdown(text: &str) -> String {
    if !is_markdown(text) {
        return structured_markdown(text);
    }
    let mut kept = rejoin_wraps(&crate::domain::import::tidy(text));
    kept.push('\n');
    kept
}

/// Markdown with the line wraps a PDF or DOCX left re-joined (a paragraph's or a bullet's
/// continuation lines), every heading, bullet, table row, quote and blank line kept where it is.
/// Markdown readers render a wrap as a space, so this changes how the file reads, not what it says.
fn rejoin_wraps(markdown: &str) -> String {
    let starts_block = |line: &str| {
        let line = line.trim_start();
        line.is_empty()
            || line.starts_with(['#', '-', '*', '+', '|', '>', '`'])
            || line.split_once(['.', ')']).is_some_and(|(n, _)| {
                !n.is_empty() && n.len() <= 3 && n.chars().all(|c| c.is_ascii_digit())
            })
    };
    let mut out: Vec<String> = Vec::new();
    for line in markdown.lines() {
        let joins = !starts_block(line)
            && !line.starts_with([' ', '\t'])
            && out.last().is_some_and(|previous| {
                let head = previous.trim_start();
                !head.is_empty()
                    && !head.starts_with(['#', '|', '`'])
                    && render::wraps(previous, line)
            });
        match out.last_mut() {
            Some(previous) if joins => render::join_wrapped(previous, line),
            _ => out.push(line.to_string()),
        }
    }
    out.join("\n")
}

/// Has at least one ATX heading (`# Name`, `## Experience`).
fn is_markdown(text: &str) -> bool {
    text.lines().any(|line| {
        let hashes = line.trim_start().chars().take_while(|c| *c == '#').count();
        (1..=6).contains(&hashes) && line.trim_start()[hashes..].starts_with(' ')
    })
}

/// [`to_markdown`] for text without Markdown structure.
fn structured_markdown(text: &str) -> String {
    let rendered = markdown_of(&crate::domain::structured::from_any(text));
    if text_share(text, &rendered) >= KEEP_SHARE {
        return rendered;
    }
    let mut tidy = crate::domain::import::tidy(text);
    tidy.push('\n');
    tidy
}

/// What an export carries of the resume: the share of its words (0–1) per format, and the
/// sections that went nowhere in JSON Resume's own arrays (kept in `meta`).
#[derive(Debug, Clone, PartialEq)]
pub struct ExportCheck {
    pub json_resume_share: f64,
    pub markdown_share: f64,
    pub other_sections: Vec<String>,
}

impl ExportCheck {
    /// True when an export carries noticeably less than the resume: worth a warning.
    pub fn loses_text(&self) -> bool {
        self.json_resume_share < 0.9 || self.markdown_share < KEEP_SHARE
    }
}

/// Measures the exports of a resume text against the text.
pub fn check_export(text: &str) -> ExportCheck {
    let resume: StructuredResume = crate::domain::structured::from_any(text);
    let json = json_resume_of(&resume);
    ExportCheck {
        json_resume_share: text_share(text, &json_text(&json)),
        markdown_share: text_share(text, &to_markdown(text)),
        other_sections: resume
            .sections
            .iter()
            .filter_map(|s| match &s.kind {
                crate::domain::structured::SectionKind::Other(t) => Some(t.clone()),
                _ => None,
            })
            .collect(),
    }
}

/// A file name stem from a name ("Ada Quill" → "ada-quill-resume"), or "resume".
pub fn file_stem(name: &str) -> String {
    let mut stem = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            stem.extend(c.to_lowercase());
        } else if !stem.ends_with('-') && !stem.is_empty() {
            stem.push('-');
        }
    }
    let stem = stem
        .trim_end_matches('-')
        .chars()
        .take(40)
        .collect::<String>();
    if stem.is_empty() {
        "resume".to_string()
    } else {
        format!("{}-resume", stem.trim_end_matches('-'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_is_tidied_not_rewritten() {
        assert_eq!(
            to_markdown("# Ann  \r\n\r\n\r\n- Rust\r\n"),
            "# Ann\n\n- Rust\n"
        );
    }

    #[test]
    fn a_markdown_resume_exports_as_written_with_only_its_wraps_rejoined() {
        let written = "# Robin Example\nBackend engineer · robin@example.com\n\n## Skills\nGo, PostgreSQL\n\n## Experience\n### Engineer — Example Freight (2019–2024)\n- Built tracking services.\n1. First\n| a | b |\n";
        assert_eq!(to_markdown(written), written);
        let wrapped = "# Ann\n## Summary\nEngineer with nine years of experience building internal tools and\nreliable pipelines.\n- Rebuilt the deployment pipeline so a release reaches production in\nunder twelve minutes\n";
        assert_eq!(
            to_markdown(wrapped),
            "# Ann\n## Summary\nEngineer with nine years of experience building internal tools and reliable pipelines.\n- Rebuilt the deployment pipeline so a release reaches production in under twelve minutes\n"
        );
    }

    /// Seen on a rendered theme: a resume with two summary sections (a theme's "About" block over its summary)
    /// exports both in `basics.summary`, not the first alone.
    #[test]
    fn every_summary_section_reaches_basics_summary() {
        let text = "# Ann Example\n\n## About\nLeeds, UK\n\n## Experience\n### Engineer — Example Freight (2019 – 2024)\n- Built tracking services.\n\n## Summary\nBackend engineer who keeps freight moving.\n";
        let doc = to_json_resume(&crate::domain::Resume::new(text));
        let summary = doc["basics"]["summary"].as_str().unwrap_or_default();
        assert!(
            summary.contains("Backend engineer who keeps freight moving."),
            "{doc:#}"
        );
    }

    /// Round trip: a language line's level ("Swedish: Native") reaches `fluency`, whichever slot
    /// the structure read it into.
    #[test]
    fn a_languages_level_reaches_fluency() {
        let text = "# Ann Example\n\n## Languages\nSwedish: Native\nEnglish: Fluent\n";
        let doc = to_json_resume(&crate::domain::Resume::new(text));
        let shown = crate::domain::export::json_text(&doc["languages"]);
        assert!(
            shown.contains("Native") && shown.contains("Fluent"),
            "{doc:#}"
        );
    }

    #[test]
    fn file_stems_are_safe() {
        assert_eq!(file_stem("Ada Quill"), "ada-quill-resume");
        assert_eq!(file_stem("  ../etc/passwd "), "etc-passwd-resume");
        assert_eq!(file_stem("李雷"), "李雷-resume");
        assert_eq!(file_stem(""), "resume");
    }
}
