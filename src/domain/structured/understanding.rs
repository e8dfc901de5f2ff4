//! How much of a resume the structure understood, said in one line after an import ("4 jobs,
//! 2 degrees, 1 section unplaced (kept as text: Odds and Ends)"), so text the app could not place
//! is never lost silently: the user sees it was kept, and where. The counts hold only the
//! entries the reader is sure of; the others are named ("2 unsure, check them"), so a misread is
//! never counted as read (`structured::checks`).

use super::checks::unsure_entries;
use super::dates::find_range;
use super::model::{SectionKind, StructuredResume};
use crate::domain::Language;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Understanding {
    /// Jobs and degrees read with nothing to check.
    pub jobs: usize,
    pub degrees: usize,
    /// Jobs and degrees the outline marks "⚠ Check" (no dates, a guessed title, …).
    pub unsure: usize,
    /// The headings of the sections no JSON Resume array takes, in order ("" for text that had
    /// no heading). Their text is kept: as text in the app, in `basics.summary` in an export.
    pub unplaced: Vec<String>,
    /// Lines of jobs, degrees and other entries kept whole as written, because no field holds
    /// some of their words ("Engineer at Acme": the "at"; see `structured::kept`). An export
    /// writes them in the entry's free text.
    pub kept_lines: usize,
    /// Lines of the jobs and degrees sections that carry a date range no entry took as its
    /// dates (they sit in an entry's bullets or text): often a job or degree the reader missed.
    pub dated_lines_untaken: usize,
}

impl Understanding {
    pub fn of(resume: &StructuredResume) -> Self {
        let unsure_jobs = unsure_entries(resume, &SectionKind::Work).len();
        let unsure_degrees = unsure_entries(resume, &SectionKind::Education).len();
        Understanding {
            jobs: resume.entries_of(&SectionKind::Work).len() - unsure_jobs,
            degrees: resume.entries_of(&SectionKind::Education).len() - unsure_degrees,
            unsure: unsure_jobs + unsure_degrees,
            unplaced: resume
                .sections
                .iter()
                .filter_map(|s| match &s.kind {
                    SectionKind::Other(title) => Some(title.trim().to_string()),
                    _ => None,
                })
                .collect(),
            kept_lines: resume
                .sections
                .iter()
                .filter(|s| !matches!(s.kind, SectionKind::Other(_)))
                .flat_map(|s| &s.entries)
                .map(|e| e.as_written.len())
                .sum(),
            dated_lines_untaken: dated_lines_untaken(resume),
        }
    }

    /// The line shown after an import, in the user's language.
    ///
    /// (Its words after the counts, in order: unsure, untaken dated lines, unplaced, kept lines.)
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
                if self.unsure > 0 {
                    line.push_str(&format!("；{} 条不确定，请核对", self.unsure));
                }
                if self.dated_lines_untaken > 0 {
                    line.push_str(&format!(
                        "；{} 行含日期但未识别为条目",
                        self.dated_lines_untaken
                    ));
                }
                if unplaced > 0 {
                    line.push_str(&format!("、{unplaced} 个部分未归类"));
                    if !named.is_empty() {
                        line.push_str(&format!("（已作为文本保留：{}）", named.join("、")));
                    }
                }
                if self.kept_lines > 0 {
                    line.push_str(&format!("、{} 行按原文保留", self.kept_lines));
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
                if self.unsure > 0 {
                    line.push_str(&format!("; {} unsure, check them", self.unsure));
                }
                if self.dated_lines_untaken > 0 {
                    line.push_str(&format!(
                        "; {} with dates not read as an entry",
                        plural(self.dated_lines_untaken, "line", "lines")
                    ));
                }
                if unplaced > 0 {
                    line.push_str(&format!(
                        ", {} unplaced",
                        plural(unplaced, "section", "sections")
                    ));
                    if !named.is_empty() {
                        line.push_str(&format!(" (kept as text: {})", named.join(", ")));
                    }
                }
                if self.kept_lines > 0 {
                    line.push_str(&format!(
                        ", {} kept as written",
                        plural(self.kept_lines, "line", "lines")
                    ));
                }
                line
            }
        }
    }
}

