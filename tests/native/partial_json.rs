//! The partial-JSON reader against every prefix of whole answers (fictional critic reviews, in
//! English and Chinese, compact, pretty, fenced, after prose, with every non-ASCII character
//! escaped): it never panics, what it reads agrees with the finished answer (a complete value
//! equals the final one, an open string is a prefix of it, a finished array item stays), and what
//! a critic card shows never holds JSON syntax. Plus the re-read cost on a 20 KB answer.

use std::time::Instant;

use careergraph::domain::partial_json::{read, Partial, PartialValue};
use careergraph::domain::streamed_answer::{feedback_so_far, Shown};
use careergraph::domain::{Feedback, Issue, Severity};
use serde_json::Value;

fn review_en() -> Feedback {
    Feedback {
        agent_name: "recruiter".into(),
        score: 6.5,
        strengths: vec![
            "Clear dates for every role at Northwind Labs".into(),
            "A \"results first\" summary — short and readable 👍".into(),
        ],
        issues: vec![
            Issue {
                severity: Severity::High,
                section: "Experience".into(),
                description: "Bullets list duties, not outcomes (e.g. \"maintained\\supported\")"
                    .into(),
                suggestion: "Lead each bullet with a measurable result, e.g. cut build time 40%"
                    .into(),
            },
            Issue {
                severity: Severity::Low,
                section: "Skills".into(),
                description: "Tabs\tand newlines\nin the skills list".into(),
                suggestion: String::new(),
            },
        ],
        suggestions: vec![
            "Add a one-line headline".into(),
            "Move education to the end".into(),
        ],
        error: None,
    }
}

fn review_zh() -> Feedback {
    Feedback {
        agent_name: "copywriter".into(),
        score: 7.25,
        strengths: vec![
            "语言简洁，段落清晰".into(),
            "项目经历与目标职位高度相关".into(),
        ],
        issues: vec![
            Issue {
                severity: Severity::Medium,
                section: "工作经历".into(),
                description: "缺少量化成果，例如“提升了性能”没有给出数字".into(),
                suggestion: "写明提升幅度：接口延迟降低 35%".into(),
            },
            Issue {
                severity: Severity::High,
                section: "概述".into(),
                description: "概述过长，超过五行 😅".into(),
                suggestion: "压缩到两到三行".into(),
            },
        ],
        suggestions: vec!["把技能按熟练程度分组".into()],
        error: None,
    }
}

/// JSON with every non-ASCII character as `\uXXXX` (surrogate pairs above U+FFFF), as some
/// models write it: the cuts then fall inside escapes.
fn ascii_escaped(json: &str) -> String {
    let mut out = String::new();
    for c in json.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        }
    }
    out
}

fn documents() -> Vec<(String, String)> {
    let mut docs = Vec::new();
    for (name, feedback) in [("en", review_en()), ("zh", review_zh())] {
        let compact = serde_json::to_string(&feedback).unwrap();
        let pretty = serde_json::to_string_pretty(&feedback).unwrap();
        docs.push((format!("{name} compact"), compact.clone()));
        docs.push((format!("{name} pretty"), pretty.clone()));
        docs.push((format!("{name} escaped"), ascii_escaped(&compact)));
        docs.push((format!("{name} fenced"), format!("```json\n{pretty}\n```")));
        docs.push((
            format!("{name} prose"),
            format!("Here is my review {{as asked}}:\n\n{compact}\n\nHope this helps!"),
        ));
    }
    docs
}

/// The JSON value inside a whole document.
fn final_value(doc: &str) -> Value {
    read(doc).expect("a whole document reads").to_json()
}

/// `partial` agrees with `whole`: complete means equal; an open string is a prefix; an open array
/// or object holds only agreeing items and keys of the final value.
fn assert_consistent(partial: &Partial, whole: &Value, at: &str) {
    if partial.complete {
        assert_eq!(&partial.to_json(), whole, "complete value differs at {at}");
        return;
    }
    match (&partial.value, whole) {
        (PartialValue::String(s), Value::String(w)) => {
            assert!(
                w.starts_with(s.as_str()),
                "{s:?} is not a prefix of {w:?} at {at}"
            )
        }
        (PartialValue::Number(_), Value::Number(_)) => {}
        (PartialValue::Array(items), Value::Array(final_items)) => {
            assert!(items.len() <= final_items.len(), "too many items at {at}");
            for (i, (item, w)) in items.iter().zip(final_items).enumerate() {
                assert!(
                    item.complete || i + 1 == items.len(),
                    "an open item before the last at {at}"
                );
                assert_consistent(item, w, &format!("{at}[{i}]"));
            }
        }
        (PartialValue::Object(entries), Value::Object(map)) => {
            for (key, value) in entries {
                let w = map
                    .get(key)
                    .unwrap_or_else(|| panic!("key {key:?} not in the final value at {at}"));
                assert_consistent(value, w, &format!("{at}.{key}"));
            }
        }
        (p, w) => panic!("kind changed at {at}: {p:?} vs {w}"),
    }
}

