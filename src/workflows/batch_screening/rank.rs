//! The ranked table and its exports. Order: candidates with an evaluation first, by overall
//! score, then ATS score; then the others by ATS score; ties keep the input order.

use crate::domain::export::csv::csv_cell;
use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use crate::domain::blind::{MaskCount, NAME};
use crate::domain::hiring::Recommendation;

use super::annotations::PersonDecision;
use crate::domain::Language;

use super::state::{BatchState, CandidateStatus};

/// One row of the table.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(default)]
pub struct RankedRow {
    /// 1 for the best.
    pub rank: u32,
    pub id: String,
    pub label: String,
    /// The name the resume's own structure reads, else the parser's (shown here, never sent to a
    /// model after the parser, nor to the parser in a blind screening).
    pub name: String,
    /// What blind screening masked before any model read the resume (empty when it was off).
    pub masked: Vec<MaskCount>,
    pub status: CandidateStatus,
    /// The evaluation's 0–100 score, once screened.
    pub overall_score: Option<f64>,
    pub ats_score: u32,
    /// Share (0–1) of the job's required terms the resume shows (1 when it names none).
    pub must_have_coverage: f64,
    pub missing_must_haves: Vec<String>,
    pub red_flags: Vec<String>,
    pub recommendation: Option<Recommendation>,
    /// The resume holds lines that look like prompt injection or hidden text.
    pub injection_flagged: bool,
    pub error: Option<String>,
    /// A person's latest decision, when one was made (see [`super::decisions`]); the tool's
    /// `recommendation` is advice.
    pub decision: Option<PersonDecision>,
}

/// Every candidate of the batch as a row, ranked.
pub fn rank_rows(state: &BatchState) -> Vec<RankedRow> {
    let language = state.language;
    let mut rows: Vec<RankedRow> = state
        .candidates
        .iter()
        .map(|candidate| {
            let ats = state.ats.iter().find(|a| a.id == candidate.id);
            let result = state.latest(&candidate.id);
            let evaluation = result.and_then(|r| r.evaluation.as_ref());
            let mut missing = ats.map(|a| a.missing_must.clone()).unwrap_or_default();
            if let Some(matching) = result.and_then(|r| r.matching.as_ref()) {
                for skill in &matching.missing_skills {
                    if !missing.iter().any(|m| m.eq_ignore_ascii_case(skill)) {
                        missing.push(skill.clone());
                    }
                }
            }
            let mut red_flags = Vec::new();
            if let Some(first) = ats.and_then(|a| a.injection.first()) {
                red_flags.push(format!(
                    "{} {} ({})",
                    language.pick(
                        "Possible prompt injection or hidden text, line",
                        "疑似提示注入或隐藏文字，第"
                    ),
                    first.line,
                    first.kind.label(language)
                ));
            }
            if let Some(evaluation) = evaluation {
                red_flags.extend(evaluation.concerns.iter().cloned());
            }
            RankedRow {
                rank: 0,
                id: candidate.id.clone(),
                label: candidate.label.clone(),
                name: ats
                    .map(|a| a.name.clone())
                    .filter(|name| !name.is_empty())
                    .or_else(|| {
                        result
                            .and_then(|r| r.profile.as_ref())
                            .map(|p| p.name.clone())
                            .filter(|name| name != NAME)
                    })
                    .unwrap_or_default(),
                masked: ats.map(|a| a.masked.clone()).unwrap_or_default(),
                status: result.map_or(CandidateStatus::Pending, |r| r.status),
                overall_score: evaluation.map(|e| e.overall_score),
                ats_score: ats.map_or(0, |a| a.score),
                must_have_coverage: ats.map_or(1.0, |a| {
                    if a.must_total == 0 {
                        1.0
                    } else {
                        f64::from(a.must_matched) / f64::from(a.must_total)
                    }
                }),
                missing_must_haves: missing,
                red_flags,
                recommendation: evaluation.map(|e| e.recommendation),
                injection_flagged: ats.is_some_and(|a| !a.injection.is_empty()),
                error: result.and_then(|r| r.error.clone()),
                decision: state.decision(&candidate.id).cloned(),
            }
        })
        .collect();
    // Stable: equal rows keep the input order.
    rows.sort_by(compare);
    for (index, row) in rows.iter_mut().enumerate() {
        row.rank = index as u32 + 1;
    }
    rows
}

