//! The info-collection subgraph (docs/workflows/resume_tailoring.md): asks the user about missing information, one question
//! (one interrupt) at a time, and writes the answers into the full (master) resume.
//!
//! ```text
//! START → conversation_starter → question_asker ─(questions left, not stopped)→ question_asker
//!                                               └→ info_formatter → END
//! ```
//!
//! Question interrupt payload (surfaces at the parent graph, `path: ["info_collection"]`):
//! ```json
//! {"type": "question", "question": "The posting asks for Redis. Have you used it? ...", "index": 1, "total": 3,
//!  "missing_item": "Redis", "actions": ["answer", "skip", "stop"]}
//! ```
//! Answers: `{"action": "answer", "answer": "text"}` (or just a string), `{"action": "skip"}`
//! (or an empty string), `{"action": "stop"}` (ends the conversation; an `answer` given with it is
//! kept). Answers collected before a skip or stop are used. A "no" ("no, never", "not really",
//! "没用过") adds nothing; any other answer goes into the master resume as a line in the resume's
//! voice ([`answers::resume_line`]: no "I", no fillers, the user's facts kept).

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::domain::Language;
use crate::graph::{CompiledGraph, GraphError, NodeContext, NodeError, StateGraph, END, START};

use super::pause::{QuestionPause, TailorPause};

use super::answers;
use super::state::{ChatTurn, InfoCollectionState, InfoCollectionUpdate, Question};

/// Heading of the master-resume section that holds the user's answers.
pub const ADDED_SECTION: &str = "## Additional experience (added by you)";

/// The subgraph asking in English; see [`build_in`].
pub fn build() -> Result<CompiledGraph<InfoCollectionState>, GraphError> {
    build_in(Language::En)
}

/// The subgraph asking its questions in `lang`.
pub fn build_in(lang: Language) -> Result<CompiledGraph<InfoCollectionState>, GraphError> {
    let mut graph = StateGraph::<InfoCollectionState>::new();
    graph.add_node(
        "conversation_starter",
        move |state: InfoCollectionState, _ctx: NodeContext| async move {
            Ok(conversation_starter(&state, lang))
        },
    );
    graph.add_node("question_asker", question_asker);
    graph.add_node(
        "info_formatter",
        |state: InfoCollectionState, _ctx: NodeContext| async move { Ok(info_formatter(&state)) },
    );
    graph.add_edge(START, "conversation_starter");
    graph.add_conditional_edges(
        "conversation_starter",
        next_question,
        ["question_asker", "info_formatter"],
    );
    graph.add_conditional_edges(
        "question_asker",
        next_question,
        ["question_asker", "info_formatter"],
    );
    graph.add_edge("info_formatter", END);
    graph.compile()
}

/// The question for one missing item. Asks for evidence, never assumes the user has it.
pub fn question_for(item: &str) -> String {
    question_for_in(item, Language::En)
}

/// [`question_for`] in `lang`: a certificate is held, anything else is used; a must-have met by
/// any of several skills ("Go / Rust / Python", see `AtsTerm::alternatives`) asks for any of them.
pub fn question_for_in(item: &str, lang: Language) -> String {
    let held = crate::domain::ats::is_certification(item);
    if item.contains(" / ") {
        return match lang {
            Language::En => format!(
                "The posting asks for one of {item}. Have you used any of them? Which, where and \
                 how (role or project, what you did with it, results)? If not, just say no or skip."
            ),
            Language::Zh => format!(
                "职位要求 {item} 其中之一。你用过其中哪一个？在哪里、怎么用的（职位或项目、做了什么、\
                 结果如何）？都没用过就说“没有”或跳过。"
            ),
        };
    }
    match (lang, held) {
        (Language::En, false) => format!(
            "The posting asks for {item}. Have you used it? Where and how (role or project, what \
             you did with it, results)? If not, just say no or skip."
        ),
        (Language::En, true) => format!(
            "The posting asks for {item}. Do you have it? Since when, and where have you used it? \
             If not, just say no or skip."
        ),
        (Language::Zh, false) => format!(
            "职位要求 {item}。你用过吗？在哪里、怎么用的（职位或项目、做了什么、结果如何）？没用过就说\
             “没有”或跳过。"
        ),
        (Language::Zh, true) => format!(
            "职位要求 {item}。你有吗？何时取得、在哪里用过？没有就说“没有”或跳过。"
        ),
    }
}

