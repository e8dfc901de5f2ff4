use leptos::prelude::*;

use crate::ui::app::ProviderSettings;

/// Providers offered in the drawer: (value, label). The demo needs no key and sends nothing anywhere.
const PROVIDERS: &[(&str, &str)] = &[
    ("demo", "Demo (offline heuristics, no key)"),
    ("openai", "OpenAI"),
    ("anthropic", "Anthropic"),
    ("gemini", "Google Gemini"),
    (
        "openai_compatible",
        "OpenAI-compatible (Ollama, LM Studio…)",
    ),
];

/// Side drawer with the provider choice and API key. Escape closes it.
#[component]
pub fn SettingsDrawer(open: RwSignal<bool>) -> impl IntoView {
    let settings = expect_context::<RwSignal<ProviderSettings>>();
    let needs_key =
        move || settings.with(|s| s.provider != "demo" && s.provider != "openai_compatible");

    view! {
        <aside
            id="settings-drawer"
            class="drawer"
            aria-label="Settings"
            data-testid="settings-drawer"
            hidden=move || !open.get()
            on:keydown=move |ev| {
                if ev.key() == "Escape" {
                    open.set(false);
                }
            }
        >
            <h2 class="drawer__title">"Settings"</h2>
            <label class="field">
                <span class="field__label">"Provider"</span>
                <select
                    data-testid="provider"
                    prop:value=move || settings.with(|s| s.provider.clone())
                    on:change=move |ev| settings.update(|s| s.provider = event_target_value(&ev))
                >
                    {PROVIDERS
                        .iter()
                        .map(|(value, label)| view! { <option value=*value>{*label}</option> })
                        .collect_view()}
                </select>
            </label>
            <label class="field">
                <span class="field__label">"API key"</span>
                <input
                    type="password"
                    autocomplete="off"
                    spellcheck="false"
                    data-testid="api-key"
                    placeholder=move || if needs_key() { "Paste your key" } else { "Not needed for this provider" }
                    prop:value=move || settings.with(|s| s.api_key.clone())
                    on:input=move |ev| settings.update(|s| s.api_key = event_target_value(&ev))
                />
                <span class="field__hint">"Your key is sent only to the provider you choose, straight from this page."</span>
            </label>
            <button type="button" class="button" on:click=move |_| open.set(false)>"Close"</button>
        </aside>
    }
}
