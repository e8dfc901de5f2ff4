//! The resume-tailoring workflow end to end on the offline demo model, checkpointed with
//! `MemorySaver`: routing, the info-collection questions (answer, skip, stop), the master resume
//! update, and the human review (approve, revise, timeout).
use std::cell::RefCell;
use std::rc::Rc;

use careergraph::domain::Language;
use careergraph::graph::{
    CompiledGraph, EventSink, Interrupt, MemorySaver, Resume, RunConfig, RunOutcome, StreamEvent,
};
use careergraph::llm::demo::DemoResponder;
use careergraph::llm::ChatRequest;
use careergraph::workflows::resume_tailoring::{
    self, info_collection::ADDED_SECTION, GraphState, HumanDecision, TailorInput, TailorPause,
    TailorSettings,
};
use futures::executor::block_on;
use serde_json::{json, Value};

const JD: &str = "\
# Senior Backend Engineer — Freightline

We are looking for a backend engineer to build our shipment tracking platform.

## Requirements
- 5+ years building backend services in Python or Go
- Production experience with k8s and Docker
- Postgres and Redis; you design schemas and tune queries
- Event streaming with Kafka
- CI/CD pipelines for the shipment tracking platform

## Nice to have
- Terraform
";

/// Shows everything the JD requires except Redis and CI/CD.
const RESUME: &str = "\
# Ana Costa
Backend engineer, 6 years.

## Experience
### Senior Engineer — Parcelwise (2021–present)
- Built shipment tracking platform services in Python and Golang handling 40k events per minute
- Ran them on Kubernetes with Docker; streamed events through Kafka
- Tuned PostgreSQL queries, cutting p99 latency by 60%

## Skills
Terraform, Python, Go, Kubernetes, Docker, PostgreSQL, Kafka
";

fn full_resume() -> String {
    RESUME.replace(
        "Kafka\n",
        "Kafka, Redis, CI/CD\n- Built CI/CD pipelines; cached shipment lookups in Redis\n",
    )
}

struct Harness {
    graph: CompiledGraph<GraphState>,
    config: RunConfig,
    settings: TailorSettings,
}

impl Harness {
    fn new(settings: TailorSettings) -> Self {
        Self::with_model(settings, resume_tailoring::demo_model())
    }

    fn with_model(settings: TailorSettings, model: careergraph::llm::demo::DemoModel) -> Self {
        let graph = resume_tailoring::graph(Rc::new(model), settings.clone())
            .unwrap()
            .compile_with_checkpointer(Rc::new(MemorySaver::new()))
            .unwrap();
        let config = RunConfig::thread("job-1").with_recursion_limit(settings.recursion_limit());
        Harness {
            graph,
            config,
            settings,
        }
    }

    fn start(&self, resume: &str) -> RunOutcome<GraphState> {
        let input = TailorInput::new(resume, JD);
        block_on(self.graph.invoke(
            resume_tailoring::initial_state(&input, &self.settings),
            &self.config,
        ))
        .unwrap()
    }

    fn answer(&self, value: Value) -> RunOutcome<GraphState> {
        block_on(self.graph.resume(&self.config, Resume::value(value))).unwrap()
    }
}

fn only_interrupt(outcome: &RunOutcome<GraphState>) -> &Interrupt {
    let interrupts = outcome.interrupts();
    assert_eq!(interrupts.len(), 1, "{outcome:?}");
    &interrupts[0]
}

