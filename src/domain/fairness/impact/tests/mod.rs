//! Tests of the rates and ratios (`rates`) and of the exports (`exports`), over one hand-computed
//! sample and small made-up lists.

mod exports;
mod rates;

use super::*;

/// One person; an empty `sex` or `race` is a category not reported.
fn person(sex: &str, race: &str, score: f64, selected: bool) -> Assessed {
    let reported = |text: &str| (!text.is_empty()).then(|| text.to_string());
    Assessed {
        categories: SelfReported {
            sex: reported(sex),
            race_ethnicity: reported(race),
        },
        score: Some(score),
        selected: Some(selected),
    }
}

fn row<'a>(table: &'a ImpactTable, dimension: Dimension, category: &str) -> &'a ImpactRow {
    table
        .rows
        .iter()
        .find(|r| r.dimension == dimension && r.category == category)
        .unwrap_or_else(|| panic!("no row {dimension:?} {category}"))
}

fn close(actual: f64, expected: f64) -> bool {
    (actual - expected).abs() < 1e-12
}

/// Checks a row's counts, rate and ratio: `ratio` None means no ratio.
fn check(
    table: &ImpactTable,
    dimension: Dimension,
    category: &str,
    (count, hits): (usize, usize),
    rate: f64,
    ratio: Option<f64>,
    flagged: bool,
) {
    let r = row(table, dimension, category);
    assert_eq!((r.count, r.above_or_selected), (count, hits), "{category}");
    assert!(
        close(r.rate, rate),
        "{category}: rate {} not {rate}",
        r.rate
    );
    match (r.impact_ratio, ratio) {
        (Some(actual), Some(expected)) => assert!(
            close(actual, expected),
            "{category}: ratio {actual} not {expected}"
        ),
        (actual, expected) => assert_eq!(actual, expected, "{category}"),
    }
    assert_eq!(r.flagged, flagged, "{category}: flag");
    assert!(!r.excluded_for_size, "{category}");
}

/// The hand-computed sample: 20 people, two of them with no sex reported, two with no
/// race/ethnicity reported. Scores are all different; `selected` is the tool's decision.
///
/// ```text
///  #  sex     race   score selected     #  sex     race   score selected
///  1  Female  Asian   90   yes         11  Male    Black   75   yes
///  2  Female  Asian   85   yes         12  Male    Black   65   no
///  3  Female  Black   60   no          13  Male    White   88   yes
///  4  Female  Black   72   yes         14  Male    White   77   yes
///  5  Female  White   55   no          15  Male    White   62   no
///  6  Female  White   68   no          16  Male    —       58   no
///  7  Female  —       80   no          17  —       White   82   yes
///  8  Female  White   50   no          18  —       Black   45   no
///  9  Male    Asian   40   no          19  Male    White   70   no
/// 10  Male    Asian   95   yes         20  Female  Black   52   no
/// ```
fn sample() -> Vec<Assessed> {
    [
        ("Female", "Asian", 90.0, true),
        ("Female", "Asian", 85.0, true),
        ("Female", "Black", 60.0, false),
        ("Female", "Black", 72.0, true),
        ("Female", "White", 55.0, false),
        ("Female", "White", 68.0, false),
        ("Female", "", 80.0, false),
        ("Female", "White", 50.0, false),
        ("Male", "Asian", 40.0, false),
        ("Male", "Asian", 95.0, true),
        ("Male", "Black", 75.0, true),
        ("Male", "Black", 65.0, false),
        ("Male", "White", 88.0, true),
        ("Male", "White", 77.0, true),
        ("Male", "White", 62.0, false),
        ("Male", "", 58.0, false),
        ("", "White", 82.0, true),
        ("", "Black", 45.0, false),
        ("Male", "White", 70.0, false),
        ("Female", "Black", 52.0, false),
    ]
    .into_iter()
    .map(|(sex, race, score, selected)| person(sex, race, score, selected))
    .collect()
}
