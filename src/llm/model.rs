//! The chat-model trait. Dyn-compatible (the user picks a provider at run time) and without `Send`
//! bounds (browser futures are not `Send`).

use futures::future::LocalBoxFuture;
use futures::stream::LocalBoxStream;

use crate::llm::error::LlmError;
use crate::llm::retry::StreamRetry;
use crate::llm::types::{ChatRequest, ChatResponse, StreamEvent};

pub trait ChatModel {
    /// Short provider id shown to users and used in errors, e.g. "openai", "anthropic", "ollama".
    fn provider(&self) -> &str;

    /// The model used when a request does not name one.
    fn default_model(&self) -> &str;

    /// How this model asks for structured answers, when that depends on what the server turned
    /// out to accept: for OpenAI-compatible servers `"json_schema"`, `"json_object"` or
    /// `"prompt"` (schema in the system prompt only), learned per base URL on the first refusal
    /// (see `llm::openai::response_mode`). `None` for providers with one fixed way. A page can
    /// show it, e.g. "this server does not enforce the answer format".
    fn structured_mode(&self) -> Option<&'static str> {
        None
    }

    /// Whether and how a stream of `request` cut mid-answer may be opened again (see
    /// [`StreamRetry`]). `None` (the default): not retried, as for scripted and demo models,
    /// whose streams do not break.
    fn stream_retry(&self, _request: &ChatRequest) -> Option<StreamRetry> {
        None
    }

    /// One answer. With `request.schema` set the provider is asked for JSON following it, and
    /// `text` holds the JSON text; use [`crate::llm::complete_typed`] to get a validated Rust value.
    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>>;

    /// The answer as text deltas, ending with one `StreamEvent::Done` holding the whole answer and usage.
    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>>;
}

/// The four [`ChatModel`] methods a wrapper (a limiter, a local server's limits, an answer
/// ceiling) passes through to the model in its field `$inner` unchanged: written once here, so a
/// method added to the trait is passed through by every wrapper alike.
macro_rules! pass_through_model_info {
    ($inner:ident) => {
        fn provider(&self) -> &str {
            self.$inner.provider()
        }

        fn default_model(&self) -> &str {
            self.$inner.default_model()
        }

        fn structured_mode(&self) -> Option<&'static str> {
            self.$inner.structured_mode()
        }

        fn stream_retry(
            &self,
            request: &$crate::llm::types::ChatRequest,
        ) -> Option<$crate::llm::retry::StreamRetry> {
            self.$inner.stream_retry(request)
        }
    };
}
pub(crate) use pass_through_model_info;
