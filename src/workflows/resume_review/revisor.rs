//! The revisor node: rewrites the resume to address this round's issues, then checks the facts.
//!
//! Guard policy (the prompt forbids changing facts; this is what happens when a model does anyway):
//! - a revision that **adds** facts (names, titles, dates, numbers, ... not in the original, by
//!   `domain::facts::ungrounded`) is accepted, and those facts are listed in `ungrounded_facts`:
//!   the result view marks them in the diff and the user keeps or removes each; an exported
//!   resume never carries one the user did not keep. Invented achievements are the worst outcome
//!   for a user, so they are never silent: a warning counts them (without repeating them). A
//!   rejection the user never saw lost the revision's good changes and could not be overruled.
//! - a revision that **drops** facts is accepted (condensing can be intended) with a warning
//!   naming what went missing; what it lost (contact details, whole sections, organisations,
//!   dates, degrees, by `domain::dropped`) is listed in `dropped_facts`, and the user keeps each
//!   deletion or restores it: an export puts back every deletion the user did not keep.
//! - an empty revision is rejected (`accepted: false`), the resume stays as it was.
//!
//! Facts are compared with the *original* resume, not the previous revision, so small drifts
//! cannot add up over rounds.

use std::rc::Rc;

use serde::Deserialize;

use crate::domain::dropped::dropped;
use crate::domain::facts::ungrounded;
use crate::domain::{Feedback, Language, Resume, Revision};
use crate::graph::{NodeContext, NodeError};
use crate::workflows::common::RunSettings;

use super::agents::REVISOR;
use super::facts;
use super::prompts::user_message;
use super::state::{ReviewState, ReviewUpdate};
use super::Deps;

#[derive(Debug, Deserialize)]
struct RevisorAnswer {
    revised_resume: String,
    #[serde(default)]
    changes: Vec<String>,
}

/// The feedback block of the revisor's message: every issue and suggestion, by critic.
pub fn feedback_block(feedback: &[Feedback]) -> String {
    let mut block = String::new();
    for critic in feedback.iter().filter(|f| !f.is_failure()) {
        block.push_str(&format!(
            "{} ({:.1}/10):\n",
            critic.agent_name, critic.score
        ));
        for issue in &critic.issues {
            block.push_str(&format!(
                "- [{:?}] {}: {} → {}\n",
                issue.severity, issue.section, issue.description, issue.suggestion
            ));
        }
        for suggestion in &critic.suggestions {
            block.push_str(&format!("- {suggestion}\n"));
        }
    }
    block
}

pub async fn run_revisor(
    deps: Rc<Deps>,
    state: ReviewState,
    ctx: NodeContext,
) -> Result<ReviewUpdate, NodeError> {
    let iteration = state.current_iteration;
    let user = user_message(
        &state.target_role,
        &[("feedback", feedback_block(&state.current_feedback))],
        &state.resume.text,
    );
    let answer = match deps
        .try_ask::<RevisorAnswer>(&ctx, &REVISOR, iteration, user)
        .await?
    {
        Ok(answer) => answer,
        Err(error) => {
            return Ok(
                ReviewUpdate::default().warnings(vec![match deps.settings.language() {
                    Language::En => format!(
                    "Round {iteration}: the revisor failed, the resume was not revised ({error})"
                ),
                    Language::Zh => format!("第 {iteration} 轮：修订失败，简历未作修改（{error}）"),
                }]),
            );
        }
    };
    Ok(revision_update(
        &state,
        iteration,
        answer.revised_resume,
        answer.changes,
        deps.settings.language(),
    ))
}

/// Applies the guard policy of the module docs to a revision.
fn revision_update(
    state: &ReviewState,
    iteration: u32,
    text: String,
    changes: Vec<String>,
    lang: Language,
) -> ReviewUpdate {
    let fact_check = facts::check(&state.original_resume.text, &text);
    let accepted = !text.trim().is_empty();
    let (new_facts, lost) = if accepted {
        let original = &state.original_resume.text;
        (ungrounded(&text, &[original]), dropped(original, &text))
    } else {
        (Vec::new(), Vec::new())
    };
    let mut warnings = Vec::new();
    if !new_facts.is_empty() {
        let n = new_facts.len();
        warnings.push(match lang {
            Language::En => format!(
                "Round {iteration}: the revision adds {n} fact(s) not in your resume; they are marked in the result, and an export leaves out each one you do not keep."
            ),
            Language::Zh => format!(
                "第 {iteration} 轮：修订加入了 {n} 项你简历中没有的事实；结果中已标出，导出时不含你未保留的事实。"
            ),
        });
    }
    if !lost.is_empty() {
        let n = lost.len();
        warnings.push(match lang {
            Language::En => format!(
                "Round {iteration}: the revision dropped {n} item(s) of your resume (contact details, sections, employers, dates or degrees); they are listed in the result, and an export puts back each one whose deletion you do not keep."
            ),
            Language::Zh => format!(
                "第 {iteration} 轮：修订删去了你简历中的 {n} 项内容（联系方式、板块、机构、日期或学位）；结果中已列出，导出时会恢复你未确认删除的每一项。"
            ),
        });
    }
    if accepted && !fact_check.dropped.is_empty() {
        warnings.push(match lang {
            Language::En => format!(
                "Round {iteration}: the revision left out facts from your resume: {}",
                fact_check.dropped.join(", ")
            ),
            Language::Zh => format!(
                "第 {iteration} 轮：修订删去了你简历中的事实：{}",
                fact_check.dropped.join("、")
            ),
        });
    }
    let revision = Revision {
        iteration,
        text: text.clone(),
        changes,
        fact_check,
        accepted,
    };
    let mut update = ReviewUpdate::default()
        .revision_history(vec![revision])
        .warnings(warnings);
    if accepted {
        update = update
            .resume(Resume::new(text.clone()))
            .revised_resume(Some(text))
            .ungrounded_facts(new_facts)
            .dropped_facts(lost);
    }
    update
}
