//! Exports of a run: the report, goals and plan as Markdown, and the action items as an
//! iCalendar file (see `domain::calendar`), both in the run's language.

use crate::domain::calendar::{action_items_ics, CalendarDate, IcsOptions};
use crate::domain::career_plan::{CareerGoal, ScheduleItem};
use crate::domain::Language;

use super::state::CareerNavigatorState;

/// The date of week `week` of a plan starting on `start`.
pub fn week_date(start: CalendarDate, week: u32) -> CalendarDate {
    start.add_days(i64::from(week) * 7)
}

/// The plan's start date: the state's `start_date` when valid, else `fallback`.
pub fn start_date(state: &CareerNavigatorState, fallback: CalendarDate) -> CalendarDate {
    CalendarDate::parse(&state.start_date).unwrap_or(fallback)
}

/// The action items as an `.ics` calendar starting on `start`; `now_ms` stamps it.
pub fn calendar(state: &CareerNavigatorState, start: CalendarDate, now_ms: f64) -> String {
    let items: &[ScheduleItem] = state
        .final_plan
        .as_ref()
        .map_or(&[], |p| p.action_items.as_slice());
    action_items_ics(
        items,
        &IcsOptions {
            start,
            now_ms,
            uid_prefix: if state.session_id.is_empty() {
                "careergraph-plan".into()
            } else {
                state.session_id.clone()
            },
            calendar_name: state.language.pick("Career plan", "职业规划").to_string(),
        },
    )
}

fn list(out: &mut String, items: &[String]) {
    for item in items.iter().filter(|i| !i.trim().is_empty()) {
        out.push_str(&format!("- {}\n", item.trim()));
    }
}

fn goals(out: &mut String, lang: Language, heading: (&str, &str), goals: &[CareerGoal]) {
    if goals.is_empty() {
        return;
    }
    out.push_str(&format!("\n### {}\n\n", lang.pick(heading.0, heading.1)));
    for goal in goals {
        out.push_str(&format!("- **{}**", goal.title.trim()));
        if !goal.timeframe.trim().is_empty() {
            out.push_str(&format!(" ({})", goal.timeframe.trim()));
        }
        if !goal.description.trim().is_empty() {
            out.push_str(&format!(": {}", goal.description.trim()));
        }
        out.push('\n');
        for criterion in &goal.success_criteria {
            out.push_str(&format!("  - {}\n", criterion.trim()));
        }
    }
}

/// The report, goals and plan as one Markdown document; dates from `start`.
pub fn markdown(state: &CareerNavigatorState, start: CalendarDate) -> String {
    let lang = state.language;
    let t = |en, zh| lang.pick(en, zh);
    let mut out = format!("# {}\n\n", t("Career plan", "职业规划"));
    let goal = state.user_profile.career_goals.trim();
    if !goal.is_empty() {
        out.push_str(&format!("**{}** {goal}\n\n", t("Goal:", "目标：")));
    }
    if let Some(report) = &state.integrated_report {
        out.push_str(&format!("## {}\n\n", t("Report", "综合报告")));
        out.push_str(&format!("{}\n\n", report.executive_summary.trim()));
        if !report.recommended_career.trim().is_empty() {
            out.push_str(&format!(
                "**{}** {} ({} {}/100)\n\n",
                t("Recommended career:", "推荐职业方向："),
                report.recommended_career.trim(),
                t("match", "匹配度"),
                report.match_score
            ));
        }
        for (heading, items) in [
            (t("Strengths", "优势"), &report.strengths),
            (t("To develop", "待提升"), &report.development_areas),
            (t("Recommendations", "建议"), &report.recommendations),
        ] {
            if !items.is_empty() {
                out.push_str(&format!("### {heading}\n\n"));
                list(&mut out, items);
                out.push('\n');
            }
        }
    }
    if let Some(career_goals) = &state.career_goals {
        out.push_str(&format!("## {}\n", t("Goals", "目标")));
        goals(
            &mut out,
            lang,
            ("Long term", "长期目标"),
            &career_goals.long_term_goals,
        );
        goals(
            &mut out,
            lang,
            ("Medium term", "中期目标"),
            &career_goals.medium_term_goals,
        );
        goals(
            &mut out,
            lang,
            ("Short term", "短期目标"),
            &career_goals.short_term_goals,
        );
        out.push('\n');
    }
    if let Some(plan) = &state.final_plan {
        out.push_str(&format!("## {}\n\n", t("Action plan", "行动计划")));
        if !plan.schedule_overview.trim().is_empty() {
            out.push_str(&format!("{}\n\n", plan.schedule_overview.trim()));
        }
        if !plan.timeline.is_empty() {
            out.push_str(&format!("### {}\n\n", t("Timeline", "时间线")));
            for phase in &plan.timeline {
                out.push_str(&format!(
                    "- **{}** ({} – {}): {}\n",
                    phase.name.trim(),
                    week_date(start, phase.start_week),
                    week_date(start, phase.end_week.max(phase.start_week + 1)),
                    phase.focus.trim()
                ));
            }
            out.push('\n');
        }
        out.push_str(&format!(
            "### {}\n\n| {} | {} | {} | {} |\n| --- | --- | --- | --- |\n",
            t("Action items", "行动项"),
            t("Start", "开始"),
            t("Weeks", "周数"),
            t("Action", "行动"),
            t("Priority", "优先级")
        ));
        for item in &plan.action_items {
            out.push_str(&format!(
                "| {} | {} | {} | {} |\n",
                week_date(start, item.start_week),
                item.duration_weeks,
                cell(&format!(
                    "{}: {}",
                    item.title.trim(),
                    item.description.trim()
                )),
                cell(&item.priority)
            ));
        }
        if !plan.resources.is_empty() {
            out.push_str(&format!("\n### {}\n\n", t("Resources", "资源")));
            list(&mut out, &plan.resources);
        }
        out.push_str(&format!(
            "\n{}\n",
            if state.plan_confirmed {
                t("Plan confirmed.", "计划已确认。")
            } else {
                t("Plan not confirmed.", "计划未确认。")
            }
        ));
    }
    out
}

/// A table cell: no pipes or line breaks.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\n', '\r'], " ")
}
