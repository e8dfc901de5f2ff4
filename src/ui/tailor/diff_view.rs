//! A draft against the resume it came from, line by line (removed lines struck, added
//! highlighted). Compact at first: the changed lines with a few lines of context, the rest folded
//! into "… N unchanged lines", and a button that shows the whole text.

use leptos::prelude::*;

use crate::domain::diff::{compact_diff, CompactLine};
use crate::domain::{diff_lines, DiffLine};
use crate::ui::i18n::{counted, tr, use_language};

/// Unchanged lines kept above and below each change in the compact view.
const CONTEXT_LINES: usize = 2;

fn line_view(line: DiffLine) -> AnyView {
    match line {
        DiffLine::Same(l) => view! { <span class="diff__line">{format!("  {l}\n")}</span> }.into_any(),
        DiffLine::Removed(l) => view! { <del class="diff__line diff__line--removed" data-changed="">{format!("- {l}\n")}</del> }.into_any(),
        DiffLine::Added(l) => view! { <ins class="diff__line diff__line--added" data-changed="">{format!("+ {l}\n")}</ins> }.into_any(),
    }
}

#[component]
pub fn DiffView(before: String, after: String, testid: &'static str) -> impl IntoView {
    let lang = use_language();
    let lines = diff_lines(&before, &after);
    let changed = lines
        .iter()
        .filter(|l| !matches!(l, DiffLine::Same(_)))
        .count();
    let compact = compact_diff(&lines, CONTEXT_LINES);
    let foldable = compact.iter().any(|l| matches!(l, CompactLine::Skipped(_)));
    let show_all = RwSignal::new(false);
    let body = move || {
        let lang = lang.get();
        if show_all.get() {
            lines
                .clone()
                .into_iter()
                .map(line_view)
                .collect_view()
                .into_any()
        } else {
            compact
                .clone()
                .into_iter()
                .map(|line| match line {
                    CompactLine::Line(line) => line_view(line),
                    CompactLine::Skipped(n) => {
                        let text = counted(lang, n, "unchanged line", "unchanged lines", "行未改动");
                        view! { <span class="diff__line diff__line--skipped">{format!("  … {text}\n")}</span> }.into_any()
                    }
                })
                .collect_view()
                .into_any()
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
