//! The result check each workflow declares (issue 42): every demo run ends usable (its done step
//! carries `"verdict": {"problems": []}`, as the package's `verdict()` gives it), and each kind of
//! unusable result a small model wrote is caught on the state the workflow ends with: a dropped
//! name, a dropped job, a degenerate letter, an echoed prompt, an invented title. Fixtures are
//! fictional.

use careergraph::domain::result_check::{Degeneracy, Problem, Verdict};
use careergraph::workflows::cover_letter::{CoverLetterState, CoverLetterWorkflow};
use careergraph::workflows::resume_tailoring::{GraphState, TailoringWorkflow};
use careergraph::workflows::{visit_all, Workflow, WorkflowVisitor};
use serde_json::{json, Value};

/// The done step of a demo run of `workflow_id` on `input`, every pause answered to approve.
fn demo_done(workflow_id: &str, input: Value) -> Value {
    crate::demo_runs::demo_to_end(workflow_id, input, false).1
}

#[test]
fn every_workflows_demo_ends_usable_and_its_done_step_says_so() {
    struct Samples(Vec<(&'static str, Value)>);
    impl WorkflowVisitor for Samples {
        fn visit<W: Workflow>(&mut self) {
            self.0
                .push((W::ID, serde_json::to_value(W::sample_input()).unwrap()));
        }
    }
    let mut samples = Samples(Vec::new());
    visit_all(&mut samples);
    assert!(samples.0.len() >= 6, "registered: {:?}", samples.0.len());
    for (id, input) in samples.0 {
        // In each language the workflow takes: the check reads the run's language.
        let mut inputs = vec![input.clone()];
        if input.get("language").is_some() {
            let mut zh = input;
            zh["language"] = json!("zh");
            inputs.push(zh);
        }
        for input in inputs {
            let language = input.get("language").cloned();
            let step = demo_done(id, input);
            // The batch's rows are its result: every demo screening is usable (none failed by
            // the check on its evaluation).
            if id == "batch_screening" {
                let results = step["state"]["results"]
                    .as_array()
                    .expect("the batch's rows");
                assert!(!results.is_empty());
                for row in results {
                    assert_eq!(row["status"], "screened", "{id} ({language:?}): {row}");
                }
            }
            assert_eq!(
                step["verdict"],
                json!({"problems": []}),
                "{id} ({language:?}): the demo's result fails its own check"
            );
        }
    }
}

const RESUME: &str = "# Mara Quist\nmara.quist@example.org · +1 555 0100\n\n## Experience\n\
### Platform Engineer, Tillpoint (2021 – 2024)\n- Ran the payment platform's deploys for 12 teams\n\
- Moved batch jobs to Kafka streams\n\n### Backend Developer, Lumen Freight (2018 – 2021)\n\
- Built the shipment tracking API in Rust\n\n## Education\nBSc Computer Science, University of Porto (2014 – 2018)\n\n\
## Skills\nRust, Kafka, Kubernetes, Python\n";

const JOB: &str = "Senior Platform Engineer at Harbor Logistics. Requirements: Kubernetes, Kafka, \
Rust, on-call experience, mentoring.";

fn tailored(result: &str) -> GraphState {
    let mut state: GraphState = serde_json::from_value(json!({})).unwrap();
    state.original_resume = RESUME.into();
    state.job_description = JOB.into();
    state.tailored_resume = result.into();
    state
}

fn letter(markdown: &str) -> CoverLetterState {
    let mut state: CoverLetterState = serde_json::from_value(json!({})).unwrap();
    state.resume = RESUME.into();
    state.job_description = JOB.into();
    state.company = "Harbor Logistics".into();
    state.role = "Senior Platform Engineer".into();
    state.letter_markdown = markdown.into();
    state
}

fn kinds(verdict: &Verdict) -> Vec<&'static str> {
    verdict.problems.iter().map(Problem::kind).collect()
}

const HONEST_LETTER: &str = "Dear Harbor Logistics team,\n\nI am applying for the Senior Platform \
Engineer role. At Tillpoint I ran the payment platform's deploys for 12 teams and moved batch jobs \
to Kafka streams, which is the kind of work your posting describes. Before that, at Lumen Freight, \
I built the shipment tracking API in Rust.\n\nI would bring the same care for Kubernetes, Kafka and \
Rust to your platform, and I am glad to take my turn on call and to mentor others.\n\nKind regards,\nMara Quist\n";

#[test]
fn an_honest_letter_and_an_honest_tailoring_pass() {
    let verdict = CoverLetterWorkflow::check_result(&letter(HONEST_LETTER));
    assert!(verdict.usable(), "{verdict:?}");
    let reordered = RESUME.replace(
        "## Skills\nRust, Kafka, Kubernetes, Python\n",
        "## Skills\nKubernetes, Kafka, Rust, Python\n",
    );
    let verdict = TailoringWorkflow::check_result(&tailored(&reordered));
    assert!(verdict.usable(), "{verdict:?}");
}

#[test]
fn a_tailored_resume_of_prose_drops_the_name_and_the_jobs_and_says_so() {
    let prose = "You are a great fit for this role because you have a lot of experience in many \
different areas of software and you always work hard on the things that matter to the team.";
    let verdict = TailoringWorkflow::check_result(&tailored(prose));
    let found = kinds(&verdict);
    assert!(found.contains(&"dropped_name"), "{verdict:?}");
    assert!(found.contains(&"dropped"), "{verdict:?}");
    let summary = verdict
        .summary("The tailored resume", careergraph::domain::Language::En)
        .unwrap();
    assert!(
        summary.starts_with("The tailored resume dropped your name"),
        "{summary}"
    );
    assert!(summary.contains("not usable"), "{summary}");
}

#[test]
fn a_tailored_resume_that_loses_one_job_is_caught() {
    let start = RESUME.find("### Backend Developer").unwrap();
    let end = RESUME.find("## Education").unwrap();
    let shorter = format!("{}{}", &RESUME[..start], &RESUME[end..]);
    let verdict = TailoringWorkflow::check_result(&tailored(&shorter));
    let Some(Problem::Dropped { items }) = verdict
        .problems
        .iter()
        .find(|p| matches!(p, Problem::Dropped { .. }))
    else {
        panic!("the lost job is not listed: {verdict:?}");
    };
    assert!(
        items.iter().any(|d| d.text.contains("Lumen Freight")),
        "{items:?}"
    );
    assert!(!kinds(&verdict).contains(&"dropped_name"), "{verdict:?}");
}

#[test]
fn degenerate_letters_are_not_ready() {
    for (text, why) in [
        ("finally", "empty"),
        ("I'm sure, I'm sure, I'm sure, I'm sure.", "repeated"),
        ("", "empty"),
    ] {
        let verdict = CoverLetterWorkflow::check_result(&letter(text));
        match verdict.problems.first() {
            Some(Problem::Degenerate { why: found }) => {
                let found = serde_json::to_value(found).unwrap();
                assert_eq!(found["reason"], why, "{text:?}: {verdict:?}");
            }
            other => panic!("{text:?} passed as a letter: {other:?}"),
        }
    }
}

#[test]
fn a_letter_that_writes_our_prompt_back_is_an_echo() {
    let prompt = include_str!("../../src/workflows/cover_letter/prompts/writer.md");
    let line = prompt
        .lines()
        .flat_map(|l| l.split(". "))
        .map(str::trim)
        .find(|l| l.chars().count() >= 60 && !l.contains('{'))
        .expect("a long line in the writer's prompt");
    let echoed = format!("{HONEST_LETTER}\n{line}\n");
    let verdict = CoverLetterWorkflow::check_result(&letter(&echoed));
    assert!(
        verdict.problems.iter().any(|p| matches!(
            p,
            Problem::Degenerate {
                why: Degeneracy::EchoedPrompt { .. }
            }
        )),
        "{verdict:?}"
    );
}

#[test]
fn an_invented_title_is_flagged_unless_the_user_kept_it() {
    let invented = HONEST_LETTER.replace(
        "I am applying for the Senior Platform Engineer role.",
        "I am applying for the Senior Platform Engineer role, after four years as Data Science Engineer at Hooli.",
    );
    let state = letter(&invented);
    let verdict = CoverLetterWorkflow::check_result(&state);
    let Some(Problem::Invented { facts }) = verdict.problems.first() else {
        panic!("the invented title passed: {verdict:?}");
    };
    let texts: Vec<&str> = facts.iter().map(|f| f.text.as_str()).collect();
    assert!(texts.contains(&"Data Science Engineer"), "{texts:?}");
    // The employer after it ends with its sentence: "Hooli", not "Hooli. At Tillpoint I".
    assert!(texts.contains(&"Hooli"), "{texts:?}");
    let mut kept = state.clone();
    kept.kept_fact_keys = facts.iter().map(|f| f.key.clone()).collect();
    assert!(
        CoverLetterWorkflow::check_result(&kept).usable(),
        "what the user kept is theirs"
    );
}

/// A hiring packet is its evaluation and its email: one that loops, or an email that gives the
/// candidate an employer no text holds, is not usable; a packet with neither is empty.
#[test]
fn a_hiring_packet_that_loops_or_invents_is_not_usable() {
    use careergraph::domain::hiring::{EmailDraft, Evaluation};
    use careergraph::workflows::hiring::{HiringState, HiringWorkflow};
    let packet = |summary: &str, body: &str| {
        let mut state: HiringState = serde_json::from_value(json!({})).unwrap();
        state.resume_text = RESUME.into();
        state.jd_text = JOB.into();
        state.evaluation = Some(Evaluation {
            summary: summary.into(),
            ..Evaluation::default()
        });
        state.email_content = Some(EmailDraft {
            recipient: "candidate".into(),
            subject: "Your application".into(),
            body: body.into(),
        });
        HiringWorkflow::check_result(&state)
    };
    let honest = "Mara ran the payment platform at Tillpoint and builds in Rust and Kafka; a strong match for the platform role.";
    let email = "Dear Mara, thank you for applying to Harbor Logistics. We would like to invite you to a first interview for the platform role.";
    assert!(
        packet(honest, email).usable(),
        "{:?}",
        packet(honest, email)
    );
    let looping = packet(honest, "sure sure sure sure sure");
    assert!(
        matches!(
            looping.problems.as_slice(),
            [Problem::Degenerate {
                why: Degeneracy::Repeated { .. }
            }]
        ),
        "{looping:?}"
    );
    let invented = packet(honest, "Dear Mara, your years as Chief Architect at Globex impressed the panel. We would like to meet you.");
    assert!(
        invented
            .problems
            .iter()
            .any(|p| matches!(p, Problem::Invented { .. })),
        "{invented:?}"
    );
    let mut nothing: HiringState = serde_json::from_value(json!({})).unwrap();
    nothing.resume_text = RESUME.into();
    assert!(!HiringWorkflow::check_result(&nothing).usable());
}

/// A plan in the other language, or a report that says nothing, is not a usable plan.
#[test]
fn a_career_plan_in_the_wrong_language_or_empty_is_not_usable() {
    use careergraph::domain::career_plan::{FinalPlan, IntegratedReport};
    use careergraph::domain::Language;
    use careergraph::workflows::career_navigator::{CareerNavigatorState, NavigatorWorkflow};
    let plan = |language: Language, summary: &str, overview: &str| {
        let mut state: CareerNavigatorState = serde_json::from_value(json!({})).unwrap();
        state.language = language;
        state.integrated_report = Some(IntegratedReport {
            executive_summary: summary.into(),
            ..IntegratedReport::default()
        });
        state.final_plan = Some(FinalPlan {
            schedule_overview: overview.into(),
            ..FinalPlan::default()
        });
        NavigatorWorkflow::check_result(&state)
    };
    let summary = "You are strongest where systems meet people: platform work with a mentoring side suits you.";
    let overview = "Twelve weeks: first the Kubernetes certification, then a mentoring project, then applications.";
    assert!(plan(Language::En, summary, overview).usable());
    let english_for_zh = plan(Language::Zh, summary, overview);
    assert!(
        matches!(
            english_for_zh.problems.as_slice(),
            [Problem::Degenerate {
                why: Degeneracy::WrongLanguage
            }]
        ),
        "{english_for_zh:?}"
    );
    assert!(
        !plan(Language::En, summary, "").usable(),
        "an empty schedule"
    );
}
