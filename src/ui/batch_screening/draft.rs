//! The batch form's resume list, kept as a draft like the job description, but in IndexedDB
//! (`Store::save_draft`): 30 resumes of 10 KB fit `localStorage`, the 500 a batch takes do not,
//! and a full `localStorage` would also stop every other draft and setting from saving. Saved on
//! every change once the saved list was read; a failed save says so and keeps the list in the
//! page. Like the job description's draft, a started run keeps it.

use leptos::prelude::*;

use crate::store::Store;
use crate::workflows::batch_screening::BatchResume;

/// The draft's name in the `drafts` store.
pub const DRAFT_RESUMES: &str = "batch.resumes";

/// Where the draft stands, for the page (`data-draft` on the list) and its tests.
#[derive(Debug, Clone, PartialEq)]
pub enum DraftState {
    /// The saved list is being read; nothing is saved before it is.
    Loading,
    Saved,
    /// Not saved (storage unavailable or full): the list stays in this page only.
    Failed(String),
}

impl DraftState {
    pub fn attribute(&self) -> &'static str {
        match self {
            DraftState::Loading => "loading",
            DraftState::Saved => "saved",
            DraftState::Failed(_) => "failed",
        }
    }
}

/// Fills `resumes` from the saved draft (unless the user added some meanwhile), then saves it on
/// every change. Returns the draft's state.
pub fn keep_resume_draft(resumes: RwSignal<Vec<BatchResume>>) -> RwSignal<DraftState> {
    let state = RwSignal::new(DraftState::Loading);
    let store = StoredValue::new_local(None::<Store>);
    leptos::task::spawn_local(async move {
        let opened = match Store::open().await {
            Ok(opened) => opened,
            Err(error) => {
                state.try_set(DraftState::Failed(error.message));
                return;
            }
        };
        match opened.load_draft(DRAFT_RESUMES).await {
            Ok(Some(text)) => {
                let saved: Vec<BatchResume> = serde_json::from_str(&text).unwrap_or_default();
                if resumes.with_untracked(Vec::is_empty) && !saved.is_empty() {
                    resumes.try_set(saved);
                }
            }
            Ok(None) => {}
            Err(error) => {
                // Never saved over: the list a reload could not read may still be there.
                state.try_set(DraftState::Failed(error.message));
                return;
            }
        }
        store.try_set_value(Some(opened));
        // Saves what the user did while the draft was read (or nothing new: same record).
        save(store, resumes.get_untracked(), state);
    });
    Effect::new(move |first: Option<()>| {
        let list = resumes.get();
        // The first run is the empty list the form starts with: the load task saves after it.
        if first.is_some() {
            save(store, list, state);
        }
    });
    state
}

fn save(
    store: StoredValue<Option<Store>, LocalStorage>,
    list: Vec<BatchResume>,
    state: RwSignal<DraftState>,
) {
    let Some(opened) = store.try_get_value().flatten() else {
        return; // Not open yet (the load task saves once it is) or unavailable (said already).
    };
    let text = if list.is_empty() {
        String::new()
    } else {
        serde_json::to_string(&list).unwrap_or_default()
    };
    leptos::task::spawn_local(async move {
        let outcome = opened.save_draft(DRAFT_RESUMES, &text).await;
        state.try_set(match outcome {
            Ok(()) => DraftState::Saved,
            Err(error) => DraftState::Failed(error.message),
        });
    });
}