#[test]
fn every_prefix_reads_consistently_with_the_whole_answer() {
    let mut prefixes = 0;
    for (name, doc) in documents() {
        let whole = final_value(&doc);
        assert_eq!(
            whole,
            serde_json::to_value(serde_json::from_value::<Feedback>(whole.clone()).unwrap())
                .unwrap()
        );
        let mut finished_so_far = [0usize; 3];
        for (cut, _) in doc.char_indices().chain([(doc.len(), ' ')]) {
            prefixes += 1;
            let Some(partial) = read(&doc[..cut]) else {
                continue;
            };
            assert_consistent(&partial, &whole, &format!("{name} @{cut}"));
            // Finished items never go away as more text comes.
            for (slot, key) in ["strengths", "issues", "suggestions"].iter().enumerate() {
                let count = partial
                    .get(key)
                    .map_or(0, |list| list.complete_items().count());
                assert!(
                    count >= finished_so_far[slot],
                    "{name} @{cut}: {key} went from {} to {count}",
                    finished_so_far[slot]
                );
                finished_so_far[slot] = count;
            }
        }
        let read_whole = read(&doc).unwrap();
        assert!(
            read_whole.complete,
            "{name}: the whole answer reads complete"
        );
    }
    assert!(prefixes > 3000, "only {prefixes} prefixes checked");
}

#[test]
fn a_card_built_from_any_prefix_shows_finished_items_as_they_are_and_no_json() {
    for (name, doc) in documents() {
        let feedback: Feedback = serde_json::from_value(final_value(&doc)).unwrap();
        let mut saw_issue_before_the_end = false;
        for (cut, _) in doc.char_indices() {
            let shown = feedback_so_far(&doc[..cut]);
            let so_far = match shown {
                Shown::Formed(so_far) => so_far,
                // Prose before the JSON reads as text until the JSON begins.
                Shown::Text(text) => {
                    assert!(!text.contains("{\""), "{name} @{cut}: {text:?}");
                    continue;
                }
                Shown::Nothing => continue,
            };
            assert_eq!(
                so_far.issues[..],
                feedback.issues[..so_far.issues.len()],
                "{name} @{cut}"
            );
            assert_eq!(
                so_far.strengths[..],
                feedback.strengths[..so_far.strengths.len()],
                "{name} @{cut}"
            );
            assert_eq!(
                so_far.suggestions[..],
                feedback.suggestions[..so_far.suggestions.len()],
                "{name} @{cut}"
            );
            if let Some(score) = so_far.score {
                assert_eq!(
                    score, feedback.score,
                    "{name} @{cut}: a cut score is never shown"
                );
            }
            let words = so_far
                .strengths
                .iter()
                .chain(&so_far.suggestions)
                .chain(
                    so_far
                        .issues
                        .iter()
                        .flat_map(|i| [&i.description, &i.section, &i.suggestion]),
                )
                .chain(so_far.writing.as_ref());
            for word in words {
                for syntax in ["{\"", "\":", "\"issues\"", "\"description\""] {
                    assert!(
                        !word.contains(syntax),
                        "{name} @{cut}: {word:?} holds {syntax}"
                    );
                }
            }
            saw_issue_before_the_end |= !so_far.issues.is_empty() && so_far.suggestions.is_empty();
        }
        assert!(
            saw_issue_before_the_end,
            "{name}: an issue showed while the answer was still coming"
        );
    }
}

/// A critic answer of about 20 KB (many issues), the size a verbose model writes.
fn big_answer() -> String {
    let mut feedback = review_en();
    let template = feedback.issues[0].clone();
    while serde_json::to_string(&feedback).unwrap().len() < 20_000 {
        let n = feedback.issues.len();
        feedback.issues.push(Issue {
            description: format!("{} (#{n}) 经历部分缺少量化成果", template.description),
            ..template.clone()
        });
    }
    serde_json::to_string(&feedback).unwrap()
}

/// Re-reading the whole answer on every token: what one read of the full 20 KB costs, and what
/// re-reading after every 4-byte token of it costs in all. Figures are printed (`--nocapture`);
/// the bound is loose (debug builds, a shared machine) and only catches a quadratic reader.
#[test]
fn rereading_a_20_kb_answer_stays_cheap() {
    let answer = big_answer();
    assert!(answer.len() >= 20_000);
    let runs = 50;
    let started = Instant::now();
    for _ in 0..runs {
        assert!(matches!(feedback_so_far(&answer), Shown::Formed(_)));
    }
    let full_card = started.elapsed() / runs;
    let started = Instant::now();
    for _ in 0..runs {
        assert!(read(&answer).unwrap().complete);
    }
    let full_read = started.elapsed() / runs;
    let cuts: Vec<usize> = (0..answer.len())
        .step_by(4)
        .filter(|c| answer.is_char_boundary(*c))
        .collect();
    let started = Instant::now();
    for &cut in &cuts {
        std::hint::black_box(feedback_so_far(&answer[..cut]));
    }
    let all_tokens = started.elapsed();
    println!(
        "partial_json: {} bytes; one read {full_read:?}, one card (read + items) {full_card:?}; \
         card re-read after each of {} tokens: {all_tokens:?} in all, {:?} per token",
        answer.len(),
        cuts.len(),
        all_tokens / cuts.len() as u32
    );
    assert!(
        full_card.as_millis() < 50,
        "one 20 KB card read took {full_card:?}"
    );
}
