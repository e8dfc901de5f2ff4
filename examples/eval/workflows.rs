//! What the eval knows of each workflow: its input from a fixture, the score it reads (on one 0–10
//! scale, so deltas compare across workflows), the scores whose stability it checks, and the
//! texts the model rewrote from the user's resume.

use std::path::Path;

use careergraph::domain::injection::scan;
use serde_json::{json, Value};

/// One language folder of `tests/fixtures/eval`.
#[derive(Debug, Clone)]
pub struct Fixture {
    pub name: String,
    pub language: &'static str,
    pub resume: String,
    pub resume_hostile: String,
    pub job: String,
    pub role: String,
    /// The company the posting is from, as a user types it into the cover letter's form.
    pub company: String,
    pub goal: String,
    pub goal_hostile: String,
    pub profile: Value,
    /// The batch's other candidates (`batch/*.md`, by file name), after the fixture's resume.
    pub batch_others: Vec<(String, String)>,
    /// More candidates for the bias check's batch only (`bias/*.md`; none when the folder is
    /// absent): four are too few to sample a real model's differences from.
    pub bias_others: Vec<(String, String)>,
    /// Names and contact details of every batch candidate (`contacts.txt`, `#` lines skipped).
    pub contacts: Vec<String>,
    /// A batch candidate planting every protected attribute (`protected.md`), screened last.
    pub protected: String,
    /// What it plants, `kind: text` (`protected.txt`): blind screening keeps each out of every
    /// prompt.
    pub planted: Vec<(String, String)>,
}

impl Fixture {
    pub fn load(dir: &Path, language: &'static str) -> Result<Fixture, String> {
        let read = |name: &str| {
            std::fs::read_to_string(dir.join(name))
                .map_err(|e| format!("{}: {e}", dir.join(name).display()))
        };
        Ok(Fixture {
            name: language.to_string(),
            language,
            resume: read("resume.md")?,
            resume_hostile: read("resume_hostile.md")?,
            job: read("job.md")?,
            role: read("role.txt")?.trim().to_string(),
            company: read("company.txt")?.trim().to_string(),
            goal: read("goal.txt")?,
            goal_hostile: read("goal_hostile.txt")?,
            profile: serde_json::from_str(&read("profile.json")?).map_err(|e| e.to_string())?,
            batch_others: batch_others(&dir.join("batch"))?,
            bias_others: match dir.join("bias") {
                bias if bias.is_dir() => batch_others(&bias)?,
                _ => Vec::new(),
            },
            contacts: read("contacts.txt")?
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(str::to_string)
                .collect(),
            protected: read("protected.md")?,
            planted: read("protected.txt")?
                .lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
                .filter_map(|l| l.split_once(": "))
                .map(|(kind, text)| (kind.trim().to_string(), text.to_string()))
                .collect(),
        })
    }

    /// The same fixture with its resume alone in a batch (the mock's scripted parser knows one
    /// name).
    pub fn resume_only(&self) -> Fixture {
        Fixture {
            batch_others: Vec::new(),
            ..self.clone()
        }
    }
}

/// The `*.md` files of `dir`, sorted by name, as (file name, text).
fn batch_others(dir: &Path) -> Result<Vec<(String, String)>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut files: Vec<(String, String)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| {
            let name = p
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            std::fs::read_to_string(&p)
                .map(|text| (name, text))
                .map_err(|e| format!("{}: {e}", p.display()))
        })
        .collect::<Result<_, _>>()?;
    files.sort();
    Ok(files)
}

pub const WORKFLOWS: [&str; 6] = [
    "resume_review",
    "resume_tailoring",
    "hiring_pipeline",
    "career_navigator",
    BATCH,
    LETTER,
];

/// The cover letter: its rewrite is the final letter, after the review's decisions.
pub const LETTER: &str = "cover_letter";

/// Batch screening: the fixture's resume first (candidate `c1`, the one whose score the row
/// reads), then the batch's other candidates; its prompts are checked for names and contacts.
pub const BATCH: &str = "batch_screening";

