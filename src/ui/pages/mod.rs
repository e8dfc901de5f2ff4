//! One page per workflow. The picker above the page lists the workflows that have one here; the
//! session may list more (the JS package can run them all).

use leptos::prelude::*;

use crate::ui::components::RunForm;
use crate::ui::tailor::TailorPage;

/// Workflows this app has a page for, in picker order.
pub const WORKFLOWS_WITH_PAGES: &[&str] = &[
    "resume_review",
    "resume_tailoring",
    "hiring_pipeline",
    "career_navigator",
];

/// The page of workflow `id` (the review page for an unknown id, e.g. an old saved draft).
pub fn workflow_page(id: &str) -> AnyView {
    match id {
        "resume_review" => view! { <RunForm /> }.into_any(),
        "resume_tailoring" => view! { <TailorPage /> }.into_any(),
        "hiring_pipeline" => view! { <crate::ui::hiring::HiringPage /> }.into_any(),
        "career_navigator" => view! { <crate::ui::navigator::NavigatorPage /> }.into_any(),
        _ => view! { <RunForm /> }.into_any(),
    }
}
