//! One component per file.

mod export_menu;
mod file_import;
mod header;
mod run_form;
mod settings_drawer;
mod workflow_picker;

pub use export_menu::ExportMenu;
pub use file_import::FileImport;
pub use header::Header;
pub use run_form::{draft_signal, RunForm};
pub use settings_drawer::SettingsDrawer;
pub use workflow_picker::WorkflowPicker;
