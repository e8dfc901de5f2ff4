//! One CSV cell, for every table the app exports (the batch's ranking, the impact ratios).

/// `text` as a CSV cell (RFC 4180 quoting). Text from resumes and people's lists is hostile: a
/// cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a leading
/// apostrophe.
pub fn csv_cell(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}
