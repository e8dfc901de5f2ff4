//! The IndexedDB store in headless Chromium (a real IndexedDB): checkpointer semantics, a paused
//! tailoring run round-tripped through a fresh connection, deleting a run with all its
//! checkpoints, the master resume, and no API key in any stored record after a real run
//! against the mock provider; a full disk (an injected `QuotaExceededError`) that keeps a run in
//! memory, and pruning a finished run to its final checkpoint. Each test uses its own database.

use std::rc::Rc;

use careergraph::graph::{
    Checkpoint, CheckpointSource, Checkpointer, EventSink, GraphError, PendingWrite, TaskFailure,
    TaskWrite,
};
use careergraph::llm::http::fetch::FetchTransport;
use careergraph::llm::ChatModel;
use careergraph::session::{build_model, AnyRun, ProviderConfig, Runtime};

use crate::run_support::any_run;
use careergraph::store::{
    now_ms, updated_master_resume, IdbCheckpointer, QuotaFallback, RunRecord, RunStatus, Store,
    StoreError, StoreErrorKind,
};
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

const MOCK: &str = match option_env!("MOCK_PROVIDER_URL") {
    Some(url) => url,
    None => "http://127.0.0.1:8787",
};
const JD: &str = "Requirements:\n- Python and Docker\n- Redis\n";
const RESUME: &str = "# Ann\n## Skills\nDocker, Python\n";

/// A database name no other test (or earlier run of this one) uses.
fn db_name(test: &str) -> String {
    format!(
        "careergraph-test-{test}-{}",
        careergraph::session::new_thread_id("db")
    )
}

fn checkpoint(thread: &str, ns: &str, id: &str, step: i64) -> Checkpoint {
    Checkpoint {
        format_version: 1,
        id: id.into(),
        parent_id: None,
        thread_id: thread.into(),
        ns: ns.into(),
        step,
        source: CheckpointSource::Loop,
        channel_values: json!({"step": step, "who": format!("{thread}/{ns}/{id}")}),
        delta: None,
        pending_tasks: Default::default(),
        pending_writes: Vec::new(),
        pending_interrupts: Vec::new(),
        pending_errors: Vec::new(),
        resume_values: Default::default(),
    }
}

fn ids(list: &[Checkpoint]) -> Vec<&str> {
    list.iter().map(|c| c.id.as_str()).collect()
}

// ---- raw IndexedDB, independent of the code under test ----

fn promise_of(request: &web_sys::IdbRequest) -> JsFuture {
    let request = request.clone();
    JsFuture::from(js_sys::Promise::new(&mut |resolve, reject| {
        let on_success = Closure::once_into_js({
            let request = request.clone();
            move || {
                let _ = resolve.call1(&JsValue::NULL, &request.result().unwrap());
            }
        });
        request.set_onsuccess(Some(on_success.unchecked_ref()));
        request.set_onerror(Some(&reject));
    }))
}

async fn raw_open(name: &str, version: Option<u32>) -> web_sys::IdbDatabase {
    let factory = web_sys::window().unwrap().indexed_db().unwrap().unwrap();
    let request = match version {
        Some(v) => factory.open_with_u32(name, v).unwrap(),
        None => factory.open(name).unwrap(),
    };
    promise_of(&request).await.unwrap().unchecked_into()
}

/// Every record of every object store of database `name`, as `(store, JSON text)`.
async fn every_record(name: &str) -> Vec<(String, String)> {
    let db = raw_open(name, None).await;
    let names = db.object_store_names();
    let mut records = Vec::new();
    for i in 0..names.length() {
        let store_name = names.item(i).unwrap();
        let tx = db.transaction_with_str(&store_name).unwrap();
        let request = tx.object_store(&store_name).unwrap().get_all().unwrap();
        let all: js_sys::Array = promise_of(&request).await.unwrap().into();
        for record in all.iter() {
            let text: String = js_sys::JSON::stringify(&record).unwrap().into();
            records.push((store_name.clone(), text));
        }
    }
    db.close();
    records
}

// ---- runs through the session ----

fn demo() -> Rc<dyn ChatModel> {
    let provider: ProviderConfig = serde_json::from_value(json!({"provider": "demo"})).unwrap();
    build_model(&provider, Rc::new(FetchTransport)).unwrap()
}

fn input() -> Value {
    json!({"resume": RESUME, "jobDescription": JD, "userId": "u1", "jobId": "j1"})
}

