//! The app's strings in English and Chinese. Each string is written as a pair where it is used
//! (`tr(lang, "Run", "运行")`), so a page reads as one piece and no key table drifts from the view.

use leptos::prelude::*;

use super::settings::Settings;
use crate::domain::Language;

/// The language chosen in settings, as a signal any component can read.
pub fn use_language() -> Signal<Language> {
    let settings = expect_context::<RwSignal<Settings>>();
    Signal::derive(move || settings.with(Settings::language))
}

/// The English or Chinese string of a pair.
pub fn tr(lang: Language, en: &'static str, zh: &'static str) -> &'static str {
    lang.pick(en, zh)
}

/// Keeps `<html lang>` in step with the setting, so screen readers and fonts follow the page.
pub fn sync_document_language(language: Signal<Language>) {
    Effect::new(move |_| {
        let tag = match language.get() {
            Language::En => "en",
            Language::Zh => "zh-CN",
        };
        if let Some(root) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = root.set_attribute("lang", tag);
        }
    });
}
