//! What the app understood of the resume field: a collapsible outline under it (sections, and per
//! entry title · organisation · dates with its source line), items that look misread marked with
//! an icon and a reason, and a warning when the text reads like a job posting instead of a resume.
//! It is derived from the field's text (debounced), so a fix the user types shows at once; each
//! line number is a button that selects that line in the field.
//!
//! ```ignore
//! <ResumeOutline text=resume field_id="resume" />
//! ```

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use crate::domain::import::{check_posting, PostingCheck};
use crate::domain::structured::assisted::read_by_model;
use crate::domain::structured::correct::EntryFix;
use crate::domain::structured::{
    checks::section_checks, from_text, Check, Confidence, Entry, Field, SectionKind,
    StructuredResume,
};
use crate::domain::Language;
use crate::ui::components::entry_fix::EntryFixForm;
use crate::ui::components::model_read::{load_marks, ModelRead};
use crate::ui::i18n::{tr, use_language};
use crate::ui::pages::lazy_part;

/// Typing pauses this long before the outline is rebuilt.
const DEBOUNCE_MS: u32 = 250;
/// Entries shown per section; the rest are counted.
const MAX_ENTRIES: usize = 12;
/// Posting signals named in the warning.
const MAX_SIGNALS: usize = 8;

/// The outline and the posting warning for the textarea `field_id` holding `text`. `open` lets
/// the import open the outline after a file was read; closed, only its summary is in the page.
#[component]
pub fn ResumeOutline(
    text: RwSignal<String>,
    field_id: &'static str,
    #[prop(optional)] open: Option<RwSignal<bool>>,
) -> impl IntoView {
    let lang = use_language();
    let open = open.unwrap_or_else(|| RwSignal::new(false));
    // The entries the model read (their header lines), kept per field across reloads.
    let marks = RwSignal::new(load_marks(field_id));
    let settled = RwSignal::new(text.get_untracked());
    let generation = StoredValue::new(0u32);
    Effect::new(move |ran: Option<()>| {
        let current = text.get();
        if ran.is_none() {
            return;
        }
        let Some(this) = generation.try_get_value().map(|g| g + 1) else {
            return;
        };
        generation.set_value(this);
        leptos::task::spawn_local(async move {
            gloo_timers::future::TimeoutFuture::new(DEBOUNCE_MS).await;
            if generation.try_get_value() == Some(this) {
                settled.try_set(current);
            }
        });
    });
    // Read by a lazily loaded chunk (see `understand`): `None` until its first answer.
    let understood = RwSignal::new(None::<Understood>);
    Effect::new(move |_| {
        let text = settled.get();
        leptos::task::spawn_local(async move {
            let read = understand(text.clone()).await;
            // A later text may have settled while the chunk loaded: only the current one shows.
            if settled.try_with_untracked(|now| *now == text) == Some(true) {
                understood.try_update(|u| {
                    if u.as_ref() != Some(&read) {
                        *u = Some(read);
                    }
                });
            }
        });
    });

    view! {
        <div class="resume-outline-block" data-testid="resume-understood">
            {move || understood.with(|u| u.as_ref().and_then(|u| u.posting.looks_like_posting.then(|| posting_warning(&u.posting, field_id, lang.get()))))}
            <details
                class="resume-outline"
                data-testid="resume-outline"
                prop:open=move || open.get()
                on:toggle=move |ev| {
                    let now = ev
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                        .is_some_and(|el| el.has_attribute("open"));
                    if now != open.get_untracked() {
                        open.set(now);
                    }
                }
            >
                <summary class="resume-outline__summary" data-testid="outline-summary">
                    {move || understood.with(|u| match u {
                        Some(u) => summary_text(&u.counts, lang.get()),
                        None => tr(lang.get(), "Outline", "大纲").to_string(),
                    })}
                </summary>
                {move || open.get().then(|| understood.with(|u| u.as_ref().map(|u| lazy_part(outline_view(u.resume.clone(), field_id, lang.get(), text, marks)))))}
            </details>
        </div>
    }
}

