//! The result check: whether a workflow's result is usable, judged against the user's own input
//! before anything calls it finished (issue 42: a 135M model's "tailored resume" was one
//! paragraph of prose with the name and every job gone, a letter was the word "finally", and
//! both pages said finished).
//!
//! Three questions, each answered from the texts alone (no model):
//! - **kept**: the input resume's name, contact lines, jobs, degrees and sections are still in
//!   the result ([`crate::domain::dropped`], plus the name, which that list has no kind for);
//! - **grounded**: the result adds no employer, title, number or date the user's texts lack
//!   ([`crate::domain::facts::ungrounded`]);
//! - **usable**: the result is not degenerate ([`degenerate`]): repeated phrases, one word, a
//!   fraction of the expected length, the other language, our own prompt echoed.
//!
//! A [`Verdict`] lists every problem found; [`Verdict::usable`] is false when any is. Precision
//! matters as it does for the dropped and added lists: each rule fires only on what no honest
//! answer writes.

mod degenerate;
mod kept;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use super::dropped::DroppedFact;
use super::facts::{ungrounded, Fact};
use super::Language;

pub use degenerate::{degenerate, Degeneracy};
pub use kept::name_dropped;

/// One thing wrong with a result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Problem {
    /// The candidate's name (the input resume's first line that names them) is gone.
    DroppedName { name: String },
    /// Parts of the input resume the result no longer holds.
    Dropped { items: Vec<DroppedFact> },
    /// Facts no text of the user's holds.
    Invented { facts: Vec<Fact> },
    /// The text is not an answer at all.
    Degenerate { why: Degeneracy },
}

impl Problem {
    /// The problem's `kind`, as its JSON says it (the serde tag; a test holds the two together).
    pub fn kind(&self) -> &'static str {
        match self {
            Problem::DroppedName { .. } => "dropped_name",
            Problem::Dropped { .. } => "dropped",
            Problem::Invented { .. } => "invented",
            Problem::Degenerate { .. } => "degenerate",
        }
    }
}

/// What the check found of one result: usable when `problems` is empty.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "api", derive(schemars::JsonSchema))]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct Verdict {
    pub problems: Vec<Problem>,
}

/// What a result is checked against.
#[derive(Debug, Clone, Copy)]
pub struct Against<'a> {
    /// The resume the result rewrites (kept is checked only when it is set).
    pub resume: Option<&'a str>,
    /// Every text of the user's (resume, job description, answers): what grounds a fact.
    pub sources: &'a [&'a str],
    /// The language the result must be written in (`None`: either, e.g. a rewrite of a resume
    /// that keeps the resume's own language).
    pub language: Option<Language>,
    /// Our own prompt (system and user text): a result that repeats it is an echo.
    pub prompt: &'a str,
    /// How long an honest answer is at least, in English-word units (0: no floor).
    pub min_words: usize,
}

/// Why an agent's free-text answer (a critic's notes, portfolio or design advice) is no answer:
/// empty, looping ("until until until"), a list of one line again and again. `None` when it may
/// be one. Such an answer is marked unreliable where it is shown and counts in no score.
pub fn unreliable(text: &str) -> Option<Degeneracy> {
    degenerate(text, &Against::usability(None))
}

impl Against<'_> {
    /// Only what makes an answer usable at all: no resume kept, nothing grounded, no prompt, no
    /// length floor; `language` when the answer must be in it.
    fn usability(language: Option<Language>) -> Against<'static> {
        Against {
            resume: None,
            sources: &[],
            language,
            prompt: "",
            min_words: 0,
        }
    }
}

