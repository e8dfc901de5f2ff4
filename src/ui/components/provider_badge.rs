use leptos::prelude::*;

use crate::domain::Language;
use crate::session::{check_base_url, default_base_url, default_model, ProviderKind};
use crate::ui::i18n::{tr, use_language};
use crate::ui::settings::Settings;

/// Next to Run: says what a run will really call, so the user knows where their resume goes.
/// The demo sentence (`demo_en`/`demo_zh`, per page) shows only with the demo; otherwise the
/// provider, its model and, when it is not the provider's own, the host the requests go to.
#[component]
pub fn ProviderBadge(demo_en: &'static str, demo_zh: &'static str) -> impl IntoView {
    let settings = expect_context::<RwSignal<Settings>>();
    let lang = use_language();
    let demo = move || settings.with(|s| s.provider_kind() == ProviderKind::Demo);
    view! {
        <span class="badge badge--info" data-testid="demo-badge" hidden=move || !demo()>
            {move || tr(lang.get(), demo_en, demo_zh)}
        </span>
        // data-default-model: the provider's own default (what an empty model field calls), so a
        // test can check the badge names it without repeating the name.
        <span
            class="badge badge--info"
            data-testid="provider-badge"
            data-default-model=move || settings.with(|s| default_model(s.provider_kind()))
            hidden=demo
        >
            {move || settings.with(|s| provider_label(s, lang.get()))}
        </span>
    }
}

/// "OpenAI · gpt-4o" / "Anthropic · claude-sonnet-4-5 (default) · at 127.0.0.1:8808" / "Local
/// server at localhost:11434 · llama3": the provider, the model (by name, also when it is the
/// provider's default) and the host when it is not the provider's.
fn provider_label(settings: &Settings, lang: Language) -> String {
    let kind = settings.provider_kind();
    let model = settings.model.trim();
    let model = match (model.is_empty(), default_model(kind)) {
        (false, _) => model.to_string(),
        (true, Some(name)) => format!("{name} {}", tr(lang, "(default)", "（默认）")),
        // An OpenAI-compatible server has no default: the run will ask for a model name.
        (true, None) => tr(lang, "no model set", "未设置模型").to_string(),
    };
    let host = check_base_url(&settings.base_url()).ok();
    let own_host = default_base_url(kind).and_then(|url| check_base_url(&url).ok());
    let name = match kind {
        ProviderKind::Demo => return tr(lang, "Demo", "演示").to_string(),
        ProviderKind::InTab => {
            let model = if settings.model.trim().is_empty() {
                tr(lang, "no model file chosen", "未选择模型文件").to_string()
            } else {
                model
            };
            return format!("{} · {model}", tr(lang, "In this browser", "浏览器内"));
        }
        ProviderKind::Openai => "OpenAI",
        ProviderKind::Anthropic => "Anthropic",
        ProviderKind::Gemini => "Gemini",
        ProviderKind::OpenaiCompatible => {
            let host = host.unwrap_or_else(|| tr(lang, "no base URL set", "未设置地址").into());
            // OpenRouter and the like are OpenAI-compatible too, but not on this machine.
            let local = ["localhost", "127.0.0.1", "[::1]"]
                .iter()
                .any(|name| host == *name || host.starts_with(&format!("{name}:")));
            return match (lang, local) {
                (Language::En, true) => format!("Local server at {host} · {model}"),
                (Language::En, false) => format!("OpenAI-compatible server at {host} · {model}"),
                (Language::Zh, true) => format!("本地服务器 {host} · {model}"),
                (Language::Zh, false) => format!("OpenAI 兼容服务器 {host} · {model}"),
            };
        }
    };
    match host.filter(|host| Some(host) != own_host.as_ref()) {
        Some(host) => match lang {
            Language::En => format!("{name} · {model} · at {host}"),
            Language::Zh => format!("{name} · {model} · 经由 {host}"),
        },
        None => format!("{name} · {model}"),
    }
}
