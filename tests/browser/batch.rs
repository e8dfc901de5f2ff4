//! The batch page's table helpers (`ui::batch_screening::table`): sorting by a clicked header and
//! filtering by text and recommendation.

use careergraph::domain::hiring::Recommendation;
use careergraph::ui::batch_screening::table::{filtered, sorted, Sort, SortKey};
use careergraph::workflows::batch_screening::RankedRow;
use wasm_bindgen_test::wasm_bindgen_test;

fn row(
    rank: u32,
    label: &str,
    overall: Option<f64>,
    ats: u32,
    rec: Option<Recommendation>,
) -> RankedRow {
    RankedRow {
        rank,
        id: format!("c{rank}"),
        label: label.into(),
        overall_score: overall,
        ats_score: ats,
        recommendation: rec,
        missing_must_haves: vec![format!("skill-of-{label}")],
        ..RankedRow::default()
    }
}

fn rows() -> Vec<RankedRow> {
    vec![
        row(
            1,
            "bravo.md",
            Some(81.0),
            40,
            Some(Recommendation::StrongHire),
        ),
        row(2, "alpha.md", Some(60.0), 90, Some(Recommendation::Hold)),
        row(3, "charlie.md", None, 70, None),
    ]
}

fn ids(rows: &[RankedRow]) -> Vec<&str> {
    rows.iter().map(|r| r.id.as_str()).collect()
}

#[wasm_bindgen_test]
fn a_clicked_score_header_sorts_best_first_and_a_second_click_flips_it() {
    let ats = Sort::default().clicked(SortKey::Ats);
    assert_eq!(ids(&sorted(rows(), ats)), ["c2", "c3", "c1"]);
    assert_eq!(
        ids(&sorted(rows(), ats.clicked(SortKey::Ats))),
        ["c1", "c3", "c2"]
    );
    // Unscreened rows (no overall score) sort below every screened one.
    let overall = Sort::default().clicked(SortKey::Overall);
    assert_eq!(ids(&sorted(rows(), overall)), ["c1", "c2", "c3"]);
    let names = Sort::default().clicked(SortKey::Candidate);
    assert_eq!(ids(&sorted(rows(), names)), ["c2", "c1", "c3"]);
    let rec = Sort::default().clicked(SortKey::Recommendation);
    assert_eq!(ids(&sorted(rows(), rec)), ["c1", "c2", "c3"]);
    assert_eq!(ids(&sorted(rows(), Sort::default())), ["c1", "c2", "c3"]);
}

#[wasm_bindgen_test]
fn filters_match_text_in_any_case_and_the_recommendation() {
    assert_eq!(ids(&filtered(rows(), "ALPHA", "")), ["c2"]);
    assert_eq!(ids(&filtered(rows(), "skill-of-charlie", "")), ["c3"]);
    assert_eq!(ids(&filtered(rows(), "", "strong_hire")), ["c1"]);
    assert_eq!(ids(&filtered(rows(), "", "none")), ["c3"]);
    assert_eq!(ids(&filtered(rows(), "  ", "")), ["c1", "c2", "c3"]);
    assert!(filtered(rows(), "bravo", "hold").is_empty());
}

// ---- the batch page mounted in the app (helpers of the modules below) ----

mod page {
    use wasm_bindgen::JsCast;

    const WORKFLOW_KEY: &str = "careergraph.draft.workflow";

    pub fn query(selector: &str) -> Option<web_sys::Element> {
        web_sys::window()?
            .document()?
            .query_selector(selector)
            .ok()?
    }

    pub fn count(selector: &str) -> u32 {
        web_sys::window()
            .unwrap()
            .document()
            .unwrap()
            .query_selector_all(selector)
            .unwrap()
            .length()
    }

    pub fn click(selector: &str) {
        query(selector)
            .unwrap_or_else(|| panic!("{selector} is on the page"))
            .dyn_into::<web_sys::HtmlElement>()
            .unwrap()
            .click();
    }

    /// Waits (bounded) until `ready` holds.
    pub async fn until(what: &str, ready: impl Fn() -> bool) {
        for _ in 0..500 {
            if ready() {
                return;
            }
            gloo_timers::future::TimeoutFuture::new(10).await;
        }
        panic!("{what} never happened");
    }

    /// A fresh profile's app, opened on `workflow`'s page; waits for its `form`.
    pub async fn open(workflow: &str, form: &str) {
        crate::clear_storage();
        web_sys::window()
            .unwrap()
            .local_storage()
            .unwrap()
            .unwrap()
            .set_item(WORKFLOW_KEY, workflow)
            .unwrap();
        crate::mount_app();
        until(form, || query(form).is_some()).await;
    }
}

// ---- the resume list's draft (IndexedDB, `ui::batch_screening::draft`) ----

mod draft {
    use careergraph::store::Store;
    use wasm_bindgen_test::wasm_bindgen_test;

    use super::page::{click, count, open, query, until};

    const DRAFT: &str = "batch.resumes";

    fn labels() -> Vec<String> {
        let list = web_sys::window()
            .unwrap()
            .document()
            .unwrap()
            .query_selector_all(".batch-resumes__label")
            .unwrap();
        (0..list.length())
            .filter_map(|i| list.get(i)?.text_content())
            .collect()
    }

    async fn saved_draft() -> Option<String> {
        let store = Store::open().await.unwrap();
        let draft = store.load_draft(DRAFT).await.unwrap();
        store.close();
        draft
    }

