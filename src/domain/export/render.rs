//! [`StructuredResume`] → a list of blocks (name, headings, entry lines, paragraphs, bullet lists),
//! written out as Markdown or HTML. Paragraphs are made of the source lines that sat next to each
//! other, so a PDF's or DOCX's line wraps are re-joined and never become breaks.

use crate::domain::structured::{Entry, Field, Section, SectionKind, StructuredResume};

/// One piece of the rendered resume.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Block {
    Name(String),
    Heading(String),
    /// An entry's heading: title, organisation and place on the left, dates on the right.
    Entry(String, String),
    Paragraph(String),
    Bullets(Vec<String>),
}

/// Lines (text, source line) re-joined: lines from adjacent source lines are one paragraph.
/// A line without a source line (from JSON Resume) is a paragraph of its own.
pub(crate) fn paragraphs(lines: &[(String, Option<usize>)]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut last: Option<usize> = None;
    for (text, line) in lines {
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        let adjacent = matches!((last, line), (Some(a), Some(b)) if *b == a + 1);
        match out.last_mut() {
            Some(paragraph) if adjacent && wraps(paragraph, text) => join_wrapped(paragraph, text),
            _ => out.push(text.to_string()),
        }
        last = *line;
    }
    out
}

/// True when `next` continues `previous` across a line wrap: it starts in lower case, or the
/// previous line is long (it filled the width) and ends without a sentence's end. Short lines
/// that sit together ("Palo Alto, CA" over a description) stay apart.
pub(crate) fn wraps(previous: &str, next: &str) -> bool {
    let previous = previous.trim_end();
    next.chars().next().is_some_and(char::is_lowercase)
        || (previous.chars().count() >= 50
            && !previous.ends_with(['.', '!', '?', ':', ';', '。', '！', '？', '：']))
}

/// Appends a wrapped line: with a space, none between CJK characters, and a word hyphenated at
/// the wrap ("manage-" + "ment") kept whole.
pub(crate) fn join_wrapped(paragraph: &mut String, next: &str) {
    let cjk =
        |c: Option<char>| c.is_some_and(|c| matches!(c as u32, 0x3000..=0x9FFF | 0xFF00..=0xFFEF));
    let hyphenated = paragraph.ends_with('-')
        && paragraph
            .chars()
            .rev()
            .nth(1)
            .is_some_and(char::is_lowercase)
        && next.chars().next().is_some_and(char::is_lowercase);
    if hyphenated {
        paragraph.pop();
    } else if !(cjk(paragraph.chars().last()) && cjk(next.chars().next())) {
        paragraph.push(' ');
    }
    paragraph.push_str(next);
}

fn value(field: &Option<Field<String>>) -> Option<&str> {
    field
        .as_ref()
        .map(|f| f.value.trim())
        .filter(|v| !v.is_empty())
}

fn lines_of(fields: &[Field<String>]) -> Vec<(String, Option<usize>)> {
    fields.iter().map(|f| (f.value.clone(), f.line)).collect()
}

/// A heading for a section that had none (JSON Resume keys, implied sections).
fn default_title(kind: &SectionKind) -> &str {
    match kind {
        SectionKind::Summary => "Summary",
        SectionKind::Work => "Experience",
        SectionKind::Education => "Education",
        SectionKind::Skills => "Skills",
        SectionKind::Projects => "Projects",
        SectionKind::Awards => "Awards",
        SectionKind::Certificates => "Certificates",
        SectionKind::Languages => "Languages",
        SectionKind::Volunteer => "Volunteering",
        SectionKind::Publications => "Publications",
        SectionKind::References => "References",
        SectionKind::Interests => "Interests",
        SectionKind::Other(title) => title,
    }
}

