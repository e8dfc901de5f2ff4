use leptos::prelude::*;

use crate::domain::Language;
use crate::session::ProviderKind;
use crate::ui::keys::{self, Keys};
use crate::ui::settings::{Settings, AGENTS};

/// Side drawer: provider, model, base URL, API key (per provider), per-agent models and the review
/// settings. Escape or Close hides it and gives focus back to the Settings button.
#[component]
pub fn SettingsDrawer(open: RwSignal<bool>) -> impl IntoView {
    let settings = expect_context::<RwSignal<Settings>>();
    let keys = expect_context::<RwSignal<Keys>>();
    let provider = move || settings.with(|s| s.provider.clone());
    let close = move || {
        open.set(false);
        focus_settings_button();
    };
    let current_key = move || keys.with(|k| k.get(&provider()).cloned().unwrap_or_default());
    let set_key = move |value: String| {
        keys.update(|k| {
            k.insert(provider(), value);
        })
    };
    // Opening the drawer moves focus into it, so keyboard users land on its first field.
    let first_field = NodeRef::<leptos::html::Select>::new();
    Effect::new(move |_| {
        if open.get() {
            if let Some(select) = first_field.get() {
                let _ = select.focus();
            }
        }
    });
    let forget = move |_| {
        keys::forget_keys();
        keys.set(Keys::new());
        settings.update(|s| s.remember_keys = false);
    };

    view! {
        <aside
            id="settings-drawer"
            class="drawer"
            aria-label="Settings"
            data-testid="settings-drawer"
            hidden=move || !open.get()
            on:keydown=move |ev| {
                if ev.key() == "Escape" {
                    close();
                }
            }
        >
            <h2 class="drawer__title">"Settings"</h2>
            <div class="field">
                <label class="field__label" for="provider">"Provider"</label>
                <select
                    id="provider"
                    node_ref=first_field
                    data-testid="provider"
                    prop:value=provider
                    on:change=move |ev| settings.update(|s| s.provider = event_target_value(&ev))
                >
                    {ProviderKind::ALL
                        .iter()
                        .map(|kind| view! { <option value=kind.id()>{kind.label()}</option> })
                        .collect_view()}
                </select>
            </div>
            <div class="field">
                <label class="field__label" for="language">"Language · 语言"</label>
                <select
                    id="language"
                    data-testid="language"
                    aria-describedby="language-hint"
                    prop:value=move || settings.with(|s| s.language().id())
                    on:change=move |ev| settings.update(|s| s.language = event_target_value(&ev))
                >
                    {Language::ALL
                        .iter()
                        .map(|lang| view! { <option value=lang.id()>{lang.label()}</option> })
                        .collect_view()}
                </select>
                <span class="field__hint" id="language-hint">"The app's pages and what the agents write."</span>
            </div>
            <p class="field__hint" hidden=move || provider() != "demo">
                "The demo scores your text with transparent heuristics (keywords, metrics, action verbs, length). No model is called."
            </p>
            <div class="field">
                <label class="field__label" for="api-key">"API key"</label>
                <input
                    id="api-key"
                    aria-describedby="api-key-hint"
                    type="password"
                    autocomplete="off"
                    spellcheck="false"
                    data-testid="api-key"
                    disabled=move || provider() == "demo"
                    placeholder=move || match provider().as_str() {
                        "demo" => "Not needed for the demo",
                        "openai_compatible" => "Optional for local servers",
                        _ => "Paste your key",
                    }
                    prop:value=current_key
                    on:input=move |ev| set_key(event_target_value(&ev))
                />
                <span class="field__hint" id="api-key-hint">"Sent only to the provider you choose, straight from this page. Kept for this tab only unless you tick below."</span>
            </div>
            <label class="field field--inline">
                <input
                    type="checkbox"
                    data-testid="remember-keys"
                    prop:checked=move || settings.with(|s| s.remember_keys)
                    on:change=move |ev| settings.update(|s| s.remember_keys = event_target_checked(&ev))
                />
                <span>"Remember keys on this device"</span>
            </label>
            <p class="field__warning" hidden=move || !settings.with(|s| s.remember_keys)>
                "Anyone using this browser profile can read remembered keys."
            </p>
            <button type="button" class="button" data-testid="forget-keys" on:click=forget>"Forget keys"</button>

            <div class="field">
                <label class="field__label" for="model">"Model"</label>
                <input
                    id="model"
                    type="text"
                    data-testid="model"
                    placeholder="Provider default"
                    prop:value=move || settings.with(|s| s.model.clone())
                    on:input=move |ev| settings.update(|s| s.model = event_target_value(&ev))
                />
            </div>
            <div class="field">
                <label class="field__label" for="base-url">"Base URL"</label>
                <input
                    id="base-url"
                    type="url"
                    data-testid="base-url"
                    placeholder=move || match provider().as_str() {
                        "openai_compatible" => "http://localhost:11434/v1",
                        _ => "Provider default",
                    }
                    prop:value=move || settings.with(|s| s.base_url.clone())
                    on:input=move |ev| settings.update(|s| s.base_url = event_target_value(&ev))
                />
            </div>
            <details class="drawer__section">
                <summary>"Per-agent models"</summary>
                {AGENTS
                    .iter()
                    .map(|(agent, label)| {
                        let agent = *agent;
                        view! {
                            <div class="field">
                                <label class="field__label" for=format!("agent-model-{agent}")>{*label}</label>
                                <input
                                    id=format!("agent-model-{agent}")
                                    type="text"
                                    data-testid=format!("agent-model-{agent}")
                                    placeholder="Same as above"
                                    prop:value=move || settings.with(|s| s.agent_models.get(agent).cloned().unwrap_or_default())
                                    on:input=move |ev| {
                                        let value = event_target_value(&ev);
                                        settings.update(|s| {
                                            if value.trim().is_empty() {
                                                s.agent_models.remove(agent);
                                            } else {
                                                s.agent_models.insert(agent.to_string(), value);
                                            }
                                        })
                                    }
                                />
                            </div>
                        }
                    })
                    .collect_view()}
            </details>
            <fieldset class="drawer__section">
                <legend>"Review"</legend>
                <div class="field">
                    <label class="field__label" for="threshold">"Score threshold (0–10)"</label>
                    <input
                        id="threshold"
                        type="number" min="0" max="10" step="0.1"
                        data-testid="threshold"
                        prop:value=move || settings.with(|s| s.threshold.to_string())
                        on:change=move |ev| {
                            if let Ok(v) = event_target_value(&ev).parse::<f64>() {
                                settings.update(|s| s.threshold = v.clamp(0.0, 10.0));
                            }
                        }
                    />
                </div>
                <div class="field">
                    <label class="field__label" for="max-iterations">"Max iterations"</label>
                    <input
                        id="max-iterations"
                        type="number" min="1" max="10" step="1"
                        data-testid="max-iterations"
                        prop:value=move || settings.with(|s| s.max_iterations.to_string())
                        on:change=move |ev| {
                            if let Ok(v) = event_target_value(&ev).parse::<u32>() {
                                settings.update(|s| s.max_iterations = v.clamp(1, 10));
                            }
                        }
                    />
                </div>
                <label class="field field--inline">
                    <input
                        type="checkbox"
                        data-testid="design-review"
                        prop:checked=move || settings.with(|s| s.design_review)
                        on:change=move |ev| settings.update(|s| s.design_review = event_target_checked(&ev))
                    />
                    <span>"Design review at the end"</span>
                </label>
            </fieldset>
            <button type="button" class="button" on:click=move |_| close()>"Close"</button>
        </aside>
    }
}

fn focus_settings_button() {
    use wasm_bindgen::JsCast;
    let button = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| {
            d.query_selector("[data-testid=open-settings]")
                .ok()
                .flatten()
        })
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(button) = button {
        let _ = button.focus();
    }
}
