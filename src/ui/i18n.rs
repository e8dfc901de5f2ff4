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

/// "1 revision" / "3 revisions" / "3 轮修改": a count with its noun, singular or plural in
/// English (Chinese has no plural: `zh` is the measure word and noun).
pub fn counted(lang: Language, n: usize, one: &str, many: &str, zh: &str) -> String {
    match lang {
        Language::En if n == 1 => format!("{n} {one}"),
        Language::En => format!("{n} {many}"),
        Language::Zh => format!("{n} {zh}"),
    }
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
