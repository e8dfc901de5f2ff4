//! Splits text into lines ending in CRLF, LF or CR (the SSE spec's three line endings), where a CR
//! ending one chunk and an LF starting the next are still one line ending.

use super::utf8::Utf8Decoder;
use crate::llm::limits::MAX_LINE_BYTES;

/// A line longer than [`MAX_LINE_BYTES`] is not buffered: the decoder stops, drops what it holds
/// and reports [`LineDecoder::overflowed`], so a server sending megabytes without a newline cannot
/// grow memory without bound.
#[derive(Debug, Default)]
pub struct LineDecoder {
    utf8: Utf8Decoder,
    partial: String,
    after_cr: bool,
    overflowed: bool,
}

impl LineDecoder {
    /// A line exceeded [`MAX_LINE_BYTES`]; nothing more is decoded.
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    pub fn push(&mut self, bytes: &[u8]) -> Vec<String> {
        if self.overflowed {
            return Vec::new();
        }
        let text = self.utf8.push(bytes);
        let lines = self.split(&text);
        if self.partial.len() > MAX_LINE_BYTES || lines.iter().any(|l| l.len() > MAX_LINE_BYTES) {
            self.overflowed = true;
            self.partial = String::new();
            return Vec::new();
        }
        lines
    }

    /// End of input: an unterminated last line is still a line.
    pub fn finish(&mut self) -> Vec<String> {
        if self.overflowed {
            return Vec::new();
        }
        let tail = self.utf8.finish();
        let mut lines = self.split(&tail);
        if !self.partial.is_empty() {
            lines.push(std::mem::take(&mut self.partial));
        }
        lines
    }

    fn split(&mut self, mut text: &str) -> Vec<String> {
        let mut lines = Vec::new();
        if self.after_cr && text.starts_with('\n') {
            text = &text[1..];
        }
        self.after_cr = false;
        while let Some(end) = text.bytes().position(|b| b == b'\r' || b == b'\n') {
            self.partial.push_str(&text[..end]);
            lines.push(std::mem::take(&mut self.partial));
            let is_crlf = text[end..].starts_with("\r\n");
            if text[end..].starts_with('\r') && end + 1 == text.len() {
                // A CR ending this chunk may be the first half of a CRLF.
                self.after_cr = true;
            }
            text = &text[end + if is_crlf { 2 } else { 1 }..];
        }
        self.partial.push_str(text);
        lines
    }
}
