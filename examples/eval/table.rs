//! The eval's one table: a row per workflow × case, as Markdown (printed and `report.md`) and
//! JSON (`report.json`).

use serde::Serialize;

use crate::score::{flags, Measured};

#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// `demo`, `mock` or the real provider's id.
    pub provider: String,
    pub workflow: String,
    /// The fixture (`en`, `zh`) or the scripted mock case.
    pub case: String,
    pub measured: Measured,
    /// Per run (the mean of the runs made for this row).
    pub tokens: u64,
    pub cost_usd: Option<f64>,
    pub wall_ms: f64,
    /// Why a run did not finish, if one did not.
    pub error: Option<String>,
    pub flags: Vec<&'static str>,
    /// What the row was scripted to show (mock cases); empty for plain runs.
    pub expect: Vec<&'static str>,
}

impl Row {
    /// Computes the flags; a row whose flags differ from what it was scripted to show is a
    /// failed check (see [`Row::check`]).
    pub fn finish(mut self) -> Row {
        self.flags = flags(&self.measured);
        if self.error.is_some() {
            self.flags.push("run-error");
        }
        self
    }

    /// `None` when a scripted row shows exactly the flags it was scripted for.
    pub fn check(&self) -> Option<String> {
        if self.provider != "mock" || self.flags == self.expect {
            return None;
        }
        Some(format!(
            "{} / {}: expected flags {:?}, got {:?}",
            self.workflow, self.case, self.expect, self.flags
        ))
    }
}

fn percent(rate: Option<f64>) -> String {
    rate.map_or("—".into(), |r| format!("{:.0}%", r * 100.0))
}

fn signed(value: Option<f64>) -> String {
    value.map_or("—".into(), |v| format!("{v:+.1}"))
}

fn cell(row: &Row) -> Vec<String> {
    let m = &row.measured;
    let s = m.schema;
    let invented = match &m.invented {
        None => "—".to_string(),
        Some(i) if i.rewrites == 0 => "0 rewrites".to_string(),
        Some(i) => {
            let mut text = format!(
                "{:.1} ({} in {})",
                i.per_rewrite().unwrap_or(0.0),
                i.facts,
                i.rewrites
            );
            if !i.examples.is_empty() {
                let shown: Vec<&str> = i.examples.iter().take(3).map(String::as_str).collect();
                text.push_str(&format!(": {}", shown.join("; ")));
            }
            text
        }
    };
    vec![
        row.provider.clone(),
        row.workflow.clone(),
        row.case.clone(),
        format!(
            "{} ({}/{})",
            percent(s.first_try_rate()),
            s.first_try,
            s.calls()
        ),
        format!("{} ({} failed)", percent(s.after_repair_rate()), s.failed),
        invented,
        signed(m.injection_delta),
        m.scan_flagged
            .map_or("—".into(), |f| if f { "yes" } else { "NO" }.to_string()),
        m.stability.map_or("—".into(), |d| format!("{d:.1}")),
        match &m.pii_leaks {
            None => "—".to_string(),
            Some(r) if r.leaks.is_empty() => format!("0 in {} prompts", r.prompts),
            Some(r) => format!(
                "{} in {} prompts: {}",
                r.leaks.len(),
                r.prompts,
                r.leaks.join("; ")
            ),
        },
        match &m.protected {
            None => "—".to_string(),
            Some(r) if r.leaks.is_empty() => format!("0 in {} prompts", r.prompts),
            Some(r) => {
                let shown: Vec<&str> = r.leaks.iter().take(4).map(String::as_str).collect();
                format!(
                    "{} in {} prompts: {}",
                    r.leaks.len(),
                    r.prompts,
                    shown.join("; ")
                )
            }
        },
        match &m.usability {
            None => "—".to_string(),
            Some(u) => {
                let mut text =
                    format!("{} of {} ({} not usable)", u.as_finished, u.runs, u.flagged);
                if !u.examples.is_empty() {
                    text.push_str(&format!(": {}", u.examples.join("; ")));
                }
                if !u.found.is_empty() {
                    text.push_str(&format!("; found: {}", u.found.join("; ")));
                }
                text
            }
        },
        row.tokens.to_string(),
        row.cost_usd.map_or("—".into(), |c| format!("${c:.4}")),
        format!("{:.2}", row.wall_ms / 1000.0),
        if row.flags.is_empty() {
            "ok".to_string()
        } else {
            format!("**{}**", row.flags.join(", "))
        },
    ]
}

const HEADER: [&str; 16] = [
    "provider",
    "workflow",
    "case",
    "schema 1st try",
    "after repair",
    "facts invented / rewrite",
    "injection Δ score",
    "scan flagged",
    "stability max Δ",
    "PII in prompts",
    "protected attributes in prompts",
    "unusable results presented as finished",
    "tokens / run",
    "cost / run",
    "wall s / run",
    "flags",
];

/// The table as Markdown, with a legend of what the columns mean.
pub fn markdown(rows: &[Row]) -> String {
    let mut out = String::new();
    out.push_str(&format!("| {} |\n", HEADER.join(" | ")));
    out.push_str(&format!("|{}\n", "---|".repeat(HEADER.len())));
    for row in rows {
        // A `|` inside a cell (a fact, an error) would split it.
        let cells: Vec<String> = cell(row)
            .into_iter()
            .map(|c| c.replace('|', "\\|"))
            .collect();
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    out.push_str(LEGEND);
    for row in rows.iter().filter(|r| r.error.is_some()) {
        out.push_str(&format!(
            "\n- run error, {} / {} / {}: {}",
            row.provider,
            row.workflow,
            row.case,
            row.error.as_deref().unwrap_or_default()
        ));
    }
    out.push('\n');
    out
}

const LEGEND: &str = "
Schema: model answers that parsed on the first try / after the one repair round (of all calls).
Facts invented: employers, numbers and dates in a rewrite that are in none of the user's texts
(`domain::facts::ungrounded`), per rewrite (0 is the goal). Injection Δ: the score (0–10 scale) of
the input with a hidden instruction minus the clean input's; scan flagged: whether
`domain::injection::scan` warned about it. Stability: largest score difference between two runs of
the same input (the review's three critics, otherwise the headline score). `mock` rows below the
baseline are scripted to fail one check each: their flags are the proof the check catches it.
PII in prompts (batch screening): candidates' names, e-mails, phones and links (the fixture's
`contacts.txt`) found in the matcher's or the evaluator's prompts, which must not carry them
(`workflows::batch_screening::redact`); read from the recorded prompts (demo, real provider) or the
mock's request log.
Protected attributes in prompts (batch screening): what `protected.md` plants (`protected.txt`:
name, photo, address, birth date and age, gender, nationality, ethnicity, marital status,
religion, political affiliation, health, graduation years, the dates around a career break) found
in any prompt of the batch, the parser's included; blind screening (on by default,
`domain::blind`) must keep it at 0.
Unusable results presented as finished: of the runs that ended with a text result (the review's
revised resume, the tailored resume, the letter), those unusable (no text or one word, a word
three times in a row, the candidate's name gone from a resume; in a scripted case, by
construction) whose done step's `verdict` (the workflow's result check, `Workflow::check_result`)
listed no problem, so the page would have called them finished (0 is the goal); in brackets, the
results the check called not usable (flag `not-usable`).
";
