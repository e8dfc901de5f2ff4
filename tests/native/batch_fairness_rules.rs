//! A batch's impact ratios on hand-built finished states: who is in the scoring sample (screened
//! candidates with a model, everyone with an ATS score without), who is selected (strong hire or
//! hire), and candidates without categories counted as unknown. Every number is worked out by
//! hand in the comments.

use careergraph::domain::fairness::impact::{Dimension, ImpactRow, SelfReported};
use careergraph::domain::hiring::{Evaluation, Recommendation};
use careergraph::workflows::batch_screening::{
    impact_report, AtsResult, BatchCandidate, BatchState, CandidateResult, CandidateStatus,
    ScoreSource,
};

/// A finished model batch by hand: who is scored and who is selected.
fn hand_state() -> BatchState {
    let sex = |s: &str| {
        Some(SelfReported {
            sex: Some(s.into()),
            race_ethnicity: None,
        })
    };
    let given = [sex("F"), sex("M"), sex("F"), sex("F"), None];
    let screened = |id: &str, score: f64, recommendation| CandidateResult {
        id: id.into(),
        status: CandidateStatus::Screened,
        evaluation: Some(Evaluation {
            recommendation,
            overall_score: score,
            ..Evaluation::default()
        }),
        ..CandidateResult::default()
    };
    BatchState {
        candidates: (1..=5)
            .map(|i| BatchCandidate {
                id: format!("c{i}"),
                label: format!("r{i}.md"),
                text: String::new(),
                categories: given[i - 1].clone(),
                variant: None,
            })
            .collect(),
        ats: (1..=5)
            .map(|i| AtsResult {
                id: format!("c{i}"),
                score: 100 - i as u32,
                ..AtsResult::default()
            })
            .collect(),
        results: vec![
            screened("c1", 85.0, Recommendation::StrongHire),
            screened("c2", 70.0, Recommendation::Hire),
            screened("c3", 50.0, Recommendation::Hold),
            CandidateResult {
                id: "c4".into(),
                status: CandidateStatus::Failed,
                error: Some("scripted".into()),
                ..CandidateResult::default()
            },
        ]
        .into(),
        ..BatchState::default()
    }
}

fn row(category: &str, count: usize, hits: usize, ratio: Option<f64>, flagged: bool) -> ImpactRow {
    ImpactRow {
        dimension: Dimension::Sex,
        category: category.into(),
        count,
        above_or_selected: hits,
        rate: hits as f64 / count as f64,
        impact_ratio: ratio,
        excluded_for_size: false,
        flagged,
    }
}

#[test]
fn only_screened_candidates_are_scored_and_only_hire_is_selected() {
    let report = impact_report(&hand_state()).unwrap();
    // Scored: c1 85, c2 70, c3 50 (c4 failed, c5 never screened); median 70, strictly above: c1.
    let scoring = &report.scoring;
    assert_eq!((scoring.assessed, scoring.median), (3, Some(70.0)));
    assert_eq!(
        scoring.rows_of(Dimension::Sex).cloned().collect::<Vec<_>>(),
        [
            row("F", 2, 1, Some(1.0), false),
            row("M", 1, 0, Some(0.0), true)
        ]
    );
    assert_eq!(scoring.unknown.race_ethnicity, 3);
    // Selected: c1 strong hire, c2 hire; c3 hold is not.
    let selection = report.selection.unwrap();
    assert_eq!(selection.assessed, 3);
    assert_eq!(
        selection
            .rows_of(Dimension::Sex)
            .cloned()
            .collect::<Vec<_>>(),
        [
            row("F", 2, 1, Some(0.5), true),
            row("M", 1, 1, Some(1.0), false)
        ]
    );
}

#[test]
fn an_ats_only_state_scores_everyone_with_an_ats_result() {
    let mut state = hand_state();
    state.ats_only = true;
    state.results = Vec::new().into();
    let report = impact_report(&state).unwrap();
    assert_eq!(report.score_source, ScoreSource::Ats);
    // ATS 99, 98, 97, 96, 95: median 97; above it c1 (F) and c2 (M); c5 is unknown.
    assert_eq!(report.scoring.assessed, 5);
    assert_eq!(report.scoring.median, Some(97.0));
    assert_eq!(report.scoring.unknown.sex, 1);
    assert_eq!(
        report
            .scoring
            .rows_of(Dimension::Sex)
            .cloned()
            .collect::<Vec<_>>(),
        [
            row("F", 3, 1, Some(1.0 / 3.0 / 1.0), true),
            row("M", 1, 1, Some(1.0), false)
        ]
    );
}