/// A demo tailoring run saved through `saver`, and its thread: how the stored-run tests start.
fn start_demo_tailoring(saver: Rc<dyn Checkpointer>) -> (AnyRun, String) {
    let model = demo();
    let run = any_run(
        "resume_tailoring",
        input(),
        &Runtime::new(model).with_checkpointer(saver),
    )
    .unwrap();
    let thread = run.thread_id().unwrap();
    (run, thread)
}

fn sink() -> EventSink {
    EventSink::new(|_| {})
}

/// Answers whatever the run asks (a question, then the review) until it is done.
async fn answer_to_the_end(handle: &AnyRun, mut step: Value) -> Value {
    for _ in 0..12 {
        if step["status"] == "done" {
            return step;
        }
        assert_eq!(step["status"], "interrupted", "{step}");
        let answer = match step["interrupts"][0]["payload"]["type"].as_str() {
            Some("question") => json!({"action": "answer", "answer": "Cached sessions in Redis"}),
            _ => json!({"decision": "approve"}),
        };
        step = handle.resume(answer, sink()).unwrap().await.unwrap();
    }
    panic!("the run did not finish: {step}")
}

#[wasm_bindgen_test]
async fn checkpointer_gets_the_latest_lists_newest_first_and_replaces_on_put() {
    let name = db_name("checkpointer");
    let store = Store::open_named(&name).await.unwrap();
    let saver = store.checkpointer();
    // Stored out of order, beside a sibling namespace and threads whose ids share a prefix.
    for (thread, ns, id) in [
        ("t", "", "000000000002"),
        ("t", "", "000000000001"),
        ("t", "", "000000000003"),
        ("t", "sub:1", "000000000009"),
        ("t2", "", "000000000007"),
        ("t-1", "", "000000000008"),
    ] {
        saver.put(checkpoint(thread, ns, id, 0)).await.unwrap();
    }
    let latest = saver.get("t", "", None).await.unwrap().unwrap();
    assert_eq!(latest.id, "000000000003");
    assert_eq!(latest.channel_values["who"], "t//000000000003");
    assert_eq!(
        ids(&saver.list("t", "").await.unwrap()),
        ["000000000003", "000000000002", "000000000001"]
    );
    assert_eq!(
        ids(&saver.list("t", "sub:1").await.unwrap()),
        ["000000000009"]
    );
    let one = saver
        .get("t", "", Some("000000000002"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(one, checkpoint("t", "", "000000000002", 0));
    assert!(saver
        .get("t", "", Some("000000000042"))
        .await
        .unwrap()
        .is_none());
    assert!(saver.get("nobody", "", None).await.unwrap().is_none());
    assert!(saver.list("nobody", "").await.unwrap().is_empty());

    // The engine re-puts a checkpoint to attach pending writes: it replaces, never duplicates.
    saver
        .put(checkpoint("t", "", "000000000003", 5))
        .await
        .unwrap();
    assert_eq!(saver.list("t", "").await.unwrap().len(), 3);
    assert_eq!(saver.get("t", "", None).await.unwrap().unwrap().step, 5);

    store.close();
    Store::delete_database(&name).await.unwrap();
}

fn task_done(task_id: &str) -> TaskWrite {
    TaskWrite::Done(PendingWrite {
        task_id: task_id.into(),
        node: task_id.rsplit(':').next().unwrap().into(),
        update: json!({"log": [task_id]}),
        goto: Vec::new(),
        sends: Vec::new(),
    })
}

#[wasm_bindgen_test]
async fn put_writes_is_saved_per_task_and_visible_through_a_fresh_connection() {
    let name = db_name("put-writes");
    let store = Store::open_named(&name).await.unwrap();
    let saver = store.checkpointer();
    let id = "000000000001";
    saver.put(checkpoint("t", "", id, 0)).await.unwrap();
    // Two tasks ending together: each is its own read-modify-write transaction, none is lost.
    let (a, b) = futures::join!(
        saver.put_writes("t", "", id, task_done("1:a")),
        saver.put_writes("t", "", id, task_done("1:b")),
    );
    a.unwrap();
    b.unwrap();
    let failure = TaskFailure {
        task_id: "1:c".into(),
        node: "c".into(),
        error: "timed out".into(),
    };
    saver
        .put_writes("t", "", id, TaskWrite::Failed(failure.clone()))
        .await
        .unwrap();
    let missing = saver
        .put_writes("t", "", "000000000009", task_done("1:a"))
        .await;
    assert!(
        matches!(missing, Err(GraphError::Checkpointer(_))),
        "{missing:?}"
    );
    store.close();
    drop(store);

    let store = Store::open_named(&name).await.unwrap();
    let saved = store
        .checkpointer()
        .get("t", "", Some(id))
        .await
        .unwrap()
        .unwrap();
    let mut written: Vec<&str> = saved
        .pending_writes
        .iter()
        .map(|w| w.task_id.as_str())
        .collect();
    written.sort();
    assert_eq!(written, ["1:a", "1:b"]);
    assert_eq!(saved.pending_errors, vec![failure]);
    assert_eq!(
        saved.channel_values,
        checkpoint("t", "", id, 0).channel_values
    );

    store.close();
    Store::delete_database(&name).await.unwrap();
}

#[wasm_bindgen_test]
async fn a_paused_run_reopens_from_indexeddb_in_a_fresh_connection_and_ends_the_same() {
    // Without any reload, in memory.
    let expected = expected_tailoring_end().await;

    let name = db_name("reopen");
    let store = Store::open_named(&name).await.unwrap();
    let (run, thread) = start_demo_tailoring(Rc::new(store.checkpointer()));
    let mut record = RunRecord::new(
        &thread,
        "resume_tailoring",
        "Backend at Acme",
        input(),
        now_ms(),
    );
    store.put_run(&record).await.unwrap();
    let paused = run.start(sink()).await.unwrap();
    assert_eq!(paused["interrupts"][0]["payload"]["type"], "question");
    record.record_step(&paused, now_ms());
    store.put_run(&record).await.unwrap();

    // The reload: the page's runs and its connection are gone.
    run.cancel();
    store.close();
    drop(store);

    let store = Store::open_named(&name).await.unwrap();
    let runs = store.list_runs().await.unwrap();
    assert_eq!(runs.len(), 1);
    let saved = &runs[0];
    assert_eq!(saved.status, RunStatus::Paused);
    assert!(saved.can_reopen());
    assert_eq!(saved.last_step.as_ref(), Some(&paused));
    let model = demo();
    let (reopened, reopened_step) = AnyRun::reopen(
        &saved.workflow_id,
        &saved.thread_id,
        saved.input.clone(),
        &Runtime::new(model).with_checkpointer(Rc::new(store.checkpointer())),
    )
    .await
    .unwrap();
    assert_eq!(reopened_step, paused, "the same dialog opens again");
    let done = answer_to_the_end(&reopened, reopened_step.clone()).await;
    assert_eq!(done["state"], expected["state"]);

    store.close();
    Store::delete_database(&name).await.unwrap();
}

#[wasm_bindgen_test]
async fn deleting_a_run_deletes_its_record_and_every_checkpoint_of_its_thread() {
    let name = db_name("delete");
    let store = Store::open_named(&name).await.unwrap();
    let mut threads = Vec::new();
    for _ in 0..2 {
        let (run, thread) = start_demo_tailoring(Rc::new(store.checkpointer()));
        let first = run.start(sink()).await.unwrap();
        let done = answer_to_the_end(&run, first).await;
        let mut record = RunRecord::new(&thread, "resume_tailoring", "Acme", input(), now_ms());
        record.record_step(&done, now_ms());
        store.put_run(&record).await.unwrap();
        threads.push(thread);
    }
    let count = |records: &[(String, String)], store_name: &str, thread: &str| {
        records
            .iter()
            .filter(|(s, text)| {
                s == store_name && text.contains(&format!("\"thread_id\":\"{thread}\""))
            })
            .count()
    };
    let before = every_record(&name).await;
    // The question runs in the info_collection subgraph, which checkpoints under its own ns.
    let subgraph_checkpoints = |records: &[(String, String)], thread: &str| {
        records
            .iter()
            .filter(|(s, text)| {
                s == "checkpoints"
                    && text.contains(&format!("\"thread_id\":\"{thread}\""))
                    && !text.contains("\"ns\":\"\"")
            })
            .count()
    };
    assert!(
        subgraph_checkpoints(&before, &threads[0]) >= 2,
        "{before:?}"
    );
    assert!(count(&before, "checkpoints", &threads[0]) > 5);

    store.delete_run(&threads[0]).await.unwrap();
    let after = every_record(&name).await;
    assert_eq!(count(&after, "checkpoints", &threads[0]), 0);
    assert_eq!(subgraph_checkpoints(&after, &threads[0]), 0);
    assert_eq!(count(&after, "runs", &threads[0]), 0);
    assert!(store.get_run(&threads[0]).await.unwrap().is_none());
    assert_eq!(
        count(&after, "checkpoints", &threads[1]),
        count(&before, "checkpoints", &threads[1]),
        "the other run keeps its checkpoints"
    );
    assert_eq!(store.list_runs().await.unwrap().len(), 1);

    store.close();
    Store::delete_database(&name).await.unwrap();
}

#[wasm_bindgen_test]
async fn runs_list_newest_first_and_the_master_resume_round_trips() {
    let name = db_name("records");
    let store = Store::open_named(&name).await.unwrap();
    for (thread, created) in [("b", 2_000), ("a", 1_000), ("c", 3_000)] {
        let record = RunRecord::new(thread, "resume_tailoring", thread, json!({}), created);
        store.put_run(&record).await.unwrap();
    }
    let order: Vec<String> = store
        .list_runs()
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.thread_id)
        .collect();
    assert_eq!(order, ["c", "b", "a"]);
    let mut failed = store.get_run("a").await.unwrap().unwrap();
    failed.record_error(
        &careergraph::session::SessionError::new(
            careergraph::session::ErrorCode::Cancelled,
            "The run was stopped.",
        ),
        9_000,
    );
    store.put_run(&failed).await.unwrap();
    let back = store.get_run("a").await.unwrap().unwrap();
    assert_eq!(back, failed);
    assert_eq!(back.status, RunStatus::Cancelled);
    assert!(!back.can_reopen());

    assert!(store.load_master_resume("u1").await.unwrap().is_none());
    store.save_master_resume("u1", "# Ann v1").await.unwrap();
    let saved = store.save_master_resume("u1", "# Ann v2").await.unwrap();
    store.save_master_resume("u2", "# Bo").await.unwrap();
    let loaded = store.load_master_resume("u1").await.unwrap().unwrap();
    assert_eq!(loaded, saved);
    assert_eq!(loaded.text, "# Ann v2");
    assert_eq!(
        store.load_master_resume("u2").await.unwrap().unwrap().text,
        "# Bo"
    );

    // The last step of a run: its final record and the master resume, together.
    let mut finished = store.get_run("b").await.unwrap().unwrap();
    let done = json!({"status": "done", "state": {"master_resume_updated": true, "master_resume": "# Ann v3"}});
    finished.record_step(&done, 10_000);
    let master = updated_master_resume(&done).map(|text| ("u1", text));
    store.finish_run(&finished, master).await.unwrap();
    assert_eq!(
        store.get_run("b").await.unwrap().unwrap().status,
        RunStatus::Done
    );
    let loaded = store.load_master_resume("u1").await.unwrap().unwrap();
    assert_eq!(
        (loaded.text.as_str(), loaded.updated_at_ms),
        ("# Ann v3", 10_000)
    );
    // A run that did not update it leaves the master resume alone.
    store.finish_run(&finished, None).await.unwrap();
    assert_eq!(
        store.load_master_resume("u1").await.unwrap().unwrap().text,
        "# Ann v3"
    );

    store.close();
    Store::delete_database(&name).await.unwrap();
}

#[wasm_bindgen_test]
async fn no_api_key_reaches_any_stored_record() {
    let key = format!(
        "sk-test-NEVER-STORE-{}",
        careergraph::session::new_thread_id("k")
    );
    let provider: ProviderConfig = serde_json::from_value(json!({
        "provider": "openai", "apiKey": key, "baseUrl": format!("{MOCK}/v1"), "model": "gpt-4o-mini",
        "confirmedHost": MOCK.trim_start_matches("http://")
    }))
    .unwrap();
    let model = build_model(&provider, Rc::new(FetchTransport)).unwrap();
    let name = db_name("keys");
    let store = Store::open_named(&name).await.unwrap();
    let marker = "Kept-In-The-Store-7f3a";
    let run_input =
        json!({"resume": format!("{RESUME}{marker}\n"), "jobDescription": JD, "userId": "u1"});
    let run = any_run(
        "resume_tailoring",
        run_input.clone(),
        &Runtime::new(model).with_checkpointer(Rc::new(store.checkpointer())),
    )
    .unwrap();
    let thread = run.thread_id().unwrap();
    let mut record = RunRecord::new(&thread, "resume_tailoring", "Acme", run_input, now_ms());
    store.put_run(&record).await.unwrap();
    let first = run.start(sink()).await.unwrap();
    let done = answer_to_the_end(&run, first).await;
    record.record_step(&done, now_ms());
    // Saved whether or not the mock's answers made the run update it: the scan must see one.
    let master = done["state"]["master_resume"].as_str().unwrap();
    store
        .finish_run(&record, Some(("u1", master)))
        .await
        .unwrap();
    store.close();

    let records = every_record(&name).await;
    for store_name in ["checkpoints", "runs", "master_resumes"] {
        assert!(
            records.iter().any(|(s, _)| s == store_name),
            "{store_name} has records, so the scan can see what is stored"
        );
    }
    assert!(
        records.iter().any(|(_, text)| text.contains(marker)),
        "the scan sees the run's own text"
    );
    for (store_name, text) in &records {
        assert!(
            !text.contains(&key),
            "the API key is in a {store_name} record"
        );
        assert!(
            !text.contains("NEVER-STORE"),
            "part of the key is in a {store_name} record"
        );
    }
    Store::delete_database(&name).await.unwrap();
}

#[wasm_bindgen_test]
async fn a_database_from_a_newer_version_is_a_clear_error_not_a_panic() {
    let name = db_name("newer");
    raw_open(&name, Some(50)).await.close();
    let err = Store::open_named(&name).await.unwrap_err();
    assert_eq!(err.kind, StoreErrorKind::Failed);
    assert!(
        err.message.contains("newer version of this app"),
        "{}",
        err.message
    );
    Store::delete_database(&name).await.unwrap();
}

// ---- a full disk, and pruning ----

/// IndexedDB whose saves start failing with the browser's `QuotaExceededError` after
/// `room_for` successful checkpoint saves (a real quota cannot be filled fast in a test).
struct FullDisk {
    inner: IdbCheckpointer,
    room_for: std::cell::Cell<usize>,
}

fn quota_exceeded() -> GraphError {
    let exception = web_sys::DomException::new_with_message_and_name(
        "The quota has been exceeded.",
        "QuotaExceededError",
    )
    .unwrap();
    // As the store words a failed write (`StoreError::failed` with the exception's name).
    let detail = format!("{} ({})", exception.name(), exception.message());
    StoreError::failed("save the run's progress", &detail).into()
}

impl Checkpointer for FullDisk {
    fn put(
        &self,
        checkpoint: Checkpoint,
    ) -> futures::future::LocalBoxFuture<'_, Result<(), GraphError>> {
        if self.room_for.get() == 0 {
            return Box::pin(async { Err(quota_exceeded()) });
        }
        self.room_for.set(self.room_for.get() - 1);
        self.inner.put(checkpoint)
    }
    fn get<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        id: Option<&'a str>,
    ) -> futures::future::LocalBoxFuture<'a, Result<Option<Checkpoint>, GraphError>> {
        self.inner.get(thread_id, ns, id)
    }
    fn list<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
    ) -> futures::future::LocalBoxFuture<'a, Result<Vec<Checkpoint>, GraphError>> {
        self.inner.list(thread_id, ns)
    }
    fn put_writes<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        checkpoint_id: &'a str,
        write: TaskWrite,
    ) -> futures::future::LocalBoxFuture<'a, Result<(), GraphError>> {
        if self.room_for.get() == 0 {
            return Box::pin(async { Err(quota_exceeded()) });
        }
        self.inner.put_writes(thread_id, ns, checkpoint_id, write)
    }
}

