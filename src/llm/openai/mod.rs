//! OpenAI Chat Completions, and any server speaking the same API (Ollama, LM Studio, OpenRouter,
//! vLLM): one client, two configs, as in async-openai.
//!
//! Browser note for Ollama: it only answers pages from origins listed in `OLLAMA_ORIGINS`, so start it
//! with e.g. `OLLAMA_ORIGINS="https://your.app,http://localhost:8080" ollama serve` (or `*` for any),
//! otherwise the browser reports a CORS failure (surfaced as `LlmError::Network`).

mod config;
pub mod response_mode;
mod stream;
mod wire;

pub use config::OpenAiConfig;
pub use stream::{handle_chunk, OpenAiStreamState};
pub use wire::{ChatCompletion, ChatCompletionChunk};

use crate::llm::client::HttpChatModel;

/// OpenAI or an OpenAI-compatible server.
pub type OpenAiModel = HttpChatModel<OpenAiConfig>;
