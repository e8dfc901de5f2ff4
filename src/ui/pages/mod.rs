//! One page per workflow. The picker above the page lists the workflows that have one here; the
//! session may list more (the JS package can run them all).
//!
//! With the `split` feature (the app's release and dev builds, see web/build-wasm.sh) every page
//! but the default one is a lazily loaded wasm chunk (`#[lazy]`): the browser downloads it the
//! first time the page is chosen. Without it (tests, clippy) the same async functions run
//! directly: an unsplit wasm cannot resolve the chunk loader imports `#[lazy]` leaves behind.

use leptos::prelude::*;

use crate::ui::components::RunForm;
use crate::ui::i18n::{tr, use_language};

/// Workflows this app has a page for, in picker order.
pub const WORKFLOWS_WITH_PAGES: &[&str] = &[
    "resume_review",
    "resume_tailoring",
    "hiring_pipeline",
    "career_navigator",
    "batch_screening",
];

/// The page of workflow `id` (the review page for an unknown id, e.g. an old saved draft).
pub fn workflow_page(id: &str) -> AnyView {
    match id {
        "resume_tailoring" => lazy_view(tailor_page()),
        "hiring_pipeline" => lazy_view(hiring_page()),
        "career_navigator" => lazy_view(navigator_page()),
        "batch_screening" => lazy_view(batch_page()),
        _ => view! { <RunForm /> }.into_any(),
    }
}

/// A page (or part of one) whose code may still be downloading: a short loading line until it
/// is there.
pub fn lazy_view(page: impl std::future::Future<Output = AnyView> + 'static) -> AnyView {
    let lang = use_language();
    let page = send_wrapper::SendWrapper::new(page);
    view! {
        <Suspense fallback=move || view! {
            <p class="page-loading" data-testid="page-loading" role="status">
                {move || tr(lang.get(), "Loading the page…", "正在加载页面…")}
            </p>
        }>
            {Suspend::new(page)}
        </Suspense>
    }
    .into_any()
}

/// A part of the page whose code may still be downloading and that shows nothing until it is
/// there (the settings drawer: its button already says what it opens).
pub fn lazy_part(part: impl std::future::Future<Output = AnyView> + 'static) -> AnyView {
    let part = send_wrapper::SendWrapper::new(part);
    view! { <Suspense fallback=|| ()>{Suspend::new(part)}</Suspense> }.into_any()
}

#[cfg_attr(feature = "split", leptos::lazy)]
async fn tailor_page() -> AnyView {
    view! { <crate::ui::tailor::TailorPage /> }.into_any()
}

#[cfg_attr(feature = "split", leptos::lazy)]
async fn hiring_page() -> AnyView {
    view! { <crate::ui::hiring::HiringPage /> }.into_any()
}

#[cfg_attr(feature = "split", leptos::lazy)]
async fn navigator_page() -> AnyView {
    view! { <crate::ui::navigator::NavigatorPage /> }.into_any()
}

#[cfg_attr(feature = "split", leptos::lazy)]
async fn batch_page() -> AnyView {
    view! { <crate::ui::batch::BatchPage /> }.into_any()
}
