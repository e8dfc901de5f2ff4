//! A draft against the resume it came from, line by line (removed lines struck, added highlighted).

use leptos::prelude::*;

use crate::domain::{diff_lines, DiffLine};

#[component]
pub fn DiffView(before: String, after: String, testid: &'static str) -> impl IntoView {
    let lines = diff_lines(&before, &after);
    let changed = lines
        .iter()
        .filter(|l| !matches!(l, DiffLine::Same(_)))
        .count();
    view! {
        <p class="diff__summary">{format!("{changed} changed lines (− removed, + added)")}</p>
        <pre class="diff" data-testid=testid tabindex="0">
            {lines
                .into_iter()
                .map(|line| match line {
                    DiffLine::Same(l) => view! { <span class="diff__line">{format!("  {l}\n")}</span> }.into_any(),
                    DiffLine::Removed(l) => view! { <del class="diff__line diff__line--removed">{format!("- {l}\n")}</del> }.into_any(),
                    DiffLine::Added(l) => view! { <ins class="diff__line diff__line--added">{format!("+ {l}\n")}</ins> }.into_any(),
                })
                .collect_view()}
        </pre>
    }
}
