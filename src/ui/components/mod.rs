//! One component per file.

mod dialog;
mod dropped_list;
mod entry_fix;
mod export_menu;
mod fact_list;
mod file_drop;
mod file_import;
mod header;
mod in_tab_models;
mod injection_warning;
mod model_read;
mod provider_badge;
mod provider_notes;
mod resume_outline;
mod run_form;
mod run_list;
mod settings_drawer;
mod workflow_picker;

pub use dialog::{cycle_focus, focus_later, Modal};
pub use dropped_list::DroppedList;
pub use export_menu::{print_sheet, ExportMenu};
pub use fact_list::{kept_keys, marked_line, removed_keys, FactDecisions, FactList};
pub use file_drop::{DropZone, FilePicker, OnFiles};
pub(crate) use file_import::read as read_file;
pub use file_import::{FileImport, ImportedJsonResume};
pub use header::Header;
pub use in_tab_models::InTabModels;
pub use injection_warning::InjectionWarning;
pub use provider_badge::ProviderBadge;
pub use provider_notes::{clamp_note, ProviderNotes};
pub use resume_outline::ResumeOutline;
pub use run_form::{draft_signal, first_line, RunForm};
pub use run_list::RunList;
pub use settings_drawer::settings_drawer;
pub use workflow_picker::WorkflowPicker;