/// [`Understood::of`] as a lazily loaded chunk in the split app (`split` feature): the structure
/// parser (`domain::structured`, about 50 KB of code) is not needed for the first paint, so the
/// outline shows a moment after it, once the chunk is there.
#[cfg_attr(feature = "split", leptos::lazy)]
async fn understand(text: String) -> Understood {
    Understood::of(&text)
}

/// [`outline_body`] as a lazily loaded chunk in the split app: the body, its entry fixes and its
/// checks are only drawn when the outline is opened, so the first paint does not need their code.
#[cfg_attr(feature = "split", leptos::lazy)]
async fn outline_view(
    resume: StructuredResume,
    field_id: &'static str,
    lang: Language,
    text: RwSignal<String>,
    marks: RwSignal<Vec<String>>,
) -> AnyView {
    outline_body(&resume, field_id, lang, text, marks)
}

/// The structured resume and the posting check of one text, and the outline summary's counts
/// (counted in the chunk, so the checks stay out of the first module).
#[derive(Clone, PartialEq)]
struct Understood {
    resume: StructuredResume,
    posting: PostingCheck,
    counts: Counts,
}

impl Understood {
    fn of(text: &str) -> Self {
        let resume = from_text(text);
        Understood {
            counts: Counts::of(&resume),
            resume,
            posting: check_posting(text),
        }
    }
}

/// What the outline's summary line says: sections, entries, and items to check.
#[derive(Clone, Copy, PartialEq)]
struct Counts {
    sections: usize,
    entries: usize,
    low: usize,
}

impl Counts {
    fn of(resume: &StructuredResume) -> Self {
        Counts {
            sections: resume.sections.len(),
            entries: resume.sections.iter().map(|s| s.entries.len()).sum(),
            low: low_count(resume),
        }
    }
}

/// A check's reason, said next to the entry.
fn check_text(check: Check, lang: Language) -> &'static str {
    match check {
        Check::NoTitle => tr(lang, "no title found", "未找到名称"),
        Check::MissingName => tr(
            lang,
            "a name is missing (the employer, the title or the school)",
            "缺少名称（单位、职位或学校）",
        ),
        Check::OddName => tr(
            lang,
            "a name reads like a sentence, a date or a label",
            "名称看起来像句子、日期或标签",
        ),
        Check::RolesDoubtful => tr(
            lang,
            "title and organisation may be the other way round",
            "职位与单位可能颠倒了",
        ),
        Check::UnlikeOthers => tr(
            lang,
            "laid out unlike the other entries of this section",
            "与本部分其他条目的排版不同",
        ),
        Check::NoDates => tr(
            lang,
            "no dates found (write them like “Mar 2020 – Present”)",
            "未找到日期（可写成“2020年3月 - 至今”）",
        ),
    }
}

fn low_count(resume: &StructuredResume) -> usize {
    resume
        .sections
        .iter()
        .map(|s| {
            let low_heading = usize::from(s.confidence == Confidence::Low);
            low_heading
                + section_checks(&s.entries, &s.kind)
                    .iter()
                    .filter(|c| !c.is_empty())
                    .count()
        })
        .sum()
}

fn summary_text(counts: &Counts, lang: Language) -> String {
    let Counts {
        sections,
        entries,
        low,
    } = *counts;
    let mut text = match lang {
        Language::Zh => format!("识别结果：{sections} 个部分，{entries} 个条目"),
        _ => format!(
            "What the app understood: {sections} section{}, {entries} entr{}",
            if sections == 1 { "" } else { "s" },
            if entries == 1 { "y" } else { "ies" }
        ),
    };
    if low > 0 {
        text.push_str(&match lang {
            Language::Zh => format!(" · ⚠ {low} 处待核对"),
            _ => format!(" · ⚠ {low} to check"),
        });
    }
    text
}

fn kind_id(kind: &SectionKind) -> &'static str {
    match kind {
        SectionKind::Summary => "summary",
        SectionKind::Work => "work",
        SectionKind::Education => "education",
        SectionKind::Skills => "skills",
        SectionKind::Projects => "projects",
        SectionKind::Awards => "awards",
        SectionKind::Certificates => "certificates",
        SectionKind::Languages => "languages",
        SectionKind::Volunteer => "volunteer",
        SectionKind::Publications => "publications",
        SectionKind::References => "references",
        SectionKind::Interests => "interests",
        SectionKind::Other(_) => "other",
    }
}

