//! An [`ImpactTable`] as CSV, for a spreadsheet or an auditor's own tools.

use super::{Dimension, ImpactRow, ImpactTable, RateKind};
use crate::domain::export::csv::csv_cell;

/// The dimension as a CSV cell: its serde name, stable across languages.
fn dimension_id(dimension: Dimension) -> &'static str {
    match dimension {
        Dimension::Sex => "sex",
        Dimension::RaceEthnicity => "race_ethnicity",
        Dimension::Intersection => "intersection",
    }
}

fn csv_row(row: &ImpactRow) -> String {
    let ratio = row
        .impact_ratio
        .map(|r| format!("{r:.6}"))
        .unwrap_or_default();
    [
        dimension_id(row.dimension).to_string(),
        csv_cell(&row.category),
        row.count.to_string(),
        row.above_or_selected.to_string(),
        format!("{:.6}", row.rate),
        ratio,
        row.excluded_for_size.to_string(),
        row.flagged.to_string(),
    ]
    .join(",")
}

/// The table as CSV: a header, then each dimension's rows followed by a row with an empty
/// category giving how many people did not report one (the rules ask for that number; its other
/// cells are empty). The fourth column is named for the rate: `selected` or `above_median`.
/// Rates and ratios as fractions with six decimals; a missing ratio is an empty cell. CRLF ends.
pub fn to_csv(table: &ImpactTable) -> String {
    let hits = match table.kind {
        RateKind::Selection => "selected",
        RateKind::Scoring => "above_median",
    };
    let mut out =
        format!("dimension,category,count,{hits},rate,impact_ratio,excluded_for_size,flagged\r\n");
    for dimension in Dimension::ALL {
        for row in table.rows_of(dimension) {
            out.push_str(&csv_row(row));
            out.push_str("\r\n");
        }
        let unknown = table.unknown.of(dimension);
        out.push_str(&format!("{},,{unknown},,,,,\r\n", dimension_id(dimension)));
    }
    out
}
