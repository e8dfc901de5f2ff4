//! One page per workflow. The picker above the page lists the workflows that have one here; the
//! session may list more (the JS package can run them all).
//!
//! With the `split` feature (the app's release and dev builds, see web/build-wasm.sh) every page
//! but the default one is a lazily loaded wasm chunk (`#[lazy]`): the browser downloads it the
//! first time the page is chosen. Without it (tests, clippy) the same async functions run
//! directly: an unsplit wasm cannot resolve the chunk loader imports `#[lazy]` leaves behind.

use leptos::prelude::*;

use crate::ui::i18n::{tr, use_language};
use crate::workflows::{for_each_workflow, Workflow};

/// From `for_each_workflow!`: the list of workflows with a page, the page of an id, and one
/// `#[lazy]` function per page but the first, named after its workflow's module. Each page is
/// the component `crate::ui::<module>::Page`.
macro_rules! pages {
    (
        ($first_module:ident, $first_workflow:ident),
        $(($module:ident, $workflow:ident)),* $(,)?
    ) => {
        /// Workflows this app has a page for, in picker order.
        pub const WORKFLOWS_WITH_PAGES: &[&str] = &[
            <crate::workflows::$first_module::$first_workflow as Workflow>::ID,
            $(<crate::workflows::$module::$workflow as Workflow>::ID,)*
        ];

        /// The page of workflow `id` (the first workflow's page for an unknown id, e.g. an old
        /// saved draft). The first page is in the first module; every other one is lazy.
        pub fn workflow_page(id: &str) -> AnyView {
            match id {
                $(<crate::workflows::$module::$workflow as Workflow>::ID => lazy_view($module()),)*
                _ => view! { <crate::ui::$first_module::Page /> }.into_any(),
            }
        }

        $(
            #[cfg_attr(feature = "split", leptos::lazy)]
            async fn $module() -> AnyView {
                view! { <crate::ui::$module::Page /> }.into_any()
            }
        )*
    };
}
for_each_workflow!(pages);

/// A page (or part of one) whose code may still be downloading: a short loading line until it
/// is there.
pub fn lazy_view(page: impl std::future::Future<Output = AnyView> + 'static) -> AnyView {
    // Boxed at once: the view below is compiled once, not once per page's future type (each
    // instance sat in the first module).
    boxed_lazy_view(Box::pin(page))
}

fn boxed_lazy_view(page: std::pin::Pin<Box<dyn std::future::Future<Output = AnyView>>>) -> AnyView {
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
