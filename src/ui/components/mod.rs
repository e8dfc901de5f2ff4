//! One component per file.

mod header;
mod run_form;
mod settings_drawer;

pub use header::Header;
pub use run_form::{RunForm, WORKFLOWS_WITH_PAGES};
pub use settings_drawer::SettingsDrawer;
