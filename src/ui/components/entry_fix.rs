//! The outline's "Correct" form for one job or degree: the user says what its fields are and the
//! fix is written into the resume text in a form the reader reads back
//! (`domain::structured::correct`), so the text stays the one source of truth: the fix survives
//! reload with the field's draft and reaches every export, the redaction and the checks.
//! Keyboard-usable: it opens with focus on its first field, Enter saves, Escape cancels.
//! The same form moves the entry to another section, merges it with the next entry, or splits it
//! at one of its lines (`domain::structured::rearrange`), each read back before it is kept.

use leptos::prelude::*;

use crate::domain::structured::correct::{EntryFix, FixError};
use crate::domain::structured::rearrange::MOVE_TARGETS;
use crate::domain::structured::SectionKind;
use crate::domain::Language;
use crate::ui::i18n::tr;

/// What the form's move, merge and split act on: the entry's lines after its first (where a split
/// may start) and whether an entry follows it (to merge with).
#[cfg_attr(feature = "split", leptos::lazy)]
async fn entry_parts(text: String, section: usize, index: usize) -> (Vec<(usize, String)>, bool) {
    let resume = crate::domain::structured::from_text(&text);
    let has_next = resume
        .sections
        .get(section)
        .is_some_and(|s| s.entries.len() > index + 1);
    let lines = crate::domain::structured::rearrange::body_lines(&text, section, index);
    (lines, has_next)
}

/// What the form does to the entry: every change is written into the text and read back
/// (`domain::structured::correct`, `rearrange`).
#[derive(Clone)]
enum Change {
    Fields(EntryFix),
    NotAnEntry,
    Move(SectionKind),
    MergeWithNext,
    SplitAt(usize),
}

/// The change as a lazily loaded chunk in the split app, like the outline's own reading: the
/// reader is not needed for the first paint.
#[cfg_attr(feature = "split", leptos::lazy)]
async fn change_entry(
    text: String,
    section: usize,
    index: usize,
    change: Change,
) -> Result<String, FixError> {
    use crate::domain::structured::correct::{apply_fix, not_an_entry};
    use crate::domain::structured::rearrange::{merge_with_next, move_entry, split_at};
    match change {
        Change::Fields(fix) => apply_fix(&text, section, index, &fix),
        Change::NotAnEntry => not_an_entry(&text, section, index),
        Change::Move(to) => move_entry(&text, section, index, &to),
        Change::MergeWithNext => merge_with_next(&text, section, index),
        Change::SplitAt(line) => split_at(&text, section, index, line),
    }
}

fn section_name(kind: &SectionKind, lang: Language) -> &'static str {
    match kind {
        SectionKind::Work => tr(lang, "Experience", "工作经历"),
        SectionKind::Education => tr(lang, "Education", "教育经历"),
        SectionKind::Projects => tr(lang, "Projects", "项目经历"),
        SectionKind::Volunteer => tr(lang, "Volunteering", "志愿经历"),
        _ => tr(lang, "Other", "其他"),
    }
}

fn error_text(error: &FixError, lang: Language) -> &'static str {
    match error {
        FixError::NoSuchEntry => tr(
            lang,
            "The text changed meanwhile: open the form again.",
            "文本已改动，请重新打开此表单。",
        ),
        FixError::Empty => tr(
            lang,
            "Give a title or an organisation.",
            "请填写职位或单位名称。",
        ),
        FixError::DatesNotUnderstood => tr(
            lang,
            "The dates were not understood: write them like “Mar 2020 – Present”.",
            "无法识别日期：请写成“2020年3月 - 至今”或“Mar 2020 – Present”。",
        ),
        FixError::ReadsBackOtherwise => tr(
            lang,
            "Written so, the text would read otherwise: nothing was changed. Edit the text directly.",
            "按此写入后无法正确识别，未做改动。请直接修改文本。",
        ),
    }
}

