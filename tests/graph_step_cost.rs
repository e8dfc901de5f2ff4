//! The engine's work per superstep does not grow with the thread's history, with the
//! checkpointer on or off. Counted, not timed (the bench times it: `cargo bench --bench engine`):
//! the bytes a run allocates per superstep, and what the run asks of its checkpointer. Copying
//! the history every step (a state clone that copies an append list, a whole state saved in
//! every checkpoint, a `list` of the thread to rebuild the parent) makes a long run allocate
//! per step in proportion to its length.

mod graph_support;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::rc::Rc;

use careergraph::graph::{
    Checkpoint, Checkpointer, CompiledGraph, EventSink, MemorySaver, NodeContext, RunConfig,
    StateGraph, StreamEvent, TaskWrite, END, START,
};
use futures::executor::block_on;
use futures::future::LocalBoxFuture;
use graph_support::{TestState, TestUpdate};

/// Counts the bytes allocated by the current thread (each test runs on its own thread).
struct CountingAlloc;

thread_local! {
    static ALLOCATED: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every call is passed on unchanged to the system allocator; counting touches only a
// const-initialised thread-local `Cell`, which allocates nothing and has no destructor.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: CountingAlloc = CountingAlloc;

fn count(bytes: usize) {
    let _ = ALLOCATED.try_with(|total| total.set(total.get() + bytes as u64));
}

fn allocated() -> u64 {
    ALLOCATED.with(Cell::get)
}

/// What a run asked of its checkpointer.
#[derive(Debug, Default)]
struct Calls {
    puts: Cell<usize>,
    gets: Cell<usize>,
    lists: Cell<usize>,
    put_writes: Cell<usize>,
    /// JSON bytes of each checkpoint put, in order.
    put_bytes: std::cell::RefCell<Vec<usize>>,
}

/// A memory saver that records what it is asked.
struct Counting {
    inner: MemorySaver,
    calls: Rc<Calls>,
}

impl Checkpointer for Counting {
    fn put(
        &self,
        checkpoint: Checkpoint,
    ) -> LocalBoxFuture<'_, Result<(), careergraph::graph::GraphError>> {
        let calls = &self.calls;
        calls.puts.set(calls.puts.get() + 1);
        calls
            .put_bytes
            .borrow_mut()
            .push(serde_json::to_string(&checkpoint).unwrap().len());
        self.inner.put(checkpoint)
    }

    fn get<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        id: Option<&'a str>,
    ) -> LocalBoxFuture<'a, Result<Option<Checkpoint>, careergraph::graph::GraphError>> {
        self.calls.gets.set(self.calls.gets.get() + 1);
        self.inner.get(thread_id, ns, id)
    }

    fn list<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
    ) -> LocalBoxFuture<'a, Result<Vec<Checkpoint>, careergraph::graph::GraphError>> {
        self.calls.lists.set(self.calls.lists.get() + 1);
        self.inner.list(thread_id, ns)
    }

    fn put_writes<'a>(
        &'a self,
        thread_id: &'a str,
        ns: &'a str,
        checkpoint_id: &'a str,
        write: TaskWrite,
    ) -> LocalBoxFuture<'a, Result<(), careergraph::graph::GraphError>> {
        self.calls.put_writes.set(self.calls.put_writes.get() + 1);
        self.inner.put_writes(thread_id, ns, checkpoint_id, write)
    }
}