fn kind_label(kind: &SectionKind, lang: Language) -> &'static str {
    let t = |en, zh| tr(lang, en, zh);
    match kind {
        SectionKind::Summary => t("Summary", "简介"),
        SectionKind::Work => t("Work experience", "工作经历"),
        SectionKind::Education => t("Education", "教育经历"),
        SectionKind::Skills => t("Skills", "技能"),
        SectionKind::Projects => t("Projects", "项目"),
        SectionKind::Awards => t("Awards", "奖项"),
        SectionKind::Certificates => t("Certificates", "证书"),
        SectionKind::Languages => t("Languages", "语言"),
        SectionKind::Volunteer => t("Volunteering", "志愿经历"),
        SectionKind::Publications => t("Publications", "出版物"),
        SectionKind::References => t("References", "推荐人"),
        SectionKind::Interests => t("Interests", "兴趣"),
        SectionKind::Other(_) => t("Other", "其他"),
    }
}

fn outline_body(
    resume: &StructuredResume,
    field_id: &'static str,
    lang: Language,
    text: RwSignal<String>,
    marks: RwSignal<Vec<String>>,
) -> AnyView {
    let t = move |en, zh| tr(lang, en, zh);
    let basics = &resume.basics;
    let who: Vec<String> = [&basics.name, &basics.label, &basics.email, &basics.phone]
        .into_iter()
        .flatten()
        .map(|f| f.value.clone())
        .collect();
    let header_line = basics.name.as_ref().and_then(|f| f.line);
    // The jobs and degrees the reader is unsure of: what "read the unsure entries" sends.
    let unsure: usize = resume
        .sections
        .iter()
        .filter(|s| matches!(s.kind, SectionKind::Work | SectionKind::Education))
        .flat_map(|s| section_checks(&s.entries, &s.kind))
        .filter(|c| !c.is_empty())
        .count();
    if resume.sections.is_empty() && who.is_empty() {
        return view! {
            <p class="resume-outline__empty" data-testid="outline-empty">
                {t("No sections found yet. Headings such as “Experience” or “Education” help the app read the resume.",
                   "尚未识别到任何部分。使用“工作经历”“教育经历”等标题有助于识别简历。")}
            </p>
        }
        .into_any();
    }
    view! {
        <div class="resume-outline__body">
            {(!who.is_empty()).then(|| view! {
                <p class="resume-outline__basics" data-testid="outline-basics">
                    {who.join(" · ")}
                    {header_line.map(|n| line_button(n, field_id, lang))}
                </p>
            })}
            <ul class="resume-outline__sections">
                {resume.sections.iter().enumerate().map(|(i, s)| section_view(s, field_id, lang, Correct { text, marks, section: i, index: 0, education: false })).collect_view()}
            </ul>
            <ModelRead text field_id marks unsure lang />
            <p class="resume-outline__hint">
                {t("Fix a misread with “Correct” beside a job or degree, or in the text above: the outline follows what you type.",
                   "如有识别错误，可点工作或学历旁的“更正”，或直接修改上方文本：大纲会随输入更新。")}
            </p>
        </div>
    }
    .into_any()
}

