//! Where a provider's requests (and its API key) go. One place checks a base URL for the app and
//! the JS API alike: `https:` only (plain `http:` to this machine only), no credentials, query or
//! fragment; and a first-party key (OpenAI, Anthropic, Gemini) goes to a host other than the
//! provider's own only when the caller confirmed that very host.

use super::error::{ErrorCode, SessionError};
use super::provider::ProviderKind;
use crate::llm::anthropic::AnthropicConfig;
use crate::llm::gemini::GeminiConfig;
use crate::llm::openai::OpenAiConfig;
use crate::llm::ApiKey;

/// Hosts reachable over plain `http:`: this machine only (a local model server, a test mock).
const LOOPBACK_HOSTS: [&str; 3] = ["localhost", "127.0.0.1", "[::1]"];

/// The endpoint a provider uses when no base URL is given (`None`: it has none of its own).
/// (Read from the provider layer's own defaults, so there is one source for them.)
pub fn default_base_url(kind: ProviderKind) -> Option<String> {
    let none = ApiKey::default;
    match kind {
        ProviderKind::Openai => Some(OpenAiConfig::openai(none()).base_url),
        ProviderKind::Anthropic => Some(AnthropicConfig::new(none()).base_url),
        ProviderKind::Gemini => Some(GeminiConfig::new(none()).base_url),
        ProviderKind::Demo | ProviderKind::OpenaiCompatible | ProviderKind::InTab => None,
    }
}

/// The host (name, and port unless it is the scheme's default) of a valid base URL, lower-cased,
/// e.g. `127.0.0.1:8802` or `api.openai.com`: what a confirmation names. Fails with
/// `invalid_base_url` and a sentence saying what to fix.
pub fn check_base_url(url: &str) -> Result<String, SessionError> {
    let invalid = |message: String| Err(SessionError::new(ErrorCode::InvalidBaseUrl, message));
    let url = url.trim();
    if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return invalid(format!(
            "The base URL \"{}\" contains spaces or control characters.",
            shown(url)
        ));
    }
    if url.contains('\\') {
        return invalid(
            "The base URL must not contain a backslash: use / between its parts.".into(),
        );
    }
    let lower = url.to_ascii_lowercase();
    let (secure, rest) = if let Some(rest) = lower.strip_prefix("https://") {
        (true, rest)
    } else if let Some(rest) = lower.strip_prefix("http://") {
        (false, rest)
    } else {
        return invalid(format!(
            "The base URL \"{}\" must start with https:// (or http:// for localhost).",
            shown(url)
        ));
    };
    if rest.contains('?') {
        return invalid("The base URL must not contain a query (a \"?…\" part): keys and options belong in Settings, not in the URL.".into());
    }
    if rest.contains('#') {
        return invalid("The base URL must not contain a fragment (a \"#…\" part).".into());
    }
    let authority = rest.split('/').next().unwrap_or_default();
    if authority.contains('@') {
        return invalid("The base URL must not contain a user name or password (a \"…@\" part): put the key in the API key field.".into());
    }
    let (name, port) = split_port(authority).ok_or_else(|| {
        SessionError::new(
            ErrorCode::InvalidBaseUrl,
            format!("The base URL \"{}\" has no valid host.", shown(url)),
        )
    })?;
    let default_port = if secure { "443" } else { "80" };
    let host = match port {
        Some(port) if port != default_port => format!("{name}:{port}"),
        _ => name.to_string(),
    };
    if !secure && !LOOPBACK_HOSTS.contains(&name) {
        return invalid(format!(
            "The base URL must use https:// for {host}: plain http:// is allowed only for localhost, 127.0.0.1 and [::1]."
        ));
    }
    Ok(host)
}

/// Splits `name[:port]` (`[v6]` names included) and checks both parts.
fn split_port(authority: &str) -> Option<(&str, Option<&str>)> {
    let (name, port) = if authority.starts_with('[') {
        let end = authority.find(']')?;
        let (name, after) = authority.split_at(end + 1);
        let valid = name[1..name.len() - 1]
            .chars()
            .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.');
        if !valid || name.len() < 3 {
            return None;
        }
        match after {
            "" => (name, None),
            _ => (name, Some(after.strip_prefix(':')?)),
        }
    } else {
        match authority.split_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (authority, None),
        }
    };
    let name_ok = name.starts_with('[')
        || (!name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.' || c == '_'));
    let port_ok = port.is_none_or(|p| p.parse::<u16>().is_ok_and(|n| n > 0));
    (name_ok && port_ok).then_some((name, port))
}

/// The host a first-party key would go to when it is not the provider's own: it needs the
/// caller's confirmation. `None` for the provider's own host, for the default endpoint, and for
/// providers without a host of their own (demo, OpenAI-compatible). Fails like
/// `check_base_url` for any provider.
pub fn host_to_confirm(
    kind: ProviderKind,
    base_url: Option<&str>,
) -> Result<Option<String>, SessionError> {
    let Some(url) = base_url else {
        return Ok(None);
    };
    let host = check_base_url(url)?;
    let Some(default) = default_base_url(kind) else {
        return Ok(None);
    };
    let own = check_base_url(&default)?;
    Ok((host != own).then_some(host))
}

