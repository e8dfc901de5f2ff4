//! Google Gemini (`generateContent`, `streamGenerateContent?alt=sse`). The key travels in the
//! `x-goog-api-key` header, never in the URL, so it cannot end up in logs, history or referrers.

mod config;
mod stream;
mod wire;

pub use config::GeminiConfig;
pub use stream::{handle_event, GeminiStreamState};
pub use wire::GenerateContentResponse;

use crate::llm::client::HttpChatModel;

pub type GeminiModel = HttpChatModel<GeminiConfig>;