fn section_view(
    section: &crate::domain::structured::Section,
    field_id: &'static str,
    lang: Language,
    at: Correct,
) -> impl IntoView {
    let label = kind_label(&section.kind, lang);
    // The heading as written, when it says more than the kind's name ("BERUFSERFAHRUNG").
    let written = (!section.title.is_empty() && !section.title.eq_ignore_ascii_case(label))
        .then(|| format!("“{}”", section.title));
    let low_heading = section.confidence == Confidence::Low;
    let shown = section.entries.len().min(MAX_ENTRIES);
    let more = section.entries.len() - shown;
    let kind = section.kind.clone();
    view! {
        <li class="resume-outline__section" data-testid="outline-section" data-kind=kind_id(&section.kind)>
            <span class="resume-outline__section-name">
                <strong data-testid="outline-section-kind">{label}</strong>
                {written.map(|w| view! { " " <span data-testid="outline-section-title">{w}</span> })}
                {section.line.map(|n| line_button(n, field_id, lang))}
                {low_heading.then(|| check_mark(
                    vec![tr(lang, "no heading recognised: the text before the first heading", "未识别到标题：第一个标题之前的文字")],
                    lang,
                ))}
            </span>
            {(!section.entries.is_empty()).then(|| view! {
                <ul class="resume-outline__entries">
                    {section.entries.iter().zip(section_checks(&section.entries, &kind)).enumerate().take(shown).map(|(i, (e, checks))| {
                        // Jobs and degrees can be corrected in place (the text is rewritten).
                        let fix = matches!(kind, SectionKind::Work | SectionKind::Education)
                            .then_some(Correct { index: i, education: kind == SectionKind::Education, ..at });
                        entry_view(e, checks, field_id, lang, fix)
                    }).collect_view()}
                    {(more > 0).then(|| view! {
                        <li class="resume-outline__more">
                            {match lang {
                                Language::Zh => format!("另有 {more} 项"),
                                _ => format!("and {more} more"),
                            }}
                        </li>
                    })}
                </ul>
            })}
        </li>
    }
}

/// Where a correctable entry is: the field's text, its section and entry index, whether a degree,
/// and the header lines of the entries the model read.
#[derive(Clone, Copy)]
struct Correct {
    text: RwSignal<String>,
    marks: RwSignal<Vec<String>>,
    section: usize,
    index: usize,
    education: bool,
}

fn entry_view(
    entry: &Entry,
    checks: Vec<Check>,
    field_id: &'static str,
    lang: Language,
    fix: Option<Correct>,
) -> impl IntoView {
    let initial = EntryFix::of(entry);
    let value = |f: &Option<Field<String>>| f.as_ref().map(|f| f.value.clone());
    let title = value(&entry.title);
    let organisation = value(&entry.organisation);
    // An item with neither title nor organisation is named by its first words, so it can be found
    // (lines kept as written too: the header's lines no field holds, `structured::kept`).
    let first_words = (title.is_none() && organisation.is_none())
        .then(|| {
            entry
                .highlights
                .first()
                .or(entry.text.first())
                .or(entry.as_written.first())
        })
        .flatten()
        .map(|f| {
            let mut words: String = f.value.chars().take(60).collect();
            if f.value.chars().count() > 60 {
                words.push('…');
            }
            words
        });
    let dates = entry.dates.as_ref().map(|d| d.value.text.clone());
    let low = !checks.is_empty();
    let reasons: Vec<&'static str> = checks.iter().map(|c| check_text(*c, lang)).collect();
    let line = entry
        .line
        .or_else(|| entry.title.as_ref().and_then(|f| f.line));
    // Read by the model: its header line is one the model's reading was written as.
    let by_model = fix.zip(line).is_some_and(|(at, n)| {
        at.text.with_untracked(|t| {
            t.lines()
                .nth(n - 1)
                .is_some_and(|l| at.marks.with_untracked(|m| read_by_model(l, m)))
        })
    });
    view! {
        <li class="resume-outline__entry" class:resume-outline__entry--low=low
            data-testid="outline-entry" data-low=if low { "true" } else { "false" }>
            {title.map(|t| view! { <span class="resume-outline__title" data-testid="outline-entry-title">{t}</span> })}
            {first_words.map(|w| view! { <span class="resume-outline__words" data-testid="outline-entry-words">{w}</span> })}
            {organisation.map(|o| view! { " · " <span class="resume-outline__org" data-testid="outline-entry-org">{o}</span> })}
            {dates.map(|d| view! { " · " <span class="resume-outline__dates" data-testid="outline-entry-dates">{d}</span> })}
            {line.map(|n| line_button(n, field_id, lang))}
            {low.then(|| check_mark(reasons, lang))}
            {by_model.then(|| view! {
                " " <span class="resume-outline__by-model" data-testid="outline-by-model">{tr(lang, "read by the model", "由模型读取")}</span>
            })}
            {fix.map(|Correct { text, section, index, education, .. }| view! {
                <EntryFixForm text section index education initial lang />
            })}
        </li>
    }
}