/// The whole resume as blocks.
pub(super) fn blocks(resume: &StructuredResume) -> Vec<Block> {
    let b = &resume.basics;
    let mut out = Vec::new();
    if let Some(name) = value(&b.name) {
        out.push(Block::Name(name.to_string()));
    }
    if let Some(label) = value(&b.label) {
        out.push(Block::Paragraph(label.to_string()));
    }
    let mut contact: Vec<String> = [value(&b.email), value(&b.phone), value(&b.url)]
        .into_iter()
        .flatten()
        .map(str::to_string)
        .collect();
    if let Some(place) = &b.location {
        let parts: Vec<&str> = [
            place.text.as_deref(),
            place.address.as_deref(),
            place.city.as_deref(),
            place.region.as_deref(),
            place.postal_code.as_deref(),
            place.country_code.as_deref(),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !parts.is_empty() {
            contact.push(parts.join(", "));
        }
    }
    contact.extend(b.profiles.iter().filter_map(|p| {
        p.url.clone().or_else(|| {
            Some(format!(
                "{}: {}",
                p.network.as_deref()?,
                p.username.as_deref()?
            ))
        })
    }));
    if !contact.is_empty() {
        out.push(Block::Paragraph(contact.join(" | ")));
    }
    let has_summary_section = resume.sections_of(&SectionKind::Summary).next().is_some();
    if let (Some(summary), false) = (&b.summary, has_summary_section) {
        if summary.line.is_none() {
            out.push(Block::Heading("Summary".into()));
        }
        let lines: Vec<(String, Option<usize>)> = summary
            .value
            .lines()
            .enumerate()
            .map(|(i, l)| (l.to_string(), summary.line.map(|n| n + i)))
            .collect();
        out.extend(paragraphs(&lines).into_iter().map(Block::Paragraph));
    }
    for section in &resume.sections {
        let title = if section.title.trim().is_empty() || section.line.is_none() {
            default_title(&section.kind)
        } else {
            section.title.trim()
        };
        if !title.is_empty() {
            out.push(Block::Heading(title.to_string()));
        }
        out.extend(section_blocks(section, false));
    }
    out
}

/// A section's entries as blocks (no heading); with `kept`, each entry's lines kept as written
/// (`Entry::as_written`) before its text, as the JSON Resume export writes them.
fn section_blocks(section: &Section, kept: bool) -> Vec<Block> {
    let mut out = Vec::new();
    if section.kind == SectionKind::Summary {
        if kept {
            let written = section.entries.iter().flat_map(|e| &e.as_written);
            out.extend(written.map(|f| Block::Paragraph(f.value.clone())));
        }
        let lines: Vec<(String, Option<usize>)> = section
            .entries
            .iter()
            .flat_map(|e| lines_of(&e.text))
            .collect();
        out.extend(paragraphs(&lines).into_iter().map(Block::Paragraph));
        return out;
    }
    if section.kind.has_dated_entries() {
        for entry in &section.entries {
            out.extend(entry_blocks(&section.kind, entry, kept));
        }
        return out;
    }
    // Lists: a line per item.
    let items: Vec<String> = section.entries.iter().map(|e| list_item(e, kept)).collect();
    let items: Vec<String> = items.into_iter().filter(|i| !i.is_empty()).collect();
    if !items.is_empty() {
        out.push(Block::Bullets(items));
    }
    out
}

fn entry_blocks(kind: &SectionKind, entry: &Entry, kept: bool) -> Vec<Block> {
    let mut out = Vec::new();
    let title = value(&entry.title);
    let org = value(&entry.organisation);
    let place = value(&entry.location);
    let detail = value(&entry.detail);
    let education = *kind == SectionKind::Education;
    let mut left = match (title, detail.filter(|_| education)) {
        (Some(t), Some(d)) => format!("{t}, {d}"),
        (t, d) => t.or(d).unwrap_or("").to_string(),
    };
    for part in [org, place].into_iter().flatten() {
        left.push_str(if left.is_empty() { "" } else { " — " });
        left.push_str(part);
    }
    let dates = entry
        .dates
        .as_ref()
        .map(|d| d.value.text.trim().to_string())
        .unwrap_or_default();
    if !left.is_empty() || !dates.is_empty() {
        out.push(Block::Entry(left, dates));
    }
    if let Some(detail) = detail.filter(|_| !education) {
        out.push(Block::Paragraph(detail.to_string()));
    }
    if kept {
        out.extend(
            entry
                .as_written
                .iter()
                .map(|f| Block::Paragraph(f.value.clone())),
        );
    }
    out.extend(
        paragraphs(&lines_of(&entry.text))
            .into_iter()
            .map(Block::Paragraph),
    );
    if let Some(url) = value(&entry.url) {
        out.push(Block::Paragraph(url.to_string()));
    }
    let highlights: Vec<String> = entry.highlights.iter().map(|h| h.value.clone()).collect();
    if !highlights.is_empty() {
        out.push(Block::Bullets(highlights));
    }
    if !entry.keywords.is_empty() {
        out.push(Block::Paragraph(entry.keywords.join(", ")));
    }
    out
}

/// A list entry as one line: "Title (detail): keywords — text".
fn list_item(entry: &Entry, kept: bool) -> String {
    let mut item = value(&entry.title).unwrap_or("").to_string();
    if let Some(detail) = value(&entry.detail) {
        item = if item.is_empty() {
            detail.to_string()
        } else {
            format!("{item} ({detail})")
        };
    }
    let mut words = entry.keywords.clone();
    if words.is_empty() {
        words = entry.highlights.iter().map(|h| h.value.clone()).collect();
    }
    if !words.is_empty() {
        let list = words.join(", ");
        item = if item.is_empty() {
            list
        } else {
            format!("{item}: {list}")
        };
    }
    let rest: Vec<String> = [value(&entry.organisation)]
        .into_iter()
        .flatten()
        .map(str::to_string)
        .chain(
            entry
                .as_written
                .iter()
                .filter(|_| kept)
                .map(|f| f.value.clone()),
        )
        .chain(paragraphs(&lines_of(&entry.text)))
        .collect();
    if !rest.is_empty() {
        let rest = rest.join(" ");
        item = if item.is_empty() {
            rest
        } else {
            format!("{item} — {rest}")
        };
    }
    item
}

/// Blocks as Markdown.
pub(super) fn markdown(blocks: &[Block]) -> String {
    let mut out: Vec<String> = Vec::new();
    for block in blocks {
        out.push(match block {
            Block::Name(name) => format!("# {name}"),
            Block::Heading(title) => format!("## {title}"),
            Block::Entry(left, dates) if dates.is_empty() => format!("### {left}"),
            Block::Entry(left, dates) if left.is_empty() => format!("### {dates}"),
            Block::Entry(left, dates) => format!("### {left} ({dates})"),
            Block::Paragraph(text) => text.clone(),
            Block::Bullets(items) => items
                .iter()
                .map(|i| format!("- {i}"))
                .collect::<Vec<_>>()
                .join("\n"),
        });
    }
    let mut text = out.join("\n\n");
    text.push('\n');
    text
}

/// A section's text for `meta.careergraph.otherSections` and summaries: Markdown, no heading.
pub(super) fn section_text(section: &Section) -> String {
    markdown(&section_blocks(section, true)).trim().to_string()
}

/// The resume rendered as Markdown.
pub fn markdown_of(resume: &StructuredResume) -> String {
    markdown(&blocks(resume))
}