/// The state a tailoring run ends with when nothing goes wrong (in memory).
async fn expected_tailoring_end() -> Value {
    let model = demo();
    let run = any_run("resume_tailoring", input(), &Runtime::new(model)).unwrap();
    let first = run.start(sink()).await.unwrap();
    answer_to_the_end(&run, first).await
}

#[wasm_bindgen_test]
async fn a_full_disk_keeps_the_run_in_memory_and_it_finishes_and_reopens_unchanged() {
    let expected = expected_tailoring_end().await;
    let name = db_name("quota");
    let store = Store::open_named(&name).await.unwrap();
    let disk = Rc::new(FullDisk {
        inner: store.checkpointer(),
        room_for: std::cell::Cell::new(2),
    });
    let told = Rc::new(std::cell::RefCell::new(Vec::<String>::new()));
    let saver = Rc::new(QuotaFallback::new(disk.clone(), {
        let told = told.clone();
        move |thread| told.borrow_mut().push(thread.to_string())
    }));

    let (run, thread) = start_demo_tailoring(saver.clone());
    let first = run
        .start(sink())
        .await
        .expect("a full disk does not fail the run");
    let done = answer_to_the_end(&run, first).await;
    assert_eq!(done["state"], expected["state"], "nothing lost");
    assert_eq!(
        *told.borrow(),
        vec![thread.clone()],
        "the page is told once"
    );
    assert!(saver.is_in_memory(&thread));
    assert_eq!(
        store.checkpoint_count(&thread).await.unwrap(),
        2,
        "IndexedDB keeps what it saved before it was full"
    );

    // Reopened in the same page (the run list's Open): the result is there.
    let model = demo();
    let (_, reopened_step) = AnyRun::reopen(
        "resume_tailoring",
        &thread,
        input(),
        &Runtime::new(model).with_checkpointer(saver.clone()),
    )
    .await
    .unwrap();
    assert_eq!(reopened_step["status"], "done");
    assert_eq!(reopened_step["state"], expected["state"]);

    store.close();
    Store::delete_database(&name).await.unwrap();
}