/// The button and, when open, the form. `education` names the fields for a degree.
#[component]
pub fn EntryFixForm(
    text: RwSignal<String>,
    section: usize,
    index: usize,
    education: bool,
    initial: EntryFix,
    lang: Language,
) -> impl IntoView {
    let t = move |en, zh| tr(lang, en, zh);
    let open = RwSignal::new(false);
    let error = RwSignal::new(None::<FixError>);
    let title = RwSignal::new(initial.title.clone());
    let organisation = RwSignal::new(initial.organisation.clone());
    let detail = RwSignal::new(initial.detail.clone());
    let location = RwSignal::new(initial.location.clone());
    let dates = RwSignal::new(initial.dates.clone());
    let parts = RwSignal::new((Vec::<(usize, String)>::new(), false));
    let here = if education {
        SectionKind::Education
    } else {
        SectionKind::Work
    };
    let targets = StoredValue::new(
        MOVE_TARGETS
            .iter()
            .filter(|k| **k != here)
            .cloned()
            .collect::<Vec<SectionKind>>(),
    );
    let move_to = RwSignal::new(0usize);
    let split_line = RwSignal::new(None::<usize>);
    let first = NodeRef::<leptos::html::Input>::new();
    let toggle = NodeRef::<leptos::html::Button>::new();
    // Escape and Cancel give the focus back to "Correct": the form they remove held it, and a
    // keyboard user would otherwise start again from the top of the page (the e2e spec found it
    // on the body).
    let close = move || {
        open.set(false);
        if let Some(button) = toggle.get_untracked() {
            let _ = button.focus();
        }
    };
    Effect::new(move |_| {
        if open.get() {
            if let Some(input) = first.get() {
                let _ = input.focus();
            }
            let current = text.get_untracked();
            leptos::task::spawn_local(async move {
                let found = entry_parts(current, section, index).await;
                split_line.try_set(found.0.first().map(|(n, _)| *n));
                parts.try_set(found);
            });
        }
    });
    let run = move |change: Change| {
        let current = text.get_untracked();
        leptos::task::spawn_local(async move {
            match change_entry(current, section, index, change).await {
                Ok(changed) => {
                    error.try_set(None);
                    open.try_set(false);
                    text.try_set(changed);
                }
                Err(e) => {
                    error.try_set(Some(e));
                }
            }
        });
    };
    let do_move = move |_| {
        if let Some(kind) = targets.with_value(|t| t.get(move_to.get_untracked()).cloned()) {
            run(Change::Move(kind));
        }
    };
    let do_split = move |_| {
        if let Some(line) = split_line.get_untracked() {
            run(Change::SplitAt(line));
        }
    };
    let save = move || {
        run(Change::Fields(EntryFix {
            title: title.get_untracked(),
            organisation: organisation.get_untracked(),
            detail: detail.get_untracked(),
            location: location.get_untracked(),
            dates: dates.get_untracked(),
        }))
    };
    let not_entry = move |_| run(Change::NotAnEntry);
    let (title_label, org_label) = if education {
        (t("Degree", "学位"), t("School", "学校"))
    } else {
        (t("Title", "职位"), t("Employer", "单位"))
    };
    let field = move |label: &'static str, value: RwSignal<String>, id: &'static str| {
        view! {
            <label class="entry-fix__field">
                <span>{label}</span>
                <input type="text" data-testid=id prop:value=move || value.get()
                    on:input=move |ev| value.set(event_target_value(&ev)) />
            </label>
        }
    };
    view! {
        " "
        <button type="button" class="resume-outline__line" data-testid="outline-fix" node_ref=toggle
            aria-expanded=move || open.get().to_string()
            on:click=move |_| open.update(|o| *o = !*o)>
            {t("Correct", "更正")}
        </button>
        {move || open.get().then(|| view! {
            <form class="entry-fix" data-testid="entry-fix"
                // The form sits inside the page's run form: its submit must never reach that one.
                on:submit=move |ev| { ev.prevent_default(); ev.stop_propagation(); save(); }
                on:keydown=move |ev| if ev.key() == "Escape" { ev.prevent_default(); close(); }>
                <label class="entry-fix__field">
                    <span>{title_label}</span>
                    <input type="text" node_ref=first data-testid="entry-fix-title" prop:value=move || title.get()
                        on:input=move |ev| title.set(event_target_value(&ev)) />
                </label>
                {education.then(|| field(t("Area of study", "专业"), detail, "entry-fix-detail"))}
                <label class="entry-fix__field">
                    <span>{org_label}</span>
                    <input type="text" data-testid="entry-fix-organisation" prop:value=move || organisation.get()
                        on:input=move |ev| organisation.set(event_target_value(&ev)) />
                </label>
                {field(t("Place", "地点"), location, "entry-fix-location")}
                {field(t("Dates (e.g. Mar 2020 – Present)", "日期（如 2020年3月 - 至今）"), dates, "entry-fix-dates")}
                {move || error.get().map(|e| view! {
                    <p class="notice notice--error" role="alert" data-testid="entry-fix-error">{error_text(&e, lang)}</p>
                })}
                <div class="entry-fix__actions">
                    <button type="submit" class="button button--primary" data-testid="entry-fix-save">{t("Save to the text", "写入文本")}</button>
                    <button type="button" class="button" data-testid="entry-fix-cancel" on:click=move |_| close()>{t("Cancel", "取消")}</button>
                    <button type="button" class="button button--link" data-testid="entry-fix-not-entry" on:click=not_entry>{t("Not an entry", "不是条目")}</button>
                </div>
                <div class="entry-fix__actions">
                    <label class="entry-fix__field entry-fix__field--inline">
                        <span>{t("Move to", "移到")}</span>
                        <select data-testid="entry-fix-move-to"
                            on:change=move |ev| move_to.set(event_target_value(&ev).parse().unwrap_or(0))>
                            {targets.get_value().into_iter().enumerate().map(|(i, k)| view! {
                                <option value=i.to_string() selected=move || move_to.get() == i>{section_name(&k, lang)}</option>
                            }).collect_view()}
                        </select>
                    </label>
                    <button type="button" class="button" data-testid="entry-fix-move" on:click=do_move>{t("Move", "移动")}</button>
                    {move || parts.get().1.then(|| view! {
                        <button type="button" class="button" data-testid="entry-fix-merge"
                            on:click=move |_| run(Change::MergeWithNext)>
                            {t("Merge with the next entry", "与下一条合并")}
                        </button>
                    })}
                </div>
                {move || (!parts.get().0.is_empty()).then(|| view! {
                    <div class="entry-fix__actions">
                        <label class="entry-fix__field entry-fix__field--inline">
                            <span>{t("A new entry starts at", "新条目从此行开始")}</span>
                            <select data-testid="entry-fix-split-at"
                                on:change=move |ev| split_line.set(event_target_value(&ev).parse().ok())>
                                {parts.get().0.into_iter().map(|(n, words)| {
                                    let shown: String = words.chars().take(50).collect();
                                    view! { <option value=n.to_string() selected=move || split_line.get() == Some(n)>{format!("{n}: {shown}")}</option> }
                                }).collect_view()}
                            </select>
                        </label>
                        <button type="button" class="button" data-testid="entry-fix-split" on:click=do_split>{t("Split", "拆分")}</button>
                    </div>
                })}
            </form>
        })}
    }
}
