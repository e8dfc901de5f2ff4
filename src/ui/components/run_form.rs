use leptos::prelude::*;

use crate::session::ReviewWorkflow;
use crate::ui::components::{Field, FileImport, ImportedJsonResume, PageShell, TextBox};
use crate::ui::pages::lazy_view;
use crate::ui::resume_review::{load_review_engine, review_run_view, RunModel};
use crate::ui::run::RunController;
use crate::ui::settings::Settings;
use crate::ui::storage;
use crate::workflows::resume_review::ReviewRunInput;
use crate::workflows::sample::{SAMPLE_RESUME, SAMPLE_TARGET_ROLE};

const DRAFT_RESUME_KEY: &str = "careergraph.draft.resume";
const DRAFT_ROLE_KEY: &str = "careergraph.draft.role";

/// The review page's form: resume, target role or job description, Run; its saved runs; the run
/// below. What the user types is saved as they type, so a reload or a failed run loses nothing;
/// a run a reload cut short goes on when the page comes back.
#[component]
pub fn RunForm() -> impl IntoView {
    let resume = draft_signal(DRAFT_RESUME_KEY, SAMPLE_RESUME);
    let role = draft_signal(DRAFT_ROLE_KEY, SAMPLE_TARGET_ROLE);
    // The imported JSON Resume file, for the result's JSON Resume export.
    let imported_json = ImportedJsonResume::provide();
    let settings = expect_context::<RwSignal<Settings>>();
    // The run engine is a chunk of its own: fetched once the page is idle after its
    // first paint, or at the first Run or re-opened run if that comes first.
    let runs = RunController::<ReviewWorkflow, RunModel>::loading(load_review_engine);
    request_idle_callback(move || runs.prefetch());

    let start = move || {
        let settings = settings.get_untracked();
        let target_role = role.get_untracked();
        let input = ReviewRunInput {
            resume: resume.get_untracked(),
            target_role: target_role.clone(),
            threshold: settings.threshold,
            max_iterations: settings.max_iterations,
            design_review: settings.design_review,
            language: settings.language(),
        };
        runs.start(input, first_line(&target_role, "Resume review"));
    };
    // "Retry failed critics" on the shown finished run: its follow-up, on the same thread.
    let retry = Callback::new(move |()| runs.follow_up());

    view! {
        // The critic cards show their clamped scores themselves.
        <PageShell runs=runs class="run-form" testid="run-form" start=start
            demo=("Demo: heuristic scores, no model is called", "演示：启发式评分，不调用任何模型")
            clamped=false run_view=move |run| lazy_view(review_run_view(run, retry))>
            <Field id="target-role" label=("Target role or job description", "目标职位或职位描述")>
                <TextBox id="target-role" class="field__input field__input--short" testid="target-role" rows=3 value=role />
            </Field>
            <Field id="resume" label=("Resume", "简历")>
                <FileImport target=resume outline="resume" json_resume=imported_json>
                <TextBox id="resume" class="field__input field__input--tall" testid="resume" rows=18 value=resume prose=false />
                </FileImport>
            </Field>
        </PageShell>
    }
}

/// A signal initialised from the saved draft (or `default`) that saves itself on every change.
pub fn draft_signal(key: &'static str, default: &str) -> RwSignal<String> {
    let signal = RwSignal::new(storage::load(key).unwrap_or_else(|| default.to_string()));
    Effect::new(move |_| signal.with(|value| storage::save(key, value)));
    signal
}

/// A run list title: the text's first non-empty line, at most 70 characters; for a job
/// description with YAML front matter, its `title:` (or the first line after it), never "---".
pub fn first_line(text: &str, fallback: &str) -> String {
    crate::domain::front_matter::title_line(text).unwrap_or_else(|| fallback.to_string())
}
