//! Line diff for the before/after view of a revised resume: longest common subsequence over lines,
//! which is exact and fast enough for resumes (a few hundred lines). Hand-written because the
//! crates that do this add 15–70 KB gzipped to the browser build for one view.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", content = "line", rename_all = "lowercase")]
pub enum DiffLine {
    Same(String),
    Removed(String),
    Added(String),
}

/// Above this many lines on both sides the table would be large; the diff degrades to
/// "all removed, all added", which is still correct, just not minimal.
const MAX_LINES: usize = 4_000;

/// The lines of `after` compared with `before`, in reading order: removals before additions
/// where a line was replaced.
pub fn diff_lines(before: &str, after: &str) -> Vec<DiffLine> {
    let a: Vec<&str> = before.lines().collect();
    let b: Vec<&str> = after.lines().collect();
    if a.len() > MAX_LINES || b.len() > MAX_LINES {
        let removed = a.iter().map(|l| DiffLine::Removed(l.to_string()));
        return removed
            .chain(b.iter().map(|l| DiffLine::Added(l.to_string())))
            .collect();
    }
    // lcs[i][j] = length of the LCS of a[i..] and b[j..], filled from the end.
    let width = b.len() + 1;
    let mut lcs = vec![0u32; (a.len() + 1) * width];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i * width + j] = if a[i] == b[j] {
                lcs[(i + 1) * width + j + 1] + 1
            } else {
                lcs[(i + 1) * width + j].max(lcs[i * width + j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, Vec::with_capacity(a.len().max(b.len())));
    while i < a.len() && j < b.len() {
        if a[i] == b[j] {
            out.push(DiffLine::Same(a[i].to_string()));
            i += 1;
            j += 1;
        } else if lcs[(i + 1) * width + j] >= lcs[i * width + j + 1] {
            out.push(DiffLine::Removed(a[i].to_string()));
            i += 1;
        } else {
            out.push(DiffLine::Added(b[j].to_string()));
            j += 1;
        }
    }
    out.extend(a[i..].iter().map(|l| DiffLine::Removed(l.to_string())));
    out.extend(b[j..].iter().map(|l| DiffLine::Added(l.to_string())));
    out
}

/// A line of a compact diff: a line shown, or how many unchanged lines stand in its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompactLine {
    Line(DiffLine),
    Skipped(usize),
}

/// The changed lines of `lines` with at most `context` unchanged lines around each change; the
/// other unchanged lines are folded into `Skipped` runs (what a reader needs to see the change,
/// not the whole resume). A run shorter than two lines is shown rather than folded.
pub fn compact_diff(lines: &[DiffLine], context: usize) -> Vec<CompactLine> {
    let changed: Vec<usize> = (0..lines.len())
        .filter(|&i| !matches!(lines[i], DiffLine::Same(_)))
        .collect();
    let near_change = |i: usize| changed.iter().any(|&c| c.abs_diff(i) <= context);
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if near_change(i) || !matches!(lines[i], DiffLine::Same(_)) {
            out.push(CompactLine::Line(lines[i].clone()));
            i += 1;
            continue;
        }
        let start = i;
        while i < lines.len() && !near_change(i) {
            i += 1;
        }
        if i - start < 2 {
            out.extend(lines[start..i].iter().cloned().map(CompactLine::Line));
        } else {
            out.push(CompactLine::Skipped(i - start));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_compact_diff_keeps_changes_with_their_context_and_folds_the_rest() {
        let before: Vec<String> = (1..=20).map(|n| format!("line {n}")).collect();
        let mut after = before.clone();
        after[9] = "line 10, rewritten".into();
        let lines = diff_lines(&before.join("\n"), &after.join("\n"));
        let compact = compact_diff(&lines, 2);
        assert_eq!(compact.first(), Some(&CompactLine::Skipped(7)));
        assert_eq!(compact.last(), Some(&CompactLine::Skipped(8)));
        let shown: Vec<_> = compact
            .iter()
            .filter_map(|l| match l {
                CompactLine::Line(line) => Some(line.clone()),
                CompactLine::Skipped(_) => None,
            })
            .collect();
        assert_eq!(shown.len(), 2 + 2 + 2);
        assert_eq!(shown[2], DiffLine::Removed("line 10".into()));
        assert_eq!(shown[3], DiffLine::Added("line 10, rewritten".into()));
    }

    #[test]
    fn a_compact_diff_of_unchanged_text_is_one_fold_and_a_single_line_is_shown() {
        let lines = diff_lines("a\nb\nc", "a\nb\nc");
        assert_eq!(compact_diff(&lines, 2), vec![CompactLine::Skipped(3)]);
        let lines = diff_lines("a\nb\nc\nd", "a\nB\nc\nd");
        // One unchanged line beyond the context is shown, not folded into "1 line".
        assert_eq!(compact_diff(&lines, 1).len(), 5);
    }

    #[test]
    fn unchanged_text_is_all_same() {
        let d = diff_lines("a\nb", "a\nb");
        assert_eq!(
            d,
            vec![DiffLine::Same("a".into()), DiffLine::Same("b".into())]
        );
    }

    #[test]
    fn a_replaced_line_is_removed_then_added() {
        let d = diff_lines(
            "# Name\n- Worked on billing\n- Led team",
            "# Name\n- Built billing\n- Led team",
        );
        assert_eq!(
            d,
            vec![
                DiffLine::Same("# Name".into()),
                DiffLine::Removed("- Worked on billing".into()),
                DiffLine::Added("- Built billing".into()),
                DiffLine::Same("- Led team".into()),
            ]
        );
    }

    #[test]
    fn insertions_and_deletions_at_the_ends() {
        let d = diff_lines("x\ny", "y\nz");
        assert_eq!(
            d,
            vec![
                DiffLine::Removed("x".into()),
                DiffLine::Same("y".into()),
                DiffLine::Added("z".into())
            ]
        );
        assert_eq!(diff_lines("", "a"), vec![DiffLine::Added("a".into())]);
        assert_eq!(diff_lines("a", ""), vec![DiffLine::Removed("a".into())]);
    }
}
