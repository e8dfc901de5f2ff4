//! The native `HttpTransport` for tests: reqwest (plain HTTP to 127.0.0.1 only, no TLS built in),
//! plus a tokio-backed runtime whose sleeps are recorded so tests can assert backoff waits.

#![allow(dead_code)] // Each test file uses a different part.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use careergraph::llm::http::{HttpRequest, HttpResponse, HttpTransport, TransportError};
use careergraph::llm::Runtime;
use futures::future::LocalBoxFuture;
use futures::StreamExt;

#[derive(Clone, Default)]
pub struct ReqwestTransport {
    client: reqwest::Client,
}

impl HttpTransport for ReqwestTransport {
    fn send(
        &self,
        request: HttpRequest,
    ) -> LocalBoxFuture<'static, Result<HttpResponse, TransportError>> {
        let client = self.client.clone();
        Box::pin(async move {
            let method = reqwest::Method::from_bytes(request.method.as_bytes())
                .map_err(|e| TransportError::Network(e.to_string()))?;
            let mut builder = client.request(method, &request.url).body(request.body);
            for (name, value) in &request.headers {
                builder = builder.header(name, value);
            }
            // Timeouts are enforced by the library with the injected sleep, so none here.
            let response = builder
                .send()
                .await
                .map_err(|e| TransportError::Network(e.without_url().to_string()))?;
            let status = response.status().as_u16();
            let headers = response
                .headers()
                .iter()
                .map(|(name, value)| {
                    (
                        name.as_str().to_string(),
                        value.to_str().unwrap_or("").to_string(),
                    )
                })
                .collect();
            let body = response
                .bytes_stream()
                .map(|chunk| {
                    chunk
                        .map(|bytes| bytes.to_vec())
                        .map_err(|e| TransportError::Network(e.without_url().to_string()))
                })
                .boxed_local();
            Ok(HttpResponse {
                status,
                headers,
                body,
            })
        })
    }
}

/// Real tokio sleeps; every requested duration is recorded (timeouts included).
pub fn recording_runtime() -> (Runtime, Rc<RefCell<Vec<Duration>>>) {
    let slept = Rc::new(RefCell::new(Vec::new()));
    let log = slept.clone();
    let sleep = Rc::new(move |duration: Duration| -> LocalBoxFuture<'static, ()> {
        log.borrow_mut().push(duration);
        Box::pin(tokio::time::sleep(duration))
    });
    (Runtime::new(sleep, Rc::new(|| 0.5)), slept)
}
