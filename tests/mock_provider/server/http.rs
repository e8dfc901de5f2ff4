//! Just enough HTTP/1.1: read one request (Content-Length bodies), write one response, close.
//! Streams use chunked encoding so that a deliberately dropped stream is visible to the client
//! as an error (a missing last chunk), not as a normal end.

use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

pub struct Request {
    pub method: String,
    /// Path and query, as sent.
    pub target: String,
    /// Lower-case names.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Request {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn path_only(&self) -> &str {
        self.target.split('?').next().unwrap_or("")
    }

    pub fn query(&self) -> &str {
        self.target.split_once('?').map(|(_, q)| q).unwrap_or("")
    }
}

const MAX_HEAD: usize = 64 * 1024;

pub async fn read_request(socket: &mut TcpStream) -> std::io::Result<Option<Request>> {
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        if let Some(end) = buffer.windows(4).position(|w| w == b"\r\n\r\n") {
            break end;
        }
        if buffer.len() > MAX_HEAD {
            return Ok(None);
        }
        let read = socket.read(&mut chunk).await?;
        if read == 0 {
            return Ok(None);
        }
        buffer.extend_from_slice(&chunk[..read]);
    };
    let head = String::from_utf8_lossy(&buffer[..head_end]).to_string();
    let mut lines = head.split("\r\n");
    let mut request_line = lines.next().unwrap_or("").split_whitespace();
    let method = request_line.next().unwrap_or("").to_string();
    let target = request_line.next().unwrap_or("/").to_string();
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_string()))
        .collect();
    let length: usize = headers
        .iter()
        .find(|(name, _)| name == "content-length")
        .and_then(|(_, value)| value.parse().ok())
        .unwrap_or(0);
    let mut body = buffer[head_end + 4..].to_vec();
    while body.len() < length {
        let read = socket.read(&mut chunk).await?;
        if read == 0 {
            break;
        }
        body.extend_from_slice(&chunk[..read]);
    }
    body.truncate(length);
    Ok(Some(Request {
        method,
        target,
        headers,
        body,
    }))
}

pub enum Body {
    Full(Vec<u8>),
    /// Pieces written as separate chunks, `gap` apart; the connection is cut after `drop_after`
    /// pieces when set.
    Stream {
        pieces: Vec<Vec<u8>>,
        gap: Duration,
        drop_after: Option<usize>,
    },
    /// `head`, then `repeat` `count` times (forever when `None`), then `tail`, each piece `gap`
    /// apart, produced while writing (a 20 MB body is never held). Chunked unless `count` is set
    /// and `gap` is zero (then sent with a Content-Length, like a normal JSON answer).
    Generated(Box<Generated>),
}

/// See [`Body::Generated`] (boxed: it would make every `Reply` large).
pub struct Generated {
    pub head: Vec<Vec<u8>>,
    pub repeat: Vec<u8>,
    pub count: Option<usize>,
    pub tail: Vec<Vec<u8>>,
    pub gap: Duration,
    pub chunked: bool,
}

pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Body,
    /// Wait before sending anything (scripted slowness).
    pub delay: Duration,
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        204 => "No Content",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        529 => "Overloaded",
        _ => "Status",
    }
}

impl Reply {
    pub fn json(status: u16, value: Value) -> Self {
        Self::raw(status, "application/json", value.to_string().into_bytes())
    }

    pub fn raw(status: u16, content_type: &str, body: Vec<u8>) -> Self {
        Self {
            status,
            headers: vec![("content-type".into(), content_type.into())],
            body: Body::Full(body),
            delay: Duration::ZERO,
        }
    }

    pub fn stream(
        content_type: &str,
        pieces: Vec<Vec<u8>>,
        gap: Duration,
        drop_after: Option<usize>,
    ) -> Self {
        Self {
            status: 200,
            headers: vec![
                ("content-type".into(), content_type.into()),
                ("cache-control".into(), "no-cache".into()),
            ],
            body: Body::Stream {
                pieces,
                gap,
                drop_after,
            },
            delay: Duration::ZERO,
        }
    }

