//! Byte-stream decoders shared by providers: bytes → UTF-8 → lines → SSE events / NDJSON lines.
//! Each is a push decoder (feed any chunking, get whole items) so it is testable without I/O.

pub mod lines;
pub mod ndjson;
pub mod sse;
pub mod utf8;

use std::collections::VecDeque;

use futures::stream::{self, LocalBoxStream, StreamExt};

use crate::llm::http::{ByteStream, TransportError};

/// A decoder fed with byte chunks.
pub trait PushDecoder {
    type Item;
    fn push(&mut self, bytes: &[u8]) -> Vec<Self::Item>;
    /// End of input: whatever complete item is still buffered.
    fn finish(&mut self) -> Vec<Self::Item>;
}

/// Runs a push decoder over a body stream.
pub fn decode_stream<D>(
    body: ByteStream,
    decoder: D,
) -> LocalBoxStream<'static, Result<D::Item, TransportError>>
where
    D: PushDecoder + 'static,
    D::Item: 'static,
{
    struct State<D: PushDecoder> {
        body: ByteStream,
        decoder: D,
        ready: VecDeque<D::Item>,
        ended: bool,
    }
    let state = State {
        body,
        decoder,
        ready: VecDeque::new(),
        ended: false,
    };
    stream::unfold(state, |mut state| async move {
        loop {
            if let Some(item) = state.ready.pop_front() {
                return Some((Ok(item), state));
            }
            if state.ended {
                return None;
            }
            match state.body.next().await {
                Some(Ok(chunk)) => state.ready.extend(state.decoder.push(&chunk)),
                Some(Err(error)) => {
                    state.ended = true;
                    return Some((Err(error), state));
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
