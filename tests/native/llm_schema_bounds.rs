//! Every answer schema an agent sends is bounded (lists, strings, scores), each
//! provider gets only the keywords it documents, and a compatible server's structured call gets a
//! `max_tokens` sized from the schema, so constrained decoding cannot run away.

use careergraph::llm::client::Protocol;
use careergraph::llm::gemini::GeminiConfig;
use careergraph::llm::openai::OpenAiConfig;
use careergraph::llm::schema_bounds::{DEFAULT_MAX_ITEMS, DEFAULT_MAX_LENGTH};
use careergraph::llm::{ChatRequest, OutputSchema};
use careergraph::workflows::common::Agent;
use careergraph::workflows::{career_navigator, hiring, resume_review, resume_tailoring};
use serde_json::{json, Value};

fn every_agent() -> Vec<Agent> {
    use resume_tailoring::agents as tailor;
    let mut agents = vec![hiring::SUPERVISOR];
    agents.extend(hiring::WORKERS);
    agents.extend(career_navigator::agents::AGENTS);
    agents.extend(resume_review::agents::CRITICS.map(|c| c.agent));
    use resume_review::agents as review;
    agents.extend([review::REVISOR, review::PORTFOLIO, review::DESIGN]);
    agents.extend([
        tailor::JOB_ANALYZER,
        tailor::RESUME_SCREENER,
        tailor::RESUME_TAILORER,
        tailor::ATS_OPTIMIZER,
        tailor::REFLEXION,
    ]);
    agents
}

/// Every unbounded spot of `schema`, as `path: what is missing`.
fn unbounded(schema: &Value, path: &str, name: &str, out: &mut Vec<String>) {
    let kind = schema.get("type").and_then(Value::as_str).unwrap_or("");
    let has = |key: &str| schema.get(key).is_some();
    match kind {
        "array" if !has("maxItems") => out.push(format!("{path}: maxItems")),
        "string" if !has("maxLength") && !has("enum") => out.push(format!("{path}: maxLength")),
        "number" | "integer" if name.contains("score") && !(has("minimum") && has("maximum")) => {
            out.push(format!("{path}: minimum/maximum of a score"))
        }
        _ => {}
    }
    if let Some(Value::Object(fields)) = schema.get("properties") {
        for (field, sub) in fields {
            unbounded(sub, &format!("{path}.{field}"), field, out);
        }
    }
    if let Some(items) = schema.get("items") {
        unbounded(items, &format!("{path}[]"), name, out);
    }
}

#[test]
fn every_agents_schema_bounds_its_lists_strings_and_scores() {
    let agents = every_agent();
    assert!(agents.len() >= 30, "{} agents", agents.len());
    let mut missing = Vec::new();
    for agent in agents {
        let schema = agent.schema().schema;
        unbounded(&schema, agent.node, "", &mut missing);
    }
    assert!(missing.is_empty(), "unbounded:\n{}", missing.join("\n"));
}

#[test]
fn scores_carry_their_scale() {
    let critic = resume_review::agents::RECRUITER.schema().schema;
    let score = &critic["properties"]["score"];
    assert_eq!(
        (score["minimum"].clone(), score["maximum"].clone()),
        (json!(0), json!(10))
    );
    let defaults = &critic["properties"]["strengths"];
    assert_eq!(defaults["maxItems"], DEFAULT_MAX_ITEMS);
    assert_eq!(defaults["items"]["maxLength"], DEFAULT_MAX_LENGTH);
}

fn body(config: &OpenAiConfig, request: &ChatRequest) -> Value {
    let http = config.build_request(request, "m", true).unwrap();
    serde_json::from_str(&http.body).unwrap()
}

fn structured(agent: &Agent) -> ChatRequest {
    ChatRequest::new(agent.node, "You are the critic.")
        .user("Resume: fictional Ada.")
        .with_schema(agent.schema())
}

#[test]
fn a_compatible_server_gets_max_tokens_from_the_schema_openai_itself_does_not() {
    let local = OpenAiConfig::compatible("openai_compatible", "http://127.0.0.1:8080/v1", "", "m");
    let critic = structured(&resume_review::agents::RECRUITER);
    let sent = body(&local, &critic);
    let max = sent["max_tokens"].as_u64().expect("max_tokens sent");
    assert!((1024..=8192).contains(&max), "{max}");
    // The schema's own bound decides: a revised resume may be long, a critique may not.
    let revision = body(&local, &structured(&resume_review::agents::REVISOR));
    assert!(revision["max_tokens"].as_u64().unwrap() > max, "{revision}");
    // A limit the caller set wins.
    let own = body(&local, &critic.clone().with_max_tokens(500));
    assert_eq!(own["max_tokens"], 500);
    // Without a schema, or with an unbounded one, nothing is guessed.
    let plain = ChatRequest::new("chat", "Hi").user("Hello");
    assert_eq!(body(&local, &plain).get("max_tokens"), None);
    let unbounded = plain.with_schema(OutputSchema::new(
        "free",
        json!({"type": "object", "properties": {"text": {"type": "string"}}}),
    ));
    assert_eq!(body(&local, &unbounded).get("max_tokens"), None);
    // OpenAI itself sizes its own answers: nothing sent.
    let openai = OpenAiConfig::openai("sk-test-bounds");
    let sent = body(&openai, &critic);
    assert_eq!(sent.get("max_tokens"), None);
    assert_eq!(sent.get("max_completion_tokens"), None);
}

#[test]
fn each_provider_gets_only_the_bounds_it_documents() {
    let revision = structured(&resume_review::agents::REVISOR);
    let schema_of = |body: &Value| body["response_format"]["json_schema"]["schema"].clone();
    // OpenAI strict mode documents maxItems and minimum/maximum, not string lengths.
    let openai = schema_of(&body(&OpenAiConfig::openai("sk-test-bounds"), &revision));
    let text = openai.to_string();
    assert!(!text.contains("maxLength"), "{text}");
    assert!(text.contains("maxItems"), "{text}");
    // A compatible server keeps short string bounds (llama.cpp enforces them) but not a
    // resume-sized one (its grammar would grow a rule per character).
    let local = OpenAiConfig::compatible("openai_compatible", "http://127.0.0.1:8080/v1", "", "m");
    let sent = schema_of(&body(&local, &revision));
    assert_eq!(sent["properties"]["revised_resume"].get("maxLength"), None);
    assert_eq!(
        sent["properties"]["changes"]["items"]["maxLength"],
        DEFAULT_MAX_LENGTH
    );
    // Gemini's Schema documents maxItems, maxLength, minimum and maximum: all kept.
    let critic = structured(&resume_review::agents::RECRUITER);
    let gemini = GeminiConfig::new("test-bounds")
        .build_request(&critic, "gemini-2.5-flash", false)
        .unwrap();
    let gemini: Value = serde_json::from_str(&gemini.body).unwrap();
    let schema = &gemini["generationConfig"]["responseSchema"];
    assert_eq!(schema["properties"]["score"]["maximum"], 10);
    assert_eq!(
        schema["properties"]["strengths"]["maxItems"],
        DEFAULT_MAX_ITEMS
    );
    assert!(!schema.to_string().contains("additionalProperties"));
}