/// The seed-000 review loop with stub nodes: router → three critics in parallel (each appends
/// to `log`) → aggregator (counts the round, overwrites `value`) → revise and again until
/// `rounds`, then END.
fn review_loop(rounds: u32, saver: Option<Rc<dyn Checkpointer>>) -> CompiledGraph<TestState> {
    let mut graph = StateGraph::<TestState>::new();
    graph.add_node("router", |_s: TestState, _c: NodeContext| async {
        Ok(TestUpdate::default())
    });
    for critic in ["recruiter", "tech_writer", "copywriter"] {
        graph.add_node(critic, move |_s: TestState, _c: NodeContext| async move {
            Ok(TestUpdate::default().log(vec![format!("{critic}: tighten the summary")]))
        });
        graph.add_edge("router", critic);
        graph.add_edge(critic, "aggregator");
    }
    graph.add_node("aggregator", |s: TestState, _c: NodeContext| async move {
        Ok(TestUpdate::default()
            .count(1u32)
            .value(format!("draft after round {}", s.count + 1)))
    });
    graph.add_node("revise", |_s: TestState, _c: NodeContext| async {
        Ok(TestUpdate::default())
    });
    graph.add_edge(START, "router");
    graph.add_conditional_edges(
        "aggregator",
        move |s: &TestState| if s.count < rounds { "revise" } else { END },
        [("revise", "revise"), (END, END)],
    );
    graph.add_edge("revise", "router");
    match saver {
        Some(saver) => graph.compile_with_checkpointer(saver).unwrap(),
        None => graph.compile().unwrap(),
    }
}

/// Router, critics and aggregator each round, revise between rounds.
fn supersteps(rounds: u32) -> u64 {
    u64::from(rounds * 4 - 1)
}

/// One run of `rounds` rounds on a fresh thread (and a fresh saver when `saved`): the bytes it
/// allocated per superstep, and the checkpointer's calls.
fn run(rounds: u32, saved: bool) -> (f64, Rc<Calls>) {
    run_listened(rounds, saved, Listener::None)
}

/// Who listens to the run's events.
#[derive(Clone, Copy, Debug)]
enum Listener {
    None,
    /// Follows progress only: `StepDone` without the state (what the app's pages but the
    /// navigator ask for).
    Lean,
    /// Wants the state after every superstep (the JS API's `step_done`, the navigator page).
    WithStates,
}

fn run_listened(rounds: u32, saved: bool, listener: Listener) -> (f64, Rc<Calls>) {
    let calls = Rc::new(Calls::default());
    let saver: Option<Rc<dyn Checkpointer>> = saved.then(|| {
        Rc::new(Counting {
            inner: MemorySaver::new(),
            calls: calls.clone(),
        }) as Rc<dyn Checkpointer>
    });
    let graph = review_loop(rounds, saver);
    let mut config = RunConfig::thread("review").with_recursion_limit(10_000);
    let seen = Rc::new(Cell::new(0usize));
    let sink = {
        let seen = seen.clone();
        EventSink::new(move |event| {
            if let StreamEvent::StepDone { state, .. } = event {
                assert_eq!(state.is_null(), matches!(listener, Listener::Lean));
                seen.set(seen.get() + 1);
            }
        })
    };
    config.events = match listener {
        Listener::None => None,
        Listener::Lean => Some(sink.without_step_states()),
        Listener::WithStates => Some(sink),
    };
    let before = allocated();
    let done = block_on(graph.invoke(TestUpdate::default(), &config)).unwrap();
    let bytes = allocated() - before;
    assert_eq!(done.state().count, rounds);
    assert_eq!(done.state().log.len(), 3 * rounds as usize);
    if !matches!(listener, Listener::None) {
        assert_eq!(
            seen.get() as u64,
            supersteps(rounds),
            "one StepDone per superstep"
        );
    }
    if saved {
        // The input checkpoint, then one per superstep.
        assert_eq!(calls.puts.get() as u64, 1 + supersteps(rounds));
    }
    (bytes as f64 / supersteps(rounds) as f64, calls)
}

/// The bench's limit (`tests/benches/graphs.rs`, `MAX_GROWTH`), over a longer run than the
/// bench's 100 rounds: a copy of the history per step shows the more, the longer the run.
const MAX_GROWTH: f64 = 1.3;
const LONG: u32 = 300;

fn assert_flat(saved: bool) {
    assert_flat_listened(saved, Listener::None);
}

/// Bytes allocated per superstep over `LONG` rounds ÷ over 3 rounds.
fn growth(saved: bool, listener: Listener) -> (f64, f64, f64) {
    // A first run, so one-time allocations (thread-locals, lazily built tables) are not counted.
    run_listened(3, saved, listener);
    let (short, _) = run_listened(3, saved, listener);
    let (long, _) = run_listened(LONG, saved, listener);
    (short, long, long / short)
}