/// Checks `base_url` for `kind` and, for a first-party key going elsewhere, that `confirmed`
/// names the host it goes to. Fails with `invalid_base_url` or `host_not_confirmed`.
pub fn check_destination(
    kind: ProviderKind,
    base_url: Option<&str>,
    confirmed: Option<&str>,
) -> Result<(), SessionError> {
    // Neither sends anything anywhere.
    if matches!(kind, ProviderKind::Demo | ProviderKind::InTab) {
        return Ok(());
    }
    let Some(host) = host_to_confirm(kind, base_url)? else {
        return Ok(());
    };
    let confirmed = confirmed.map(|c| c.trim().to_ascii_lowercase());
    if confirmed.as_deref() == Some(host.as_str()) {
        return Ok(());
    }
    let own = default_base_url(kind)
        .and_then(|url| check_base_url(&url).ok())
        .unwrap_or_default();
    Err(SessionError::new(
        ErrorCode::HostNotConfirmed,
        format!(
            "Your {} key would be sent to {host}, not to {own}. Confirm that you trust {host} in Settings (or pass confirmedHost: \"{host}\") to send it there.",
            kind.label()
        ),
    ))
}

/// A URL as quoted in a message: never more than 80 characters of it.
fn shown(url: &str) -> String {
    let mut cut: String = url.chars().take(80).collect();
    if cut.len() < url.len() {
        cut.push('…');
    }
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(url: &str) -> String {
        let err = check_base_url(url).expect_err(url);
        assert_eq!(err.code, ErrorCode::InvalidBaseUrl, "{url}");
        err.message
    }

    #[test]
    fn https_anywhere_and_http_only_to_this_machine() {
        assert_eq!(
            check_base_url("https://api.openai.com/v1").unwrap(),
            "api.openai.com"
        );
        assert_eq!(
            check_base_url("HTTPS://OpenRouter.ai:443/api/v1/").unwrap(),
            "openrouter.ai"
        );
        assert_eq!(
            check_base_url("https://llm.example:8443").unwrap(),
            "llm.example:8443"
        );
        assert_eq!(
            check_base_url("http://localhost:11434/v1").unwrap(),
            "localhost:11434"
        );
        assert_eq!(
            check_base_url(" http://127.0.0.1:8802/v1 ").unwrap(),
            "127.0.0.1:8802"
        );
        assert_eq!(check_base_url("http://[::1]:8080").unwrap(), "[::1]:8080");
        assert_eq!(check_base_url("http://localhost").unwrap(), "localhost");

        for url in [
            "http://api.openai.com/v1",
            "http://192.168.1.5:11434/v1",
            "http://localhost.evil.example/v1",
            "http://127.0.0.1.nip.io/v1",
        ] {
            assert!(refused(url).contains("https://"), "{url}");
        }
        assert!(refused("ftp://localhost/v1").contains("must start with https://"));
        assert!(refused("api.openai.com/v1").contains("must start with https://"));
    }

    #[test]
    fn credentials_query_and_fragment_are_refused_with_their_own_message() {
        assert!(refused("https://user:pw@llm.example/v1").contains("user name or password"));
        assert!(refused("http://evil.example@localhost/v1").contains("user name or password"));
        assert!(refused("https://llm.example/v1?key=abc").contains("query"));
        assert!(refused("https://llm.example/v1#frag").contains("fragment"));
        assert!(refused("https://llm.example:99999/v1").contains("no valid host"));
        assert!(refused("https:///v1").contains("no valid host"));
        assert!(refused("https://bad host/v1").contains("spaces"));
        assert!(refused("https://local\thost/v1").contains("control"));
        // A backslash reads as a slash to browsers: it must not hide where the host ends.
        assert!(refused("http://localhost\\@evil.example/").contains("backslash"));
    }

    #[test]
    fn a_first_party_key_needs_the_confirmed_host_off_its_own() {
        use ProviderKind::*;
        assert_eq!(host_to_confirm(Openai, None).unwrap(), None);
        assert_eq!(
            host_to_confirm(Openai, Some("https://api.openai.com/v1/")).unwrap(),
            None
        );
        assert_eq!(
            host_to_confirm(Openai, Some("http://127.0.0.1:8802/v1"))
                .unwrap()
                .as_deref(),
            Some("127.0.0.1:8802")
        );
        assert_eq!(
            host_to_confirm(OpenaiCompatible, Some("http://localhost:1/v1")).unwrap(),
            None
        );
        assert!(host_to_confirm(OpenaiCompatible, Some("http://llm.example/v1")).is_err());

        let url = Some("http://127.0.0.1:8802");
        for kind in [Openai, Anthropic, Gemini] {
            let err = check_destination(kind, url, None).unwrap_err();
            assert_eq!(err.code, ErrorCode::HostNotConfirmed);
            assert!(err.message.contains("127.0.0.1:8802"), "{}", err.message);
            let other = check_destination(kind, url, Some("localhost:8802")).unwrap_err();
            assert_eq!(other.code, ErrorCode::HostNotConfirmed);
            check_destination(kind, url, Some("127.0.0.1:8802")).unwrap();
            check_destination(kind, None, None).unwrap();
        }
        check_destination(OpenaiCompatible, Some("http://localhost:11434/v1"), None).unwrap();
        assert_eq!(
            check_destination(OpenaiCompatible, Some("http://10.0.0.2/v1"), None)
                .unwrap_err()
                .code,
            ErrorCode::InvalidBaseUrl
        );
        // A confirmation never excuses an invalid URL.
        assert_eq!(
            check_destination(Openai, Some("http://llm.example/v1"), Some("llm.example"))
                .unwrap_err()
                .code,
            ErrorCode::InvalidBaseUrl
        );
    }
}