    #[wasm_bindgen_test]
    async fn the_resume_list_comes_back_after_a_reload_and_a_started_run_keeps_it() {
        // A fresh profile: no list saved by an earlier test.
        let store = Store::open().await.unwrap();
        store.save_draft(DRAFT, "").await.unwrap();
        store.close();
        open("batch_screening", "[data-testid=batch-form]").await;
        until("the saved list read", || {
            query("[data-draft=saved]").is_some() || query("[data-draft=failed]").is_some()
        })
        .await;
        assert_eq!(count("[data-testid=batch-resume]"), 0);

        click("[data-testid=batch-sample]");
        until("three resumes listed", || {
            count("[data-testid=batch-resume]") == 3
        })
        .await;
        let added = labels();
        // Saved once the write committed: read it back from IndexedDB itself.
        let mut saved = None;
        for _ in 0..300 {
            saved = saved_draft().await;
            if saved.is_some() {
                break;
            }
            gloo_timers::future::TimeoutFuture::new(10).await;
        }
        let saved = saved.expect("the list was saved as a draft");
        assert!(saved.contains("ines-varga.md") && saved.contains("# Ines Varga"));

        // A reload (the app mounted again, storage as it was): the list is back, texts too.
        crate::mount_app();
        until("the list back", || count("[data-testid=batch-resume]") == 3).await;
        assert_eq!(labels(), added);
        assert!(query("[data-testid=batch-draft-failed]").is_none());

        // A started run keeps the list, as it keeps the job description's draft.
        click("[data-testid=batch-ats-only]");
        click("[data-testid=batch-run]");
        until("the ATS-only batch finished", || {
            query("[data-testid=batch-phase][data-phase=finished]").is_some()
        })
        .await;
        crate::mount_app();
        until("the list back after the run", || {
            count("[data-testid=batch-resume]") == 3
        })
        .await;
        assert_eq!(labels(), added);

        // Removing every resume removes the draft: the next page starts empty.
        click("[data-testid=batch-clear]");
        let mut left = Some(String::new());
        for _ in 0..300 {
            left = saved_draft().await;
            if left.is_none() {
                break;
            }
            gloo_timers::future::TimeoutFuture::new(10).await;
        }
        assert_eq!(left, None, "the emptied list leaves no draft");
    }
}

// ---- the shared drop zone and file picker (`ui::components::file_drop`) on both pages ----

mod file_drop {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::wasm_bindgen_test;

    use super::page::{click, count, open, query, until};

    /// Files named `names` (Markdown, each holding its name) dropped on `target`, or set on the
    /// file input `target` and `change` fired, as a browser does.
    fn hand_over(target: &str, names: &[&str], drop: bool) {
        let script = js_sys::Function::new_with_args(
            "selector, names, drop",
            "const dt = new DataTransfer();
             for (const name of names) {
               dt.items.add(new File([`# ${name}\\n## Skills\\nRust, Go\\n`], name, {type: 'text/markdown'}));
             }
             const element = document.querySelector(selector);
             if (drop) {
               element.dispatchEvent(new DragEvent('dragover', {bubbles: true, cancelable: true, dataTransfer: dt}));
               element.dispatchEvent(new DragEvent('drop', {bubbles: true, cancelable: true, dataTransfer: dt}));
             } else {
               element.files = dt.files;
               element.dispatchEvent(new Event('change', {bubbles: true}));
             }",
        );
        let names: js_sys::Array = names.iter().map(|n| js_sys::JsString::from(*n)).collect();
        script
            .call3(
                &wasm_bindgen::JsValue::NULL,
                &target.into(),
                &names,
                &drop.into(),
            )
            .unwrap();
    }

    #[wasm_bindgen_test]
    async fn the_batch_takes_many_dropped_and_picked_files() {
        open("batch_screening", "[data-testid=batch-form]").await;
        until("the saved list read", || {
            query("[data-draft]:not([data-draft=loading])").is_some()
        })
        .await;
        if count("[data-testid=batch-resume]") > 0 {
            click("[data-testid=batch-clear]");
        }
        assert!(query("[data-testid=batch-files]")
            .unwrap()
            .has_attribute("multiple"));
        hand_over("[data-testid=batch-drop]", &["ada.md", "ben.md"], true);
        until("two dropped resumes", || {
            count("[data-testid=batch-resume]") == 2
        })
        .await;
        hand_over("[data-testid=batch-files]", &["cy.md"], false);
        until("a third, picked", || {
            count("[data-testid=batch-resume]") == 3
        })
        .await;
        click("[data-testid=batch-clear]");
    }

    #[wasm_bindgen_test]
    async fn a_field_takes_one_dropped_or_picked_file() {
        open("resume_tailoring", "[data-testid=tailor-form]").await;
        let input = "[data-testid=file-import] [data-testid=import-input]";
        assert!(!query(input).unwrap().has_attribute("multiple"));
        let field = || {
            query("[data-testid=job-description]")
                .unwrap()
                .dyn_into::<web_sys::HtmlTextAreaElement>()
                .unwrap()
                .value()
        };
        // Two files dropped: the field takes the first.
        hand_over(
            "[data-testid=file-import]",
            &["first.md", "second.md"],
            true,
        );
        until("the dropped file's text", || {
            field().starts_with("# first.md")
        })
        .await;
        hand_over(input, &["picked.md"], false);
        until("the picked file's text", || {
            field().starts_with("# picked.md")
        })
        .await;
    }
}