fn assert_flat_listened(saved: bool, listener: Listener) {
    let (short, long, ratio) = growth(saved, listener);
    eprintln!(
        "checkpointer {saved}, listener {listener:?}: bytes allocated per superstep, 3 rounds \
         {short:.0}, {LONG} rounds {long:.0}: × {ratio:.3}"
    );
    assert!(
        ratio <= MAX_GROWTH,
        "checkpointer {saved}, listener {listener:?}: {long:.0} bytes allocated per superstep \
         over {LONG} rounds, {short:.0} over 3 rounds: × {ratio:.2} (limit {MAX_GROWTH})"
    );
}

#[test]
fn a_long_run_allocates_no_more_per_superstep_than_a_short_one_without_a_checkpointer() {
    assert_flat(false);
}

#[test]
fn a_long_run_allocates_no_more_per_superstep_than_a_short_one_with_a_checkpointer() {
    assert_flat(true);
}

#[test]
fn a_long_run_with_a_progress_listener_allocates_no_more_per_superstep_than_a_short_one() {
    assert_flat_listened(false, Listener::Lean);
    assert_flat_listened(true, Listener::Lean);
}

/// Why the app's pages ask for lean events: a listener that takes the whole state after every
/// superstep is paid for in proportion to the history. If this ever stays flat, the engine has
/// found a cheaper way to hand states out, and the lean sink can go.
#[test]
fn a_listener_of_every_step_state_pays_for_the_history() {
    let (short, long, ratio) = growth(false, Listener::WithStates);
    eprintln!("listener with states: {short:.0} → {long:.0} bytes per superstep: × {ratio:.2}");
    assert!(ratio > 2.0 * MAX_GROWTH, "× {ratio:.2}");
}

#[test]
fn a_run_asks_its_checkpointer_a_bounded_amount_per_superstep_and_never_lists_the_thread() {
    let (_, calls) = run(LONG, true);
    let steps = supersteps(LONG) as usize;
    // Listing a thread reads its whole history: a run never needs it (its parent state is the
    // one it holds in memory).
    assert_eq!(calls.lists.get(), 0, "a run listed the thread");
    // One latest-checkpoint read to start; a task's result is saved as it ends (three critics
    // in parallel at most).
    assert!(calls.gets.get() <= 2, "{} gets", calls.gets.get());
    assert!(
        calls.put_writes.get() <= steps * 3,
        "{} put_writes over {steps} supersteps",
        calls.put_writes.get()
    );
    // Each checkpoint holds what its step changed: the last ones are no bigger than the early
    // ones, give or take the digits of the round number and checkpoint ids.
    let sizes = calls.put_bytes.borrow();
    let early = sizes[1..13].iter().max().unwrap();
    let late = sizes[sizes.len() - 12..].iter().max().unwrap();
    assert!(
        *late <= early + 16,
        "checkpoints grew with the history: {early} bytes early in the run, {late} at its end"
    );
}

#[test]
fn deleting_a_thread_forgets_all_its_namespaces_and_keeps_the_other_threads() {
    // The bench deletes the threads it ran, so its saver holds one batch of runs, not all.
    let saver = Rc::new(MemorySaver::new());
    let graph = review_loop(1, Some(saver.clone()));
    let config = |thread: &str| RunConfig::thread(thread).with_recursion_limit(100);
    block_on(graph.invoke(TestUpdate::default(), &config("gone"))).unwrap();
    block_on(graph.invoke(TestUpdate::default(), &config("kept"))).unwrap();
    let mut nested = block_on(saver.get("gone", "", None)).unwrap().unwrap();
    nested.ns = "child".to_string();
    block_on(saver.put(nested)).unwrap();
    saver.delete_thread("gone");
    assert!(block_on(saver.list("gone", "")).unwrap().is_empty());
    assert!(block_on(saver.list("gone", "child")).unwrap().is_empty());
    assert_eq!(
        block_on(saver.list("kept", "")).unwrap().len() as u64,
        1 + supersteps(1)
    );
}
