//! What a career-plan run pauses with, and what it takes as an answer: typed, so the app and the
//! JS API read the same fields the nodes write (the payloads are built from these types).

use serde::{Deserialize, Serialize};

use crate::domain::career_plan::{CareerGoals, FinalPlan, IntegratedReport, UserSatisfactionLevel};

use super::nodes::{confirmation_question, satisfaction_question};
use super::state::CareerNavigatorState;

/// A pause of a career-plan run (the interrupt payload, tagged by `type`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum NavigatorPause {
    /// Rate the report; a dissatisfied rating sends the analysis back with the feedback.
    Satisfaction(SatisfactionPause),
    /// Confirm the final plan, or ask for a revision.
    ConfirmPlan(ConfirmPlanPause),
}

crate::pause_kinds!(NavigatorPause {
    "satisfaction" => SatisfactionAnswer,
    "confirm_plan" => ConfirmPlanAnswer,
});

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
pub struct SatisfactionPause {
    pub question: String,
    pub report: Option<IntegratedReport>,
    pub iteration: u32,
    pub max_iterations: u32,
    pub rounds_left: u32,
    pub levels: Vec<LevelChoice>,
    /// Set when the previous answer could not be read (the question is asked again).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// One of the five satisfaction levels, labelled in the run's language.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct LevelChoice {
    /// 1 … 5 (serde's shape is any number).
    #[cfg_attr(js_api, tsify(type = "1 | 2 | 3 | 4 | 5"))]
    pub level: u8,
    pub id: UserSatisfactionLevel,
    pub label: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
pub struct ConfirmPlanPause {
    pub question: String,
    pub plan: Option<FinalPlan>,
    pub career_goals: Option<CareerGoals>,
    pub revision: u32,
    pub max_revisions: u32,
    /// Set when the previous answer could not be read (the question is asked again).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl SatisfactionPause {
    pub fn of(state: &CareerNavigatorState) -> Self {
        let lang = state.language;
        SatisfactionPause {
            question: satisfaction_question(lang).to_string(),
            report: state.integrated_report.clone(),
            iteration: state.iteration_count,
            max_iterations: state.max_iterations,
            rounds_left: state.max_iterations.saturating_sub(state.iteration_count),
            levels: UserSatisfactionLevel::ALL
                .iter()
                .map(|l| {
                    let (en, zh) = l.label();
                    LevelChoice {
                        level: l.level(),
                        id: *l,
                        label: lang.pick(en, zh).to_string(),
                    }
                })
                .collect(),
            error: None,
        }
    }
}

impl ConfirmPlanPause {
    pub fn of(state: &CareerNavigatorState) -> Self {
        ConfirmPlanPause {
            question: confirmation_question(state.language).to_string(),
            plan: state.final_plan.clone(),
            career_goals: state.career_goals.clone(),
            revision: state.plan_revision_count,
            max_revisions: state.max_iterations,
            error: None,
        }
    }
}

/// An answer to a [`SatisfactionPause`]: a level 1–5 and what to change.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SatisfactionRating {
    pub level: u8,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub feedback: String,
}

/// An answer to a [`ConfirmPlanPause`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
pub struct PlanConfirmation {
    pub confirm: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feedback: Option<String>,
}

/// A satisfaction level as the JS API takes it: 1 (very dissatisfied) … 5 (very satisfied), or
/// its id; `interaction::parse_satisfaction` reads both.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(untagged)]
pub enum SatisfactionLevel {
    Number(
        // serde's shape is any number; only 1–5 are levels.
        #[cfg_attr(js_api, tsify(type = "1 | 2 | 3 | 4 | 5"))] u8,
    ),
    Id(UserSatisfactionLevel),
}

/// What the JS API takes as an answer to a [`SatisfactionPause`]: a level alone, or a level with
/// what to change (the app sends a [`SatisfactionRating`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(untagged)]
pub enum SatisfactionAnswer {
    Level(SatisfactionLevel),
    Rated {
        level: SatisfactionLevel,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        feedback: Option<String>,
    },
}

/// What the JS API takes as an answer to a [`ConfirmPlanPause`]: `true` / `false` alone, or a
/// [`PlanConfirmation`] with feedback.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(untagged)]
pub enum ConfirmPlanAnswer {
    Confirm(bool),
    Decision(PlanConfirmation),
}

/// Any answer a career-plan run takes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum NavigatorAnswer {
    Satisfaction(SatisfactionRating),
    ConfirmPlan(PlanConfirmation),
}
