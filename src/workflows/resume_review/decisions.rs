//! The user's decisions on the result's grounding flags, and the final resume they give: facts
//! the revision added stay only when kept; things it dropped come back unless the
//! deletion is kept. Undecided is "not kept" both ways, so an export never carries a
//! change to the user's facts they did not approve.

use std::fmt::Write;

use super::state::ReviewState;
use crate::domain::dropped::restore;
use crate::domain::grounding::keep_only;
use crate::domain::Language;

/// Keys the user kept, by flag kind.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Decisions {
    /// `ungrounded_facts` keys whose added fact stays.
    pub kept_facts: Vec<String>,
    /// `dropped_facts` keys whose deletion stays (the others are restored).
    pub kept_deletions: Vec<String>,
}

/// The final resume as exported under `decisions`: added facts not kept removed, then dropped
/// content not kept as deleted put back from the original.
pub fn final_resume_decided(state: &ReviewState, decisions: &Decisions) -> String {
    let text = keep_only(
        &state.resume.text,
        &state.ungrounded_facts,
        &decisions.kept_facts,
    );
    restore(
        &text,
        &state.original_resume.text,
        &state.dropped_facts,
        &decisions.kept_deletions,
    )
}

/// The report's list of what the revision dropped, each with what the export did with it.
pub fn dropped_report(
    out: &mut String,
    state: &ReviewState,
    lang: Language,
    decisions: &Decisions,
) {
    if state.dropped_facts.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "## {}\n",
        lang.pick("Dropped from your resume", "修订删去的内容")
    );
    for item in &state.dropped_facts {
        let outcome = match decisions.kept_deletions.contains(&item.key) {
            true => lang.pick("deletion kept", "确认删除"),
            false => lang.pick("restored in the final resume", "已在最终简历中恢复"),
        };
        let _ = writeln!(
            out,
            "- {} **{}** — {outcome}",
            item.kind.label(lang),
            item.text
        );
    }
    out.push('\n');
}
