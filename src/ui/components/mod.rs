//! One component per file.

mod header;
mod run_form;
mod settings_drawer;

pub use header::Header;
pub use run_form::RunForm;
pub use settings_drawer::SettingsDrawer;
