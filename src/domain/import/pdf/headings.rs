//! Headings from how a line is set, not only from its words: the rest of the app finds a
//! resume's sections by Markdown headings, and PDF text has none. A short line becomes `## …`
//! when it is set at least 15% larger than the body text, in a font whose name says bold, or (in
//! a font other than the body's) in capitals or as a usual section name, or is a usual section
//! name in capitals in any font. The first heading in
//! the document's largest size (the name, on a resume) becomes `# …`.
//!
//! pdf.js names fonts `g_d0_f3` in text content; the PDF's own names (`Lato-Bold`) are known only
//! after rendering, which the import does not do. So bold shows only through a font change.
//!
//! A document sets all its section headings alike. The style (font and size) of a line that is
//! a heading by the rules above and names a section is the document's heading style
//! ([`Headings::learn`]): another short line in that style that names a section in any of the
//! reader's languages ("Experiencia laboral", "Profil") is a heading too, though it is not one
//! of the usual names above.

use std::collections::HashMap;

use super::lines::Line;
use super::PdfTextItem;
use crate::domain::structured::names_section;

/// A line set apart from the body text: at least 15% larger.
const HEADING_SIZE_RATIO: f64 = 1.15;

/// Section names a resume uses, lower case (English, French, German, Spanish, Chinese, Japanese).
const SECTION_NAMES: [&str; 47] = [
    "summary",
    "profile",
    "about",
    "about me",
    "experience",
    "work experience",
    "professional experience",
    "employment",
    "work history",
    "education",
    "skills",
    "technical skills",
    "projects",
    "certifications",
    "certificates",
    "awards",
    "publications",
    "languages",
    "interests",
    "volunteering",
    "volunteer experience",
    "references",
    "achievements",
    "courses",
    "expérience",
    "expérience professionnelle",
    "formation",
    "compétences",
    "langues",
    "berufserfahrung",
    "ausbildung",
    "kenntnisse",
    "experiencia",
    "educación",
    "habilidades",
    "工作经历",
    "工作经验",
    "教育背景",
    "项目经历",
    "专业技能",
    "職務経歴",
    "職歴",
    "学歴",
    "スキル",
    "職務要約",
    "資格",
    "自己pr",
];

/// What decides a heading: the body's size and font, the largest size in the document, and
/// whether the title (`#`) was written.
pub(super) struct Headings {
    pub body: f64,
    largest: f64,
    pub body_font: String,
    title_seen: bool,
    /// The document's heading styles (font, size in tenths), learned from its known headings.
    heading_styles: Vec<(String, i64)>,
}

/// A line's style: the font of its first piece and its size, in tenths of a unit.
fn style_of(line: &Line) -> (String, i64) {
    let font = line
        .items
        .iter()
        .find(|i| !i.text.trim().is_empty())
        .map(|i| i.font_name.clone())
        .unwrap_or_default();
    (font, (line.size() * 10.0).round() as i64)
}

impl Headings {
    pub fn new(body: f64, largest: f64, body_font: String) -> Headings {
        Headings {
            body,
            largest,
            body_font,
            title_seen: false,
            heading_styles: Vec::new(),
        }
    }

    /// Learns the document's heading styles from `lines` (each with its text): those of the
    /// lines that are headings by the rules and name a section. Not the body's own style.
    pub fn learn<'a>(&mut self, lines: impl Iterator<Item = (&'a Line, String)>) {
        let mut styles = Vec::new();
        for (line, text) in lines {
            let style = style_of(line);
            let body_style =
                style.0 == self.body_font && (line.size() - self.body).abs() <= 0.05 * self.body;
            if body_style || style.0.is_empty() || styles.contains(&style) {
                continue;
            }
            if self.set_apart(line, &text, false) && names_section(&text) {
                styles.push(style);
            }
        }
        self.heading_styles = styles;
    }

    /// `#`/`##` for a short line set apart: at most six words and 50 characters, no tab (a title
    /// with its dates is an entry), not a list item, not ending like a sentence, not starting in
    /// lower case (a tagline).
    pub fn heading(&mut self, line: &Line, text: &str) -> Option<&'static str> {
        if !self.set_apart(line, text, true) {
            return None;
        }
        let size = line.size();
        let larger = size >= HEADING_SIZE_RATIO * self.body;
        if !self.title_seen && larger && size >= self.largest - 0.01 {
            self.title_seen = true;
            return Some("# ");
        }
        self.title_seen = true;
        Some("## ")
    }

    /// Whether `line` is a short line set apart as a heading (see `heading`); with `learned`,
    /// also a line in one of the document's heading styles that names a section.
    fn set_apart(&self, line: &Line, text: &str, learned: bool) -> bool {
        let short = text.split_whitespace().count() <= 6 && text.chars().count() <= 50;
        let plain = !text.contains('\t')
            && !text.starts_with("- ")
            && text
                .chars()
                .find(|c| c.is_alphabetic())
                .is_some_and(|c| !c.is_lowercase())
            && !text.ends_with(['.', ',', ';', ':']);
        if !(short && plain) {
            return false;
        }
        let size = line.size();
        let larger = size >= HEADING_SIZE_RATIO * self.body;
        let bold = line.items.iter().all(|i| bold_font(&i.font_name));
        let other_font =
            !self.body_font.is_empty() && line.items.iter().all(|i| i.font_name != self.body_font);
        // Capitals are cased letters: Chinese or Japanese text (no case at all) set in a CJK
        // font beside a Latin body font is body text, not a heading in capitals.
        let capitals = text.chars().filter(|c| c.is_uppercase()).count() >= 4
            && !text.chars().any(|c| c.is_lowercase() || c.is_ascii_digit());
        let name = text.trim_end_matches(':').trim().to_lowercase();
        let section_name = SECTION_NAMES.contains(&name.as_str());
        // A usual section name in capitals is a heading in any font (plain-text-like PDFs).
        let set_apart = larger || bold || (other_font && (capitals || section_name));
        // In the document's heading style, a section's name in any language the reader knows
        // (a few words: a title in that style that happens to hold "career" is not one).
        let in_heading_style = learned
            && text.split_whitespace().count() <= 3
            && self.heading_styles.contains(&style_of(line))
            && names_section(text);
        set_apart || (capitals && section_name) || in_heading_style
    }
}

/// A font name that says bold (`Lato-Bold`, `Inter-SemiBold`, `Roboto-Black`, `CMBX10`).
fn bold_font(name: &str) -> bool {
    let lower = name.to_lowercase();
    ["bold", "black", "heavy", "semibold", "demi", "cmbx"]
        .iter()
        .any(|k| lower.contains(k))
}

/// The font most characters are set in (empty when pdf.js gave no font names).
pub(super) fn body_font<'a>(items: impl Iterator<Item = &'a PdfTextItem>) -> String {
    let mut chars: HashMap<&str, usize> = HashMap::new();
    for item in items {
        *chars.entry(&item.font_name).or_default() += item.text.trim().chars().count();
    }
    chars
        .into_iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(a.0)))
        .map(|(font, _)| font.to_string())
        .unwrap_or_default()
}
