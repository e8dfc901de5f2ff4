//! The providers' prompt caches, emulated so the app's cached-token counts can be tested: a
//! request whose prompt starts like an earlier one's is billed partly as cached, the way each
//! provider documents it. The prompt starts with the answer format, as the providers cache it:
//! OpenAI's structured-output schema is a prefix of the system message, Anthropic's order is
//! tools, system, messages (and a changed `tool_choice` invalidates the messages), so two agents
//! with different answer schemas share nothing there; a local server's grammar is not part of
//! the prompt, which is why the app's shared prefix pays off most there.
//! - OpenAI (and Gemini's implicit cache): the longest prefix shared with an earlier prompt, from
//!   1,024 tokens on, in steps of 128.
//! - Anthropic: only up to a block marked `cache_control`, from 1,024 tokens on; a first sight is
//!   a cache write, a repeat a read.
//! - Ollama reports nothing.
//!
//! Tokens are counted as everywhere in the mock: a quarter of the bytes.

use serde_json::Value;

use super::answers::tokens;
use super::Provider;

const MIN_TOKENS: u64 = 1024;
const STEP_TOKENS: u64 = 128;

/// The cached part of one request's input.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct CachedInput {
    pub(crate) read: u64,
    pub(crate) written: u64,
}

/// What the cache held for this prompt; remembers it for the next requests (`seen`, per provider).
pub(super) fn look_up(
    seen: &mut Vec<(String, String)>,
    provider: Provider,
    system: &str,
    body: &Value,
) -> CachedInput {
    let (prompt, breakpoint) = prompt_of(provider, system, body);
    let earlier = |prefix: &str| {
        seen.iter()
            .filter(|(p, _)| p == provider.name())
            .any(|(_, seen)| seen.starts_with(prefix))
    };
    let cached = match provider {
        Provider::Ollama => CachedInput::default(),
        Provider::Anthropic => match breakpoint.map(|end| &prompt[..end]) {
            Some(prefix) if tokens(prefix) >= MIN_TOKENS && earlier(prefix) => CachedInput {
                read: tokens(prefix),
                written: 0,
            },
            Some(prefix) if tokens(prefix) >= MIN_TOKENS => CachedInput {
                read: 0,
                written: tokens(prefix),
            },
            _ => CachedInput::default(),
        },
        Provider::OpenAi | Provider::Gemini => {
            let shared = seen
                .iter()
                .filter(|(p, _)| p == provider.name())
                .map(|(_, seen)| common_prefix_bytes(seen, &prompt))
                .max()
                .unwrap_or(0);
            let shared_tokens = (shared / 4) as u64;
            let read = if shared_tokens >= MIN_TOKENS {
                shared_tokens / STEP_TOKENS * STEP_TOKENS
            } else {
                0
            };
            CachedInput { read, written: 0 }
        }
    };
    seen.push((provider.name().to_string(), prompt));
    cached
}

/// The prompt as the provider caches it (the answer format, the system prompt, then every
/// message's text in order) and, for Anthropic, where its `cache_control` block ends.
fn prompt_of(provider: Provider, system: &str, body: &Value) -> (String, Option<usize>) {
    let format = match provider {
        Provider::OpenAi => body["response_format"].to_string(),
        Provider::Anthropic => format!("{}{}", body["tools"], body["tool_choice"]),
        Provider::Gemini => body["generationConfig"].to_string(),
        Provider::Ollama => String::new(),
    };
    let mut prompt = format + system;
    let mut breakpoint = None;
    let messages = body["messages"]
        .as_array()
        .or_else(|| body["contents"].as_array());
    for message in messages.into_iter().flatten() {
        let content = message.get("content").or_else(|| message.get("parts"));
        match content {
            Some(Value::String(text)) => prompt.push_str(text),
            Some(Value::Array(blocks)) => {
                for block in blocks {
                    prompt.push_str(block["text"].as_str().unwrap_or(""));
                    if block.get("cache_control").is_some() {
                        breakpoint = Some(prompt.len());
                    }
                }
            }
            _ => {}
        }
    }
    (prompt, breakpoint)
}

fn common_prefix_bytes(a: &str, b: &str) -> usize {
    a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn openai(user: &str) -> Value {
        json!({"messages": [{"role": "user", "content": user}]})
    }

    #[test]
    fn openai_caches_a_long_shared_prefix_in_steps() {
        let mut seen = Vec::new();
        let shared = "x".repeat(4 * 1500);
        let first = look_up(
            &mut seen,
            Provider::OpenAi,
            "S",
            &openai(&format!("{shared}a")),
        );
        assert_eq!(first.read, 0);
        let second = look_up(
            &mut seen,
            Provider::OpenAi,
            "S",
            &openai(&format!("{shared}b")),
        );
        assert_eq!(second.read, 1408);
        let short = look_up(&mut seen, Provider::OpenAi, "T", &openai("short"));
        assert_eq!(short.read, 0);
    }

    #[test]
    fn a_different_answer_schema_shares_no_prefix() {
        let mut seen = Vec::new();
        let user = "x".repeat(4 * 1500);
        let with = |name: &str| {
            json!({"response_format": {"type": "json_schema", "json_schema": {"name": name}},
                   "messages": [{"role": "user", "content": user}]})
        };
        look_up(&mut seen, Provider::OpenAi, "S", &with("critic"));
        assert_eq!(
            look_up(&mut seen, Provider::OpenAi, "S", &with("writer")).read,
            0
        );
        assert!(look_up(&mut seen, Provider::OpenAi, "S", &with("critic")).read >= 1024);
    }

    #[test]
    fn anthropic_writes_then_reads_only_a_marked_prefix() {
        let mut seen = Vec::new();
        let marked = |tail: &str| {
            json!({"messages": [{"role": "user", "content": [
                {"type": "text", "text": "y".repeat(4 * 1100), "cache_control": {"type": "ephemeral"}},
                {"type": "text", "text": tail}]}]})
        };
        let first = look_up(&mut seen, Provider::Anthropic, "S", &marked("a"));
        assert!(first.written > 1024 && first.read == 0);
        let second = look_up(&mut seen, Provider::Anthropic, "S", &marked("b"));
        assert_eq!((second.read, second.written), (first.written, 0));
        let unmarked = json!({"messages": [{"role": "user", "content": "y".repeat(4 * 1100)}]});
        let third = look_up(&mut seen, Provider::Anthropic, "S", &unmarked);
        assert_eq!((third.read, third.written), (0, 0));
    }
}
