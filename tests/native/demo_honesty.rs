//! The offline demo answers honestly: its revisions keep the user's verb strength (never
//! "responsible for" → "led", 负责 → 主导, nor a completion the user did not state), numbers that
//! are phone numbers, dates, years, postcodes or IDs are never praised as results, and a tailoring
//! revision it cannot apply says so instead of passing for one. Resumes here are fictional.
use std::rc::Rc;

use careergraph::domain::Language;
use careergraph::graph::{MemorySaver, Resume, RunConfig};
use careergraph::workflows::resume_review::demo::{revise_in, Signals};
use careergraph::workflows::resume_review::{
    self, initial_state, ReviewInput, ReviewSettings, ReviewState,
};
use careergraph::workflows::resume_tailoring::{self, TailorInput, TailorSettings};
use careergraph::workflows::RunSettings;
use futures::executor::block_on;
use serde_json::json;

/// Verbs that claim a bigger role or a finished outcome than "responsible for", "helped",
/// "took part in" or "was tasked with" state.
const OVERCLAIMS_EN: &[&str] = &[
    "led",
    "spearheaded",
    "headed",
    "directed",
    "drove",
    "owned and delivered",
    "delivered",
    "completed",
    "achieved",
];
const OVERCLAIMS_ZH: &[&str] = &["主导", "带领", "领导", "牵头", "完成", "负责人"];

const WEAK_EN: &str = "\
# Casey Moreno
Support engineer

## Experience
### Support Engineer — Brightwell Tools (2020–present)
- Responsible for the on-call rota.
- Helped with the billing migration.
- Assisted with onboarding new hires.
- Participated in the incident reviews.
- Tasked with cleaning up the ticket backlog.
- Worked on the status page.
- Was involved in vendor selection.
";

const WEAK_ZH: &str = "\
# 周若溪
运维工程师

## 工作经历
### 运维工程师 — 青石网络（2020–至今）
- 负责机房巡检和值班。
- 参与数据库迁移项目。
- 协助新员工入职培训。
- 帮助整理故障复盘文档。
- 配合安全团队做漏洞排查。
";

/// How often `word` occurs in `text` (ASCII case-insensitive, whole words for ASCII words).
fn occurrences(text: &str, word: &str) -> usize {
    let lower = text.to_lowercase();
    if word.is_ascii() {
        lower
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| *w == word)
            .count()
    } else {
        lower.matches(word).count()
    }
}

fn assert_no_upgrade(original: &str, revised: &str, overclaims: &[&str]) {
    for verb in overclaims {
        assert!(
            occurrences(revised, verb) <= occurrences(original, verb),
            "the revision claims “{verb}”, which the user did not:\n{revised}"
        );
    }
}

fn review(resume: &str, language: Language) -> ReviewState {
    let settings = ReviewSettings::default().with_language(language);
    let graph = resume_review::graph(Rc::new(resume_review::demo_model()), settings.clone())
        .compile()
        .unwrap();
    let input = ReviewInput::new(
        resume,
        "Senior support engineer: Kubernetes, incident response",
    );
    block_on(graph.invoke(initial_state(&input, &settings), &RunConfig::default()))
        .unwrap()
        .into_state()
}

#[test]
fn the_revisor_keeps_the_users_verb_strength_in_english_and_chinese() {
    for (resume, lang, overclaims) in [
        (WEAK_EN, Language::En, OVERCLAIMS_EN),
        (WEAK_ZH, Language::Zh, OVERCLAIMS_ZH),
    ] {
        let (revised, changes) = revise_in(resume, lang);
        // It did rewrite: a test that passes because nothing changed would prove nothing.
        assert_ne!(revised, resume, "{changes:?}");
        assert_no_upgrade(resume, &revised, overclaims);
        for change in &changes {
            assert_no_upgrade(resume, change, overclaims);
        }
    }
}

#[test]
fn a_whole_demo_review_keeps_the_users_verb_strength() {
    for (resume, lang, overclaims) in [
        (WEAK_EN, Language::En, OVERCLAIMS_EN),
        (WEAK_ZH, Language::Zh, OVERCLAIMS_ZH),
    ] {
        let state = review(resume, lang);
        let final_text = &state.resume.text;
        assert!(
            !state.revision_history.is_empty(),
            "a weak resume is revised"
        );
        assert_no_upgrade(resume, final_text, overclaims);
    }
}

