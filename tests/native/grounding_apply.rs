//! Removing an ungrounded fact from a rewrite (`careergraph::domain::grounding`): the smallest
//! piece that reads whole without it goes (bracket item or group, heading part, later clause,
//! sentence, line); nothing is rewritten, no dangling "at" or separator is left. English and
//! Chinese. Fixtures are fictional.

use careergraph::domain::grounding::remove_spans;

/// `text` with the first occurrence of each of `facts` removed.
fn cut(text: &str, facts: &[&str]) -> String {
    let spans: Vec<(usize, usize)> = facts
        .iter()
        .map(|f| {
            let s = text.find(f).unwrap_or_else(|| panic!("{f} not in {text}"));
            (s, s + f.len())
        })
        .collect();
    remove_spans(text, &spans)
}

const RESUME: &str = "# Mira Castell\n\
## Experience\n\
### Backend Engineer — Parcelwise (2021–present)\n\
- Cut p99 latency from 900 ms to 120 ms, saving 40k a year.\n\
- Led a team of 4 engineers. Mentored 2 interns.\n\
### Developer at Initech (2018–2021)\n\
- Built the billing service.\n";

#[test]
fn a_bullet_that_is_one_claim_goes_with_its_marker() {
    let out = cut(RESUME, &["the billing service"]);
    assert!(!out.contains("billing"), "{out}");
    assert!(
        out.ends_with("### Developer at Initech (2018–2021)\n"),
        "{out}"
    );
    assert!(!out.contains("\n- \n"), "{out}");
}

#[test]
fn a_later_clause_goes_with_its_comma_and_the_full_stop_stays() {
    let out = cut(RESUME, &["40k"]);
    assert!(
        out.contains("- Cut p99 latency from 900 ms to 120 ms.\n"),
        "{out}"
    );
}

#[test]
fn a_fact_in_the_first_clause_takes_its_sentence() {
    // "Led a team of 4 engineers" carries the line's first sentence: it goes, the second stays.
    let out = cut(RESUME, &["4 engineers"]);
    assert!(out.contains("- Mentored 2 interns.\n"), "{out}");
    // The last sentence goes back to the full stop of the one before.
    let out = cut(RESUME, &["2 interns"]);
    assert!(out.contains("- Led a team of 4 engineers.\n"), "{out}");
}

#[test]
fn an_employer_in_a_heading_leaves_no_dangling_at_or_dash() {
    let out = cut(RESUME, &["Initech"]);
    assert!(out.contains("### Developer (2018–2021)\n"), "{out}");
    let out = cut(RESUME, &["Parcelwise"]);
    assert!(
        out.contains("### Backend Engineer (2021–present)\n"),
        "{out}"
    );
    assert!(!out.contains(" at (") && !out.contains("— ("), "{out}");
}

#[test]
fn a_date_in_brackets_takes_the_group_or_its_item() {
    let out = cut(RESUME, &["2018–2021"]);
    assert!(out.contains("### Developer at Initech\n"), "{out}");
    let out = cut("Skills (Python, 12 services, Go)", &["12 services"]);
    assert_eq!(out, "Skills (Python, Go)");
}

#[test]
fn a_title_first_in_a_heading_goes_with_the_separator_after_it() {
    let out = cut(RESUME, &["Backend Engineer"]);
    assert!(out.contains("### Parcelwise (2021–present)\n"), "{out}");
}

#[test]
fn several_facts_at_once_and_overlapping_cuts() {
    let out = cut(
        RESUME,
        &["900 ms", "120 ms", "Mentored 2 interns", "Initech"],
    );
    assert!(!out.contains("900") && !out.contains("120"), "{out}");
    assert!(out.contains("- Led a team of 4 engineers.\n"), "{out}");
    assert!(out.contains("### Developer (2018–2021)\n"), "{out}");
    assert!(out.contains("### Backend Engineer — Parcelwise (2021–present)\n"));
}

#[test]
fn a_line_without_a_marker_and_the_last_line() {
    assert_eq!(cut("Mira\nStaff Engineer", &["Staff Engineer"]), "Mira");
    assert_eq!(cut("Staff Engineer\nMira", &["Staff Engineer"]), "Mira");
    assert_eq!(cut("Staff Engineer", &["Staff"]), "");
}

#[test]
fn spans_that_are_not_in_the_text_are_ignored() {
    assert_eq!(remove_spans("abc", &[(2, 9), (2, 1)]), "abc");
    // Inside a multi-byte char: not a boundary.
    assert_eq!(remove_spans("星云", &[(1, 3)]), "星云");
}

const RESUME_ZH: &str = "# 林晓\n\
## 工作经历\n\
### 高级工程师 — 星云科技（2020–2023）\n\
- 负责支付系统，带领12人团队，将成本降低30%。\n\
- 精通 Python、Go、Rust\n\
- 搭建监控平台。获得年度优秀员工。\n";

#[test]
fn chinese_clause_after_a_comma_goes_and_the_full_stop_stays() {
    let out = cut(RESUME_ZH, &["30%"]);
    assert!(out.contains("- 负责支付系统，带领12人团队。\n"), "{out}");
    let out = cut(RESUME_ZH, &["12人"]);
    assert!(out.contains("- 负责支付系统，将成本降低30%。\n"), "{out}");
}

#[test]
fn chinese_list_item_sentence_and_heading_part() {
    let out = cut(RESUME_ZH, &["Go"]);
    assert!(out.contains("- 精通 Python、Rust\n"), "{out}");
    let out = cut(RESUME_ZH, &["获得年度优秀员工"]);
    assert!(out.contains("- 搭建监控平台。\n"), "{out}");
    let out = cut(RESUME_ZH, &["星云科技"]);
    assert!(out.contains("### 高级工程师（2020–2023）\n"), "{out}");
    let out = cut(RESUME_ZH, &["2020–2023"]);
    assert!(out.contains("### 高级工程师 — 星云科技\n"), "{out}");
}

#[test]
fn line_pieces_cut_each_line_at_its_facts() {
    use careergraph::domain::facts::{Fact, FactKind};
    use careergraph::domain::grounding::{line_pieces, Piece};
    let text = "# A\r\n- Grew 300% at Globex\n";
    let fact = |t: &str| {
        let s = text.find(t).unwrap();
        Fact {
            kind: FactKind::Number,
            text: t.into(),
            key: t.into(),
            start: s,
            end: s + t.len(),
        }
    };
    let lines = line_pieces(text, &[fact("Globex"), fact("300%")]);
    assert_eq!(lines.len(), 2, "as str::lines splits");
    assert_eq!(lines[0], vec![Piece::Plain("# A".into())]);
    assert_eq!(
        lines[1],
        vec![
            Piece::Plain("- Grew ".into()),
            Piece::Fact("300%".into(), 1),
            Piece::Plain(" at ".into()),
            Piece::Fact("Globex".into(), 0),
        ]
    );
}
