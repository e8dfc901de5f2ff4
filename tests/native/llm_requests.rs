//! What each provider puts on the wire for the same request.

use careergraph::llm::anthropic::AnthropicConfig;
use careergraph::llm::client::Protocol;
use careergraph::llm::gemini::GeminiConfig;
use careergraph::llm::openai::OpenAiConfig;
use careergraph::llm::{ChatRequest, Message, OutputSchema};
use serde_json::{json, Value};

fn request() -> ChatRequest {
    let mut request = ChatRequest::new("critic", "You are the critic.")
        .user("Resume: …")
        .with_schema(OutputSchema::new(
            "resume critique!",
            json!({"type": "object", "properties": {"score": {"type": "number"}}, "required": ["score"], "additionalProperties": false}),
        ))
        .with_temperature(0.5)
        .with_max_tokens(300);
    request.messages.push(Message::assistant("{\"score\": 1"));
    request.messages.push(Message::user("Fix it."));
    request
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

#[test]
fn openai_chat_completions() {
    let http = OpenAiConfig::openai("sk-test-k")
        .build_request(&request(), "gpt-4o-mini", true)
        .unwrap();
    assert_eq!(http.url, "https://api.openai.com/v1/chat/completions");
    assert_eq!(
        header(&http.headers, "authorization"),
        Some("Bearer sk-test-k")
    );
    let body: Value = serde_json::from_str(&http.body).unwrap();
    assert_eq!(body["model"], "gpt-4o-mini");
    assert_eq!(
        body["messages"][0],
        json!({"role": "system", "content": "You are the critic."})
    );
    assert_eq!(body["messages"][2]["role"], "assistant");
    assert_eq!(body["stream"], true);
    assert_eq!(body["stream_options"], json!({"include_usage": true}));
    assert_eq!(body["max_completion_tokens"], 300);
    assert_eq!(body["temperature"], 0.5);
    assert_eq!(body["response_format"]["type"], "json_schema");
    assert_eq!(body["response_format"]["json_schema"]["strict"], true);
    assert_eq!(
        body["response_format"]["json_schema"]["name"],
        "resume critique!"
    );
    assert_eq!(
        body["response_format"]["json_schema"]["schema"]["additionalProperties"],
        false
    );
}

#[test]
fn anthropic_messages_with_forced_tool() {
    let http = AnthropicConfig::new("sk-test-k")
        .build_request(&request(), "claude-sonnet-4-5", false)
        .unwrap();
    assert_eq!(http.url, "https://api.anthropic.com/v1/messages");
    assert_eq!(header(&http.headers, "x-api-key"), Some("sk-test-k"));
    assert_eq!(
        header(&http.headers, "anthropic-version"),
        Some("2023-06-01")
    );
    assert_eq!(
        header(&http.headers, "anthropic-dangerous-direct-browser-access"),
        Some("true")
    );
    assert_eq!(header(&http.headers, "authorization"), None);
    let body: Value = serde_json::from_str(&http.body).unwrap();
    assert_eq!(body["system"], "You are the critic.");
    assert_eq!(body["max_tokens"], 300);
    assert_eq!(
        body["messages"].as_array().unwrap().len(),
        3,
        "no system message in the list"
    );
    assert_eq!(
        body["tools"][0]["name"], "resume_critique_",
        "tool names are sanitized"
    );
    assert_eq!(
        body["tools"][0]["input_schema"]["required"],
        json!(["score"])
    );
    assert_eq!(
        body["tool_choice"],
        json!({"type": "tool", "name": "resume_critique_"})
    );
}

#[test]
fn gemini_generate_content_keeps_the_key_out_of_the_url() {
    let config = GeminiConfig::new("test-k");
    let http = config
        .build_request(&request(), "gemini-2.5-flash", false)
        .unwrap();
    assert_eq!(
        http.url,
        "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent"
    );
    let stream = config
        .build_request(&request(), "gemini-2.5-flash", true)
        .unwrap();
    assert!(stream.url.ends_with(":streamGenerateContent?alt=sse"));
    for url in [&http.url, &stream.url] {
        assert!(!url.contains("key=") && !url.contains("test-k"));
    }
    assert_eq!(header(&http.headers, "x-goog-api-key"), Some("test-k"));
    let body: Value = serde_json::from_str(&http.body).unwrap();
    assert_eq!(
        body["systemInstruction"]["parts"][0]["text"],
        "You are the critic."
    );
    assert_eq!(body["contents"][1]["role"], "model");
    assert_eq!(
        body["generationConfig"]["responseMimeType"],
        "application/json"
    );
    assert_eq!(body["generationConfig"]["maxOutputTokens"], 300);
    let schema = &body["generationConfig"]["responseSchema"];
    assert_eq!(schema["properties"]["score"]["type"], "number");
    assert!(
        schema.get("additionalProperties").is_none(),
        "not accepted by responseSchema"
    );
}

#[test]
fn base_url_and_model_overrides() {
    let config = OpenAiConfig::openai("sk-test")
        .with_base_url("http://127.0.0.1:9999/v1/")
        .with_model("gpt-4.1");
    assert_eq!(config.default_model(), "gpt-4.1");
    let http = config.build_request(&request(), "gpt-4.1", false).unwrap();
    assert_eq!(http.url, "http://127.0.0.1:9999/v1/chat/completions");
    assert_eq!(
        AnthropicConfig::new("k")
            .with_model("claude-haiku-4-5")
            .default_model(),
        "claude-haiku-4-5"
    );
    assert_eq!(GeminiConfig::new("k").default_model(), "gemini-2.5-flash");
}
