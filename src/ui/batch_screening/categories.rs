//! The batch form's optional self-reported categories: a CSV file (`label,sex,race_ethnicity`)
//! read into a list kept beside the resumes, never inside them, so no model can read it. The list
//! is matched to the resumes by label when the run starts (`with_categories`), so resumes added
//! after the file still get theirs; labels naming no resume are said at once.

use leptos::prelude::*;
use wasm_bindgen_futures::JsFuture;

use crate::domain::fairness::impact::SelfReported;
use crate::domain::Language;
use crate::ui::components::{FilePicker, OnFiles};
use crate::ui::i18n::{tr, use_language};
use crate::workflows::batch_screening::categories::{
    parse_categories, unmatched, CategoriesError, CategoryRow,
};
use crate::workflows::batch_screening::BatchResume;

/// A categories list is a few bytes a person: a larger file is not one.
const MAX_CATEGORIES_BYTES: usize = 2 * 1024 * 1024;

/// What went wrong with the last file chosen.
#[derive(Clone, PartialEq)]
enum Problem {
    Parse(CategoriesError),
    Unreadable(String),
    TooLarge,
}

impl Problem {
    fn message(&self, lang: Language) -> String {
        match self {
            Problem::Parse(error) => error.message(lang),
            Problem::Unreadable(detail) => format!(
                "{} ({detail})",
                tr(
                    lang,
                    "The categories file could not be read",
                    "无法读取类别文件"
                )
            ),
            Problem::TooLarge => tr(
                lang,
                "The categories file is over 2 MB: it should hold one short row per resume.",
                "类别文件超过 2 MB：每份简历应只有简短的一行。",
            )
            .into(),
        }
    }
}

async fn file_text(file: web_sys::File) -> Result<String, Problem> {
    if file.size() as usize > MAX_CATEGORIES_BYTES {
        return Err(Problem::TooLarge);
    }
    let buffer = JsFuture::from(file.array_buffer())
        .await
        .map_err(|e| Problem::Unreadable(e.as_string().unwrap_or_else(|| "read failed".into())))?;
    let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// What a resume's categories say, in a few words ("Female · Asian"; "—" for one not given).
pub fn categories_text(categories: &SelfReported, lang: Language) -> String {
    let shown = |c: &Option<String>| c.clone().unwrap_or_else(|| "—".into());
    format!(
        "{} {} · {}",
        tr(lang, "Self-reported:", "自报："),
        shown(&categories.sex),
        shown(&categories.race_ethnicity)
    )
}

/// The picker, its note, and what became of the file.
#[component]
pub fn CategoriesPicker(
    resumes: RwSignal<Vec<BatchResume>>,
    list: RwSignal<Vec<CategoryRow>>,
) -> impl IntoView {
    let lang = use_language();
    let file_name = RwSignal::new(None::<String>);
    let problem = RwSignal::new(None::<Problem>);
    let on_files = OnFiles::new(move |files: web_sys::FileList| {
        let Some(file) = files.get(0) else { return };
        let name = file.name();
        leptos::task::spawn_local(async move {
            let read = file_text(file)
                .await
                .and_then(|text| parse_categories(&text).map_err(Problem::Parse));
            match read {
                Ok(rows) => {
                    list.try_set(rows);
                    file_name.try_set(Some(name));
                    problem.try_set(None);
                }
                // A refused file leaves the list it would have replaced as it was.
                Err(error) => {
                    problem.try_set(Some(error));
                }
            }
        });
    });
    let not_matched = Memo::new(move |_| {
        list.with(|list| {
            resumes.with(|resumes| {
                unmatched(list, resumes)
                    .into_iter()
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
        })
    });
    let clear = move |_| {
        list.set(Vec::new());
        file_name.set(None);
        problem.set(None);
    };
    view! {
        <div class="batch-categories" data-testid="batch-categories">
            <div class="batch-resumes__actions">
                <FilePicker
                    label=Signal::derive(move || tr(lang.get(), "Self-reported categories (CSV)…", "自报类别（CSV）…").to_string())
                    testid="batch-pick-categories"
                    input_testid="batch-categories-file"
                    accept=".csv,text/csv,text/plain"
                    on_files=on_files
                />
                <button type="button" class="button button--link" data-testid="batch-categories-clear"
                    hidden=move || list.with(Vec::is_empty) on:click=clear>
                    {move || tr(lang.get(), "Remove categories", "移除类别")}
                </button>
            </div>
            <p class="field__hint" id="batch-categories-hint">
                {move || tr(lang.get(),
                    "Optional, for the impact ratios of the finished batch (NYC Local Law 144): a CSV file with a header row label,sex,race_ethnicity and one row per resume, its label the resume's file name. What candidates said of themselves; never sent to a model.",
                    "可选，用于已完成批次的影响比（纽约市第 144 号地方法）：CSV 文件，表头为 label,sex,race_ethnicity，每份简历一行，label 为简历的文件名。内容为候选人自报信息，绝不会发送给模型。")}
            </p>
            {move || file_name.get().map(|name| view! {
                <p role="status" data-testid="batch-categories-loaded" data-rows=move || list.with(Vec::len)>
                    {move || match lang.get() {
                        Language::Zh => format!("{name}：{} 行类别", list.with(Vec::len)),
                        Language::En => format!("{name}: categories for {} label(s)", list.with(Vec::len)),
                    }}
                </p>
            })}
            {move || problem.get().map(|p| view! {
                <p class="notice notice--error" role="alert" data-testid="batch-categories-error">{move || p.message(lang.get())}</p>
            })}
            {move || {
                let missing = not_matched.get();
                let count = missing.len();
                (count > 0).then(|| view! {
                    <p class="notice notice--warn" role="status" data-testid="batch-categories-unmatched" data-count=count>
                        {move || format!("{} {}", tr(lang.get(), "These labels of the categories file match no resume (yet):", "类别文件中的这些标签（尚）未匹配任何简历："), missing.join(", "))}
                    </p>
                })
            }}
        </div>
    }
}
