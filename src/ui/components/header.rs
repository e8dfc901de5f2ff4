use leptos::prelude::*;

/// Page header with the product name and the button that opens the settings drawer.
#[component]
pub fn Header(drawer_open: RwSignal<bool>) -> impl IntoView {
    view! {
        <header class="header">
            <a class="skip-link" href="#main">"Skip to content"</a>
            <h1 class="header__title">"careergraph"</h1>
            <p class="header__tagline">"Multi-agent career workflows that run entirely in your browser."</p>
            <button
                type="button"
                class="button button--ghost"
                data-testid="open-settings"
                aria-controls="settings-drawer"
                aria-expanded=move || drawer_open.get().to_string()
                on:click=move |_| drawer_open.update(|open| *open = !*open)
            >
                "Settings"
            </button>
        </header>
    }
}