impl Verdict {
    /// `result` checked against `against`: kept (when a resume is rewritten), grounded, usable.
    pub fn of(result: &str, against: Against<'_>) -> Verdict {
        let mut problems = Vec::new();
        if let Some(why) = degenerate(result, &against) {
            problems.push(Problem::Degenerate { why });
        }
        if let Some(resume) = against.resume {
            if let Some(name) = name_dropped(resume, result) {
                problems.push(Problem::DroppedName { name });
            }
            let items = super::dropped::dropped(resume, result);
            if !items.is_empty() {
                problems.push(Problem::Dropped { items });
            }
        }
        let facts = ungrounded(result, against.sources);
        if !facts.is_empty() {
            problems.push(Problem::Invented { facts });
        }
        Verdict { problems }
    }

    /// A result made of several answers (a hiring packet's evaluation and email, a plan's report
    /// and schedule), each checked on its own for `language` and degeneracy: a long text of many
    /// parts repeats its words more than one answer does, so the parts are not joined. The
    /// first part that is no answer is the problem.
    pub fn of_parts(parts: &[&str], language: Language) -> Verdict {
        let against = Against::usability(Some(language));
        let problems = parts
            .iter()
            .find_map(|part| degenerate(part, &against))
            .map(|why| vec![Problem::Degenerate { why }])
            .unwrap_or_default();
        Verdict { problems }
    }

    /// Adds the facts `result` claims that no text of `sources` holds.
    pub fn with_grounding(mut self, result: &str, sources: &[&str]) -> Verdict {
        let facts = ungrounded(result, sources);
        if !facts.is_empty() {
            self.problems.push(Problem::Invented { facts });
        }
        self
    }

    pub fn usable(&self) -> bool {
        self.problems.is_empty()
    }

    /// Only the problems that are left once the user has decided: dropped items they chose to
    /// delete and added facts they chose to keep are theirs, not the model's.
    pub fn after_decisions(mut self, kept_deleted: &[String], kept_added: &[String]) -> Verdict {
        self.problems.retain_mut(|problem| match problem {
            Problem::Dropped { items } => {
                items.retain(|d| !kept_deleted.contains(&d.key));
                !items.is_empty()
            }
            Problem::Invented { facts } => {
                facts.retain(|f| !kept_added.contains(&f.key));
                !facts.is_empty()
            }
            _ => true,
        });
        self
    }

    /// One sentence a page shows in place of "finished" ("The tailored draft dropped your name,
    /// 3 jobs and Skills, and adds facts that are not yours: …"); `None` when usable. `what`
    /// names the result ("The tailored draft", "The letter").
    pub fn summary(&self, what: &str, lang: Language) -> Option<String> {
        if self.usable() {
            return None;
        }
        let mut parts = Vec::new();
        for problem in &self.problems {
            parts.push(match problem {
                Problem::Degenerate { why } => why.describe(lang),
                Problem::DroppedName { .. } => {
                    lang.pick("dropped your name", "删去了你的姓名").into()
                }
                Problem::Dropped { items } => {
                    let listed: Vec<&str> = items.iter().take(4).map(|d| d.text.as_str()).collect();
                    let more = items.len().saturating_sub(listed.len());
                    let mut text = match lang {
                        Language::En => format!("dropped {}", listed.join(", ")),
                        Language::Zh => format!("删去了{}", listed.join("、")),
                    };
                    if more > 0 {
                        text.push_str(&match lang {
                            Language::En => format!(" and {more} more"),
                            Language::Zh => format!("等另外{more}项"),
                        });
                    }
                    text
                }
                Problem::Invented { facts } => {
                    let listed: Vec<&str> = facts.iter().take(4).map(|f| f.text.as_str()).collect();
                    match lang {
                        Language::En => {
                            format!("adds what your texts do not say ({})", listed.join(", "))
                        }
                        Language::Zh => {
                            format!("加入了你的材料里没有的内容（{}）", listed.join("、"))
                        }
                    }
                }
            });
        }
        let sep = lang.pick(", and ", "，并且");
        let end = lang.pick(". It is not usable as it is.", "。它目前不可用。");
        let gap = lang.pick(" ", "");
        Some(format!("{what}{gap}{}{end}", parts.join(sep)))
    }
}