/// Contact lines written as a list, dates and an ID, but not one measured result.
const PHONE_EN: &str = "\
# Robin Okafor
- Phone: +1 (555) 010-4477
- Postcode: 02139
- Employee ID 48213

## Experience
### Support Engineer — Larkspur Labs (Mar 2019 – 2023)
- Answered customer tickets and wrote help-centre articles.
- Kept the on-call rota since 2021-04.
";

const PHONE_ZH: &str = "\
# 陈可欣
- 电话：138-0013-8000
- 邮编：310012
- 工号 48213

## 工作经历
### 客服工程师 — 远帆软件（2019年3月–2023年6月）
- 处理客户工单，编写帮助中心文章。
- 自2021年4月起负责值班排班。
";

#[test]
fn phone_numbers_dates_postcodes_and_ids_are_not_quantified_results() {
    for (resume, lang) in [(PHONE_EN, Language::En), (PHONE_ZH, Language::Zh)] {
        assert_eq!(Signals::new(resume, "").metrics, 0, "{resume}");
        let state = review(resume, lang);
        let advice = state.portfolio_advice.expect("portfolio advice");
        let advice = serde_json::to_string(&advice).unwrap();
        for number in [
            "555", "010", "4477", "02139", "48213", "138", "0013", "8000", "310012",
        ] {
            assert!(
                !advice.contains(number),
                "the advice quotes “{number}” as if it were a result: {advice}"
            );
        }
        // The critics do not praise the resume for results it does not have.
        for feedback in &state.feedback_history[0] {
            for strength in &feedback.strengths {
                assert!(
                    !strength.contains("quantified") && !strength.contains("量化"),
                    "{strength}"
                );
            }
        }
    }
    // A real result next to a phone number still counts, once.
    let with_result = format!("{PHONE_EN}- Cut first-response time by 40%.\n");
    assert_eq!(Signals::new(&with_result, "").metrics, 1);
}

const JD: &str = "\
# Support Engineer — Larkspur Labs
## Requirements
- Zendesk and SQL
- Kubernetes basics
";

const TAILOR_RESUME: &str = "\
# Robin Okafor
## Experience
### Support Engineer — Brightwell Tools (2019–2023)
- Answered Zendesk tickets; wrote SQL reports
- Restarted Kubernetes pods during incidents

## Skills
SQL, Zendesk, Kubernetes
";

#[test]
fn a_tailoring_revision_the_demo_cannot_apply_says_so_and_changes_nothing() {
    for (language, feedback) in [
        (Language::En, "Make the summary sound warmer"),
        (Language::Zh, "让个人简介读起来更亲切"),
    ] {
        let settings = TailorSettings::default().with_language(language);
        let graph =
            resume_tailoring::graph(Rc::new(resume_tailoring::demo_model()), settings.clone())
                .unwrap()
                .compile_with_checkpointer(Rc::new(MemorySaver::new()))
                .unwrap();
        let config = RunConfig::thread("honest").with_recursion_limit(settings.recursion_limit());
        let input = TailorInput::new(TAILOR_RESUME, JD);
        let first =
            block_on(graph.invoke(resume_tailoring::initial_state(&input, &settings), &config))
                .unwrap();
        let before = first.state().current_draft.clone();
        assert_eq!(first.interrupts()[0].payload["type"], "review");
        let again = block_on(graph.resume(
            &config,
            Resume::value(json!({"decision": "revise", "feedback": feedback})),
        ))
        .unwrap();
        let state = again.state();
        assert_eq!(state.current_draft, before, "nothing could be applied");
        // Said twice, in the run's language: in the next review and in the result's warnings.
        let note = again.interrupts()[0].payload["unchanged_note"]
            .as_str()
            .unwrap_or_else(|| panic!("the next review does not say the draft is unchanged"));
        let said = state
            .warnings
            .iter()
            .find(|w| w.as_str() == note)
            .unwrap_or_else(|| {
                panic!(
                    "no word that the request was not applied: {:?}",
                    state.warnings
                )
            });
        assert!(
            said.contains(feedback),
            "the warning names the request: {said}"
        );
    }
}