fn conversation_starter(state: &InfoCollectionState, lang: Language) -> InfoCollectionUpdate {
    let questions: Vec<Question> = state
        .missing_info_requirements
        .iter()
        .map(|item| Question {
            item: item.clone(),
            text: question_for_in(item, lang),
        })
        .collect();
    let intro = match lang {
        Language::En => format!(
            "To tailor your resume I need to know about {} the job asks for: {}. Answer, skip a \
             question, or stop at any time; what you tell me is added to your master resume.",
            match questions.len() {
                1 => "one thing".to_string(),
                n => format!("{n} things"),
            },
            state.missing_info_requirements.join(", ")
        ),
        Language::Zh => format!(
            "为了让简历贴合职位，我需要了解职位要求的 {} 项内容：{}。你可以回答、跳过某个问题或随时\
             停止；你告诉我的内容会加入你的主简历。",
            questions.len(),
            state.missing_info_requirements.join("、")
        ),
    };
    InfoCollectionUpdate::default()
        .total_questions(questions.len() as u32)
        .remaining_questions(questions)
        .messages(vec![ChatTurn {
            role: "assistant".into(),
            content: intro,
        }])
}

fn next_question(state: &InfoCollectionState) -> &'static str {
    if state.stopped || state.remaining_questions.is_empty() {
        "info_formatter"
    } else {
        "question_asker"
    }
}

enum Reply {
    Answer(String),
    Skip,
    Stop(Option<String>),
}

fn parse_reply(value: &Value) -> Reply {
    let text = |v: Option<&Value>| {
        v.and_then(Value::as_str)
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
    };
    if let Some(answer) = value.as_str() {
        return match text(Some(value)) {
            Some(_) => Reply::Answer(answer.trim().to_string()),
            None => Reply::Skip,
        };
    }
    let answer = text(value.get("answer"));
    match value.get("action").and_then(Value::as_str) {
        Some("stop") => Reply::Stop(answer),
        Some("skip") => Reply::Skip,
        _ => answer.map_or(Reply::Skip, Reply::Answer),
    }
}

/// Asks the first remaining question (an interrupt) and records the reply.
async fn question_asker(
    state: InfoCollectionState,
    ctx: NodeContext,
) -> Result<InfoCollectionUpdate, NodeError> {
    let Some(question) = state.remaining_questions.first().cloned() else {
        return Ok(InfoCollectionUpdate::default());
    };
    let index = state.total_questions as usize - state.remaining_questions.len() + 1;
    let reply = ctx.interrupt(json!(TailorPause::Question(QuestionPause {
        question: question.text.clone(),
        index: index as u32,
        total: state.total_questions,
        missing_item: question.item.clone(),
        actions: vec!["answer".into(), "skip".into(), "stop".into()],
    })))?;
    let mut collected: BTreeMap<String, String> = state.collected_info.clone();
    let mut turns = vec![ChatTurn {
        role: "assistant".into(),
        content: question.text.clone(),
    }];
    let mut update = InfoCollectionUpdate::default()
        .remaining_questions(state.remaining_questions[1..].to_vec());
    match parse_reply(&reply) {
        Reply::Answer(answer) => {
            turns.push(ChatTurn {
                role: "user".into(),
                content: answer.clone(),
            });
            // "No, never": nothing to add, not even the skill name.
            if !answers::is_no(&answer) {
                collected.insert(question.item.clone(), answer);
            }
        }
        Reply::Skip => {
            turns.push(ChatTurn {
                role: "user".into(),
                content: "(skipped)".into(),
            });
            update = update.skipped(vec![question.item.clone()]);
        }
        Reply::Stop(answer) => {
            if let Some(answer) = answer {
                turns.push(ChatTurn {
                    role: "user".into(),
                    content: answer.clone(),
                });
                if !answers::is_no(&answer) {
                    collected.insert(question.item.clone(), answer);
                }
            }
            turns.push(ChatTurn {
                role: "user".into(),
                content: "(stopped the conversation)".into(),
            });
            update = update.stopped(true);
        }
    }
    Ok(update.collected_info(collected).messages(turns))
}