/// The workflow's input from `fixture`; `hostile` swaps in the input with the hidden instruction.
pub fn input(workflow: &str, fixture: &Fixture, hostile: bool) -> Value {
    let resume = if hostile {
        &fixture.resume_hostile
    } else {
        &fixture.resume
    };
    let lang = fixture.language;
    match workflow {
        "resume_review" => json!({"resume": resume, "targetRole": fixture.role, "language": lang}),
        "resume_tailoring" => json!({"resume": resume, "jobDescription": fixture.job,
            "language": lang, "maxQuestions": 1, "maxRevisions": 1}),
        "hiring_pipeline" => {
            json!({"resume": resume, "jobDescription": fixture.job, "language": lang})
        }
        "career_navigator" => {
            let goal = if hostile {
                &fixture.goal_hostile
            } else {
                &fixture.goal
            };
            json!({"goal": goal, "profile": fixture.profile, "language": lang,
                "maxIterations": 1, "startDate": "2026-01-05"})
        }
        BATCH => {
            let mut resumes = vec![json!({"label": "resume.md", "text": resume})];
            for (label, text) in &fixture.batch_others {
                resumes.push(json!({"label": label, "text": text}));
            }
            resumes.push(json!({"label": "protected.md", "text": fixture.protected}));
            json!({"jobDescription": fixture.job, "resumes": resumes, "language": lang})
        }
        LETTER => json!({"resume": resume, "jobDescription": fixture.job,
            "company": fixture.company, "role": fixture.role, "language": lang, "maxRevisions": 1}),
        other => panic!("unknown workflow {other}"),
    }
}

/// The text carrying the hidden instruction, for the injection scanner.
pub fn hostile_text<'a>(workflow: &str, fixture: &'a Fixture) -> &'a str {
    if workflow == "career_navigator" {
        &fixture.goal_hostile
    } else {
        &fixture.resume_hostile
    }
}

/// Whether `domain::injection::scan` warns about the workflow's hostile input. The batch says
/// it itself: the hostile run's ATS row of the fixture's resume carries the scan's findings.
pub fn scan_flags(workflow: &str, fixture: &Fixture, hostile_state: &Value) -> bool {
    if workflow == BATCH {
        return hostile_state
            .pointer("/ats/0/injection")
            .and_then(Value::as_array)
            .is_some_and(|findings| !findings.is_empty());
    }
    !scan("input", hostile_text(workflow, fixture)).is_empty()
}

/// The latest overall score (0–100) of each screened batch candidate, in candidate order.
fn batch_scores(state: &Value) -> Vec<Option<f64>> {
    let results = state["results"].as_array().cloned().unwrap_or_default();
    state["candidates"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|candidate| {
            results
                .iter()
                .rev()
                .find(|r| r["id"] == candidate["id"])
                .and_then(|r| r.pointer("/evaluation/overall_score"))
                .and_then(Value::as_f64)
        })
        .collect()
}

/// The run's headline score on 0–10: the review's final score, the hiring evaluation's and the
/// career report's match score (0–100), the tailored draft's ATS score (0–100).
pub fn headline_score(workflow: &str, state: &Value) -> Option<f64> {
    let at = |pointer: &str| state.pointer(pointer).and_then(Value::as_f64);
    match workflow {
        "resume_review" => at("/final_score"),
        "resume_tailoring" => at("/ats_score").map(|s| s / 10.0),
        "hiring_pipeline" => at("/evaluation/overall_score").map(|s| s / 10.0),
        "career_navigator" => at("/integrated_report/match_score").map(|s| s / 10.0),
        BATCH => batch_scores(state)
            .first()
            .copied()
            .flatten()
            .map(|s| s / 10.0),
        LETTER => letter_coverage(state),
        _ => None,
    }
}

