//! An offline model: deterministic, no network, and honest: its answers are derived from the input
//! text (keyword overlap with the role, metrics, action verbs, length), so an app does real work on
//! first open before the user has entered a key.

mod heuristics;
mod schema_fill;

pub use heuristics::{analyze, Analysis};
pub use schema_fill::fill_schema;

use std::collections::HashMap;
use std::rc::Rc;

use futures::future::LocalBoxFuture;
use futures::stream::{self, LocalBoxStream, StreamExt};

use crate::llm::error::LlmError;
use crate::llm::model::ChatModel;
use crate::llm::types::{ChatRequest, ChatResponse, StreamEvent, Usage};

/// Lets a workflow supply its own offline answers for one agent role.
pub trait DemoResponder {
    /// The answer text (JSON text when `request.schema` is set).
    fn respond(&self, request: &ChatRequest) -> String;
}

#[derive(Clone, Default)]
pub struct DemoModel {
    responders: HashMap<String, Rc<dyn DemoResponder>>,
}

impl DemoModel {
    pub fn new() -> Self {
        Self::default()
    }

    /// Uses `responder` for requests whose `role_name` is `role`.
    pub fn with_responder(mut self, role: &str, responder: Rc<dyn DemoResponder>) -> Self {
        self.responders.insert(role.to_string(), responder);
        self
    }

    /// Uses `responder` for requests whose `role_name` is `role` *and* whose answer schema is
    /// named `schema_name`. Two workflows may name an agent alike (tailoring and the career plan each have a
    /// `job_analyzer`); the schema tells their requests apart, and wins over a role-only match.
    pub fn with_responder_for_schema(
        mut self,
        role: &str,
        schema_name: &str,
        responder: Rc<dyn DemoResponder>,
    ) -> Self {
        self.responders
            .insert(format!("{role}#{schema_name}"), responder);
        self
    }

    fn responder(&self, request: &ChatRequest) -> Option<&Rc<dyn DemoResponder>> {
        request
            .schema
            .as_ref()
            .and_then(|schema| {
                self.responders
                    .get(&format!("{}#{}", request.role_name, schema.name))
            })
            .or_else(|| self.responders.get(&request.role_name))
    }

    fn answer(&self, request: &ChatRequest) -> String {
        if let Some(responder) = self.responder(request) {
            return responder.respond(request);
        }
        let analysis = analyze(&request.user_text());
        match &request.schema {
            Some(schema) => fill_schema(&schema.schema, &analysis).to_string(),
            None => analysis.summary(),
        }
    }

    fn response(&self, request: &ChatRequest, text: String) -> ChatResponse {
        // Rough token estimate (≈4 characters a token) so per-agent usage is not all zeros.
        let estimate = |chars: usize| (chars as u64).div_ceil(4);
        let prompt_chars = request.system.len()
            + request
                .messages
                .iter()
                .map(|m| m.content.len())
                .sum::<usize>();
        ChatResponse {
            usage: Usage {
                input_tokens: estimate(prompt_chars),
                output_tokens: estimate(text.len()),
                ..Usage::default()
            },
            text,
            cost_usd: Some(0.0),
            provider: "demo".into(),
            model: self.default_model().into(),
            role_name: request.role_name.clone(),
            finish_reason: Some("stop".into()),
        }
    }
}

impl std::fmt::Debug for DemoModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DemoModel")
            .field("responders", &self.responders.keys().collect::<Vec<_>>())
            .finish()
    }
}

impl ChatModel for DemoModel {
    fn provider(&self) -> &str {
        "demo"
    }

    fn default_model(&self) -> &str {
        "demo-heuristics"
    }

    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        Box::pin(async move {
            if request.cancel.as_ref().is_some_and(|c| c.is_cancelled()) {
                return Err(LlmError::Cancelled);
            }
            let text = self.answer(&request);
            Ok(self.response(&request, text))
        })
    }

    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        let text = self.answer(&request);
        let mut events: Vec<Result<StreamEvent, LlmError>> = small_chunks(&text, 16)
            .into_iter()
            .map(|c| Ok(StreamEvent::TextDelta(c)))
            .collect();
        events.push(Ok(StreamEvent::Done(self.response(&request, text))));
        stream::iter(events).boxed_local()
    }
}

/// Splits at char boundaries into pieces of about `size` characters.
fn small_chunks(text: &str, size: usize) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    chars
        .chunks(size.max(1))
        .map(|c| c.iter().collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::types::OutputSchema;

    struct Says(&'static str);
    impl DemoResponder for Says {
        fn respond(&self, _: &ChatRequest) -> String {
            self.0.to_string()
        }
    }

    #[test]
    fn a_schema_specific_responder_wins_and_others_fall_back_to_the_role() {
        let model = DemoModel::new()
            .with_responder("job_analyzer", Rc::new(Says("tailoring")))
            .with_responder_for_schema("job_analyzer", "career_analysis", Rc::new(Says("career")));
        let asking = |schema: &str| {
            ChatRequest::new("job_analyzer", "system")
                .user("text")
                .with_schema(OutputSchema::new(
                    schema,
                    serde_json::json!({"type": "object"}),
                ))
        };
        assert_eq!(model.answer(&asking("career_analysis")), "career");
        assert_eq!(model.answer(&asking("job_strategy")), "tailoring");
        assert_eq!(
            model.answer(&ChatRequest::new("job_analyzer", "s").user("t")),
            "tailoring"
        );
    }
}
