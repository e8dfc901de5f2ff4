//! The self-reported categories a batch form takes as a file: a CSV list with a header row naming
//! a `label` column (the resume's label, i.e. its file name) and, optionally, `sex` and
//! `race_ethnicity` columns. Kept apart from the resumes, so the categories are what people said
//! of themselves and never pass through a resume's text (which the models read).
//!
//! The reading is forgiving where nothing can be misread and strict where a guess would attach
//! categories to the wrong person: a byte-order mark, CRLF or LF line ends, RFC 4180 quotes, extra
//! columns and blank rows are fine, and header names are matched whatever their case and
//! punctuation (`Race/Ethnicity` is `race_ethnicity`); a file without a label column, a quote
//! never closed or a label given twice is refused with a message saying so. Labels match a
//! resume's label trimmed and in any case. An empty cell is an unknown category.

use crate::domain::fairness::impact::SelfReported;
use crate::domain::Language;

use super::workflow::BatchResume;

/// One line of the list: whose categories, and what they said.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CategoryRow {
    /// As the file gives it (trimmed).
    pub label: String,
    pub categories: SelfReported,
}

/// Why a categories file was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CategoriesError {
    /// No header row at all.
    Empty,
    /// The header row (as read) names no `label` column.
    NoLabelColumn(Vec<String>),
    /// A quoted cell that starts on this line (1-based) is never closed.
    UnclosedQuote(usize),
    /// Two rows give categories for this label.
    DuplicateLabel(String),
}

impl CategoriesError {
    pub fn message(&self, language: Language) -> String {
        match (self, language) {
            (Self::Empty, _) => language
                .pick(
                    "The categories file is empty: it needs a header row (label,sex,race_ethnicity) and a row per resume.",
                    "类别文件为空：需要一行表头（label,sex,race_ethnicity）以及每份简历一行。",
                )
                .into(),
            (Self::NoLabelColumn(header), Language::En) => format!(
                "The categories file has no \"label\" column (its header reads: {}). The first row must name the columns label,sex,race_ethnicity.",
                header.join(", ")
            ),
            (Self::NoLabelColumn(header), Language::Zh) => format!(
                "类别文件没有 “label” 列（其表头为：{}）。第一行须列出 label,sex,race_ethnicity。",
                header.join(", ")
            ),
            (Self::UnclosedQuote(line), Language::En) => {
                format!("The categories file has a quote opened on line {line} and never closed.")
            }
            (Self::UnclosedQuote(line), Language::Zh) => {
                format!("类别文件第 {line} 行的引号未闭合。")
            }
            (Self::DuplicateLabel(label), Language::En) => {
                format!("The categories file gives \"{label}\" twice: one row per resume.")
            }
            (Self::DuplicateLabel(label), Language::Zh) => {
                format!("类别文件中 “{label}” 出现了两次：每份简历只能有一行。")
            }
        }
    }
}

/// A label or header as it is compared: trimmed, any case.
fn label_key(text: &str) -> String {
    text.trim().to_lowercase()
}

/// A header cell as it is matched: letters and digits only, lower-cased ("Race / Ethnicity" →
/// "raceethnicity").
fn header_key(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The cells of `text`, row by row (RFC 4180: quoted cells may hold commas, line breaks and
/// doubled quotes). A leading byte-order mark is dropped; CRLF, LF and a lone CR end a row.
fn csv_rows(text: &str) -> Result<Vec<Vec<String>>, CategoriesError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut rows = Vec::new();
    let (mut row, mut cell) = (Vec::new(), String::new());
    let (mut line, mut quote_line) = (1, None);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quote_line.is_some() {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    cell.push('"');
                }
                '"' => quote_line = None,
                _ => {
                    line += usize::from(c == '\n');
                    cell.push(c);
                }
            }
            continue;
        }
        match c {
            '"' => quote_line = Some(line),
            ',' => row.push(std::mem::take(&mut cell)),
            '\r' | '\n' => {
                if c == '\r' && chars.peek() == Some(&'\n') {
                    chars.next();
                }
                line += 1;
                row.push(std::mem::take(&mut cell));
                rows.push(std::mem::take(&mut row));
            }
            _ => cell.push(c),
        }
    }
    if let Some(line) = quote_line {
        return Err(CategoriesError::UnclosedQuote(line));
    }
    if !cell.is_empty() || !row.is_empty() {
        row.push(cell);
        rows.push(row);
    }
    Ok(rows)
}

/// The list in a categories file (see the module's doc for what it takes).
pub fn parse_categories(text: &str) -> Result<Vec<CategoryRow>, CategoriesError> {
    let blank = |row: &Vec<String>| row.iter().all(|c| c.trim().is_empty());
    let mut rows = csv_rows(text)?.into_iter().filter(|row| !blank(row));
    let header = rows.next().ok_or(CategoriesError::Empty)?;
    let column = |names: &[&str]| header.iter().position(|h| names.contains(&&*header_key(h)));
    let label = column(&["label"]).ok_or_else(|| {
        CategoriesError::NoLabelColumn(header.iter().map(|h| h.trim().to_string()).collect())
    })?;
    let sex = column(&["sex"]);
    let race = column(&["raceethnicity", "race"]);
    let mut list: Vec<CategoryRow> = Vec::new();
    for row in rows {
        let cell = |at: Option<usize>| {
            at.and_then(|i| row.get(i))
                .map(|c| c.trim().to_string())
                .filter(|c| !c.is_empty())
        };
        let Some(label) = cell(Some(label)) else {
            continue;
        };
        if list
            .iter()
            .any(|r| label_key(&r.label) == label_key(&label))
        {
            return Err(CategoriesError::DuplicateLabel(label));
        }
        list.push(CategoryRow {
            label,
            categories: SelfReported {
                sex: cell(sex),
                race_ethnicity: cell(race),
            },
        });
    }
    Ok(list)
}

/// The categories `list` gives for the resume labelled `label` (trimmed, any case).
pub fn categories_for<'a>(list: &'a [CategoryRow], label: &str) -> Option<&'a SelfReported> {
    let key = label_key(label);
    list.iter()
        .find(|r| label_key(&r.label) == key)
        .map(|r| &r.categories)
}

/// The labels of `list` that name none of `resumes`: categories that would otherwise be lost
/// without a word (a typo, a renamed file).
pub fn unmatched<'a>(list: &'a [CategoryRow], resumes: &[BatchResume]) -> Vec<&'a str> {
    list.iter()
        .filter(|r| {
            let key = label_key(&r.label);
            !resumes.iter().any(|resume| label_key(&resume.label) == key)
        })
        .map(|r| r.label.as_str())
        .collect()
}

/// `resumes` with the categories `list` gives each; a resume the list does not name keeps what
/// it had (none, from the form).
pub fn with_categories(mut resumes: Vec<BatchResume>, list: &[CategoryRow]) -> Vec<BatchResume> {
    for resume in &mut resumes {
        if let Some(categories) = categories_for(list, &resume.label) {
            resume.categories = Some(categories.clone());
        }
    }
    resumes
}
