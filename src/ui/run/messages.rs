//! The session's errors as the page says them. The session speaks to programs too (the JS API),
//! so some of its sentences name API options; the page points to its own controls instead, in
//! the page's language: a refused key (the run stopped at the first refusal) and a
//! key that would go to a host not confirmed (the checkbox under Base URL in Settings).

use crate::domain::Language;
use crate::session::{host_to_confirm, ErrorCode, SessionError};
use crate::ui::i18n::tr;
use crate::ui::settings::Settings;

/// `error` as the page shows it with these `settings`.
pub fn page_text(error: &SessionError, settings: &Settings) -> String {
    let lang = settings.language();
    match error.code {
        ErrorCode::KeyRefused => format!(
            "{} ({})",
            tr(
                lang,
                "The provider refused the API key: the run stopped at the first refusal, no result was made. Check the key (and the provider) in Settings, then run again.",
                "服务商拒绝了 API 密钥：运行在第一次被拒绝时已停止，没有生成结果。请在设置中检查密钥（及服务商），然后重新运行。",
            ),
            error.message
        ),
        ErrorCode::HostNotConfirmed => host_text(settings, lang),
        _ => error.message.clone(),
    }
}

/// Where the key would go and which checkbox allows it (the label the Settings drawer shows).
fn host_text(settings: &Settings, lang: Language) -> String {
    let kind = settings.provider_kind();
    let provider = kind.label();
    let host = host_to_confirm(kind, Some(&settings.base_url()))
        .ok()
        .flatten()
        .unwrap_or_default();
    match lang {
        Language::Zh => format!(
            "你的 {provider} 密钥将被发送到 {host}，而不是 {provider} 自己的地址。如果你信任 {host}，请在设置的“接口地址（Base URL）”下勾选“把我的 {provider} 密钥发送到 {host}”，然后重新运行。"
        ),
        Language::En => format!(
            "Your {provider} key would be sent to {host}, not to {provider}'s own address. If you trust {host}, tick “Send my {provider} key to {host}” under Base URL in Settings, then run again."
        ),
    }
}
