//! The review workflow's grounding on the offline demo: its revisions state nothing
//! the resume does not, so the result flags no fact (a flag on an honest rewrite teaches users to
//! ignore flags), and drops none. The invented-fact path: tests/native/review_flow.rs; the dropped-fact
//! path: tests/native/review_dropped.rs.
use std::rc::Rc;

use careergraph::graph::RunConfig;
use careergraph::workflows::resume_review::{
    self, demo_model, initial_state, ReviewInput, ReviewSettings,
};
use careergraph::workflows::sample::{SAMPLE_RESUME, SAMPLE_TARGET_ROLE};
use futures::executor::block_on;

/// Fictional; weak openings ("Worked on") the demo revisor rewrites.
const WEAK: &str = "# Lio Brandt\n## Experience\n### Engineer — Quayline (2019–2023)\n- Worked on the ledger service for 3 banks.\n- Worked on design reviews.\n";

#[test]
fn demo_revisions_flag_no_fact() {
    for resume in [SAMPLE_RESUME, WEAK] {
        let settings = ReviewSettings::default();
        let graph = resume_review::graph(Rc::new(demo_model()), settings.clone())
            .compile()
            .unwrap();
        let input = ReviewInput::new(resume, SAMPLE_TARGET_ROLE);
        let state = block_on(graph.invoke(initial_state(&input, &settings), &RunConfig::default()))
            .unwrap()
            .into_state();
        assert!(
            state.ungrounded_facts.is_empty(),
            "{:?}\n{}",
            state.ungrounded_facts,
            state.resume.text
        );
        // Nor does it drop one: the demo rewords, it does not cut.
        assert!(
            state.dropped_facts.is_empty(),
            "{:?}\n{}",
            state.dropped_facts,
            state.resume.text
        );
        if resume == WEAK {
            assert!(
                !state.revision_history.is_empty(),
                "the weak resume is revised"
            );
        }
    }
}
