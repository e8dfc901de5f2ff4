//! Browser transport: `fetch` via gloo-net, the body read as a stream (wasm-streams), and an
//! `AbortController` so that dropping the request or its body (timeout, cancel) aborts the fetch.

use futures::future::LocalBoxFuture;
use futures::stream::{self, StreamExt};
use gloo_net::http::{Method, RequestBuilder};
use wasm_bindgen::JsCast;

use super::{ByteStream, HttpRequest, HttpResponse, HttpTransport, TransportError};

#[derive(Debug, Clone, Copy, Default)]
pub struct FetchTransport;

/// Aborts the fetch when the last owner (pending future, then body stream) goes away.
struct AbortOnDrop(web_sys::AbortController);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

fn network(error: impl std::fmt::Display) -> TransportError {
    TransportError::Network(error.to_string())
}

fn js_error(value: &wasm_bindgen::JsValue) -> TransportError {
    let message = value
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| value.as_string())
        .unwrap_or_else(|| "the connection was interrupted".into());
    TransportError::Network(message)
}

impl HttpTransport for FetchTransport {
    fn send(
        &self,
        request: HttpRequest,
    ) -> LocalBoxFuture<'static, Result<HttpResponse, TransportError>> {
        Box::pin(async move {
            if request.cancel.as_ref().is_some_and(|c| c.is_cancelled()) {
                return Err(TransportError::Cancelled);
            }
            let controller = web_sys::AbortController::new().map_err(|e| js_error(&e))?;
            let guard = AbortOnDrop(controller.clone());
            let method = if request.method == "GET" {
                Method::GET
            } else {
                Method::POST
            };
            let mut builder = RequestBuilder::new(&request.url)
                .method(method)
                .abort_signal(Some(&controller.signal()));
            for (name, value) in &request.headers {
                builder = builder.header(name, value);
            }
            // A GET must have no body at all: `fetch` throws on an empty one too ("Request with
            // GET/HEAD method cannot have body"), which once kept every local server's /props
            // from being read in the browser.
            let fetch = if request.method == "GET" {
                builder.build().map_err(network)?
            } else {
                builder.body(request.body.clone()).map_err(network)?
            };
            let response = fetch.send().await.map_err(network)?;
            let status = response.status();
            let headers: Vec<(String, String)> = response
                .headers()
                .entries()
                .map(|(name, value)| (name.to_ascii_lowercase(), value))
                .collect();
            let body: ByteStream = match response.body() {
                Some(raw) => wasm_streams::ReadableStream::from_raw(raw)
                    .into_stream()
                    .map(move |chunk| {
                        let _keep_fetch_alive = &guard;
                        chunk
                            .map(|bytes| js_sys::Uint8Array::new(&bytes).to_vec())
                            .map_err(|e| js_error(&e))
                    })
                    .boxed_local(),
                None => stream::empty().boxed_local(),
            };
            Ok(HttpResponse {
                status,
                headers,
                body,
            })
        })
    }
}
