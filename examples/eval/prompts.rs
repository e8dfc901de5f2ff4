//! The prompts a run sent, for the redaction check (`score::pii_leaks`): on the demo or a real
//! provider through a model that records every request before passing it on, on the mock from
//! its request log (`GET /__mock/requests`), where the step is told by the answer's schema name.

use std::cell::RefCell;
use std::process::Command;
use std::rc::Rc;

use careergraph::llm::{ChatModel, ChatRequest, ChatResponse, LlmError, StreamEvent};
use futures::future::LocalBoxFuture;
use futures::stream::LocalBoxStream;
use serde_json::Value;

use crate::score::Prompt;

/// Prompts recorded since the last [`PromptLog::take`].
#[derive(Clone, Default)]
pub struct PromptLog(Rc<RefCell<Vec<Prompt>>>);

impl PromptLog {
    pub fn take(&self) -> Vec<Prompt> {
        self.0.take()
    }
}

/// `inner`, recording each request's agent and text in `log`.
pub struct Recording {
    pub inner: Rc<dyn ChatModel>,
    pub log: PromptLog,
}

impl Recording {
    fn record(&self, request: &ChatRequest) {
        let mut text = request.system.clone();
        for message in &request.messages {
            text.push('\n');
            text.push_str(&message.content);
        }
        self.log.0.borrow_mut().push(Prompt {
            agent: request.role_name.clone(),
            text,
        });
    }
}

impl ChatModel for Recording {
    fn provider(&self) -> &str {
        self.inner.provider()
    }

    fn default_model(&self) -> &str {
        self.inner.default_model()
    }

    fn complete(&self, request: ChatRequest) -> LocalBoxFuture<'_, Result<ChatResponse, LlmError>> {
        self.record(&request);
        self.inner.complete(request)
    }

    fn stream(&self, request: ChatRequest) -> LocalBoxStream<'_, Result<StreamEvent, LlmError>> {
        self.record(&request);
        self.inner.stream(request)
    }
}

/// The hiring agents' answer schemas (what the mock's log names a request by) and their nodes.
const SCHEMA_AGENTS: [(&str, &str); 4] = [
    ("candidate_profile", "resume_parser_agent"),
    ("jd_analysis", "jd_analysis_agent"),
    ("matching_analysis", "matching_agent"),
    ("evaluation", "evaluation_agent"),
];

/// The prompts of the mock's request log (OpenAI chat bodies: the eval's mock runtime is
/// OpenAI's wire format).
pub fn from_mock_log(log: &Value) -> Vec<Prompt> {
    let requests = log
        .as_array()
        .or_else(|| log["requests"].as_array())
        .cloned()
        .unwrap_or_default();
    requests
        .iter()
        .filter_map(|request| {
            let body = match &request["body"] {
                Value::String(text) => serde_json::from_str(text).ok()?,
                body => body.clone(),
            };
            let schema = body
                .pointer("/response_format/json_schema/name")
                .and_then(Value::as_str)
                .unwrap_or("");
            let agent = SCHEMA_AGENTS
                .iter()
                .find(|(name, _)| *name == schema)
                .map_or(schema, |(_, agent)| agent);
            let text = body["messages"]
                .as_array()?
                .iter()
                .filter_map(|m| m["content"].as_str())
                .collect::<Vec<_>>()
                .join("\n");
            Some(Prompt {
                agent: agent.to_string(),
                text,
            })
        })
        .collect()
}

/// The mock's request log since its last reset.
pub fn mock_prompts(url: &str) -> Result<Vec<Prompt>, String> {
    let output = Command::new("curl")
        .args(["-sS", "--fail", &format!("{url}/__mock/requests")])
        .output()
        .map_err(|e| format!("curl did not start: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "{url}/__mock/requests: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let log: Value = serde_json::from_slice(&output.stdout).map_err(|e| e.to_string())?;
    Ok(from_mock_log(&log))
}
