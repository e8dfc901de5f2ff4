//! Chat-model providers behind one trait; only the HTTP transport differs between browser and native.
//!
//! - [`ChatModel`] is the dyn-compatible trait every provider implements (complete, stream).
//! - [`complete_typed`] adds structured output on top: the schema goes to the provider, the reply is
//!   validated by deserializing into a Rust type, repaired (fences/prose stripped) and retried once.
//! - Providers: [`openai::OpenAiModel`] (also any OpenAI-compatible server), [`anthropic::AnthropicModel`],
//!   [`gemini::GeminiModel`], [`ollama`] (native NDJSON), and the offline [`demo::DemoModel`].
//! - [`http::HttpTransport`] is the seam between browser (`http::fetch`) and native (tests) code.
//! - Hardening against hostile or broken servers: [`limits`] holds every cap (8 MB body, 1 MB event,
//!   2 KB messages scrubbed of the key before the cut, a 180 s whole-call deadline besides the idle
//!   timeout); [`finish`] turns "cut at the token limit" and "filtered" finish reasons into
//!   `LlmError::Truncated` / `LlmError::ContentFiltered`; a filtered answer is final, a cut
//!   structured one is asked again once, shorter (`LlmError::RanOutOfRoom` if it is cut again).
//!
//! ```
//! use careergraph::llm::demo::DemoModel;
//! use careergraph::llm::{complete_typed, ChatModel, ChatRequest, OutputSchema};
//!
//! #[derive(serde::Deserialize)]
//! struct Critique { score: f64, issues: Vec<String> }
//!
//! let schema = OutputSchema::new("critique", serde_json::json!({
//!     "type": "object",
//!     "properties": {"score": {"type": "number"}, "issues": {"type": "array", "items": {"type": "string"}}},
//!     "required": ["score", "issues"], "additionalProperties": false
//! }));
//! let request = ChatRequest::new("critic", "You are the resume critic.")
//!     .user("Resume: Led 4 engineers, cut costs 20%.\nJob description: Rust lead")
//!     .with_schema(schema);
//! // Any provider works the same way: `&dyn ChatModel`.
//! let model: Box<dyn ChatModel> = Box::new(DemoModel::new());
//! let typed = futures::executor::block_on(complete_typed::<Critique>(model.as_ref(), request)).unwrap();
//! assert!(typed.value.score > 0.0);
//! ```
//!
//! In the browser, a real provider is the same call with another model:
//!
//! ```ignore
//! let transport = Rc::new(careergraph::llm::http::fetch::FetchTransport);
//! let openai = OpenAiModel::new(OpenAiConfig::openai(key), transport.clone());
//! let claude = AnthropicModel::new(AnthropicConfig::new(key).with_model("claude-haiku-4-5"), transport.clone());
//! let gemini = GeminiModel::new(GeminiConfig::new(key), transport.clone()).with_timeout(Duration::from_secs(60));
//! let local = OpenAiModel::new(OpenAiConfig::ollama("llama3.2"), transport);
//! ```

pub mod answer_budget;
pub mod anthropic;
pub mod clean_text;
pub mod client;
pub mod decode;
pub mod demo;
pub mod error;
pub mod finish;
pub mod gemini;
pub mod http;
pub mod in_tab;
pub mod json_repair;
pub mod limiter;
pub mod limits;
pub mod local_server;
pub mod model;
pub mod ollama;
pub mod openai;
pub mod pricing;
pub mod retry;
pub mod runtime;
pub mod schema_bounds;
pub mod schema_range;
pub mod secret;
pub mod server_identity;
pub mod structured;
pub mod types;

pub use error::LlmError;
pub use model::ChatModel;
pub use runtime::{CancelToken, Runtime};
pub use secret::ApiKey;
pub use structured::{complete_typed, reask_after_cut, validate_typed, Typed};
pub use types::{
    ChatRequest, ChatResponse, Message, MessageRole, OutputSchema, StreamEvent, Usage,
};
