//! A person's decision on one candidate, in its packet: advance, hold or decline, with a reason.
//! The ranking is advice; this is the decision, saved into the run (see
//! `workflows::batch_screening::decisions`) and carried by the exports.

use leptos::prelude::*;

use crate::domain::calendar::iso_timestamp;
use crate::ui::i18n::{tr, use_language};
use crate::workflows::batch_screening::decisions::{Choice, PersonDecision};

#[component]
pub fn DecisionForm(
    id: String,
    current: Option<PersonDecision>,
    decide: Callback<PersonDecision>,
) -> impl IntoView {
    let lang = use_language();
    let choice = RwSignal::new(current.as_ref().map(|d| d.choice));
    let reason = RwSignal::new(
        current
            .as_ref()
            .map(|d| d.reason.clone())
            .unwrap_or_default(),
    );
    let saved = current.clone();
    let group = format!("decision-{id}");
    let on_save = {
        let id = id.clone();
        move |ev: leptos::ev::SubmitEvent| {
            ev.prevent_default();
            let Some(choice) = choice.get_untracked() else {
                return;
            };
            decide.run(PersonDecision {
                id: id.clone(),
                choice,
                reason: reason.get_untracked().trim().to_string(),
                at: iso_timestamp(crate::store::now_ms() as f64),
            });
        }
    };
    view! {
        <form class="batch-decision" data-testid="decision-form" on:submit=on_save>
            <fieldset>
                <legend>{move || tr(lang.get(), "Your decision (the ranking is advice)", "您的决定（排名仅供参考）")}</legend>
                {Choice::ALL.into_iter().map(|c| {
                    let group = group.clone();
                    view! {
                        <label class="batch-decision__choice">
                            <input type="radio" name=group value=c.id() data-testid=format!("decision-{}", c.id())
                                prop:checked=move || choice.get() == Some(c)
                                on:change=move |_| choice.set(Some(c)) />
                            <span>{move || c.label(lang.get())}</span>
                        </label>
                    }
                }).collect_view()}
            </fieldset>
            <label class="batch-decision__reason">
                <span>{move || tr(lang.get(), "Reason", "理由")}</span>
                <textarea rows="2" data-testid="decision-reason" prop:value=move || reason.get() on:input=move |ev| reason.set(event_target_value(&ev))></textarea>
            </label>
            <button type="submit" class="button" data-testid="decision-save" prop:disabled=move || choice.get().is_none()>
                {move || tr(lang.get(), "Save decision", "保存决定")}
            </button>
            {saved.map(|d| view! {
                <p class="batch-decision__saved" role="status" data-testid="decision-saved" data-choice=d.choice.id()>
                    {move || format!("{} {} · {}", tr(lang.get(), "Decided by a person:", "已由人作出决定："), d.choice.label(lang.get()), d.at)}
                </p>
            })}
        </form>
    }
}