#[wasm_bindgen_test]
async fn a_finished_run_is_pruned_to_its_final_checkpoint_and_reopens_with_its_result() {
    let name = db_name("prune-done");
    let store = Store::open_named(&name).await.unwrap();
    let (run, thread) = start_demo_tailoring(Rc::new(store.checkpointer()));
    let first = run.start(sink()).await.unwrap();
    let done = answer_to_the_end(&run, first).await;
    let before = store.checkpoint_count(&thread).await.unwrap();
    assert!(before > 3, "a multi-step run saved {before} checkpoints");

    let deleted = store.prune_thread(&thread, true).await.unwrap();
    assert_eq!(deleted, before - 1);
    assert_eq!(store.checkpoint_count(&thread).await.unwrap(), 1);
    // Pruning again finds nothing more to delete.
    assert_eq!(store.prune_thread(&thread, true).await.unwrap(), 0);

    // A reload: a fresh connection, the run reopened as the run list does.
    store.close();
    let store = Store::open_named(&name).await.unwrap();
    let model = demo();
    let (_, reopened_step) = AnyRun::reopen(
        "resume_tailoring",
        &thread,
        input(),
        &Runtime::new(model).with_checkpointer(Rc::new(store.checkpointer())),
    )
    .await
    .unwrap();
    assert_eq!(reopened_step["status"], "done");
    assert_eq!(reopened_step["state"], done["state"]);

    store.close();
    Store::delete_database(&name).await.unwrap();
}

