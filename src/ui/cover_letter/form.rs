//! The cover letter form's values, saved in the browser as the user types (a reload or a failed
//! run loses nothing), and the workflow input they make. The resume and the job description are
//! the ones the other pages share.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use crate::domain::Language;
use crate::ui::components::{draft_signal, first_line};
use crate::ui::storage;
use crate::workflows::cover_letter::{CoverLetterInput, CoverLetterWorkflow, Length, Tone};
use crate::workflows::Workflow;

/// Shared with the other pages: the user's resume and the job are the same whatever the workflow.
const DRAFT_RESUME_KEY: &str = "careergraph.draft.resume";
const DRAFT_JOB_KEY: &str = "careergraph.draft.job";
const DRAFT_LETTER_KEY: &str = "careergraph.draft.cover-letter";

/// The page's own fields, saved together.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LetterFields {
    pub company: String,
    pub role: String,
    pub notes: String,
    pub tone: Tone,
    pub length: Length,
}

impl Default for LetterFields {
    fn default() -> Self {
        let sample = CoverLetterWorkflow::sample_input();
        Self {
            company: sample.company,
            role: sample.role,
            notes: String::new(),
            tone: Tone::default(),
            length: Length::default(),
        }
    }
}

/// The form's signals. `Copy`.
#[derive(Clone, Copy)]
pub struct LetterForm {
    pub resume: RwSignal<String>,
    pub job: RwSignal<String>,
    pub fields: RwSignal<LetterFields>,
}

impl LetterForm {
    /// Signals initialised from the saved drafts (or the samples) that save themselves.
    pub fn load() -> Self {
        let fields = RwSignal::new(
            storage::load(DRAFT_LETTER_KEY)
                .and_then(|json| serde_json::from_str(&json).ok())
                .unwrap_or_default(),
        );
        Effect::new(move |_| {
            fields.with(|f: &LetterFields| {
                if let Ok(json) = serde_json::to_string(f) {
                    storage::save(DRAFT_LETTER_KEY, &json);
                }
            })
        });
        let sample = CoverLetterWorkflow::sample_input();
        Self {
            resume: draft_signal(DRAFT_RESUME_KEY, &sample.resume),
            job: draft_signal(DRAFT_JOB_KEY, &sample.job_description),
            fields,
        }
    }

    /// The workflow input; `language` is the letter's and the agents'.
    pub fn input(&self, language: Language) -> CoverLetterInput {
        let fields = self.fields.get_untracked();
        CoverLetterInput {
            resume: self.resume.get_untracked(),
            job_description: self.job.get_untracked(),
            company: fields.company,
            role: fields.role,
            notes: fields.notes,
            tone: fields.tone,
            length: fields.length,
            max_revisions: None,
            language,
        }
    }

    /// A short title for the run list: "Role, Company", or the posting's first line.
    pub fn title(&self) -> String {
        let fields = self.fields.get_untracked();
        let named: Vec<&str> = [fields.role.trim(), fields.company.trim()]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect();
        if named.is_empty() {
            first_line(&self.job.get_untracked(), "Untitled job")
        } else {
            named.join(", ")
        }
    }
}

/// Tone choices as (value, English, Chinese).
pub const TONES: &[(Tone, &str, &str)] = &[
    (Tone::Formal, "Formal", "正式"),
    (Tone::Warm, "Warm", "亲切"),
    (Tone::Direct, "Direct", "直接"),
];

/// Length choices as (value, English, Chinese).
pub const LENGTHS: &[(Length, &str, &str)] = &[
    (Length::Short, "Short (about 180 words)", "短（约 180 字）"),
    (
        Length::Medium,
        "Medium (about 280 words)",
        "中（约 280 字）",
    ),
    (Length::Long, "Long (about 400 words)", "长（约 400 字）"),
];
