use leptos::prelude::*;

use crate::ui::i18n::{tr, use_language};

/// Page header with the product name and the button that opens the settings drawer.
#[component]
pub fn Header(drawer_open: RwSignal<bool>) -> impl IntoView {
    let lang = use_language();
    view! {
        <header class="header">
            <a class="skip-link" href="#main">{move || tr(lang.get(), "Skip to content", "跳到正文")}</a>
            <h1 class="header__title">"careergraph"</h1>
            <p class="header__tagline">
                {move || tr(lang.get(), "Multi-agent career workflows that run entirely in your browser.", "完全在浏览器中运行的多智能体求职工作流。")}
            </p>
            <button
                type="button"
                class="button button--ghost"
                data-testid="open-settings"
                aria-controls="settings-drawer"
                aria-expanded=move || drawer_open.get().to_string()
                on:click=move |_| drawer_open.update(|open| *open = !*open)
            >
                {move || tr(lang.get(), "Settings", "设置")}
            </button>
        </header>
    }
}
