//! The profile form's fields, saved as the user types (a reload or a failed run loses nothing),
//! and the workflow input they make.

use leptos::prelude::*;

use crate::domain::calendar::CalendarDate;
use crate::domain::Language;
use crate::ui::components::first_line;
use crate::ui::storage;
use crate::workflows::career_navigator::{NavigatorRunInput, ProfileInput};

/// A fictional sample profile, so a first run needs no typing.
struct Sample {
    position: &'static str,
    years: &'static str,
    education: &'static str,
    skills: &'static str,
    interests: &'static str,
    constraints: &'static str,
    goal: &'static str,
}

const SAMPLE_EN: Sample = Sample {
    position: "Backend engineer",
    years: "6",
    education: "BSc Computer Science",
    skills: "Go, PostgreSQL, Kubernetes, API design",
    interests: "product, mentoring",
    constraints: "About 5 hours a week; no relocation",
    goal:
        "Not sure yet, maybe something closer to product, where my backend experience still counts.",
};

const SAMPLE_ZH: Sample = Sample {
    position: "后端工程师",
    years: "6",
    education: "计算机科学学士",
    skills: "Go, PostgreSQL, Kubernetes, 接口设计",
    interests: "产品, 带新人",
    constraints: "每周约 5 小时；不考虑搬迁",
    goal: "我想转向产品方向，但还不确定具体岗位。",
};

/// A signal initialised from the saved draft (or `default`) that saves itself on every change.
fn draft(key: &'static str, default: &str) -> RwSignal<String> {
    let signal = RwSignal::new(storage::load(key).unwrap_or_else(|| default.to_string()));
    Effect::new(move |_| signal.with(|value| storage::save(key, value)));
    signal
}

/// The form's fields, as signals.
#[derive(Clone, Copy)]
pub struct ProfileFields {
    pub position: RwSignal<String>,
    pub years: RwSignal<String>,
    pub education: RwSignal<String>,
    pub skills: RwSignal<String>,
    pub interests: RwSignal<String>,
    pub constraints: RwSignal<String>,
    pub goal: RwSignal<String>,
    pub start_date: RwSignal<String>,
}

impl ProfileFields {
    /// Drafts, or the sample in the page's language on a first visit.
    pub fn load(language: Language) -> Self {
        let s = match language {
            Language::En => SAMPLE_EN,
            Language::Zh => SAMPLE_ZH,
        };
        let today = CalendarDate::from_unix_ms(js_sys::Date::now()).to_string();
        Self {
            position: draft("careergraph.draft.navigator.position", s.position),
            years: draft("careergraph.draft.navigator.years", s.years),
            education: draft("careergraph.draft.navigator.education", s.education),
            skills: draft("careergraph.draft.navigator.skills", s.skills),
            interests: draft("careergraph.draft.navigator.interests", s.interests),
            constraints: draft("careergraph.draft.navigator.constraints", s.constraints),
            goal: draft("careergraph.draft.navigator.goal", s.goal),
            start_date: draft("careergraph.draft.navigator.start", &today),
        }
    }

    /// The run input.
    pub fn input(&self, language: Language, max_iterations: u32) -> NavigatorRunInput {
        let list = |text: String| -> Vec<String> {
            text.split([',', '，', '、', ';', '；'])
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect()
        };
        NavigatorRunInput {
            goal: self.goal.get_untracked(),
            profile: ProfileInput {
                current_position: self.position.get_untracked(),
                years_experience: self.years.get_untracked().trim().parse::<u32>().ok(),
                education: self.education.get_untracked(),
                skills: list(self.skills.get_untracked()),
                interests: list(self.interests.get_untracked()),
                constraints: self.constraints.get_untracked(),
                ..ProfileInput::default()
            },
            language,
            max_iterations: Some(max_iterations),
            start_date: Some(self.start_date.get_untracked()),
            ..NavigatorRunInput::default()
        }
    }
}

/// A short title for the run list: the goal's first line.
pub fn title_of(input: &NavigatorRunInput) -> String {
    first_line(&input.goal, "Career plan")
}
