//! A batch's impact ratios (NYC Local Law 144): the report's numbers are the domain's over the
//! batch's own scores (the evaluation's with a model, the ATS score without), and self-reported
//! categories never reaching a prompt (the sample rules on hand-built states are in
//! `batch_fairness_rules.rs`). Every resume and category here is fictional.

use std::cell::RefCell;
use std::rc::Rc;

use careergraph::domain::fairness::impact::{
    impact_table, Assessed, Dimension, RateKind, SelfReported,
};
use careergraph::graph::RunConfig;
use careergraph::llm::{ChatModel, ChatRequest, ChatResponse, LlmError, StreamEvent};
use careergraph::workflows::batch_screening::fairness::selected;
use careergraph::workflows::batch_screening::{
    impact_report, BatchResume, BatchRunInput, BatchState, BatchWorkflow, ScoreSource,
};
use careergraph::workflows::{demo_model, RunEnv, Workflow};
use futures::executor::block_on;
use futures::future::LocalBoxFuture;
use futures::stream::{self, LocalBoxStream};
use futures::StreamExt;

const JD: &str = "Backend Engineer\n\nRequirements:\n- Rust\n- Kubernetes\n- PostgreSQL\n\nNice to have:\n- Terraform\n";

const SKILLS: [&str; 5] = [
    "Rust, Kubernetes, PostgreSQL",
    "Rust, PostgreSQL",
    "Java",
    "Rust, Kubernetes, PostgreSQL, Terraform",
    "Kubernetes",
];

/// Made-up categories, so a prompt holding one could not hold it by chance.
const SEXES: [&str; 2] = ["Zephyrine", "Quorvant"];
const RACES: [&str; 3] = ["Kestrelian", "Morrowfolk", "Tallavine"];

fn categories(i: usize) -> SelfReported {
    SelfReported {
        sex: Some(SEXES[i % 2].into()),
        race_ethnicity: Some(RACES[i % 3].into()),
    }
}

/// `n` fictional resumes, each with categories but the last (unknown).
fn batch(n: usize, ats_only: bool) -> BatchRunInput {
    BatchRunInput {
        job_description: JD.into(),
        resumes: (0..n)
            .map(|i| BatchResume {
                label: format!("r{}.md", i + 1),
                text: format!(
                    "# Fictive Person{i}\n## Experience\n### Engineer — Lantern Yard ({}–2024)\n- Built services in {}\n## Skills\n{}\n",
                    2012 + i % 9,
                    SKILLS[i % 5],
                    SKILLS[(i * 2) % 5]
                ),
                categories: (i + 1 < n).then(|| categories(i)),
                variant: None,
            })
            .collect(),
        ats_only,
        ..BatchRunInput::default()
    }
}

/// The offline demo model, every request kept (as `batch_screening.rs`'s spy does).
struct Recorder {
    inner: Rc<dyn ChatModel>,
    requests: RefCell<Vec<ChatRequest>>,
}

struct Recorded(Rc<Recorder>);

impl Recorded {
    async fn call(&self, request: ChatRequest) -> Result<ChatResponse, LlmError> {
        self.0.requests.borrow_mut().push(request.clone());
        self.0.inner.complete(request).await
    }
}

impl ChatModel for Recorded {
    fn provider(&self) -> &str {
        "demo"
    }
    fn default_model(&self) -> &str {
        "demo"
    }
    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        Box::pin(self.call(request))
    }
    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        Box::pin(stream::once(self.call(request)).map(|r| r.map(StreamEvent::Done)))
    }
}

/// Runs `input` to its end on the recorded demo model.
fn run(input: BatchRunInput, thread: &str) -> (BatchState, Rc<Recorder>) {
    let recorder = Rc::new(Recorder {
        inner: Rc::new(demo_model()),
        requests: RefCell::new(Vec::new()),
    });
    let mut env = RunEnv::offline(thread);
    env.model = Rc::new(Recorded(recorder.clone()));
    let prepared = BatchWorkflow::prepare(input, &env).expect("valid input");
    let config = RunConfig::thread(thread).with_recursion_limit(prepared.recursion_limit);
    let state = block_on(prepared.graph.invoke(prepared.initial, &config))
        .unwrap()
        .into_state();
    (state, recorder)
}

