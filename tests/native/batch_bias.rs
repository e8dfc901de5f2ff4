//! The counterfactual bias check of a batch (`batch_screening::bias`), natively on the offline
//! demo: its plan (a sample of screened candidates, two arms per attribute, blind and as
//! written), and its report on a scorer scripted to mark down female-coded names, which must be
//! flagged where it can see the name and not where blind screening hides it, and on the demo's
//! own scorer, which must not be flagged for a name. Every resume here is fictional.

use std::cell::Cell;
use std::rc::Rc;

use careergraph::domain::fairness::counterfactual::names::{BLACK_FEMALE, WHITE_FEMALE};
use careergraph::domain::fairness::counterfactual::Attribute;
use careergraph::graph::RunConfig;
use careergraph::llm::{ChatModel, ChatRequest, ChatResponse, LlmError, StreamEvent};
use careergraph::workflows::batch_screening::bias::{bias_report, plan_check, BiasReport};
use careergraph::workflows::batch_screening::{
    BatchResume, BatchRunInput, BatchState, BatchWorkflow,
};
use careergraph::workflows::{demo_model, RunEnv, Workflow};
use futures::executor::block_on;
use futures::future::LocalBoxFuture;
use futures::stream::{self, LocalBoxStream};
use futures::StreamExt;

const JD: &str = "Backend Engineer\n\nRequirements:\n- Rust\n- Kubernetes\n- PostgreSQL\n";

fn resume(name: &str, skills: &str, employer: &str) -> String {
    format!(
        "# {name}\n{}@example.net\n\n## Experience\n### Engineer — {employer} (2019 – 2024)\n- Built services in {skills}\n### Developer — Harbour Labs (2015 – 2018)\n- Maintained billing jobs\n\n## Education\n### BSc Computer Science — Northfield University (2011 – 2015)\n\n## Skills\n{skills}\n",
        name.to_lowercase().replace(' ', ".")
    )
}

fn batch() -> BatchRunInput {
    let people = [
        (
            "Orla Quennell",
            "Rust, Kubernetes, PostgreSQL",
            "Northwind Freight",
        ),
        ("Tobin Vasquez-Hale", "Rust, PostgreSQL", "Saltmarsh Studio"),
        ("Mireille Okafor", "Java, Kubernetes", "Corvid Bank"),
        ("Anselm Trewick", "Rust", "Fjordline"),
    ];
    BatchRunInput {
        job_description: JD.into(),
        resumes: people
            .iter()
            .map(|(name, skills, employer)| BatchResume {
                label: format!("{name}.md"),
                text: resume(name, skills, employer),
                ..BatchResume::default()
            })
            .collect(),
        // One candidate at a time: the scripted scorer links an evaluation to the parse before it.
        concurrency: Some(1),
        ..BatchRunInput::default()
    }
}

/// The demo model; with `biased`, an evaluation after a parse that read a female-coded first name
/// from the audit lists scores 8 points lower (what a model's bias would look like).
struct Scorer {
    inner: Rc<dyn ChatModel>,
    biased: bool,
    saw_female_name: Cell<bool>,
}

impl Scorer {
    async fn call(&self, request: ChatRequest) -> Result<ChatResponse, LlmError> {
        let text = request.user_text();
        if request.role_name == "resume_parser_agent" {
            let female = WHITE_FEMALE.iter().chain(BLACK_FEMALE.iter()).any(|name| {
                text.split(|c: char| !c.is_alphanumeric())
                    .any(|word| word == *name)
            });
            self.saw_female_name.set(female);
        }
        let mut response = self.inner.complete(request.clone()).await?;
        if self.biased && request.role_name == "evaluation_agent" && self.saw_female_name.get() {
            let mut answer: serde_json::Value = serde_json::from_str(&response.text).unwrap();
            let score = answer["overall_score"].as_f64().unwrap();
            answer["overall_score"] = serde_json::json!(score - 8.0);
            response.text = answer.to_string();
        }
        Ok(response)
    }
}

struct Shared(Rc<Scorer>);

impl ChatModel for Shared {
    fn provider(&self) -> &str {
        "demo"
    }
    fn default_model(&self) -> &str {
        "demo"
    }
    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        Box::pin(self.0.call(request))
    }
    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        Box::pin(stream::once(self.0.call(request)).map(|r| r.map(StreamEvent::Done)))
    }
}

fn run(input: BatchRunInput, biased: bool, thread: &str) -> BatchState {
    let mut env = RunEnv::offline(thread);
    env.model = Rc::new(Shared(Rc::new(Scorer {
        inner: Rc::new(demo_model()),
        biased,
        saw_female_name: Cell::new(false),
    })));
    let prepared = BatchWorkflow::prepare(input, &env).expect("valid input");
    let config = RunConfig::thread(thread).with_recursion_limit(prepared.recursion_limit);
    block_on(prepared.graph.invoke(prepared.initial, &config))
        .unwrap()
        .into_state()
}

fn result(report: &BiasReport, blind: bool, attribute: Attribute) -> (f64, bool) {
    let mode = report.modes.iter().find(|m| m.blind == blind).unwrap();
    let r = mode
        .results
        .iter()
        .find(|r| r.attribute == attribute)
        .unwrap();
    (r.delta.mean, r.flagged)
}

#[test]
fn the_plan_varies_each_sampled_resume_in_one_attribute_both_blind_and_as_written() {
    let original = run(batch(), false, "bias-plan");
    let plan = plan_check(&original, 3);
    let input = &plan.input;
    assert_eq!(input.job_description, JD);
    assert!(input.shortlist_at.is_some());
    // 3 candidates × 5 attributes × 2 arms × 2 modes, none inapplicable for these resumes.
    assert!(plan.not_applicable.is_empty(), "{:?}", plan.not_applicable);
    assert_eq!(input.resumes.len(), 3 * 5 * 2 * 2);
    for resume in &input.resumes {
        let variant = resume.variant.as_ref().unwrap();
        let name = variant.of.trim_end_matches(".md");
        // A name swap leaves the original name in neither arm; the other attributes keep it.
        let swapped = matches!(variant.attribute, Attribute::Gender | Attribute::Ethnicity);
        assert_eq!(!resume.text.contains(name), swapped, "{}", resume.label);
    }
    assert!(input.check().is_ok());
}

#[test]
fn a_scorer_that_marks_down_female_names_is_flagged_only_where_it_can_see_them() {
    let original = run(batch(), false, "bias-original");
    let plan = plan_check(&original, 4);
    let mut input = plan.input;
    input.concurrency = Some(1);

    let biased = bias_report(&run(input.clone(), true, "bias-biased")).unwrap();
    let (delta, flagged) = result(&biased, false, Attribute::Gender);
    assert!(flagged && (delta + 8.0).abs() < 1e-9, "as written: {delta}");
    let (delta, flagged) = result(&biased, true, Attribute::Gender);
    assert!(!flagged && delta.abs() < 1e-9, "blind: {delta}");

    let fair = bias_report(&run(input, false, "bias-fair")).unwrap();
    for blind in [true, false] {
        for attribute in [Attribute::Gender, Attribute::Ethnicity, Attribute::Pronouns] {
            let (delta, flagged) = result(&fair, blind, attribute);
            assert!(!flagged, "{attribute:?} blind={blind}: {delta}");
        }
    }
    assert!(bias_report(&original).is_none());
}
