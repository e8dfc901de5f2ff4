//! One structured resume behind every import: basics, sections and dated entries with a
//! confidence per field and the source line of each item. Built from resume text
//! ([`build::from_text`]: Markdown headings, PDF/DOCX text, plain text) or from JSON Resume
//! ([`build::from_json_resume`], every schema field kept). Exports and the import outline will be
//! written from it.

pub mod assisted;
pub mod build;
pub mod checks;
pub mod correct;
pub mod dates;
mod degrees;
mod headings;
mod json;
mod kept;
mod lines;
pub mod model;
pub mod rearrange;
mod roles;
pub mod understanding;
pub mod unplaced;

pub use build::{from_json_resume, from_text};

/// The one entry point exports and the outline use: a resume held as JSON Resume text (pasted
/// or imported) is read as such, losslessly; any other text (Markdown, PDF/DOCX text, plain
/// text) by [`from_text`].
pub fn from_any(text: &str) -> StructuredResume {
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') {
        if let Some(resume) =
            from_json_resume(trimmed).filter(|r| r.basics.name.is_some() || !r.sections.is_empty())
        {
            return resume;
        }
    }
    from_text(text)
}
pub use dates::{find_range, parse_range, DateRange, PartialDate};
pub use lines::ends_with_joining_word;

/// Whether a heading's words name a resume section ("Education", "Berufserfahrung", "技能"), for
/// readers that must tell a section label from content (the PDF reader's label column).
pub fn names_section(heading: &str) -> bool {
    headings::section_kind(heading).is_some()
}
pub use checks::{checks, Check};
pub use model::{
    Basics, Confidence, Entry, Field, Location, Profile, Section, SectionKind, StructuredResume,
};
pub use understanding::Understanding;