/// Each ranked row as the domain takes it, categories from `input`.
fn assessed(state: &BatchState, input: &BatchRunInput, ats: bool) -> Vec<Assessed> {
    state
        .table
        .iter()
        .map(|row| {
            let at: usize = row.id[1..].parse::<usize>().unwrap() - 1;
            Assessed {
                categories: input.resumes[at].categories.clone().unwrap_or_default(),
                score: if ats {
                    Some(f64::from(row.ats_score))
                } else {
                    row.overall_score
                },
                selected: row.recommendation.map(selected),
            }
        })
        .collect()
}

#[test]
fn a_model_batch_reports_the_evaluation_scores_as_the_domain_computes_them() {
    let input = batch(12, false);
    let (state, _) = run(input.clone(), "fair-model");
    let report = impact_report(&state).expect("categories were given");
    assert_eq!(report.score_source, ScoreSource::Evaluation);
    assert_eq!((report.candidates, report.with_categories), (12, 11));
    let people = assessed(&state, &input, false);
    let scores: Vec<f64> = people.iter().filter_map(|p| p.score).collect();
    assert_eq!(scores.len(), 12, "every candidate was screened");
    assert!(scores.iter().any(|s| *s != scores[0]), "{scores:?}");
    assert_eq!(report.scoring, impact_table(&people, RateKind::Scoring));
    assert_eq!(
        report.selection,
        Some(impact_table(&people, RateKind::Selection))
    );
    assert_eq!(report.scoring.assessed, 12);
    assert_eq!(report.scoring.unknown.sex, 1);
    assert_eq!(report.scoring.rows_of(Dimension::Intersection).count(), 6);
}

#[test]
fn an_ats_only_batch_reports_the_ats_scores_and_no_selection() {
    let input = batch(10, true);
    let (state, recorder) = run(input.clone(), "fair-ats");
    assert!(recorder.requests.borrow().is_empty());
    let report = impact_report(&state).unwrap();
    assert_eq!(report.score_source, ScoreSource::Ats);
    let people = assessed(&state, &input, true);
    assert_eq!(report.scoring, impact_table(&people, RateKind::Scoring));
    assert_eq!(report.scoring.assessed, 10);
    assert_eq!(report.selection, None);
}

#[test]
fn a_batch_without_categories_has_no_report() {
    let mut input = batch(4, true);
    for resume in &mut input.resumes {
        resume.categories = None;
    }
    let (state, _) = run(input, "fair-none");
    assert_eq!(impact_report(&state), None);
}

#[test]
fn categories_never_reach_a_prompt() {
    let (state, recorder) = run(batch(6, false), "fair-prompts");
    let requests = recorder.requests.borrow();
    assert_eq!(
        requests.len(),
        1 + 6 * 3,
        "the job analysis and three calls each"
    );
    for request in requests.iter() {
        let sent = format!("{request:?}");
        for category in SEXES.iter().chain(&RACES) {
            assert!(
                !sent.contains(category),
                "{} was sent {category}",
                request.role_name
            );
        }
    }
    // They did reach the state, for the report.
    assert_eq!(state.candidates[0].categories, Some(categories(0)));
}

#[test]
fn categories_are_an_optional_field_of_a_resume() {
    let read: BatchResume = serde_json::from_value(serde_json::json!({
        "label": "a.md", "text": "Rust",
        "categories": { "sex": "Zephyrine", "raceEthnicity": "Kestrelian" }
    }))
    .unwrap();
    assert_eq!(
        read.categories,
        Some(SelfReported {
            sex: Some("Zephyrine".into()),
            race_ethnicity: Some("Kestrelian".into()),
        })
    );
    let plain: BatchResume =
        serde_json::from_value(serde_json::json!({ "label": "b.md", "text": "Rust" })).unwrap();
    assert_eq!(plain.categories, None);
    assert!(!serde_json::to_string(&plain)
        .unwrap()
        .contains("categories"));
    let unknown = serde_json::json!({ "label": "c.md", "text": "Rust", "gender": "x" });
    assert!(serde_json::from_value::<BatchResume>(unknown).is_err());
}
