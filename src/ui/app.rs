//! The app shell: header, settings drawer and the run form. Settings, keys and the store of saved
//! runs are shared through context so any page can read them; settings and keys persist
//! themselves when they change.

use leptos::prelude::*;

use super::components::{Header, SettingsDrawer, WorkflowPicker};
use super::i18n;
use super::keys::{self, Keys};
use super::run::RunStore;
use super::settings::Settings;

#[component]
pub fn App() -> impl IntoView {
    let settings = RwSignal::new(Settings::load());
    let keys = RwSignal::new(keys::load_keys());
    let drawer_open = RwSignal::new(false);

    Effect::new(move |_| settings.with(Settings::save));
    Effect::new(move |_| {
        let remember = settings.with(|s| s.remember_keys);
        keys.with(|k| keys::save_keys(k, remember));
    });
    provide_context(settings);
    i18n::sync_document_language(i18n::use_language());
    provide_context::<RwSignal<Keys>>(keys);
    // Every page's saved runs, opened once for the app.
    RunStore::provide();

    view! {
        <Header drawer_open=drawer_open />
        <SettingsDrawer open=drawer_open />
        <main id="main" class="main">
            <WorkflowPicker />
        </main>
    }
}
