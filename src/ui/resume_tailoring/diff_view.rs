//! A draft against the resume it came from, line by line (removed lines struck, added
//! highlighted). Compact at first: the changed lines with a few lines of context, the rest folded
//! into "… N unchanged lines", and a button that shows the whole text.

use leptos::prelude::*;

use crate::domain::diff::{compact_diff, CompactLine};
use crate::domain::facts::Fact;
use crate::domain::grounding::{line_pieces, Piece};
use crate::domain::{diff_lines, DiffLine};
use crate::ui::components::{marked_line, FactDecisions};
use crate::ui::i18n::{counted, tr, use_language};

/// Unchanged lines kept above and below each change in the compact view.
const CONTEXT_LINES: usize = 2;

/// Facts of the `after` text to mark in the diff, with the user's decisions.
#[derive(Clone)]
pub struct FactMarks {
    pub facts: Vec<Fact>,
    pub decisions: FactDecisions,
}

/// The pieces of the `after` lines, one entry per line, facts cut out (no facts: `None`).
pub(crate) struct AfterLines {
    pieces: Vec<Vec<Piece>>,
    marks: Option<FactMarks>,
}

impl AfterLines {
    pub(crate) fn new(after: &str, marks: Option<FactMarks>) -> Self {
        let pieces = marks
            .as_ref()
            .filter(|m| !m.facts.is_empty())
            .map(|m| line_pieces(after, &m.facts))
            .unwrap_or_default();
        AfterLines { pieces, marks }
    }

    /// The body of after-line `index` holding `text`: its facts marked, or the text as is.
    fn body(&self, index: usize, text: String) -> AnyView {
        match (&self.marks, self.pieces.get(index)) {
            (Some(marks), Some(pieces)) => {
                marked_line(pieces.clone(), &marks.facts, marks.decisions)
            }
            _ => text.into_any(),
        }
    }
}

/// One diff line; `after_index` is the line's index in the `after` text (for its marks), and
/// advances past Same and Added lines.
pub(crate) fn line_view(line: DiffLine, after: &AfterLines, after_index: &mut usize) -> AnyView {
    match line {
        DiffLine::Same(l) => {
            let body = after.body(*after_index, l);
            *after_index += 1;
            view! { <span class="diff__line">"  "{body}"\n"</span> }.into_any()
        }
        DiffLine::Removed(l) => view! { <del class="diff__line diff__line--removed" data-changed="">{format!("- {l}\n")}</del> }.into_any(),
        DiffLine::Added(l) => {
            let body = after.body(*after_index, l);
            *after_index += 1;
            view! { <ins class="diff__line diff__line--added" data-changed="">"+ "{body}"\n"</ins> }.into_any()
        }
    }
}

#[component]
pub fn DiffView(
    before: String,
    after: String,
    testid: &'static str,
    /// Facts of `after` to mark where they stand.
    #[prop(optional)]
    marks: Option<FactMarks>,
) -> impl IntoView {
    let lang = use_language();
    let lines = diff_lines(&before, &after);
    let after_lines = StoredValue::new_local(AfterLines::new(&after, marks));
    let changed = lines
        .iter()
        .filter(|l| !matches!(l, DiffLine::Same(_)))
        .count();
    let compact = compact_diff(&lines, CONTEXT_LINES);
    let foldable = compact.iter().any(|l| matches!(l, CompactLine::Skipped(_)));
    let show_all = RwSignal::new(false);
    let body = move || {
        let lang = lang.get();
        let mut index = 0;
        if show_all.get() {
            after_lines.with_value(|after| {
                lines
                    .clone()
                    .into_iter()
                    .map(|line| line_view(line, after, &mut index))
                    .collect_view()
                    .into_any()
            })
        } else {
            after_lines.with_value(|after| compact
                .clone()
                .into_iter()
                .map(|line| match line {
                    CompactLine::Line(line) => line_view(line, after, &mut index),
                    CompactLine::Skipped(n) => {
                        index += n;
                        let text = counted(lang, n, "unchanged line", "unchanged lines", "行未改动");
                        view! { <span class="diff__line diff__line--skipped">{format!("  … {text}\n")}</span> }.into_any()
                    }
                })
                .collect_view()
                .into_any())
        }
    };
    view! {
        <p class="diff__summary">
            {move || {
                let lang = lang.get();
                let what = counted(lang, changed, "changed line", "changed lines", "行改动");
                format!("{what} {}", tr(lang, "(− removed, + added)", "（− 删除，+ 新增）"))
            }}
            {foldable.then(|| view! {
                <button
                    type="button"
                    class="button button--link diff__toggle"
                    data-testid=format!("{testid}-toggle")
                    aria-pressed=move || show_all.get().to_string()
                    on:click=move |_| show_all.update(|all| *all = !*all)
                >
                    {move || if show_all.get() {
                        tr(lang.get(), "Show changes only", "只看改动")
                    } else {
                        tr(lang.get(), "Show all", "显示全文")
                    }}
                </button>
            })}
        </p>
        <pre class="diff" data-testid=testid tabindex="0">{body}</pre>
    }
}
