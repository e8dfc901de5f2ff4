//! Server-sent events per the WHATWG spec: `field: value` lines, a blank line ends an event, `data`
//! lines join with `\n`, `:` starts a comment. Providers differ only in what the data holds.

use super::lines::LineDecoder;
use super::PushDecoder;
use crate::llm::limits::MAX_LINE_BYTES;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SseEvent {
    /// The `event:` field; empty when absent (the spec's default type "message").
    pub event: String,
    pub data: String,
    pub id: Option<String>,
}

#[derive(Debug, Default)]
pub struct SseDecoder {
    lines: LineDecoder,
    event: String,
    data: String,
    has_data: bool,
    id: Option<String>,
    started: bool,
    /// One event's `data` (many short lines) grew past [`MAX_LINE_BYTES`].
    overflowed: bool,
}

impl SseDecoder {
    pub fn new() -> Self {
        Self::default()
    }

    fn on_line(&mut self, line: &str, out: &mut Vec<SseEvent>) {
        // The spec ignores one byte-order mark at the very start of the stream.
        let line = if self.started {
            line
        } else {
            line.strip_prefix('\u{feff}').unwrap_or(line)
        };
        self.started = true;
        if line.is_empty() {
            // Dispatch; the spec drops events without data.
            if self.has_data {
                out.push(SseEvent {
                    event: std::mem::take(&mut self.event),
                    data: std::mem::take(&mut self.data),
                    id: self.id.clone(),
                });
            }
            self.event.clear();
            self.data.clear();
            self.has_data = false;
            return;
        }
        if line.starts_with(':') {
            return;
        }
        let (field, value) = match line.split_once(':') {
            Some((field, value)) => (field, value.strip_prefix(' ').unwrap_or(value)),
            None => (line, ""),
        };
        match field {
            "data" => {
                if self.has_data {
                    self.data.push('\n');
                }
                self.data.push_str(value);
                self.has_data = true;
                if self.data.len() > MAX_LINE_BYTES {
                    self.overflowed = true;
                    self.data = String::new();
                }
            }
            "event" => self.event = value.to_string(),
            "id" if !value.contains('\0') => self.id = Some(value.to_string()),
            _ => {} // `retry` and unknown fields do not matter to a one-shot request.
        }
    }
}

impl PushDecoder for SseDecoder {
    type Item = SseEvent;

    fn push(&mut self, bytes: &[u8]) -> Vec<SseEvent> {
        let mut out = Vec::new();
        for line in self.lines.push(bytes) {
            if self.overflowed {
                return Vec::new();
            }
            self.on_line(&line, &mut out);
        }
        if self.overflowed {
            return Vec::new();
        }
        out
    }

    fn overflowed(&self) -> bool {
        self.overflowed || self.lines.overflowed()
    }

    /// The spec discards an event not followed by a blank line; we dispatch it instead, because a
    /// server that closes right after its last `data:` line still meant it.
    fn finish(&mut self) -> Vec<SseEvent> {
        if self.overflowed {
            return Vec::new();
        }
        let mut out = Vec::new();
        for line in self.lines.finish() {
            self.on_line(&line, &mut out);
        }
        self.on_line("", &mut out);
        out
    }
}