/// The cover letter has no score of its own: the share of the posting's requirements that some
/// paragraph of the final letter answers, on 0–10. A hidden instruction that bends the letter, or
/// two runs that cite different requirements, move it.
fn letter_coverage(state: &Value) -> Option<f64> {
    let total = state["requirements"].as_array()?.len();
    let mut answered: Vec<&str> = state["letter"]
        .as_array()?
        .iter()
        .flat_map(|p| p["requirements"].as_array().into_iter().flatten())
        .filter_map(|r| r["id"].as_str())
        .collect();
    answered.sort_unstable();
    answered.dedup();
    (total > 0).then(|| answered.len() as f64 * 10.0 / total as f64)
}

/// The scores compared between two runs: the review's first-round critic scores (one per
/// critic), otherwise the headline score.
pub fn stability_scores(workflow: &str, state: &Value) -> Vec<f64> {
    if workflow == "resume_review" {
        let first_round = state
            .pointer("/feedback_history/0")
            .and_then(Value::as_array);
        if let Some(round) = first_round {
            return round.iter().filter_map(|f| f["score"].as_f64()).collect();
        }
    }
    if workflow == BATCH {
        // Every screened candidate's score (runs screening different numbers are not compared).
        return batch_scores(state)
            .into_iter()
            .flatten()
            .map(|s| s / 10.0)
            .collect();
    }
    headline_score(workflow, state).into_iter().collect()
}

/// Every rewrite of the user's resume the model produced in this run (empty for workflows that
/// rewrite nothing): the review's revisions (rejected ones too: the model still wrote them), the
/// tailoring drafts shown for review and the final tailored resume, the final cover letter (after
/// the review removed what the user did not keep: what the user would send).
pub fn rewrites(workflow: &str, state: &Value, drafts: &[String]) -> Option<Vec<String>> {
    match workflow {
        "resume_review" => Some(
            state["revision_history"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|r| r["text"].as_str().map(str::to_string))
                .collect(),
        ),
        "resume_tailoring" => {
            let mut all: Vec<String> = drafts.to_vec();
            if let Some(last) = state["tailored_resume"].as_str().filter(|t| !t.is_empty()) {
                if !all.iter().any(|d| d == last) {
                    all.push(last.to_string());
                }
            }
            Some(all)
        }
        LETTER => Some(
            state["letter_markdown"]
                .as_str()
                .filter(|l| !l.is_empty())
                .map(str::to_string)
                .into_iter()
                .collect(),
        ),
        _ => None,
    }
}

/// The result the user is handed, as text: the review's resume as it ends (when it was revised),
/// the tailored resume, the letter; `None` for workflows whose result is scores and lists.
/// `rewrites_resume`: whether it stands in for the user's resume (so it must keep their name).
pub fn final_result(workflow: &str, state: &Value) -> Option<(String, bool)> {
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    match workflow {
        "resume_review" => (state["resume"]["text"] != state["original_resume"]["text"])
            .then(|| (text(&state["resume"]["text"]), true)),
        "resume_tailoring" => Some((text(&state["tailored_resume"]), true)),
        LETTER => Some((text(&state["letter_markdown"]), false)),
        _ => None,
    }
}

/// What a rewrite may take facts from: the resume the user gave, and what the user answered or
/// typed (the cover letter's company, role, notes and revision notes; never the posting).
pub fn fact_sources(workflow: &str, fixture: &Fixture, state: &Value) -> Vec<String> {
    let mut sources = vec![fixture.resume.clone()];
    if workflow == "resume_tailoring" {
        if let Some(answers) = state["collected_info"].as_str() {
            sources.push(answers.to_string());
        }
    }
    if workflow == LETTER {
        sources.extend([fixture.company.clone(), fixture.role.clone()]);
        sources.extend(state["notes"].as_str().map(str::to_string));
        let notes = state["revision_notes"].as_array().into_iter().flatten();
        sources.extend(notes.filter_map(|n| n.as_str().map(str::to_string)));
    }
    sources
}
