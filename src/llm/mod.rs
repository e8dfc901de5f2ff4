//! Chat-model providers behind one trait; only the HTTP transport differs between browser and native.
//!
//! - [`ChatModel`] is the dyn-compatible trait every provider implements (complete, stream).
//! - [`complete_typed`] adds structured output on top: the schema goes to the provider, the reply is
//!   validated by deserializing into a Rust type, repaired (fences/prose stripped) and retried once.
//! - Providers: [`openai::OpenAiModel`] (also any OpenAI-compatible server), [`anthropic::AnthropicModel`],
//!   [`gemini::GeminiModel`], [`ollama`] (native NDJSON), and the offline [`demo::DemoModel`].
//! - [`http::HttpTransport`] is the seam between browser (`http::fetch`) and native (tests) code.

pub mod anthropic;
pub mod client;
pub mod decode;
pub mod demo;
pub mod error;
pub mod gemini;
pub mod http;
pub mod json_repair;
pub mod model;
pub mod ollama;
pub mod openai;
pub mod pricing;
pub mod retry;
pub mod runtime;
pub mod secret;
pub mod structured;
pub mod types;

pub use error::LlmError;
pub use model::ChatModel;
pub use runtime::{CancelToken, Runtime};
pub use secret::ApiKey;
pub use structured::{complete_typed, validate_typed, Typed};
pub use types::{
    ChatRequest, ChatResponse, Message, MessageRole, OutputSchema, StreamEvent, Usage,
};
