//! The settings drawer's inputs that are one setting each: a number kept in range, a checkbox.
//! Each setting is a field of [`Settings`], read and written through plain functions.

use leptos::prelude::*;

use crate::domain::Language;
use crate::ui::i18n::tr;
use crate::ui::settings::Settings;

/// A number input of the review settings; `id` is its test id too.
pub(super) struct NumberSetting<T> {
    pub id: &'static str,
    pub label: (&'static str, &'static str),
    /// min, max, step, as the input's attributes.
    pub range: (&'static str, &'static str, &'static str),
    pub get: fn(&Settings) -> String,
    /// Writes a number the user typed, kept in range; what does not parse is left unwritten.
    pub set: fn(&mut Settings, T),
}

pub(super) fn number_setting<T: std::str::FromStr + 'static>(
    settings: RwSignal<Settings>,
    lang: Signal<Language>,
    field: NumberSetting<T>,
) -> impl IntoView {
    let NumberSetting {
        id,
        label: (en, zh),
        range: (min, max, step),
        get,
        set,
    } = field;
    view! {
        <div class="field">
            <label class="field__label" for=id>{move || tr(lang.get(), en, zh)}</label>
            <input autocomplete="off"
                id=id
                type="number" min=min max=max step=step
                data-testid=id
                prop:value=move || settings.with(get)
                on:change=move |ev| {
                    if let Ok(v) = event_target_value(&ev).parse::<T>() {
                        settings.update(|s| set(s, v));
                    }
                }
            />
        </div>
    }
}

/// A checkbox setting; `hidden` while it does not apply (no key to remember for the in-tab model).
pub(super) struct CheckSetting {
    pub testid: &'static str,
    pub label: (&'static str, &'static str),
    pub get: fn(&Settings) -> bool,
    pub set: fn(&mut Settings, bool),
    pub hidden: Signal<bool>,
}

pub(super) fn check_setting(
    settings: RwSignal<Settings>,
    lang: Signal<Language>,
    field: CheckSetting,
) -> impl IntoView {
    let CheckSetting {
        testid,
        label: (en, zh),
        get,
        set,
        hidden,
    } = field;
    view! {
        <label class="field field--inline" hidden=move || hidden.get()>
            <input autocomplete="off"
                type="checkbox"
                data-testid=testid
                prop:checked=move || settings.with(get)
                on:change=move |ev| settings.update(|s| set(s, event_target_checked(&ev)))
            />
            <span>{move || tr(lang.get(), en, zh)}</span>
        </label>
    }
}
