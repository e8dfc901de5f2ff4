//! The app shell: header, settings drawer and the run form. Settings, keys and the store of saved
//! runs are shared through context so any page can read them; settings and keys persist
//! themselves when they change.

use leptos::prelude::*;

use super::components::{settings_drawer, Header, WorkflowPicker};
use super::i18n;
use super::keys::{self, Keys};
use super::pages::lazy_part;
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
    // The drawer's code is fetched the first time it opens; from then on it stays (hidden when
    // closed), as it was before it was split off.
    let drawer_wanted = Memo::new(move |before: Option<&bool>| {
        before.copied().unwrap_or(false) || drawer_open.get()
    });

    view! {
        <Header drawer_open=drawer_open />
        {move || drawer_wanted.get().then(|| lazy_part(settings_drawer(drawer_open)))}
        <main id="main" class="main">
            <WorkflowPicker />
        </main>
    }
}
