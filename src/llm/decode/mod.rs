//! Byte-stream decoders shared by providers: bytes → UTF-8 → lines → SSE events / NDJSON lines.
//! Each is a push decoder (feed any chunking, get whole items) so it is testable without I/O.

pub mod lines;
pub mod ndjson;
pub mod sse;
pub mod utf8;

use std::collections::VecDeque;

use futures::stream::{self, LocalBoxStream, StreamExt};

use crate::llm::http::{ByteStream, TransportError};
use crate::llm::limits::{MAX_BODY_BYTES, MAX_LINE_BYTES};

/// A decoder fed with byte chunks.
pub trait PushDecoder {
    type Item;
    fn push(&mut self, bytes: &[u8]) -> Vec<Self::Item>;
    /// End of input: whatever complete item is still buffered.
    fn finish(&mut self) -> Vec<Self::Item>;
    /// One line/event grew past [`MAX_LINE_BYTES`]; the decoder yields nothing more.
    fn overflowed(&self) -> bool {
        false
    }
}

/// Why a decoded stream stopped early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StreamError {
    /// The connection broke.
    Transport(TransportError),
    /// A size limit of `llm::limits` was hit; `what` names it for the user.
    TooLarge { what: &'static str, limit: usize },
}

impl std::fmt::Display for StreamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StreamError::Transport(error) => error.fmt(f),
            StreamError::TooLarge { what, limit } => {
                write!(f, "{what} is larger than {limit} bytes")
            }
        }
    }
}

/// Runs a push decoder over a body stream. Stops with [`StreamError::TooLarge`] once the body
/// passes [`MAX_BODY_BYTES`] in all or one line/event passes [`MAX_LINE_BYTES`], dropping the body
/// (which aborts the request) instead of reading on.
pub fn decode_stream<D>(
    body: ByteStream,
    decoder: D,
) -> LocalBoxStream<'static, Result<D::Item, StreamError>>
where
    D: PushDecoder + 'static,
    D::Item: 'static,
{
    struct State<D: PushDecoder> {
        body: Option<ByteStream>,
        decoder: D,
        ready: VecDeque<D::Item>,
        ended: bool,
        received: usize,
    }
    let state = State {
        body: Some(body),
        decoder,
        ready: VecDeque::new(),
        ended: false,
        received: 0,
    };
    stream::unfold(state, |mut state| async move {
        loop {
            if let Some(item) = state.ready.pop_front() {
                return Some((Ok(item), state));
            }
            if state.ended {
                return None;
            }
            let body = state.body.as_mut()?;
            match body.next().await {
                Some(Ok(chunk)) => {
                    state.received = state.received.saturating_add(chunk.len());
                    let too_large = if state.received > MAX_BODY_BYTES {
                        Some(("the response", MAX_BODY_BYTES))
                    } else {
                        state.ready.extend(state.decoder.push(&chunk));
                        state
                            .decoder
                            .overflowed()
                            .then_some(("one stream event", MAX_LINE_BYTES))
                    };
                    if let Some((what, limit)) = too_large {
                        state.ended = true;
                        state.ready.clear();
                        state.body = None; // drop it now: the transport aborts the request
                        return Some((Err(StreamError::TooLarge { what, limit }), state));
                    }
                }
                Some(Err(error)) => {
                    state.ended = true;
                    return Some((Err(StreamError::Transport(error)), state));
                }
                None => {
                    state.ended = true;
                    state.ready.extend(state.decoder.finish());
                }
            }
        }
    })
    .boxed_local()
}
