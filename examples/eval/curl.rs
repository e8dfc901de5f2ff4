//! The eval's HTTP transport: the system `curl`, one process per request on its own thread, so a
//! graph's parallel agents still call at the same time under `futures::executor::block_on`.
//!
//! Why curl: the test HTTP client (reqwest, a dev-dependency) is built without TLS, and a real
//! provider (`make eval PROVIDER=openai`) is HTTPS. The request's headers, the API key among them,
//! go to curl through its standard input as a config (`-K -`), never on its command line (which
//! `ps` shows) and never in a file; the body (a prompt, no secret) goes through a temp file.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use careergraph::llm::http::{HttpRequest, HttpResponse, HttpTransport, TransportError};
use futures::channel::oneshot;
use futures::future::LocalBoxFuture;
use futures::stream::{self, StreamExt};

pub struct CurlTransport {
    /// Where request bodies and response headers are written while a request runs.
    pub scratch: PathBuf,
}

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// A value in curl's config syntax: double-quoted, backslash and quote escaped.
fn quoted(value: &str) -> String {
    let escaped = value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', " ");
    format!("\"{escaped}\"")
}

struct Raw {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

fn send_blocking(request: HttpRequest, scratch: PathBuf) -> Result<Raw, TransportError> {
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let body_path = scratch.join(format!("body-{}-{n}", std::process::id()));
    let head_path = scratch.join(format!("head-{}-{n}", std::process::id()));
    std::fs::write(&body_path, &request.body)
        .map_err(|e| TransportError::Network(e.to_string()))?;
    let mut config = format!(
        "url = {}\nrequest = {}\ndata-binary = {}\ndump-header = {}\nsilent\nshow-error\nmax-time = 600\n",
        quoted(&request.url),
        quoted(request.method),
        quoted(&format!("@{}", body_path.display())),
        quoted(&head_path.display().to_string()),
    );
    for (name, value) in &request.headers {
        config.push_str(&format!(
            "header = {}\n",
            quoted(&format!("{name}: {value}"))
        ));
    }
    // No `Expect: 100-continue` round trip (and no second header block to skip).
    config.push_str("header = \"Expect:\"\n");
    let result = (|| {
        let mut child = Command::new("curl")
            .args(["-K", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| TransportError::Network(format!("curl did not start: {e}")))?;
        child
            .stdin
            .take()
            .expect("piped stdin")
            .write_all(config.as_bytes())
            .map_err(|e| TransportError::Network(e.to_string()))?;
        let output = child
            .wait_with_output()
            .map_err(|e| TransportError::Network(e.to_string()))?;
        if !output.status.success() {
            // curl's own message names the host and the failure, not the headers.
            return Err(TransportError::Network(
                String::from_utf8_lossy(&output.stderr).trim().to_string(),
            ));
        }
        let head = std::fs::read_to_string(&head_path).unwrap_or_default();
        let (status, headers) = parse_head(&head);
        Ok(Raw {
            status,
            headers,
            body: output.stdout,
        })
    })();
    let _ = std::fs::remove_file(&body_path);
    let _ = std::fs::remove_file(&head_path);
    result
}

/// Status and lower-cased headers of the last header block curl dumped.
fn parse_head(head: &str) -> (u16, Vec<(String, String)>) {
    let last = head
        .split("\r\n\r\n")
        .filter(|block| block.starts_with("HTTP/"))
        .last()
        .unwrap_or("");
    let mut lines = last.lines();
    let status = lines
        .next()
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_string()))
        .collect();
    (status, headers)
}

impl HttpTransport for CurlTransport {
    fn send(
        &self,
        request: HttpRequest,
    ) -> LocalBoxFuture<'static, Result<HttpResponse, TransportError>> {
        let (done, answer) = oneshot::channel();
        let scratch = self.scratch.clone();
        std::thread::spawn(move || {
            let _ = done.send(send_blocking(request, scratch));
        });
        Box::pin(async move {
            let raw = answer
                .await
                .map_err(|_| TransportError::Network("curl thread ended".into()))??;
            Ok(HttpResponse {
                status: raw.status,
                headers: raw.headers,
                body: stream::iter([Ok(raw.body)]).boxed_local(),
            })
        })
    }
}

/// A JSON POST to the mock's control endpoints (`/__mock/reset`, `/__mock/script`).
pub fn post_json(url: &str, body: &str) -> Result<(), String> {
    let output = Command::new("curl")
        .args([
            "-sS",
            "--fail",
            "-H",
            "content-type: application/json",
            "--data-binary",
            body,
            url,
        ])
        .output()
        .map_err(|e| format!("curl did not start: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{url}: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ))
    }
}
