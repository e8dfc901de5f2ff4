//! Newline-delimited JSON (Ollama's native `/api/chat` stream): one JSON value per non-blank line.

use super::lines::LineDecoder;
use super::PushDecoder;

#[derive(Debug, Default)]
pub struct NdjsonDecoder {
    lines: LineDecoder,
}

impl NdjsonDecoder {
    pub fn new() -> Self {
        Self::default()
    }
}

fn non_blank(lines: Vec<String>) -> Vec<String> {
    lines
        .into_iter()
        .filter(|line| !line.trim().is_empty())
        .collect()
}

impl PushDecoder for NdjsonDecoder {
    /// The raw line; callers deserialize into their own type.
    type Item = String;

    fn push(&mut self, bytes: &[u8]) -> Vec<String> {
        non_blank(self.lines.push(bytes))
    }

    fn finish(&mut self) -> Vec<String> {
        non_blank(self.lines.finish())
    }

    fn overflowed(&self) -> bool {
        self.lines.overflowed()
    }
}