/// Bullets and text lines of the jobs and degrees sections that hold a date range while no entry
/// took that line for its dates.
fn dated_lines_untaken(resume: &StructuredResume) -> usize {
    let sections = resume
        .sections
        .iter()
        .filter(|s| matches!(s.kind, SectionKind::Work | SectionKind::Education));
    let taken: Vec<usize> = sections
        .clone()
        .flat_map(|s| &s.entries)
        .filter_map(|e| e.dates.as_ref().and_then(|d| d.line))
        .collect();
    let in_entries = sections
        .flat_map(|s| &s.entries)
        .flat_map(|e| e.highlights.iter().chain(&e.text).chain(&e.as_written))
        .filter(|f| find_range(&f.value).is_some_and(|(r, _)| r.start.is_some()))
        .filter_map(|f| f.line);
    // A period (a start and an end, or "Present") in a section no JSON Resume array takes, or
    // kept as written in the header: a job or a degree the reader did not read as one.
    let unplaced = resume
        .sections
        .iter()
        .filter(|s| matches!(s.kind, SectionKind::Other(_)))
        .flat_map(|s| &s.entries)
        .flat_map(|e| {
            let dated = e
                .dates
                .as_ref()
                .filter(|d| d.value.is_period())
                .and_then(|d| d.line);
            let written = [&e.title, &e.organisation]
                .into_iter()
                .flatten()
                .chain(&e.highlights)
                .chain(&e.text)
                .chain(&e.as_written)
                .filter(|f| find_range(&f.value).is_some_and(|(r, _)| r.is_period()))
                .filter_map(|f| f.line);
            dated.into_iter().chain(written)
        });
    let mut lines: Vec<usize> = in_entries
        .chain(unplaced)
        .filter(|l| !taken.contains(l))
        .collect();
    lines.sort_unstable();
    lines.dedup();
    lines.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counts said in English and in Chinese.
    fn says(understood: &Understanding, en: &str, zh: &str) {
        assert_eq!(understood.sentence(Language::En), en);
        assert_eq!(understood.sentence(Language::Zh), zh);
    }

    #[test]
    fn counts_are_said_in_both_languages() {
        let resume = super::super::from_text(
            "# Ann\n## Experience\n### Dev — Acme (2020 – 2021)\n## Education\n### BSc — State U (2019)\n## Odds and Ends\nChess.\n",
        );
        let understood = Understanding::of(&resume);
        says(
            &understood,
            "1 job, 1 degree, 1 section unplaced (kept as text: Odds and Ends)",
            "1 份工作、1 个学位、1 个部分未归类（已作为文本保留：Odds and Ends）",
        );
        let kept =
            super::super::from_text("# Ann\n## Experience\nDev at Acme\t2020 – 2021\nBuilt it.\n");
        let understood = Understanding::of(&kept);
        says(
            &understood,
            "1 job, 0 degrees, 1 line kept as written",
            "1 份工作、0 个学位、1 行按原文保留",
        );
        let unsure = super::super::from_text(
            "# Ann\n## Experience\n### Dev — Acme (2020 – 2021)\n### Ops — Beta\nRan it.\n",
        );
        let understood = Understanding::of(&unsure);
        assert_eq!((understood.jobs, understood.unsure), (1, 1));
        says(
            &understood,
            "1 job, 0 degrees; 1 unsure, check them",
            "1 份工作、0 个学位；1 条不确定，请核对",
        );
        let missed = super::super::from_text(
            "# Ann\n## Experience\n### Dev — Acme (2020 – 2021)\n- Built it\n- Analyst, Beta Bank, 2017 – 2019\n",
        );
        let understood = Understanding::of(&missed);
        assert_eq!(understood.dated_lines_untaken, 1);
        says(
            &understood,
            "1 job, 0 degrees; 1 line with dates not read as an entry",
            "1 份工作、0 个学位；1 行含日期但未识别为条目",
        );
        // A degree under a heading the reader did not know (the school's name set as one):
        // its period is said.
        let unplaced = super::super::from_text(
            "# Ann\n## Experience\n### Dev — Acme (2020 – 2021)\n## Odds and Ends\nChess.\nGo.\nJapanese.\n## Northeastern University\nBachelor of Science\nSep 1999 – May 2004\n",
        );
        assert_eq!(
            Understanding::of(&unplaced).dated_lines_untaken,
            1,
            "{unplaced:#?}"
        );
        let nothing = Understanding::default();
        says(&nothing, "0 jobs, 0 degrees", "0 份工作、0 个学位");
    }
}
