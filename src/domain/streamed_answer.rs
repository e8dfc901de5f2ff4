//! What a page shows of an agent's answer while it streams: the parts that have formed, read with
//! [`partial_json`](super::partial_json), as words and never as JSON (no braces, quotes or key
//! names). A critic's answer becomes a [`FeedbackSoFar`]; any other agent's becomes lines of text.

use super::partial_json::{self, Partial};
use super::{Issue, Severity};

/// A streamed answer as a page shows it.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Shown<T> {
    /// Nothing readable yet (no text, or only the start of a code fence or of a key).
    #[default]
    Nothing,
    /// The model answered in words, not JSON: its text.
    Text(String),
    /// What has formed of the JSON answer.
    Formed(T),
}

/// A critic's answer so far. Lists hold finished items only (they never change once shown); the
/// item being written is `writing`, as plain text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FeedbackSoFar {
    /// Once its number is complete (`7` of a coming `7.5` is not shown).
    pub score: Option<f64>,
    pub strengths: Vec<String>,
    pub issues: Vec<Issue>,
    pub suggestions: Vec<String>,
    /// The text of the strength, issue or suggestion being written right now.
    pub writing: Option<String>,
}

impl FeedbackSoFar {
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

/// A critic's streamed answer (see `domain::Feedback` for its fields).
pub fn feedback_so_far(streamed: &str) -> Shown<FeedbackSoFar> {
    let Some(doc) = partial_json::read(streamed) else {
        return free_text(streamed);
    };
    let strings = |key: &str| -> Vec<String> {
        doc.get(key)
            .map(|list| {
                list.complete_items()
                    .filter_map(|s| s.as_str())
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default()
    };
    let issues = doc
        .get("issues")
        .map(|list| list.complete_items().filter_map(issue).collect())
        .unwrap_or_default();
    let so_far = FeedbackSoFar {
        score: doc.get("score").and_then(Partial::as_f64),
        strengths: strings("strengths"),
        issues,
        suggestions: strings("suggestions"),
        writing: being_written(&doc),
    };
    if so_far.is_empty() {
        Shown::Nothing
    } else {
        Shown::Formed(so_far)
    }
}

/// A finished issue, read field by field as the critic's answer is (defaults for what is
/// missing, severity in any case) but without a `Value` round trip: this runs on every token.
fn issue(item: &Partial) -> Option<Issue> {
    let text = |key: &str| {
        item.get(key)
            .and_then(Partial::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let severity = match text("severity").to_lowercase().as_str() {
        "low" => Severity::Low,
        "high" => Severity::High,
        _ => Severity::Medium,
    };
    let description = text("description");
    (!description.is_empty()).then(|| Issue {
        severity,
        section: text("section"),
        description,
        suggestion: text("suggestion"),
    })
}

/// The open item of whichever list the critic is writing: a strength or suggestion's text, an
/// issue's description (then its suggestion once that is under way).
fn being_written(doc: &Partial) -> Option<String> {
    let open = ["strengths", "issues", "suggestions"]
        .into_iter()
        .filter_map(|key| doc.get(key)?.open_item())
        .next_back()?;
    let text = match open.as_str() {
        Some(text) => text.to_string(),
        None => {
            let field = |key| open.get(key).and_then(Partial::as_str).unwrap_or_default();
            match (field("description"), field("suggestion")) {
                (description, "") => description.to_string(),
                (description, suggestion) => format!("{description} → {suggestion}"),
            }
        }
    };
    let text = text.trim().to_string();
    (!text.is_empty()).then_some(text)
}

/// Any agent's streamed answer as lines of text: the words of its JSON so far (strings and
/// numbers, never keys), or the free text it wrote instead.
pub fn answer_lines(streamed: &str) -> Shown<Vec<String>> {
    match partial_json::read(streamed) {
        Some(doc) => {
            let lines: Vec<String> = doc
                .texts()
                .into_iter()
                .map(|t| t.trim().to_string())
                .collect();
            if lines.is_empty() {
                Shown::Nothing
            } else {
                Shown::Formed(lines)
            }
        }
        None => free_text(streamed),
    }
}

fn free_text<T>(streamed: &str) -> Shown<T> {
    let text = partial_json::plain_text(streamed);
    if text.is_empty() {
        Shown::Nothing
    } else {
        Shown::Text(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANSWER: &str = r#"{"agent_name":"recruiter","score":6.5,"strengths":["Clear dates"],"issues":[{"severity":"high","section":"Experience","description":"No numbers","suggestion":"Add results"},{"severity":"low","section":"Summary","description":"Too lo"#;

    #[test]
    fn a_critic_answer_shows_score_finished_items_and_the_one_being_written() {
        let Shown::Formed(so_far) = feedback_so_far(ANSWER) else {
            panic!("expected formed feedback");
        };
        assert_eq!(so_far.score, Some(6.5));
        assert_eq!(so_far.strengths, vec!["Clear dates"]);
        assert_eq!(so_far.issues.len(), 1);
        assert_eq!(so_far.issues[0].severity, Severity::High);
        assert_eq!(so_far.issues[0].description, "No numbers");
        assert_eq!(so_far.writing.as_deref(), Some("Too lo"));
    }

    #[test]
    fn only_a_key_so_far_is_nothing() {
        assert_eq!(feedback_so_far(r#"{"agent_name":"recr"#), Shown::Nothing);
        assert_eq!(feedback_so_far("```json\n{\"sco"), Shown::Nothing);
        assert_eq!(feedback_so_far(""), Shown::Nothing);
    }

    #[test]
    fn free_text_is_text() {
        assert_eq!(
            feedback_so_far("The summary is strong; the dates are unclear."),
            Shown::Text("The summary is strong; the dates are unclear.".to_string())
        );
    }

    #[test]
    fn answer_lines_are_values() {
        assert_eq!(
            answer_lines(r#"{"title":"Plan","steps":["Learn Rust","Ship"#),
            Shown::Formed(vec![
                "Plan".to_string(),
                "Learn Rust".to_string(),
                "Ship".to_string()
            ])
        );
    }
}