/// "⚠ Check: reason; reason" in text (not colour alone), the same as a tooltip.
fn check_mark(reasons: Vec<&'static str>, lang: Language) -> impl IntoView {
    let separator = tr(lang, "; ", "；");
    let reasons = reasons.join(separator);
    let tooltip = reasons.clone();
    view! {
        " "
        <span class="resume-outline__check" data-testid="outline-check" title=tooltip>
            <span aria-hidden="true">"⚠ "</span>
            {tr(lang, "Check: ", "请核对：")}
            {reasons}
        </span>
    }
}

/// A button naming a line of the field; it selects that line there so the user can fix it.
fn line_button(line: usize, field_id: &'static str, lang: Language) -> impl IntoView {
    let (text, label) = match lang {
        Language::Zh => (format!("第 {line} 行"), format!("在简历中选中第 {line} 行")),
        _ => (
            format!("line {line}"),
            format!("Select line {line} in the resume"),
        ),
    };
    view! {
        " "
        <button type="button" class="resume-outline__line" data-testid="outline-line"
            data-line=line.to_string() aria-label=label
            on:click=move |_| select_line(field_id, line)>
            {text}
        </button>
    }
}

fn posting_warning(check: &PostingCheck, field_id: &'static str, lang: Language) -> impl IntoView {
    let t = move |en, zh| tr(lang, en, zh);
    let signals = check
        .signals
        .iter()
        .take(MAX_SIGNALS)
        .cloned()
        .collect::<Vec<_>>();
    let more = check.signals.len() - signals.len();
    view! {
        <div class="notice notice--warn posting-warning" role="status" data-testid="posting-warning">
            <p class="posting-warning__title">
                <span aria-hidden="true">"⚠ "</span>
                <strong>{t("This looks like a job posting, not a resume. ", "这看起来像是职位描述，而不是简历。")}</strong>
                {t("The workflows read this field as your resume. If it is the job you are applying for, put it in the job description field and your resume here.",
                   "各工作流会把此处内容当作你的简历。如果这是你要申请的职位，请把它放到职位描述栏，并在此处填写你的简历。")}
            </p>
            <p class="posting-warning__signals">
                {t("Found: ", "依据：")}
                {signals.into_iter().enumerate().map(|(i, s)| {
                    let phrase = if s.phrase == "salary range" {
                        t("a salary range", "薪资范围").to_string()
                    } else if s.phrase == "you / your" {
                        t("written to “you”", "以“你”的口吻撰写").to_string()
                    } else {
                        format!("“{}”", s.phrase)
                    };
                    view! {
                        {(i > 0).then_some(tr(lang, ", ", "、"))}
                        <span data-testid="posting-signal">{phrase}</span>
                        {s.line.map(|n| line_button(n, field_id, lang))}
                    }
                }).collect_view()}
                {(more > 0).then(|| match lang {
                    Language::Zh => format!("，另有 {more} 项"),
                    _ => format!(", and {more} more"),
                })}
            </p>
        </div>
    }
}

/// Focuses the textarea `field_id` and selects its 1-based `line`, scrolled into view.
fn select_line(field_id: &str, line: usize) {
    let Some(element) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(field_id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    let value = js_sys::Reflect::get(&element, &JsValue::from_str("value"))
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default();
    // setSelectionRange counts UTF-16 units.
    let (mut start, mut end, mut total) = (0u32, 0u32, 0usize);
    for (index, text) in value.split('\n').enumerate() {
        let length = text.encode_utf16().count() as u32;
        if index + 1 < line {
            start += length + 1;
        } else if index + 1 == line {
            end = start + length;
        }
        total = index + 1;
    }
    let _ = element.focus();
    if let Ok(select) = js_sys::Reflect::get(&element, &JsValue::from_str("setSelectionRange")) {
        if let Some(select) = select.dyn_ref::<js_sys::Function>() {
            let _ = select.call2(&element, &start.into(), &end.max(start).into());
        }
    }
    // Wrapped lines make this approximate: the line lands in the upper third of the field.
    if total > 0 {
        let height = element.scroll_height() as f64;
        let top = height * (line.saturating_sub(1)) as f64 / total as f64
            - f64::from(element.client_height()) / 3.0;
        element.set_scroll_top(top.max(0.0) as i32);
    }
}
