//! Splits text into lines ending in CRLF, LF or CR (the SSE spec's three line endings), where a CR
//! ending one chunk and an LF starting the next are still one line ending.

use super::utf8::Utf8Decoder;

#[derive(Debug, Default)]
pub struct LineDecoder {
    utf8: Utf8Decoder,
    partial: String,
    after_cr: bool,
}

impl LineDecoder {
    pub fn push(&mut self, bytes: &[u8]) -> Vec<String> {
        let text = self.utf8.push(bytes);
        self.split(&text)
    }

    /// End of input: an unterminated last line is still a line.
    pub fn finish(&mut self) -> Vec<String> {
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
        while let Some(end) = text.find(['\r', '\n']) {
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
