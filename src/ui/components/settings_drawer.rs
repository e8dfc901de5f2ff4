use leptos::prelude::*;

use super::setting_inputs::{check_setting, number_setting, CheckSetting, NumberSetting};
use crate::domain::Language;
use crate::session::{default_base_url, host_to_confirm, ProviderKind};
use crate::ui::components::{cycle_focus, InTabModels};
use crate::ui::i18n::{tr, use_language};
use crate::ui::keys::{self, Keys};
use crate::ui::settings::Settings;

/// The settings drawer as a lazily loaded chunk in the split app (`split` feature, see
/// `ui::pages`): the first paint shows the Settings button only; the drawer's code loads the first
/// time it opens.
#[cfg_attr(feature = "split", leptos::lazy)]
pub async fn settings_drawer(open: RwSignal<bool>) -> AnyView {
    view! { <SettingsDrawer open=open /> }.into_any()
}

/// Side drawer: provider, model, base URL, API key (per provider), per-agent models and the review
/// settings. Escape (wherever focus is) or Close hides it and gives focus back to the Settings
/// button; while it is open, Tab and Shift+Tab cycle inside it.
#[component]
fn SettingsDrawer(open: RwSignal<bool>) -> impl IntoView {
    let settings = expect_context::<RwSignal<Settings>>();
    let keys = expect_context::<RwSignal<Keys>>();
    let provider = move || settings.with(|s| s.provider.clone());
    let lang = use_language();
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
    // Opening the drawer moves focus into it, so keyboard users land on its first field. In the
    // next frame: the first time, the drawer is built when its chunk arrives and is not in the
    // document yet when this runs.
    let first_field = NodeRef::<leptos::html::Select>::new();
    Effect::new(move |_| {
        if open.get() {
            if let Some(select) = first_field.get() {
                request_animation_frame(move || {
                    if open.get_untracked() {
                        let _ = select.focus();
                    }
                });
            }
        }
    });
    // Escape closes the drawer wherever focus is: a listener on the drawer alone stops hearing it
    // once focus has left (a click on the page). A dialog that handled Escape keeps it.
    let escape = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && !ev.default_prevented() && open.get_untracked() {
            close();
        }
    });
    on_cleanup(move || escape.remove());
    let drawer = NodeRef::<leptos::html::Aside>::new();
    let keep_tab_inside = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Tab" {
            if let Some(drawer) = drawer.get_untracked() {
                cycle_focus(&drawer, &ev);
            }
        }
    };
    let forget = move |_| {
        keys::forget_keys();
        keys.set(Keys::new());
        settings.update(|s| s.remember_keys = false);
    };

    view! {
        <aside
            id="settings-drawer"
            class="drawer"
            aria-label=move || tr(lang.get(), "Settings", "设置")
            data-testid="settings-drawer"
            hidden=move || !open.get()
            node_ref=drawer
            on:keydown=keep_tab_inside
        >
            <h2 class="drawer__title">{move || tr(lang.get(), "Settings", "设置")}</h2>
            <div class="field">
                <label class="field__label" for="provider">{move || tr(lang.get(), "Provider", "模型服务")}</label>
                <select autocomplete="off"
                    id="provider"
                    node_ref=first_field
                    data-testid="provider"
                    prop:value=provider
                    on:change=move |ev| settings.update(|s| s.provider = event_target_value(&ev))
                >
                    {ProviderKind::ALL
                        .iter()
                        .map(|kind| {
                            let kind = *kind;
                            let label = move || match (kind.id(), lang.get()) {
                                ("demo", crate::domain::Language::Zh) => "演示（离线启发式，无需密钥）",
                                ("openai_compatible", crate::domain::Language::Zh) => {
                                    "OpenAI 兼容接口（Ollama、LM Studio…）"
                                }
                                ("in_tab", crate::domain::Language::Zh) => "在此浏览器中运行（实验性）",
                                _ => kind.label(),
                            };
                            view! { <option value=kind.id()>{label}</option> }
                        })
                        .collect_view()}
                </select>
            </div>
            <div class="field">
                <label class="field__label" for="language">"Language · 语言"</label>
                <select autocomplete="off"
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
                <span class="field__hint" id="language-hint">{move || tr(lang.get(), "The app's pages and what the agents write.", "应用界面以及智能体输出所用的语言。")}</span>
            </div>
            <p class="field__hint" hidden=move || provider() != "demo">
                {move || tr(lang.get(), "The demo scores your text with transparent heuristics (keywords, metrics, action verbs, length). No model is called.", "演示模式用透明的启发式规则（关键词、量化数据、动作动词、篇幅）为你的文本评分，不调用任何模型。")}
            </p>
            <Show when=move || provider() == "in_tab">
                <InTabModels settings=settings lang=lang />
            </Show>
            <div class="field" hidden=move || provider() == "in_tab">
                <label class="field__label" for="api-key">{move || tr(lang.get(), "API key", "API 密钥")}</label>
                <input
                    id="api-key"
                    aria-describedby="api-key-hint"
                    type="password"
                    autocomplete="off"
                    spellcheck="false"
                    data-testid="api-key"
                    disabled=move || provider() == "demo"
                    placeholder=move || {
                        let lang = lang.get();
                        match provider().as_str() {
                            "demo" => tr(lang, "Not needed for the demo", "演示模式无需密钥"),
                            "openai_compatible" => tr(lang, "Optional for local servers", "本地服务器可不填"),
                            _ => tr(lang, "Paste your key", "粘贴你的密钥"),
                        }
                    }
                    prop:value=current_key
                    on:input=move |ev| set_key(event_target_value(&ev))
                />
                <span class="field__hint" id="api-key-hint">{move || tr(lang.get(), "Sent only to the provider you choose, straight from this page. Kept for this tab only unless you tick below.", "只会从本页面直接发送给你选择的服务商。除非勾选下方选项，否则只在当前标签页中保留。")}</span>
            </div>
            {check_setting(settings, lang, CheckSetting {
                testid: "remember-keys", label: ("Remember keys on this device", "在此设备上记住密钥"),
                get: |s| s.remember_keys,
                set: |s, on| s.remember_keys = on,
                hidden: Signal::derive(move || provider() == "in_tab"),
            })}
            <p class="field__warning" hidden=move || !settings.with(|s| s.remember_keys)>
                {move || tr(lang.get(), "Anyone using this browser profile can read remembered keys.", "使用此浏览器配置文件的任何人都能读取已记住的密钥。")}
            </p>
            <button type="button" class="button" data-testid="forget-keys" hidden=move || provider() == "in_tab" on:click=forget>{move || tr(lang.get(), "Forget keys", "清除密钥")}</button>

            <div class="field" hidden=move || provider() == "in_tab">
                <label class="field__label" for="model">{move || tr(lang.get(), "Model", "模型")}</label>
                <input autocomplete="off"
                    id="model"
                    type="text"
                    data-testid="model"
                    placeholder=move || tr(lang.get(), "Provider default", "服务商默认")
                    prop:value=move || settings.with(|s| s.model.clone())
                    on:input=move |ev| settings.update(|s| s.model = event_target_value(&ev))
                />
            </div>
            <BaseUrlField settings=settings lang=lang />
            <div class="field" hidden=move || settings.with(Settings::provider_kind) == ProviderKind::Demo>
                <label class="field__label" for="max-answer-tokens">{move || tr(lang.get(), "Longest answer (tokens)", "最长回答（token 数）")}</label>
                <input autocomplete="off"
                    id="max-answer-tokens"
                    type="number" min="128" max="32000" step="1"
                    data-testid="max-answer-tokens"
                    aria-describedby="max-answer-tokens-hint"
                    placeholder=move || tr(lang.get(), "As long as needed", "按需")
                    prop:value=move || settings.with(|s| match s.max_answer_tokens {
                        0 => String::new(),
                        n => n.to_string(),
                    })
                    on:change=move |ev| {
                        let value = event_target_value(&ev);
                        let tokens = value.trim().parse::<u32>().map_or(0, |n| n.clamp(128, 32_000));
                        settings.update(|s| s.max_answer_tokens = tokens);
                    }
                />
                <span class="field__hint" id="max-answer-tokens-hint">{move || tr(lang.get(), "For a slow local model, e.g. 300: every agent answers sooner, with shorter lists and texts. Empty: no limit.", "适用于较慢的本地模型，例如 300：每个智能体回答更快，列表和文字更短。留空：不限制。")}</span>
            </div>
            <details class="drawer__section">
                <summary>{move || tr(lang.get(), "Per-agent models", "按智能体指定模型")}</summary>
                {crate::workflows::model_agents()
                    .into_iter()
                    .filter(|(_, agents)| !agents.is_empty())
                    .map(|(workflow, agents)| {
                        let title_id = format!("agent-models-{}", workflow.id);
                        let labelled_by = title_id.clone();
                        view! {
                            <div class="drawer__agents" role="group" aria-labelledby=labelled_by>
                                <p class="drawer__agents-title" id=title_id>{move || workflow.title.get(lang.get())}</p>
                                {agents
                                    .into_iter()
                                    .map(|agent| agent_model_field(settings, lang, workflow.id, agent))
                                    .collect_view()}
                            </div>
                        }
                    })
                    .collect_view()}
            </details>
            <fieldset class="drawer__section">
                <legend>{move || tr(lang.get(), "Review", "简历评审")}</legend>
                {number_setting(settings, lang, NumberSetting {
                    id: "threshold", label: ("Score threshold (0–10)", "分数阈值（0–10）"), range: ("0", "10", "0.1"),
                    get: |s| s.threshold.to_string(),
                    set: |s, v: f64| s.threshold = v.clamp(0.0, 10.0),
                })}
                {number_setting(settings, lang, NumberSetting {
                    id: "max-iterations", label: ("Max iterations", "最多轮数"), range: ("1", "10", "1"),
                    get: |s| s.max_iterations.to_string(),
                    set: |s, v: u32| s.max_iterations = v.clamp(1, 10),
                })}
                {check_setting(settings, lang, CheckSetting {
                    testid: "design-review", label: ("Design review at the end", "最后进行版式评审"),
                    get: |s| s.design_review,
                    set: |s, on| s.design_review = on,
                    hidden: Signal::stored(false),
                })}
            </fieldset>
            <button type="button" class="button" on:click=move |_| close()>{move || tr(lang.get(), "Close", "关闭")}</button>
        </aside>
    }
}

