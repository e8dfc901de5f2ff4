//! The batch page's table helpers (`ui::batch::table`): sorting by a clicked header and
//! filtering by text and recommendation.

use careergraph::domain::hiring::Recommendation;
use careergraph::ui::batch::table::{filtered, sorted, Sort, SortKey};
use careergraph::workflows::batch_screening::RankedRow;
use wasm_bindgen_test::wasm_bindgen_test;

fn row(
    rank: u32,
    label: &str,
    overall: Option<f64>,
    ats: u32,
    rec: Option<Recommendation>,
) -> RankedRow {
    RankedRow {
        rank,
        id: format!("c{rank}"),
        label: label.into(),
        overall_score: overall,
        ats_score: ats,
        recommendation: rec,
        missing_must_haves: vec![format!("skill-of-{label}")],
        ..RankedRow::default()
    }
}

fn rows() -> Vec<RankedRow> {
    vec![
        row(
            1,
            "bravo.md",
            Some(81.0),
            40,
            Some(Recommendation::StrongHire),
        ),
        row(2, "alpha.md", Some(60.0), 90, Some(Recommendation::Hold)),
        row(3, "charlie.md", None, 70, None),
    ]
}

fn ids(rows: &[RankedRow]) -> Vec<&str> {
    rows.iter().map(|r| r.id.as_str()).collect()
}

#[wasm_bindgen_test]
fn a_clicked_score_header_sorts_best_first_and_a_second_click_flips_it() {
    let ats = Sort::default().clicked(SortKey::Ats);
    assert_eq!(ids(&sorted(rows(), ats)), ["c2", "c3", "c1"]);
    assert_eq!(
        ids(&sorted(rows(), ats.clicked(SortKey::Ats))),
        ["c1", "c3", "c2"]
    );
    // Unscreened rows (no overall score) sort below every screened one.
    let overall = Sort::default().clicked(SortKey::Overall);
    assert_eq!(ids(&sorted(rows(), overall)), ["c1", "c2", "c3"]);
    let names = Sort::default().clicked(SortKey::Candidate);
    assert_eq!(ids(&sorted(rows(), names)), ["c2", "c1", "c3"]);
    let rec = Sort::default().clicked(SortKey::Recommendation);
    assert_eq!(ids(&sorted(rows(), rec)), ["c1", "c2", "c3"]);
    assert_eq!(ids(&sorted(rows(), Sort::default())), ["c1", "c2", "c3"]);
}

#[wasm_bindgen_test]
fn filters_match_text_in_any_case_and_the_recommendation() {
    assert_eq!(ids(&filtered(rows(), "ALPHA", "")), ["c2"]);
    assert_eq!(ids(&filtered(rows(), "skill-of-charlie", "")), ["c3"]);
    assert_eq!(ids(&filtered(rows(), "", "strong_hire")), ["c1"]);
    assert_eq!(ids(&filtered(rows(), "", "none")), ["c3"]);
    assert_eq!(ids(&filtered(rows(), "  ", "")), ["c1", "c2", "c3"]);
    assert!(filtered(rows(), "bravo", "hold").is_empty());
}
