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

    fn split(&mut self, text: &str) -> Vec<String> {
        let mut lines = Vec::new();
        for ch in text.chars() {
            match ch {
                '\n' if self.after_cr => self.after_cr = false,
                '\n' | '\r' => {
                    self.after_cr = ch == '\r';
                    lines.push(std::mem::take(&mut self.partial));
                }
                _ => {
                    self.after_cr = false;
                    self.partial.push(ch);
                }
            }
        }
        lines
    }
}