/// Formats the answers for the tailorer and adds them to the full resume (the last step).
fn info_formatter(state: &InfoCollectionState) -> InfoCollectionUpdate {
    // In question order, not alphabetical; each answer summarised into a resume line.
    let answered: Vec<(&String, String)> = state
        .missing_info_requirements
        .iter()
        .filter_map(|item| {
            let answer = state.collected_info.get(item)?;
            let line = answers::resume_line(answer);
            (!answers::is_no(answer) && !line.is_empty()).then_some((item, line))
        })
        .collect();
    let formatted = answered
        .iter()
        .map(|(item, line)| format!("- {item}: {line}"))
        .collect::<Vec<_>>()
        .join("\n");
    let updated = if answered.is_empty() {
        state.full_resume.clone()
    } else {
        add_to_resume(&state.full_resume, &formatted)
    };
    InfoCollectionUpdate::default()
        .final_collected_info(formatted)
        .updated_full_resume(updated)
        .is_complete(!state.stopped && state.remaining_questions.is_empty())
}

/// Appends `lines` to the resume's [`ADDED_SECTION`] (created at the end when absent), so later
/// sessions keep adding to the same section.
pub fn add_to_resume(resume: &str, lines: &str) -> String {
    let resume = resume.trim_end();
    match resume.find(ADDED_SECTION) {
        Some(start) => {
            let body_start = start + ADDED_SECTION.len();
            let end = resume[body_start..]
                .find("\n#")
                .map_or(resume.len(), |i| body_start + i);
            format!(
                "{}\n{}{}",
                resume[..end].trim_end(),
                lines,
                if end < resume.len() {
                    format!("\n{}", &resume[end..])
                } else {
                    "\n".to_string()
                }
            )
        }
        None => format!("{resume}\n\n{ADDED_SECTION}\n{lines}\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_go_into_one_section_across_sessions() {
        let once = add_to_resume("# Ann\n## Skills\nRust\n", "- Redis: caching at Acme");
        assert!(once.ends_with(&format!("{ADDED_SECTION}\n- Redis: caching at Acme\n")));
        let twice = add_to_resume(&format!("{once}\n## Education\nBSc"), "- Kafka: events");
        assert_eq!(twice.matches(ADDED_SECTION).count(), 1);
        let section = twice.split(ADDED_SECTION).nth(1).unwrap();
        assert!(section.find("Kafka").unwrap() < section.find("## Education").unwrap());
    }

    #[test]
    fn a_group_of_alternatives_is_asked_as_a_choice_in_both_languages() {
        let en = question_for_in("Go / Rust / Python", Language::En);
        assert!(
            en.starts_with("The posting asks for one of Go / Rust / Python. Have you used any"),
            "{en}"
        );
        let zh = question_for_in("Go / Rust / Python", Language::Zh);
        assert!(
            zh.starts_with("职位要求 Go / Rust / Python 其中之一。"),
            "{zh}"
        );
        // "CI/CD" is one skill, asked as before.
        assert!(question_for_in("CI/CD", Language::En).contains("Have you used it?"));
    }

    #[test]
    fn replies_parse_leniently() {
        assert!(matches!(parse_reply(&json!("used it")), Reply::Answer(_)));
        assert!(matches!(parse_reply(&json!("  ")), Reply::Skip));
        assert!(matches!(
            parse_reply(&json!({"action": "skip"})),
            Reply::Skip
        ));
        assert!(matches!(
            parse_reply(&json!({"action": "stop", "answer": "x"})),
            Reply::Stop(Some(_))
        ));
        assert!(matches!(
            parse_reply(&json!({"action": "answer", "answer": "x"})),
            Reply::Answer(_)
        ));
    }
}