/// The selected provider's base URL (the demo has none), its default as placeholder, what is wrong
/// with it, and, for a first-party provider on another host, the confirmation that its key may go
/// there: "Send my OpenAI key to 127.0.0.1:8802". Editing the URL withdraws the confirmation.
#[component]
fn BaseUrlField(settings: RwSignal<Settings>, lang: Signal<Language>) -> impl IntoView {
    let kind = move || settings.with(Settings::provider_kind);
    let url = move || settings.with(Settings::base_url);
    // What the session will say of this URL: Err(message), or the host needing a confirmation.
    let destination = move || {
        let url = url();
        let url = url.trim();
        if url.is_empty() {
            Ok(None)
        } else {
            host_to_confirm(kind(), Some(url)).map_err(|e| e.message)
        }
    };
    let problem = move || destination().err();
    let host = move || destination().ok().flatten();
    let confirmed =
        move || host().is_some_and(|h| settings.with(|s| s.confirmed_host()) == Some(h));
    let confirm_label = move || {
        let provider = kind().label();
        let host = host().unwrap_or_default();
        match lang.get() {
            Language::Zh => format!("把我的 {provider} 密钥发送到 {host}"),
            _ => format!("Send my {provider} key to {host}"),
        }
    };
    view! {
        <div class="field" hidden=move || matches!(kind(), ProviderKind::Demo | ProviderKind::InTab)>
            <label class="field__label" for="base-url">{move || tr(lang.get(), "Base URL", "接口地址（Base URL）")}</label>
            <input autocomplete="off"
                id="base-url"
                type="url"
                data-testid="base-url"
                aria-describedby="base-url-hint"
                placeholder=move || match kind() {
                    ProviderKind::OpenaiCompatible => "http://localhost:11434/v1".to_string(),
                    kind => default_base_url(kind).unwrap_or_default(),
                }
                prop:value=url
                on:input=move |ev| settings.update(|s| s.set_base_url(event_target_value(&ev)))
            />
            <span class="field__hint" id="base-url-hint">{move || tr(lang.get(), "For this provider only. https:// required (http:// only for localhost).", "仅用于当前服务商。必须使用 https://（仅 localhost 可用 http://）。")}</span>
            <p class="field__warning" role="alert" data-testid="base-url-problem" hidden=move || problem().is_none()>{problem}</p>
            <label class="field field--inline" hidden=move || host().is_none()>
                <input autocomplete="off"
                    type="checkbox"
                    data-testid="confirm-host"
                    prop:checked=confirmed
                    on:change=move |ev| {
                        // Read before the update: a signal cannot be read while it is written.
                        let confirm = host().filter(|_| event_target_checked(&ev));
                        settings.update(|s| s.set_confirmed_host(confirm));
                    }
                />
                <span>{confirm_label}</span>
            </label>
        </div>
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

/// The model field of one agent of `workflow_id` (empty: the model above).
fn agent_model_field(
    settings: RwSignal<Settings>,
    lang: Signal<Language>,
    workflow_id: &'static str,
    agent: crate::workflows::AgentName,
) -> impl IntoView {
    let key = Settings::agent_model_key(workflow_id, agent.node);
    let id = format!("agent-model-{workflow_id}-{}", agent.node);
    let shown = key.clone();
    view! {
        <div class="field">
            <label class="field__label" for=id.clone()>{move || agent.name.get(lang.get())}</label>
            <input autocomplete="off"
                id=id.clone()
                type="text"
                data-testid=id
                placeholder=move || tr(lang.get(), "Same as above", "与上方相同")
                prop:value=move || settings.with(|s| s.agent_models.get(&shown).cloned().unwrap_or_default())
                on:input=move |ev| {
                    let value = event_target_value(&ev);
                    settings.update(|s| {
                        if value.trim().is_empty() {
                            s.agent_models.remove(&key);
                        } else {
                            s.agent_models.insert(key.clone(), value);
                        }
                    })
                }
            />
        </div>
    }
}
