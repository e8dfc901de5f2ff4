//! The parts of a run's view around its graph: whether the dialog the run waits on is shown, the
//! status words every run shares, the run's failure and the agents' failures it went on without,
//! and the text the agents stream while they work.

use std::collections::BTreeMap;

use leptos::prelude::*;

use super::graph::{DraftGraph, GraphRows, NodeStatus};
use crate::domain::InjectionFinding;
use crate::domain::Language;
use crate::ui::components::{focus_later, InjectionWarning};
use crate::ui::i18n::{tr, use_language};
use crate::ui::run::{elsewhere_text, RunPhase};
use crate::ui::streamed_text::streamed_text;
use crate::workflows::agent_name;
use crate::workflows::common::events::{AgentErrorPayload, CustomEvent, DeltaPayload};

/// The dialog of the pause a draft page shows: whether it is open, and what hides it (Escape).
#[derive(Clone, Copy)]
pub struct PauseDialog {
    pub open: RwSignal<bool>,
    pub hide: Callback<()>,
}

/// The page's [`PauseDialog`]; hiding it puts focus on `reopen_button`. A new pause, or another
/// run shown (`pause_key` changes), opens it again.
pub fn dialog_toggle(
    pause_key: impl Fn() -> Option<String> + 'static,
    reopen_button: &'static str,
) -> PauseDialog {
    let open = RwSignal::new(true);
    Effect::new(move |previous: Option<Option<String>>| {
        let key = pause_key();
        if key.is_some() && previous.as_ref() != Some(&key) {
            open.set(true);
        }
        key
    });
    let hide = Callback::new(move |()| {
        open.set(false);
        focus_later(reopen_button);
    });
    PauseDialog { open, hide }
}

/// The status line of a run that is driven elsewhere, stopped or failed; `None` for the phases
/// whose words are the page's own (running, waiting, finished).
pub fn ended_text(phase: &RunPhase, lang: Language) -> Option<String> {
    Some(match phase {
        RunPhase::Elsewhere => elsewhere_text(lang).to_string(),
        RunPhase::Stopped => tr(
            lang,
            "Stopped. Your inputs are kept; press Run to start again.",
            "已停止。输入已保留，点击“运行”重新开始。",
        )
        .to_string(),
        RunPhase::Failed(message) => {
            format!("{} {message}", tr(lang, "The run failed:", "运行失败："))
        }
        RunPhase::Running | RunPhase::Waiting | RunPhase::Finished => return None,
    })
}

/// The run's failure, saying the inputs are kept, and the agents' failures the run went on
/// without (each message once).
#[component]
pub fn RunErrors(
    phase: RwSignal<RunPhase>,
    agent_errors: RwSignal<BTreeMap<String, String>>,
) -> impl IntoView {
    let lang = use_language();
    let errors = move || {
        let mut errors: Vec<String> = agent_errors.with(|e| e.values().cloned().collect());
        errors.dedup();
        errors
    };
    view! {
        {move || match phase.get() {
            RunPhase::Failed(message) => Some(view! {
                <div class="notice notice--error" role="alert" data-testid="run-error">
                    <p>{message}</p>
                    <p>{move || tr(lang.get(), "Your resume and job description are kept above.", "你的简历和职位描述已保留在上方。")}</p>
                </div>
            }),
            _ => None,
        }}
        {move || {
            let errors = errors();
            (!errors.is_empty()).then(|| view! {
                <div class="notice notice--error" role="alert" data-testid="agent-errors">
                    {errors.into_iter().map(|e| view! { <p>{e}</p> }).collect_view()}
                </div>
            })
        }}
    }
}

/// What each agent of `workflow` has streamed so far, while the run runs.
#[component]
pub fn AgentActivity(
    phase: RwSignal<RunPhase>,
    activity: RwSignal<BTreeMap<String, String>>,
    workflow: &'static str,
) -> impl IntoView {
    let lang = use_language();
    move || {
        let activity = activity.get();
        (phase.get() == RunPhase::Running && !activity.is_empty()).then(|| {
            view! {
                <div class="activity" data-testid="activity">
                    {activity.into_iter().map(|(agent, text)| view! {
                        <details open>
                            <summary>{agent_name(workflow, &agent, lang.get())}</summary>
                            {streamed_text(&text, lang.get())}
                        </details>
                    }).collect_view()}
                </div>
            }
        })
    }
}

/// Takes one agent event into a page's signals: a delta appends to its agent's streamed text, a
/// reset voids that text (the stream broke and is streamed again), an agent error is kept for
/// [`RunErrors`]. Other events are the page's own.
pub fn take_agent_event(
    event: CustomEvent,
    activity: RwSignal<BTreeMap<String, String>>,
    agent_errors: RwSignal<BTreeMap<String, String>>,
) {
    match event {
        CustomEvent::Delta(DeltaPayload { agent, delta, .. }) => {
            activity.update(|a| a.entry(agent).or_default().push_str(&delta))
        }
        CustomEvent::DeltaReset(reset) => activity.update(|a| {
            a.remove(&reset.agent);
        }),
        CustomEvent::AgentError(AgentErrorPayload { agent, error, .. }) => {
            agent_errors.update(|e| {
                e.insert(agent, error);
            });
        }
        _ => {}
    }
}

/// The bar's button that brings back the dialog the run waits on once Escape hid it: shown while
/// the run is `pending` on a dialog that is not open. `after` follows the label (the review's
/// countdown on the tailoring page).
#[component]
pub fn ReopenButton(
    testid: &'static str,
    label: (&'static str, &'static str),
    pending: Signal<bool>,
    dialog_open: RwSignal<bool>,
    #[prop(optional)] after: Option<Signal<Option<String>>>,
) -> impl IntoView {
    let lang = use_language();
    view! {
        <button type="button" class="button" data-testid=testid
            hidden=move || dialog_open.get() || !pending.get()
            on:click=move |_| dialog_open.set(true)>
            {move || tr(lang.get(), label.0, label.1)}
            {move || after.and_then(|a| a.get())}
        </button>
    }
}

/// What a draft run shows while its agents work: the injection warning, the errors, the graph
/// (`graph_testid`) and the agents' streamed text.
#[component]
pub fn DraftProgress(
    findings: Vec<InjectionFinding>,
    phase: RwSignal<RunPhase>,
    rows: GraphRows,
    nodes: RwSignal<BTreeMap<String, NodeStatus>>,
    graph_testid: &'static str,
    agent_errors: RwSignal<BTreeMap<String, String>>,
    activity: RwSignal<BTreeMap<String, String>>,
    workflow: &'static str,
) -> impl IntoView {
    view! {
        <InjectionWarning findings=Signal::stored(findings) />
        <RunErrors phase=phase agent_errors=agent_errors />
        <DraftGraph rows=rows nodes=nodes testid=graph_testid />
        <AgentActivity phase=phase activity=activity workflow=workflow />
    }
}