    /// CORS preflight: allow any origin and whatever headers the page asks for (incl. the
    /// providers' custom auth headers).
    pub fn preflight(request: &Request) -> Self {
        let asked = request
            .header("access-control-request-headers")
            .unwrap_or("authorization, content-type, x-api-key, anthropic-version, anthropic-dangerous-direct-browser-access, x-goog-api-key")
            .to_string();
        let mut reply = Self::raw(204, "text/plain", Vec::new());
        reply.headers.push((
            "access-control-allow-methods".into(),
            "GET, POST, OPTIONS".into(),
        ));
        reply
            .headers
            .push(("access-control-allow-headers".into(), asked));
        reply
            .headers
            .push(("access-control-max-age".into(), "600".into()));
        reply
    }

    pub fn with_header(mut self, name: &str, value: &str) -> Self {
        self.headers.push((name.into(), value.into()));
        self
    }

    pub async fn write_to(self, socket: &mut TcpStream, request: &Request) -> std::io::Result<()> {
        if !self.delay.is_zero() {
            tokio::time::sleep(self.delay).await;
        }
        let origin = request.header("origin").unwrap_or("*").to_string();
        let mut head = format!("HTTP/1.1 {} {}\r\n", self.status, reason(self.status));
        for (name, value) in &self.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str(&format!("access-control-allow-origin: {origin}\r\n"));
        head.push_str("vary: origin\r\n");
        head.push_str("access-control-expose-headers: retry-after, request-id, x-request-id\r\n");
        head.push_str("connection: close\r\n");
        match self.body {
            Body::Full(bytes) => {
                head.push_str(&format!("content-length: {}\r\n\r\n", bytes.len()));
                socket.write_all(head.as_bytes()).await?;
                socket.write_all(&bytes).await?;
            }
            Body::Stream {
                pieces,
                gap,
                drop_after,
            } => {
                head.push_str("transfer-encoding: chunked\r\n\r\n");
                socket.write_all(head.as_bytes()).await?;
                socket.flush().await?;
                for (index, piece) in pieces.iter().enumerate() {
                    if drop_after == Some(index) {
                        // Cut mid-stream: no terminating chunk, connection closed.
                        socket.flush().await?;
                        return socket.shutdown().await;
                    }
                    if index > 0 && !gap.is_zero() {
                        tokio::time::sleep(gap).await;
                    }
                    if piece.is_empty() {
                        continue;
                    }
                    socket
                        .write_all(format!("{:x}\r\n", piece.len()).as_bytes())
                        .await?;
                    socket.write_all(piece).await?;
                    socket.write_all(b"\r\n").await?;
                    socket.flush().await?;
                }
                socket.write_all(b"0\r\n\r\n").await?;
            }
            Body::Generated(generated) => {
                let Generated {
                    head: first,
                    repeat,
                    count,
                    tail,
                    gap,
                    chunked,
                } = *generated;
                let total: usize = first.iter().chain(&tail).map(Vec::len).sum::<usize>()
                    + repeat.len() * count.unwrap_or(0);
                if chunked {
                    head.push_str("transfer-encoding: chunked\r\n\r\n");
                } else {
                    head.push_str(&format!("content-length: {total}\r\n\r\n"));
                }
                socket.write_all(head.as_bytes()).await?;
                socket.flush().await?;
                let repeated = std::iter::repeat_n(&repeat, count.unwrap_or(usize::MAX));
                let pieces = first.iter().chain(repeated).chain(tail.iter());
                for (index, piece) in pieces.enumerate() {
                    if index > 0 && !gap.is_zero() {
                        tokio::time::sleep(gap).await;
                    }
                    if piece.is_empty() {
                        continue;
                    }
                    // A client that hung up ends the loop with a write error.
                    if chunked {
                        socket
                            .write_all(format!("{:x}\r\n", piece.len()).as_bytes())
                            .await?;
                        socket.write_all(piece).await?;
                        socket.write_all(b"\r\n").await?;
                    } else {
                        socket.write_all(piece).await?;
                    }
                    socket.flush().await?;
                }
                if chunked {
                    socket.write_all(b"0\r\n\r\n").await?;
                }
            }
        }
        socket.flush().await?;
        socket.shutdown().await
    }
}
