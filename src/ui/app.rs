//! The app shell: header, settings drawer and the run form.

use leptos::prelude::*;

use super::components::{Header, RunForm, SettingsDrawer};

/// Provider settings chosen in the drawer. The key lives only in memory for now.
#[derive(Clone, Debug, PartialEq)]
pub struct ProviderSettings {
    pub provider: String,
    pub api_key: String,
}

impl Default for ProviderSettings {
    fn default() -> Self {
        Self {
            provider: "demo".into(),
            api_key: String::new(),
        }
    }
}

#[component]
pub fn App() -> impl IntoView {
    let settings = RwSignal::new(ProviderSettings::default());
    let drawer_open = RwSignal::new(false);
    provide_context(settings);

    view! {
        <Header drawer_open=drawer_open />
        <SettingsDrawer open=drawer_open />
        <main id="main" class="main">
            <RunForm />
        </main>
    }
}
