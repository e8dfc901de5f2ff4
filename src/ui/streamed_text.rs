//! An agent's answer while it streams, as words: what has formed of its JSON (every string and
//! number so far, never braces, quotes or key names) or the free text it wrote instead. For the
//! activity panels; the review's critic cards have their own, richer view.

use leptos::prelude::*;

use crate::domain::streamed_answer::{answer_lines, Shown};
use crate::domain::Language;
use crate::ui::i18n::tr;

/// `streamed` (the text so far) as the page shows it.
pub fn streamed_text(streamed: &str, lang: Language) -> impl IntoView {
    let body = match answer_lines(streamed) {
        Shown::Formed(lines) => lines
            .into_iter()
            .map(|line| view! { <p>{line}</p> })
            .collect_view()
            .into_any(),
        Shown::Text(text) => view! { <p>{text}</p> }.into_any(),
        Shown::Nothing => {
            view! { <p class="card__waiting">{tr(lang, "Writing…", "正在撰写…")}</p> }.into_any()
        }
    };
    view! { <div class="card__stream stream-text" data-testid="streamed-text">{body}</div> }
}
