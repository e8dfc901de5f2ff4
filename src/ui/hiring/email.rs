//! The email draft with a Copy button. The Clipboard API may be missing (an http page other than
//! localhost, an old browser) or refused: then the page says how to copy by hand, and the text
//! stays selectable in its box.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::domain::hiring::EmailDraft;
use crate::ui::i18n::{tr, use_language};

/// `navigator.clipboard.writeText(text)`, looked up at run time (no web-sys feature needed, and
/// a missing API is an `Err`, not a crash).
async fn write_clipboard(text: &str) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or(JsValue::NULL)?;
    let navigator = js_sys::Reflect::get(&window, &"navigator".into())?;
    let clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into())?;
    if clipboard.is_undefined() || clipboard.is_null() {
        return Err(JsValue::NULL);
    }
    let write: js_sys::Function =
        js_sys::Reflect::get(&clipboard, &"writeText".into())?.dyn_into()?;
    let promise: js_sys::Promise = write.call1(&clipboard, &text.into())?.dyn_into()?;
    JsFuture::from(promise).await.map(|_| ())
}

#[derive(Clone, Copy, PartialEq)]
enum CopyState {
    Idle,
    Copied,
    Failed,
}

#[component]
pub fn EmailCard(email: EmailDraft) -> impl IntoView {
    let lang = use_language();
    let state = RwSignal::new(CopyState::Idle);
    let text = StoredValue::new(email.full_text(lang.get_untracked()));
    let copy = move |_| {
        state.set(CopyState::Idle);
        leptos::task::spawn_local(async move {
            let result = write_clipboard(&text.get_value()).await;
            state.set(if result.is_ok() {
                CopyState::Copied
            } else {
                CopyState::Failed
            });
        });
    };
    view! {
        <p class="email__meta">
            {move || tr(lang.get(), "To: ", "收件人：")}{email.recipient.clone()}
        </p>
        <p class="email__meta" data-testid="email-subject">
            {move || tr(lang.get(), "Subject: ", "主题：")}<strong>{email.subject.clone()}</strong>
        </p>
        <label class="field__label" for="email-body">{move || tr(lang.get(), "Email body", "邮件正文")}</label>
        <textarea autocomplete="off"
            id="email-body"
            class="field__input email__body"
            data-testid="email-body"
            readonly
            rows="10"
            prop:value=email.body.clone()
        ></textarea>
        <div class="email__actions">
            <button type="button" class="button" data-testid="copy-email" on:click=copy>
                {move || tr(lang.get(), "Copy email", "复制邮件")}
            </button>
            <span role="status" aria-live="polite" data-testid="copy-status">
                {move || match state.get() {
                    CopyState::Idle => "",
                    CopyState::Copied => tr(lang.get(), "Copied to the clipboard.", "已复制到剪贴板。"),
                    CopyState::Failed => tr(
                        lang.get(),
                        "Copying is not available here: select the text in the box and press Ctrl+C (⌘C on a Mac).",
                        "此处无法自动复制：请选中文本框中的内容，按 Ctrl+C（Mac 上按 ⌘C）。",
                    ),
                }}
            </span>
        </div>
    }
}
