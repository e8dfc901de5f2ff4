//! Files from the user, two ways, for any page: [`DropZone`] takes files dropped on it (only
//! file drags: dragging text inside a field works as usual), [`FilePicker`] is a button opening
//! the browser's file dialog. Both hand the files over as they come (one or many); reading them
//! is the page's business (`FileImport` fills one field, the batch form adds many resumes).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// What a drop or a pick hands over.
pub type OnFiles = UnsyncCallback<web_sys::FileList>;

fn carries_files(ev: &leptos::ev::DragEvent) -> bool {
    ev.data_transfer()
        .is_some_and(|d| d.types().includes(&"Files".into(), 0))
}

/// `children` as a drop target for files: `class`, plus `{class}--dragging` while files are
/// dragged over it.
#[component]
pub fn DropZone(
    class: &'static str,
    testid: &'static str,
    on_files: OnFiles,
    children: Children,
) -> impl IntoView {
    let dragging = RwSignal::new(false);
    let on_dragover = move |ev: leptos::ev::DragEvent| {
        if carries_files(&ev) {
            ev.prevent_default();
            dragging.set(true);
        }
    };
    let on_drop = move |ev: leptos::ev::DragEvent| {
        dragging.set(false);
        if let Some(files) = ev.data_transfer().and_then(|d| d.files()) {
            if files.length() > 0 {
                ev.prevent_default();
                on_files.run(files);
            }
        }
    };
    view! {
        <div
            class=move || if dragging.get() { format!("{class} {class}--dragging") } else { class.to_string() }
            data-testid=testid
            on:dragover=on_dragover
            on:dragleave=move |_| dragging.set(false)
            on:drop=on_drop
        >
            {children()}
        </div>
    }
}

/// A button opening the file dialog (a hidden `<input type=file>`, `input_testid` for tests).
#[component]
pub fn FilePicker(
    /// The button's text.
    #[prop(into)]
    label: Signal<String>,
    testid: &'static str,
    input_testid: &'static str,
    /// Accepted types (the `accept` attribute).
    accept: &'static str,
    /// Many files at once.
    #[prop(optional)]
    multiple: bool,
    #[prop(optional, into)] disabled: MaybeProp<bool>,
    on_files: OnFiles,
) -> impl IntoView {
    let input = NodeRef::<leptos::html::Input>::new();
    let on_change = move |ev: leptos::ev::Event| {
        let Some(element) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        if let Some(files) = element.files().filter(|f| f.length() > 0) {
            on_files.run(files);
        }
        // Choosing the same file again must fire `change` again.
        element.set_value("");
    };
    view! {
        <button
            type="button"
            class="button"
            data-testid=testid
            disabled=move || disabled.get().unwrap_or(false)
            on:click=move |_| {
                if let Some(input) = input.get() {
                    input.click();
                }
            }
        >
            {move || label.get()}
        </button>
        <input
            type="file"
            multiple=multiple
            hidden
            accept=accept
            node_ref=input
            data-testid=input_testid
            on:change=on_change
        />
    }
}