fn kind(outcome: &RunOutcome<GraphState>) -> String {
    only_interrupt(outcome).payload["type"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn no_missing_info_goes_straight_to_review_then_approve_finalizes() {
    let h = Harness::new(TailorSettings::default());
    let paused = h.start(&full_resume());
    let review = only_interrupt(&paused);
    assert_eq!(review.node, "human_review");
    assert!(review.path.is_empty(), "the review is in the main graph");
    let payload = &review.payload;
    assert_eq!(payload["type"], "review");
    assert_eq!(payload["ats_score"], 100);
    assert_eq!(payload["target_score"], 80);
    assert_eq!(payload["actions"], json!(["approve", "revise"]));
    assert_eq!(payload["timeout_seconds"], 600);
    assert!(payload["keywords_matched"]
        .as_array()
        .unwrap()
        .contains(&json!("Kubernetes")));
    // The demo tailorer puts the job's skills first: Terraform (nice to have) moves back.
    let draft = payload["resume_draft"].as_str().unwrap();
    assert!(draft.contains("Python, Go, Kubernetes"), "{draft}");
    assert!(draft.trim_end().ends_with("Terraform") || draft.contains("CI/CD, Terraform"));

    let state = h.answer(json!({"decision": "approve"})).into_state();
    assert_eq!(state.human_decision, Some(HumanDecision::Approved));
    assert!(!state.info_collection_done, "no questions were needed");
    assert!(!state.master_resume_updated);
    assert_eq!(state.tailored_resume, state.current_draft);
    assert!(state.warnings.is_empty(), "{:?}", state.warnings);
    assert!(!state.job_strategy.is_empty());
    assert!(state.recruiter_feedback.contains("ATS match"));
}

#[test]
fn missing_info_asks_questions_in_the_subgraph_and_updates_the_master_resume() {
    let h = Harness::new(TailorSettings::default());
    let first = h.start(RESUME);
    let question = only_interrupt(&first);
    assert_eq!(question.node, "question_asker");
    assert_eq!(question.path, ["info_collection"]);
    assert_eq!(question.payload["type"], "question");
    assert_eq!(question.payload["index"], 1);
    assert_eq!(question.payload["total"], 2);
    assert_eq!(question.payload["missing_item"], "Redis");
    assert_eq!(
        question.payload["actions"],
        json!(["answer", "skip", "stop"])
    );
    assert!(question.payload["question"]
        .as_str()
        .unwrap()
        .contains("Redis"));
    let before = first.state().clone();
    assert_eq!(before.missing_info, ["Redis", "CI/CD"]);

    let second =
        h.answer(json!({"action": "answer", "answer": "Cached shipment lookups at Parcelwise"}));
    assert_eq!(only_interrupt(&second).payload["missing_item"], "CI/CD");
    assert_eq!(only_interrupt(&second).payload["index"], 2);
    // A plain string is an answer too.
    let review = h.answer(json!("Built GitHub Actions pipelines for every service"));
    assert_eq!(kind(&review), "review");

    let state = review.state().clone();
    assert!(state.info_collection_done);
    assert!(state.master_resume_updated);
    assert!(state.master_resume.starts_with(RESUME.trim_end()));
    let added = state.master_resume.split(ADDED_SECTION).nth(1).unwrap();
    assert!(added.contains("- Redis: Cached shipment lookups at Parcelwise"));
    assert!(added.contains("- CI/CD: Built GitHub Actions pipelines"));
    assert!(state.collected_info.contains("Redis"));
    // The confirmed skills reach the draft, and the score rises to the full mark.
    assert!(state.current_draft.contains("Redis"));
    assert_eq!(state.ats_score, 100, "{:?}", state.keywords_missing);
    assert_eq!(state.original_resume, RESUME.trim());

    let done = h.answer(json!({"decision": "approve"})).into_state();
    assert_eq!(done.human_decision, Some(HumanDecision::Approved));
    assert!(done.tailored_resume.contains("Redis"));
}

#[test]
fn questions_are_phrased_as_a_person_would_ask() {
    let h = Harness::new(TailorSettings::default());
    let first = h.start(RESUME);
    let text = only_interrupt(&first).payload["question"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        text.starts_with("The posting asks for Redis. Have you used it? Where and how"),
        "{text}"
    );
}

#[test]
fn a_no_adds_nothing_to_the_resume_or_its_skills() {
    for no in [
        "no, never",
        "Not really.",
        "Nope",
        "I haven't used it",
        "没有",
        "没用过",
    ] {
        let h = Harness::new(TailorSettings::default());
        h.start(RESUME);
        let second = h.answer(json!({"action": "answer", "answer": no}));
        assert_eq!(only_interrupt(&second).payload["missing_item"], "CI/CD");
        let review =
            h.answer(json!({"action": "answer", "answer": "Built GitHub Actions pipelines"}));
        let state = review.state();
        assert!(
            !state.master_resume.contains("Redis"),
            "{no}: {}",
            state.master_resume
        );
        assert!(!state.collected_info.contains("Redis"), "{no}");
        assert!(
            !state.current_draft.contains("Redis"),
            "{no}: {}",
            state.current_draft
        );
        assert!(state.keywords_missing.contains(&"Redis".to_string()));
        assert!(state
            .master_resume
            .contains("- CI/CD: Built GitHub Actions pipelines"));
    }
    // Only "no"s: the master resume stays as it was.
    let h = Harness::new(TailorSettings::default());
    h.start(RESUME);
    h.answer(json!("no"));
    let state = h.answer(json!("never used it")).state().clone();
    assert!(!state.master_resume_updated);
    assert_eq!(state.master_resume, RESUME.trim());
}

#[test]
fn a_chatty_answer_becomes_a_resume_line_in_the_resume_voice() {
    let h = Harness::new(TailorSettings::default());
    h.start(RESUME);
    h.answer(json!(
        "Yeah, so basically I used Redis at Parcelwise to cache shipment lookups, and I cut \
         lookup latency by 40%. Hope that helps!"
    ));
    let state = h.answer(json!({"action": "skip"})).state().clone();
    let added = state.master_resume.split(ADDED_SECTION).nth(1).unwrap();
    let line = added.lines().find(|l| l.contains("Redis")).unwrap();
    assert_eq!(
        line,
        "- Redis: Used Redis at Parcelwise to cache shipment lookups, and cut lookup latency by 40%"
    );
}

#[test]
fn skip_and_stop_keep_the_partial_answers() {
    let settings = TailorSettings::default();
    let h = Harness::new(settings);
    // Remove Kafka too, so there are three questions: Redis, Kafka, CI/CD.
    let resume = RESUME
        .replace("; streamed events through Kafka", "")
        .replace(", Kafka\n", "\n");
    let first = h.start(&resume);
    assert_eq!(only_interrupt(&first).payload["total"], 3);
    let second = h.answer(json!({"action": "skip"}));
    assert_eq!(only_interrupt(&second).payload["index"], 2);
    let third =
        h.answer(json!({"action": "answer", "answer": "Ran Kafka consumers for tracking events"}));
    assert_eq!(only_interrupt(&third).payload["index"], 3);
    let review = h.answer(json!({"action": "stop"}));
    assert_eq!(kind(&review), "review");
    let state = review.state();
    assert!(state.master_resume_updated);
    assert!(state.master_resume.contains("- Kafka: Ran Kafka consumers"));
    assert!(!state.collected_info.contains("Redis"));
    assert!(state
        .warnings
        .iter()
        .any(|w| w.contains("Skipped questions: Redis")));
    assert!(state.warnings.iter().any(|w| w.contains("stopped")));
    assert!(state.keywords_missing.contains(&"Redis".to_string()));
    assert!(state.keywords_matched.contains(&"Kafka".to_string()));
}

#[test]
fn stopping_at_once_with_an_answer_keeps_it_and_stopping_without_keeps_the_master() {
    let h = Harness::new(TailorSettings::default());
    h.start(RESUME);
    let review = h.answer(json!({"action": "stop", "answer": "Redis for session caching"}));
    assert_eq!(kind(&review), "review");
    assert!(review
        .state()
        .master_resume
        .contains("- Redis: Redis for session caching"));

    let h = Harness::new(TailorSettings::default());
    h.start(RESUME);
    let review = h.answer(json!({"action": "stop"}));
    let state = review.state();
    assert!(!state.master_resume_updated);
    assert_eq!(state.master_resume, RESUME.trim());
    assert!(state.info_collection_done, "stopping does not ask again");
}

#[test]
fn revise_goes_through_reflexion_and_back_to_review() {
    let h = Harness::new(TailorSettings::default());
    let first = h.start(&full_resume());
    assert_eq!(only_interrupt(&first).payload["revision"], 0);
    let again = h.answer(json!({"decision": "revise", "feedback": "Put Kafka and Docker first"}));
    let review = only_interrupt(&again);
    assert_eq!(review.node, "human_review");
    assert_eq!(review.payload["revision"], 1);
    let draft = review.payload["resume_draft"].as_str().unwrap();
    assert!(draft.contains("Kafka, Docker, Python"), "{draft}");
    assert_eq!(again.state().human_decision, Some(HumanDecision::Revise));
    assert_eq!(
        again.state().human_feedback.as_deref(),
        Some("Put Kafka and Docker first")
    );
    let state = h.answer(json!({"decision": "approve"})).into_state();
    assert_eq!(state.revision_count, 1);
    assert_eq!(state.human_decision, Some(HumanDecision::Approved));
    assert!(state.tailored_resume.contains("Kafka, Docker, Python"));
}

/// Whether `text` has a CJK character (a Chinese note) or none (an English one).
fn has_cjk(text: &str) -> bool {
    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

#[test]
fn a_revision_request_that_changes_nothing_says_so_in_the_next_review() {
    for language in [Language::En, Language::Zh] {
        let mut settings = TailorSettings::default();
        settings.controls.language = language;
        let h = Harness::new(settings);
        let first = h.start(&full_resume());
        assert!(only_interrupt(&first)
            .payload
            .get("unchanged_note")
            .is_none());
        let before = only_interrupt(&first).payload["resume_draft"].clone();

        // The demo cannot apply free-form feedback: same draft, and the review says why.
        let again = h.answer(json!({"decision": "revise", "feedback": "Make it warmer"}));
        let review = &only_interrupt(&again).payload;
        assert_eq!(review["resume_draft"], before, "{language:?}");
        assert_eq!(review["revision"], 1);
        let note = review["unchanged_note"].as_str().expect("a note");
        assert!(note.contains("Make it warmer"), "the reason: {note}");
        assert_eq!(has_cjk(note), language == Language::Zh, "{note}");
        assert!(again.state().warnings.iter().any(|w| w == note));

        // A request that changes the draft clears it.
        let changed =
            h.answer(json!({"decision": "revise", "feedback": "Put Kafka and Docker first"}));
        let review = &only_interrupt(&changed).payload;
        assert_ne!(review["resume_draft"], before);
        assert!(review.get("unchanged_note").is_none(), "{review}");
    }
}

#[test]
fn a_review_payload_saved_before_the_note_existed_still_loads() {
    let saved = json!({"type": "review", "resume_draft": "# A", "ats_score": 70, "target_score": 80,
        "keywords_matched": [], "keywords_missing": [], "revision": 1, "max_revisions": 3,
        "timeout_seconds": 600, "question": "?", "actions": ["approve", "revise"]});
    let pause: TailorPause = serde_json::from_value(saved).unwrap();
    let TailorPause::Review(review) = pause else {
        panic!("a review")
    };
    assert_eq!(review.unchanged_note, None);
}

#[test]
fn timeout_finalizes_the_current_draft_with_a_warning() {
    let h = Harness::new(TailorSettings::default());
    h.start(&full_resume());
    let state = h.answer(json!({"decision": "timeout"})).into_state();
    assert_eq!(state.human_decision, Some(HumanDecision::Timeout));
    assert_eq!(state.tailored_resume, state.current_draft);
    assert!(
        state
            .warnings
            .iter()
            .any(|w| w.contains("timed out after 600 s")),
        "{:?}",
        state.warnings
    );
}

#[test]
fn revision_limit_and_unknown_answers_finalize() {
    let settings = TailorSettings {
        max_revisions: 1,
        ..TailorSettings::default()
    };
    let h = Harness::new(settings);
    h.start(&full_resume());
    h.answer(json!({"decision": "revise", "feedback": "Docker first"}));
    let state = h
        .answer(json!({"decision": "revise", "feedback": "more"}))
        .into_state();
    assert!(state.warnings.iter().any(|w| w.contains("Revision limit")));
    assert_eq!(state.revision_count, 1);

    let h = Harness::new(TailorSettings::default());
    h.start(&full_resume());
    let state = h.answer(json!({"what": "?"})).into_state();
    assert_eq!(state.human_decision, Some(HumanDecision::Error));
    assert!(state.error.is_some());
    assert!(!state.tailored_resume.is_empty());
}

#[test]
fn review_off_runs_without_interrupts() {
    let settings = TailorSettings {
        human_review: false,
        ..TailorSettings::default()
    };
    let h = Harness::new(settings);
    let outcome = h.start(&full_resume());
    assert!(outcome.is_done());
    let state = outcome.into_state();
    assert_eq!(state.human_decision, None);
    assert_eq!(state.ats_score, 100);
    assert!(!state.tailored_resume.is_empty());
}

#[test]
fn empty_job_description_ends_with_an_error() {
    let h = Harness::new(TailorSettings::default());
    let input = TailorInput::new(RESUME, "  \r\n ");
    let state = block_on(h.graph.invoke(
        resume_tailoring::initial_state(&input, &h.settings),
        &h.config,
    ))
    .unwrap()
    .into_state();
    assert_eq!(
        state.error.as_deref(),
        Some("The job description is empty.")
    );
    assert!(state.tailored_resume.is_empty());
}

#[test]
fn threads_are_independent_and_resume_by_id_on_a_shared_saver() {
    let saver = Rc::new(MemorySaver::new());
    let settings = TailorSettings::default();
    let build = || {
        resume_tailoring::graph(Rc::new(resume_tailoring::demo_model()), settings.clone())
            .unwrap()
            .compile_with_checkpointer(saver.clone())
            .unwrap()
    };
    let config = |id: &str| RunConfig::thread(id).with_recursion_limit(settings.recursion_limit());
    let graph = build();
    let start = |id: &str, resume: &str| {
        let input = TailorInput::new(resume, JD);
        block_on(graph.invoke(
            resume_tailoring::initial_state(&input, &settings),
            &config(id),
        ))
        .unwrap()
    };
    assert_eq!(
        start("a", RESUME).interrupts()[0].payload["type"],
        "question"
    );
    assert_eq!(
        start("b", &full_resume()).interrupts()[0].payload["type"],
        "review"
    );
    // A new graph object (e.g. after a page reload) on the same saver picks each thread up.
    let graph = build();
    let b = block_on(graph.resume(&config("b"), Resume::value(json!({"decision": "approve"}))))
        .unwrap();
    assert!(b.is_done());
    let a = block_on(graph.resume(&config("a"), Resume::value(json!("Redis caching")))).unwrap();
    assert_eq!(a.interrupts()[0].payload["missing_item"], "CI/CD");
    let snapshot = block_on(graph.get_state(&config("a"))).unwrap();
    assert!(snapshot.values.tailored_resume.is_empty());
}

// A draft with invented facts: tests/native/tailor_grounding.rs.

/// An optimizer that claims a skill the resume does not show: kept, but the user is warned.
struct ClaimingReviser;

impl DemoResponder for ClaimingReviser {
    fn respond(&self, request: &ChatRequest) -> String {
        let text = request.user_text();
        let draft = careergraph::workflows::resume_tailoring::prompts::block(&text, "resume")
            .unwrap_or("")
            .replace("Kafka", "Kafka, Rust");
        json!({"resume": draft, "changes": ["added Rust"]}).to_string()
    }
}

#[test]
fn drafts_naming_unshown_skills_are_flagged() {
    let model =
        resume_tailoring::demo_model().with_responder("reflexion_agent", Rc::new(ClaimingReviser));
    let h = Harness::with_model(TailorSettings::default(), model);
    h.start(&full_resume());
    let again = h.answer(json!({"decision": "revise", "feedback": "more"}));
    let state = again.state();
    assert!(state.current_draft.contains("Rust"));
    assert!(
        state
            .warnings
            .iter()
            .any(|w| w.contains("does not show: Rust")),
        "{:?}",
        state.warnings
    );
}

#[test]
fn agents_stream_their_answers_as_custom_events() {
    let h = Harness::new(TailorSettings::default());
    let events: Rc<RefCell<Vec<StreamEvent>>> = Rc::default();
    let sink_events = events.clone();
    let sink = EventSink::new(move |event| sink_events.borrow_mut().push(event));
    let config = h.config.clone().with_events(sink);
    let input = TailorInput::new(RESUME, JD);
    block_on(h.graph.invoke(
        resume_tailoring::initial_state(&input, &h.settings),
        &config,
    ))
    .unwrap();
    let agents: Vec<String> = events
        .borrow()
        .iter()
        .filter_map(|e| match e {
            StreamEvent::Custom { payload, .. } if payload["type"] == "usage" => {
                Some(payload["agent"].as_str().unwrap().to_string())
            }
            _ => None,
        })
        .collect();
    assert_eq!(agents, ["job_analyzer", "resume_screener"]);
}

#[test]
fn the_diagram_shows_every_node_and_the_command_routes() {
    let graph = resume_tailoring::graph(
        Rc::new(resume_tailoring::demo_model()),
        TailorSettings::default(),
    )
    .unwrap()
    .compile()
    .unwrap();
    let mermaid = graph.to_mermaid();
    for node in resume_tailoring::NODES {
        assert!(mermaid.contains(node), "{node} missing:\n{mermaid}");
    }
    for route in [
        "resume_tailorer -.-> info_collection",
        "info_collection --> resume_tailorer",
        "human_review -.-> reflexion_agent",
        "human_review -.-> finalization_agent",
        "reflexion_agent --> ats_optimizer",
    ] {
        assert!(mermaid.contains(route), "{route} missing:\n{mermaid}");
    }
}