fn compare(a: &RankedRow, b: &RankedRow) -> Ordering {
    match (a.overall_score, b.overall_score) {
        (Some(x), Some(y)) => y.total_cmp(&x).then(b.ats_score.cmp(&a.ats_score)),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => b.ats_score.cmp(&a.ats_score),
    }
}

fn recommendation_text(rec: Option<Recommendation>) -> String {
    rec.and_then(|r| serde_json::to_value(r).ok())
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn status_text(status: CandidateStatus) -> String {
    serde_json::to_value(status)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The table's columns, in export order.
pub const CSV_HEADER: [&str; 16] = [
    "rank",
    "id",
    "label",
    "name",
    "status",
    "overall_score",
    "ats_score",
    "must_have_coverage_pct",
    "missing_must_haves",
    "red_flags",
    "recommendation",
    "injection_flagged",
    "decision",
    "decision_reason",
    "decided_at",
    "decided_by",
];

fn cells(row: &RankedRow) -> [String; 16] {
    let decision = row.decision.as_ref();
    [
        row.rank.to_string(),
        row.id.clone(),
        row.label.clone(),
        row.name.clone(),
        status_text(row.status),
        row.overall_score
            .map(|s| format!("{s:.0}"))
            .unwrap_or_default(),
        row.ats_score.to_string(),
        format!("{:.0}", row.must_have_coverage * 100.0),
        row.missing_must_haves.join("; "),
        row.red_flags.join("; "),
        recommendation_text(row.recommendation),
        row.injection_flagged.to_string(),
        decision
            .map(|d| d.choice.id().to_string())
            .unwrap_or_default(),
        decision.map(|d| d.reason.clone()).unwrap_or_default(),
        decision.map(|d| d.at.clone()).unwrap_or_default(),
        // Only a person decides: the column says who made each decision there is.
        decision.map(|_| "person".to_string()).unwrap_or_default(),
    ]
}

/// The table as CSV, header first, CRLF line ends.
pub fn to_csv(rows: &[RankedRow]) -> String {
    let mut out = CSV_HEADER.join(",") + "\r\n";
    for row in rows {
        let line: Vec<String> = cells(row).iter().map(|c| csv_cell(c)).collect();
        out.push_str(&line.join(","));
        out.push_str("\r\n");
    }
    out
}

fn md_cell(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('|', "\\|")
        .replace(['\n', '\r'], " ")
}

/// The table as Markdown, headings in `language`.
pub fn to_markdown(rows: &[RankedRow], language: Language) -> String {
    let heads = [
        language.pick("Rank", "排名"),
        language.pick("Candidate", "候选人"),
        language.pick("Overall", "总分"),
        "ATS",
        language.pick("Must-haves", "必备项覆盖"),
        language.pick("Missing must-haves", "缺少的必备项"),
        language.pick("Red flags", "风险提示"),
        language.pick("Recommendation (advice)", "建议（仅供参考）"),
        language.pick("Decision (by a person)", "决定（由人作出）"),
    ];
    let mut out = format!(
        "| {} |\n|{}\n",
        heads.join(" | "),
        "---|".repeat(heads.len())
    );
    for row in rows {
        let who = if row.name.is_empty() {
            row.label.clone()
        } else {
            format!("{} ({})", row.name, row.label)
        };
        let cells = [
            row.rank.to_string(),
            who,
            row.overall_score
                .map(|s| format!("{s:.0}"))
                .unwrap_or_else(|| "—".into()),
            row.ats_score.to_string(),
            format!("{:.0}%", row.must_have_coverage * 100.0),
            row.missing_must_haves.join(", "),
            row.red_flags.join("; "),
            recommendation_text(row.recommendation),
            row.decision
                .as_ref()
                .map(|d| match d.reason.trim() {
                    "" => format!("{} ({})", d.choice.label(language), d.at),
                    why => format!("{} ({}): {why}", d.choice.label(language), d.at),
                })
                .unwrap_or_default(),
        ];
        let cells: Vec<String> = cells.iter().map(|c| md_cell(c)).collect();
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    out
}
