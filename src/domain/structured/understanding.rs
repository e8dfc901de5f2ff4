//! How much of a resume the structure understood, said in one line after an import ("4 jobs,
//! 2 degrees, 1 section unplaced (kept as text: Odds and Ends)"), so text the app could not place
//! is never lost silently: the user sees it was kept, and where.

use super::model::{SectionKind, StructuredResume};
use crate::domain::Language;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Understanding {
    pub jobs: usize,
    pub degrees: usize,
    /// The headings of the sections no JSON Resume array takes, in order ("" for text that had
    /// no heading). Their text is kept: as text in the app, in `basics.summary` in an export.
    pub unplaced: Vec<String>,
}

impl Understanding {
    pub fn of(resume: &StructuredResume) -> Self {
        Understanding {
            jobs: resume.entries_of(&SectionKind::Work).len(),
            degrees: resume.entries_of(&SectionKind::Education).len(),
            unplaced: resume
                .sections
                .iter()
                .filter_map(|s| match &s.kind {
                    SectionKind::Other(title) => Some(title.trim().to_string()),
                    _ => None,
                })
                .collect(),
        }
    }

    /// The line shown after an import, in the user's language.
    pub fn sentence(&self, lang: Language) -> String {
        let named: Vec<&str> = self
            .unplaced
            .iter()
            .map(String::as_str)
            .filter(|t| !t.is_empty())
            .collect();
        let (jobs, degrees, unplaced) = (self.jobs, self.degrees, self.unplaced.len());
        match lang {
            Language::Zh => {
                let mut line = format!("{jobs} 份工作、{degrees} 个学位");
                if unplaced > 0 {
                    line.push_str(&format!("、{unplaced} 个部分未归类"));
                    if !named.is_empty() {
                        line.push_str(&format!("（已作为文本保留：{}）", named.join("、")));
                    }
                }
                line
            }
            Language::En => {
                let plural = |n: usize, one: &str, many: &str| {
                    format!("{n} {}", if n == 1 { one } else { many })
                };
                let mut line = format!(
                    "{}, {}",
                    plural(jobs, "job", "jobs"),
                    plural(degrees, "degree", "degrees")
                );
                if unplaced > 0 {
                    line.push_str(&format!(
                        ", {} unplaced",
                        plural(unplaced, "section", "sections")
                    ));
                    if !named.is_empty() {
                        line.push_str(&format!(" (kept as text: {})", named.join(", ")));
                    }
                }
                line
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_said_in_both_languages() {
        let resume = super::super::from_text(
            "# Ann\n## Experience\n### Dev — Acme (2020 – 2021)\n## Education\n### BSc — State U (2019)\n## Odds and Ends\nChess.\n",
        );
        let understood = Understanding::of(&resume);
        assert_eq!(
            understood.sentence(Language::En),
            "1 job, 1 degree, 1 section unplaced (kept as text: Odds and Ends)"
        );
        assert_eq!(
            understood.sentence(Language::Zh),
            "1 份工作、1 个学位、1 个部分未归类（已作为文本保留：Odds and Ends）"
        );
        let nothing = Understanding::default();
        assert_eq!(nothing.sentence(Language::En), "0 jobs, 0 degrees");
        assert_eq!(nothing.sentence(Language::Zh), "0 份工作、0 个学位");
    }
}
