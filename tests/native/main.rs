//! Every native integration test in one test binary, a module per subject (as tests/browser/ is
//! for the browser): each test binary links the whole crate and instantiates its generic code
//! again, so 81 binaries cost minutes of `make test` that one does not
//! (docs/build-time.md). Left out: tests/real_model.rs (run alone, against a real model server)
//! and tests/graph_step_cost.rs (it installs a counting global allocator).

#![cfg(not(target_arch = "wasm32"))]

// Shared support, one copy for every module.
#[path = "../graph_support/mod.rs"]
mod graph_support;
#[path = "../llm_hardening/support.rs"]
mod llm_hardening_support;
#[path = "../mock_provider/server/mod.rs"]
mod mock_server;
#[path = "../mock_provider/native_transport.rs"]
mod native_transport;
#[path = "../review_support/mod.rs"]
mod review_support;
#[path = "../round_trip_check/mod.rs"]
mod round_trip_check;
#[path = "../round_trip_fixtures/mod.rs"]
mod round_trip_fixtures;
#[path = "../run_support/mod.rs"]
mod run_support;
#[path = "../shared_support/mod.rs"]
mod shared_support;
// `make eval` uses all of it; the test, what it checks.
#[allow(dead_code)]
#[path = "../../examples/eval/score.rs"]
mod eval_score;

mod agent_names;
mod api_types;
mod audit_log;
mod batch_bias;
mod batch_categories;
mod batch_fairness;
mod batch_fairness_rules;
mod batch_screening;
mod batch_screening_timing;
mod cover_letter;
mod demo_honesty;
mod demo_runs;
mod diagram_table;
mod docs_workflows;
mod eval_scoring;
mod export_formats;
mod facts;
mod graph_builder;
mod graph_checkpoints;
mod graph_interrupts;
mod graph_put_writes;
mod graph_seed000;
mod graph_sharing;
mod graph_state;
mod graph_stream;
mod graph_subgraph;
mod graph_supersteps;
mod grounding_apply;
mod hiring_demo;
mod hiring_supervisor;
mod import_circles;
mod import_files;
mod import_limits;
mod import_pdf_layout;
mod import_posting;
mod injection_corpus;
mod input_schemas;
mod jd_alternatives;
mod jd_bench;
mod jd_keywords;
mod json_resume_base;
mod json_resume_round_trip;
mod key_refused;
mod layering;
mod llm_compatible;
mod llm_deadline;
mod llm_decoders;
mod llm_demo;
mod llm_hardening;
mod llm_in_tab;
mod llm_key_isolation;
mod llm_local_server;
mod llm_mock_faults;
mod llm_mock_providers;
mod llm_mock_server;
mod llm_requests;
mod llm_response_format;
mod llm_schema_bounds;
mod llm_stream_errors;
mod llm_transcripts;
mod model_reads_entries;
mod navigator_flow;
mod parse_bench_slice;
mod partial_json;
mod result_check;
mod review_demo;
mod review_demo_zh;
mod review_dropped;
mod review_flow;
mod review_grounding;
mod review_mock;
mod review_prompt_cache;
mod review_provider_notes;
mod review_retry;
mod review_stream_retry;
mod session_chunks;
mod session_failed_step;
mod session_follow_up;
mod session_language;
mod session_lifecycle;
mod session_navigator;
mod session_reopen;
mod session_run;
mod session_tailor;
mod session_transfer;
mod shared_skips;
mod structured_export;
mod structured_layouts;
mod structured_resume;
mod tailor_demo_zh;
mod tailor_failed_steps;
mod tailor_flow;
mod tailor_grounding;
