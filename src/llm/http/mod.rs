//! The HTTP seam: the only piece that differs between browser (`fetch`) and native (tests).

#[cfg(target_arch = "wasm32")]
pub mod fetch;

use std::fmt;
use std::rc::Rc;
use std::time::Duration;

use futures::future::LocalBoxFuture;
use futures::stream::LocalBoxStream;

use crate::llm::runtime::CancelToken;
use crate::llm::secret::ApiKey;

/// Header names whose values are secrets; `Debug` of a request prints them as `***`.
pub const SECRET_HEADERS: [&str; 3] = ["authorization", "x-api-key", "x-goog-api-key"];

#[derive(Clone)]
pub struct HttpRequest {
    pub method: &'static str,
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: String,
    /// A transport may enforce this itself; the client enforces it too, with the injected sleep.
    pub timeout: Option<Duration>,
    /// Transports abort the request when this fires (and when their future/stream is dropped).
    pub cancel: Option<CancelToken>,
}

impl HttpRequest {
    pub fn post_json(url: impl Into<String>, body: String) -> Self {
        Self {
            method: "POST",
            url: url.into(),
            headers: vec![("content-type".into(), "application/json".into())],
            body,
            timeout: None,
            cancel: None,
        }
    }

    /// A GET without a body (a server's own description, e.g. llama.cpp's `/props`).
    pub fn get(url: impl Into<String>) -> Self {
        Self {
            method: "GET",
            url: url.into(),
            headers: Vec::new(),
            body: String::new(),
            timeout: None,
            cancel: None,
        }
    }

    pub fn header(mut self, name: &str, value: impl Into<String>) -> Self {
        self.headers.push((name.to_ascii_lowercase(), value.into()));
        self
    }

    /// `Authorization: Bearer <key>`; none when the key is empty, as for a local server that
    /// needs none (a proxy in front of it may want one).
    pub fn bearer_auth(self, key: &ApiKey) -> Self {
        if key.is_empty() {
            return self;
        }
        self.header("authorization", format!("Bearer {}", key.expose()))
    }
}

impl fmt::Debug for HttpRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let headers: Vec<(&str, &str)> = self
            .headers
            .iter()
            .map(|(name, value)| {
                let shown = if SECRET_HEADERS.contains(&name.to_ascii_lowercase().as_str()) {
                    "***"
                } else {
                    value.as_str()
                };
                (name.as_str(), shown)
            })
            .collect();
        f.debug_struct("HttpRequest")
            .field("method", &self.method)
            .field("url", &self.url)
            .field("headers", &headers)
            .field("body_len", &self.body.len())
            .finish()
    }
}

/// Body chunks as they arrive; an `Err` mid-way means the connection broke.
pub type ByteStream = LocalBoxStream<'static, Result<Vec<u8>, TransportError>>;

pub struct HttpResponse {
    pub status: u16,
    /// Lower-case names.
    pub headers: Vec<(String, String)>,
    pub body: ByteStream,
}

impl HttpResponse {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

impl fmt::Debug for HttpResponse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HttpResponse")
            .field("status", &self.status)
            .field("headers", &self.headers)
            .finish()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TransportError {
    /// No HTTP answer: DNS, refused connection, TLS, or (in browsers) CORS.
    Network(String),
    Timeout,
    Cancelled,
}

impl fmt::Display for TransportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TransportError::Network(message) => f.write_str(message),
            TransportError::Timeout => f.write_str("timed out"),
            TransportError::Cancelled => f.write_str("cancelled"),
        }
    }
}

/// Sends one request; resolves once the status and headers are in, the body follows as a stream.
pub trait HttpTransport {
    fn send(
        &self,
        request: HttpRequest,
    ) -> LocalBoxFuture<'static, Result<HttpResponse, TransportError>>;
}

pub type SharedTransport = Rc<dyn HttpTransport>;

/// Reads a whole body, without a size limit (prefer [`read_body_limited`] for anything a server sends).
pub async fn read_body(body: ByteStream) -> Result<Vec<u8>, TransportError> {
    use futures::TryStreamExt;
    body.try_fold(Vec::new(), |mut all, chunk| async move {
        all.extend_from_slice(&chunk);
        Ok(all)
    })
    .await
}

/// Why [`read_body_limited`] gave up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    Transport(TransportError),
    /// More than the limit arrived; the rest was not read (the body is dropped, aborting the request).
    TooLarge {
        limit: usize,
    },
}

/// Reads a whole body, failing as soon as it passes `limit` bytes (so a huge body is never held).
pub async fn read_body_limited(mut body: ByteStream, limit: usize) -> Result<Vec<u8>, ReadError> {
    use futures::StreamExt;
    let mut all = Vec::new();
    while let Some(chunk) = body.next().await {
        let chunk = chunk.map_err(ReadError::Transport)?;
        if all.len() + chunk.len() > limit {
            return Err(ReadError::TooLarge { limit });
        }
        all.extend_from_slice(&chunk);
    }
    Ok(all)
}

/// The first `limit` bytes of a body, or what arrived before it broke: for error bodies, where a
/// partial message is better than none.
pub async fn read_body_prefix(mut body: ByteStream, limit: usize) -> Vec<u8> {
    use futures::StreamExt;
    let mut all = Vec::new();
    while let Some(Ok(chunk)) = body.next().await {
        let room = limit.saturating_sub(all.len());
        all.extend_from_slice(&chunk[..chunk.len().min(room)]);
        if all.len() >= limit {
            break;
        }
    }
    all
}
