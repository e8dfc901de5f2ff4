//! Which OpenAI-compatible server answers, read from its `GET /v1/models`: every such server has
//! that route, and the ones whose limits we can read say who they are in it. Knowing the server
//! first, the probe asks only the routes it has: a route a server lacks answers 404, and the
//! browser writes every 404 in red in the host page's console (three lines on every run against a
//! plain server, before this).
//!
//! - llama.cpp's `llama-server` lists its model `owned_by: "llamacpp"`; it has `/props`.
//! - Ollama lists each model `owned_by` its namespace ("library" for the official ones) and names
//!   it with a tag (`llama3.1:latest`); it has `/api/ps` and `/api/show`.
//! - vLLM lists its model `owned_by: "vllm"` with `max_model_len`, the context itself.
//! - Any other server (LM Studio's "organization_owner", a proxy) says nothing we can use.

use serde::Deserialize;

/// A server, as its model list says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Identity {
    LlamaServer,
    Ollama,
    /// vLLM, with the context length of the model asked for (or of its only model).
    Vllm(Option<u32>),
    /// A server that says nothing about its limits.
    Other,
}

#[derive(Deserialize)]
struct ModelList {
    data: Vec<ListedModel>,
}

#[derive(Deserialize)]
struct ListedModel {
    #[serde(default)]
    id: String,
    #[serde(default)]
    owned_by: String,
    #[serde(default)]
    max_model_len: Option<u32>,
}

/// The models list beside the chat route: `http://host:8080/v1` → `http://host:8080/v1/models`.
pub fn models_url(base_url: &str) -> String {
    format!("{}/models", base_url.trim_end_matches('/'))
}

/// The server behind a `/v1/models` body, for `model`; `None` when the body is no model list
/// (then the server is probed as before, route by route).
pub fn identify(body: &[u8], model: &str) -> Option<Identity> {
    let list: ModelList = serde_json::from_slice(body).ok()?;
    let owners = |name: &str| list.data.iter().any(|m| m.owned_by == name);
    if owners("llamacpp") {
        return Some(Identity::LlamaServer);
    }
    if owners("vllm") {
        let asked = list.data.iter().find(|m| m.id == model);
        let only = (list.data.len() == 1).then(|| &list.data[0]);
        return Some(Identity::Vllm(asked.or(only).and_then(|m| m.max_model_len)));
    }
    let ollama_name = |m: &ListedModel| {
        m.owned_by == "library"
            || m.id
                .rsplit_once(':')
                .is_some_and(|(_, tag)| !tag.is_empty() && !tag.contains('/'))
    };
    if !list.data.is_empty() && list.data.iter().all(ollama_name) {
        return Some(Identity::Ollama);
    }
    Some(Identity::Other)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_server_is_told_by_its_list() {
        let list = |entries: &str| format!(r#"{{"object":"list","data":[{entries}]}}"#);
        let read = |entries: &str, model: &str| identify(list(entries).as_bytes(), model);
        assert_eq!(
            read(r#"{"id":"x.gguf","owned_by":"llamacpp"}"#, "x"),
            Some(Identity::LlamaServer)
        );
        assert_eq!(
            read(
                r#"{"id":"llama3.1:latest","owned_by":"library"},{"id":"me/tuned:q4","owned_by":"me"}"#,
                "llama3.1"
            ),
            Some(Identity::Ollama)
        );
        assert_eq!(
            read(
                r#"{"id":"a","owned_by":"vllm","max_model_len":4096},{"id":"b","owned_by":"vllm","max_model_len":8192}"#,
                "b"
            ),
            Some(Identity::Vllm(Some(8192)))
        );
        assert_eq!(
            read(
                r#"{"id":"qwen2.5-7b","owned_by":"organization_owner"}"#,
                "qwen2.5-7b"
            ),
            Some(Identity::Other)
        );
        // A URL-like id is no Ollama tag.
        assert_eq!(
            read(r#"{"id":"http://x/m","owned_by":"proxy"}"#, "m"),
            Some(Identity::Other)
        );
        assert_eq!(read("", "m"), Some(Identity::Other));
        assert_eq!(identify(b"<html>not found</html>", "m"), None);
    }
}