#[wasm_bindgen_test]
async fn a_paused_run_pruned_at_start_still_reopens_and_ends_the_same() {
    let expected = expected_tailoring_end().await;
    let name = db_name("prune-open");
    let store = Store::open_named(&name).await.unwrap();
    let (run, thread) = start_demo_tailoring(Rc::new(store.checkpointer()));
    let paused = run.start(sink()).await.unwrap();
    assert_eq!(paused["status"], "interrupted");
    let mut record = RunRecord::new(&thread, "resume_tailoring", "Acme", input(), now_ms());
    record.record_step(&paused, now_ms());
    store.put_run(&record).await.unwrap();
    run.cancel();
    let before = store.checkpoint_count(&thread).await.unwrap();

    // What the app does at start for every saved run.
    let deleted = store.prune_runs(&[record]).await.unwrap();
    let after = store.checkpoint_count(&thread).await.unwrap();
    assert!(
        deleted > 0 && after == before - deleted,
        "{before} → {after}"
    );
    assert!(after >= 1);

    let model = demo();
    let (reopened, reopened_step) = AnyRun::reopen(
        "resume_tailoring",
        &thread,
        input(),
        &Runtime::new(model).with_checkpointer(Rc::new(store.checkpointer())),
    )
    .await
    .unwrap();
    assert_eq!(reopened_step, paused, "the same dialog opens again");
    let done = answer_to_the_end(&reopened, reopened_step.clone()).await;
    assert_eq!(done["state"], expected["state"]);

    store.close();
    Store::delete_database(&name).await.unwrap();
}
