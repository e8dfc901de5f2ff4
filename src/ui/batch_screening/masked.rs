//! What blind screening took out of one candidate's resume before any model read it: a line of
//! counts by kind, and the resume as the models read it, opened on demand (computed then, from
//! the resume and the run's options, so the run keeps no second copy of every resume).

use leptos::prelude::*;

use crate::domain::blind::{describe, mask_resume, MaskCount};
use crate::ui::i18n::{tr, use_language};
use crate::workflows::batch_screening::BatchState;

#[component]
pub fn MaskedNote(
    state: StoredValue<BatchState>,
    id: String,
    masked: Vec<MaskCount>,
) -> impl IntoView {
    let lang = use_language();
    let blind = state.with_value(|s| s.blind);
    let Some(options) = blind else {
        return view! {
            <p class="batch-packet__blind" data-testid="batch-masked" data-blind="off">
                {move || tr(lang.get(), "Blind screening was off: the resume parser read this resume as given (later steps without the name and contact details).", "盲筛已关闭：简历解析读取了原始简历（后续步骤不含姓名和联系方式）。")}
            </p>
        }
        .into_any();
    };
    let opened = RwSignal::new(false);
    let text = Memo::new(move |_| {
        opened.get().then(|| {
            state.with_value(|s| {
                s.candidates
                    .iter()
                    .find(|c| c.id == id)
                    .map(|c| mask_resume(&c.text, &options).text)
                    .unwrap_or_default()
            })
        })
    });
    let count = masked.len();
    view! {
        <div class="batch-packet__blind" data-testid="batch-masked" data-blind="on" data-kinds=count>
            <p>
                {move || {
                    let lang = lang.get();
                    let what = describe(&masked, lang);
                    if what.is_empty() {
                        tr(lang, "Blind screening: nothing personal was found to mask.", "盲筛：未发现需遮蔽的个人信息。").to_string()
                    } else {
                        format!("{} {what}", tr(lang, "Masked before any model read it:", "模型读取前已遮蔽："))
                    }
                }}
            </p>
            <button type="button" class="button button--link" data-testid="batch-masked-open"
                aria-expanded=move || opened.get().to_string()
                on:click=move |_| opened.update(|o| *o = !*o)>
                {move || if opened.get() {
                    tr(lang.get(), "Hide what the models read", "隐藏模型读取的内容")
                } else {
                    tr(lang.get(), "Show what the models read", "显示模型读取的内容")
                }}
            </button>
            {move || text.get().map(|text| view! {
                <pre class="batch-packet__masked-text" data-testid="batch-masked-text">{text}</pre>
            })}
        </div>
    }
    .into_any()
}
