//! Reads the JSON a model has streamed so far, so a page can show what has formed while the rest is
//! still arriving: the value parsed up to the cut, with open strings, arrays and objects closed,
//! and for every value whether its text was finished.
//!
//! Tolerant by design: the answer may sit in a ```json fence or after prose, the text may stop
//! mid-key, mid-string, mid-number, mid-escape (`\u00`) or between a surrogate pair's halves, and
//! a model may write something that is not JSON at all. Nothing here panics; what cannot be read
//! is left out. A value marked complete never changes as more text arrives (the tests check this
//! against every prefix of whole answers), so a finished array item can be shown for good.
//!
//! Cost: one pass over the text, no allocation beyond the values themselves. Callers re-read the
//! whole text on every token; `tests/native/partial_json.rs` measures that on a 20 KB answer.

use serde::de::DeserializeOwned;
use serde_json::{Map, Number, Value};

/// How deep arrays and objects may nest before the reader stops (a stream of `[[[[…` must not
/// exhaust the stack).
const MAX_DEPTH: usize = 64;
/// How many `{` to try when prose before the answer holds braces that open no JSON.
const MAX_STARTS: usize = 4;

/// One value read so far. `complete`: its text was finished (a closing quote, bracket or brace, or
/// for a number or literal the character after it), so it is final.
#[derive(Clone, Debug, PartialEq)]
pub struct Partial {
    pub value: PartialValue,
    pub complete: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PartialValue {
    Null,
    Bool(bool),
    Number(Number),
    /// The text so far (an escape cut in the middle is left out until it completes).
    String(String),
    /// Items in order; only the last can be incomplete.
    Array(Vec<Partial>),
    /// Entries in order; a key whose value has not begun is left out.
    Object(Vec<(String, Partial)>),
}

/// The JSON value at the start of `text` (or in its first ```json fence, or after prose), read as
/// far as it goes. `None`: no JSON value has begun (free text, or only a fence opener so far).
pub fn read(text: &str) -> Option<Partial> {
    let mut starts = json_starts(text).take(MAX_STARTS).peekable();
    while let Some(start) = starts.next() {
        let mut reader = Reader {
            bytes: text.as_bytes(),
            text,
            pos: start,
            error: false,
        };
        let value = reader.value(0);
        // A brace in prose ("{sic}") fails at once: try the next one. A value with anything in it
        // stays, even if the model's JSON breaks later on.
        let failed_at_once = reader.error && value.as_ref().is_none_or(Partial::is_empty);
        if !failed_at_once || starts.peek().is_none() {
            return value.filter(|v| !(reader.error && v.is_empty()));
        }
    }
    None
}

/// The text a page shows for an answer that is not JSON: without a code fence's ``` lines.
pub fn plain_text(text: &str) -> String {
    text.lines()
        .filter(|line| !line.trim_start().starts_with("```"))
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_string()
}

/// Where JSON may begin, best first: the text itself, the body of a ``` fence, then every `{`.
fn json_starts(text: &str) -> impl Iterator<Item = usize> + '_ {
    let first = text.len() - text.trim_start().len();
    let direct = text[first..].starts_with(['{', '[']).then_some(first);
    let fenced = text[first..].find("```").and_then(|fence| {
        let after = first + fence + 3;
        // The body begins after the fence's info line; until that line ends, there is none.
        let body = after + text[after..].find('\n')? + 1;
        let skipped = body + (text[body..].len() - text[body..].trim_start().len());
        text[skipped..].starts_with(['{', '[']).then_some(skipped)
    });
    let braces = text.match_indices('{').map(|(i, _)| i);
    direct
        .into_iter()
        .chain(fenced)
        .chain(braces.filter(move |i| Some(*i) != direct && Some(*i) != fenced))
}

struct Reader<'a> {
    bytes: &'a [u8],
    text: &'a str,
    pos: usize,
    /// Something that is not JSON was met: everything still open stops there.
    error: bool,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\n' | b'\r' | b'\t')) {
            self.pos += 1;
        }
    }

    fn fail(&mut self) -> Option<Partial> {
        self.error = true;
        None
    }

    /// The value at `pos`; `None` when none has begun (end of text) or it is not JSON. After an
    /// incomplete value the text has ended or an error was met: callers stop reading.
    fn value(&mut self, depth: usize) -> Option<Partial> {
        self.skip_whitespace();
        match self.peek()? {
            _ if depth >= MAX_DEPTH => self.fail(),
            b'{' => Some(self.object(depth)),
            b'[' => Some(self.array(depth)),
            b'"' => {
                let (text, complete) = self.string();
                Some(Partial {
                    value: PartialValue::String(text),
                    complete,
                })
            }
            b'-' | b'0'..=b'9' => self.number(),
            b't' => self.literal("true", PartialValue::Bool(true)),
            b'f' => self.literal("false", PartialValue::Bool(false)),
            b'n' => self.literal("null", PartialValue::Null),
            _ => self.fail(),
        }
    }

    fn object(&mut self, depth: usize) -> Partial {
        self.pos += 1;
        let mut entries = Vec::new();
        let complete = loop {
            self.skip_whitespace();
            match self.peek() {
                Some(b'}') => {
                    self.pos += 1;
                    break true;
                }
                Some(b'"') => {}
                None => break false,
                Some(_) => {
                    self.error = true;
                    break false;
                }
            }
            let (key, key_done) = self.string();
            self.skip_whitespace();
            if !key_done || self.peek() != Some(b':') {
                self.error |= key_done && self.peek().is_some();
                break false;
            }
            self.pos += 1;
            let Some(value) = self.value(depth + 1) else {
                break false;
            };
            let value_done = value.complete;
            entries.push((key, value));
            if !value_done || !self.separator(b'}') {
                break false;
            }
        };
        Partial {
            value: PartialValue::Object(entries),
            complete,
        }
    }

    fn array(&mut self, depth: usize) -> Partial {
        self.pos += 1;
        let mut items = Vec::new();
        let complete = loop {
            self.skip_whitespace();
            if self.peek() == Some(b']') {
                self.pos += 1;
                break true;
            }
            let Some(item) = self.value(depth + 1) else {
                break false;
            };
            let item_done = item.complete;
            items.push(item);
            if !item_done || !self.separator(b']') {
                break false;
            }
        };
        Partial {
            value: PartialValue::Array(items),
            complete,
        }
    }

    /// After an item: a comma (read on), or the closer (left for the caller). `false`: the text
    /// ended or something else came.
    fn separator(&mut self, closer: u8) -> bool {
        self.skip_whitespace();
        match self.peek() {
            Some(b',') => {
                self.pos += 1;
                true
            }
            Some(c) if c == closer => true,
            None => false,
            Some(_) => {
                self.error = true;
                false
            }
        }
    }

    /// The string at `pos` (on its opening quote) and whether its closing quote came.
    fn string(&mut self) -> (String, bool) {
        self.pos += 1;
        let mut out = String::new();
        loop {
            let run_start = self.pos;
            // `"` and `\` are ASCII, never inside a multi-byte character: slicing at them is safe.
            while !matches!(self.peek(), None | Some(b'"' | b'\\')) {
                self.pos += 1;
            }
            out.push_str(&self.text[run_start..self.pos]);
            match self.peek() {
                None => return (out, false),
                Some(b'"') => {
                    self.pos += 1;
                    return (out, true);
                }
                _ => {
                    if !self.escape(&mut out) {
                        return (out, false);
                    }
                }
            }
        }
    }

    /// The escape at `pos` (on its backslash) into `out`. `false`: it is cut short (the text ends
    /// inside it, left out for now) or invalid (an error).
    fn escape(&mut self, out: &mut String) -> bool {
        let Some(&kind) = self.bytes.get(self.pos + 1) else {
            return false;
        };
        let simple = match kind {
            b'"' => Some('"'),
            b'\\' => Some('\\'),
            b'/' => Some('/'),
            b'b' => Some('\u{8}'),
            b'f' => Some('\u{c}'),
            b'n' => Some('\n'),
            b'r' => Some('\r'),
            b't' => Some('\t'),
            b'u' => None,
            _ => {
                self.error = true;
                return false;
            }
        };
        if let Some(c) = simple {
            out.push(c);
            self.pos += 2;
            return true;
        }
        let Some(unit) = self.hex_unit(self.pos + 2) else {
            return false;
        };
        if (0xDC00..0xE000).contains(&unit) {
            // A low surrogate with no high one before it.
            out.push(char::REPLACEMENT_CHARACTER);
            self.pos += 6;
            return true;
        }
        if !(0xD800..0xDC00).contains(&unit) {
            out.push(char::from_u32(unit).unwrap_or(char::REPLACEMENT_CHARACTER));
            self.pos += 6;
            return true;
        }
        // A high surrogate: its low half must follow as `\uDC00`–`\uDFFF`. Until it has, the
        // character is not known yet and is held back.
        let next = self.pos + 6;
        let rest = &self.bytes[next.min(self.bytes.len())..];
        if rest.len() < 2 && b"\\u".starts_with(rest) {
            return false;
        }
        if rest.starts_with(b"\\u") {
            let Some(low) = self.hex_unit(next + 2) else {
                return false;
            };
            if (0xDC00..0xE000).contains(&low) {
                let code = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                out.push(char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER));
                self.pos += 12;
                return true;
            }
        }
        out.push(char::REPLACEMENT_CHARACTER);
        self.pos += 6;
        true
    }

    /// Four hex digits at `at`. `None` when the text ends before them (not an error) or they are
    /// not hex (an error).
    fn hex_unit(&mut self, at: usize) -> Option<u32> {
        let digits = &self.bytes[at.min(self.bytes.len())..];
        let available = digits.len().min(4);
        if !digits[..available].iter().all(u8::is_ascii_hexdigit) {
            self.error = true;
            return None;
        }
        if available < 4 {
            return None;
        }
        let hex = std::str::from_utf8(&digits[..4]).ok()?;
        u32::from_str_radix(hex, 16).ok()
    }

    /// A number; complete once a character after it shows it ended. A number the text cuts is
    /// read as far as it is a number (`7.` reads 7, `-` nothing) and marked incomplete.
    fn number(&mut self) -> Option<Partial> {
        let start = self.pos;
        while matches!(
            self.peek(),
            Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
        ) {
            self.pos += 1;
        }
        let complete = self.pos < self.bytes.len();
        let mut digits = &self.text[start..self.pos];
        if !complete {
            digits = digits.trim_end_matches(['-', '+', '.', 'e', 'E']);
        }
        match digits.parse::<Number>() {
            Ok(number) => Some(Partial {
                value: PartialValue::Number(number),
                complete,
            }),
            Err(_) if complete => self.fail(),
            Err(_) => None,
        }
    }

    /// `true`, `false` or `null`; a literal the text cuts (`tr`) is nothing yet.
    fn literal(&mut self, word: &str, value: PartialValue) -> Option<Partial> {
        let rest = &self.bytes[self.pos..];
        if rest.starts_with(word.as_bytes()) {
            self.pos += word.len();
            return Some(Partial {
                value,
                complete: true,
            });
        }
        if word.as_bytes().starts_with(rest) {
            self.pos = self.bytes.len();
            return None;
        }
        self.fail()
    }
}

impl Partial {
    /// An object or array with nothing in it yet, or an empty string.
    pub fn is_empty(&self) -> bool {
        match &self.value {
            PartialValue::Array(items) => items.is_empty(),
            PartialValue::Object(entries) => entries.is_empty(),
            PartialValue::String(text) => text.is_empty(),
            _ => false,
        }
    }

    /// The value under `key` of an object (the last one, like serde_json, if a key repeats).
    pub fn get(&self, key: &str) -> Option<&Partial> {
        match &self.value {
            PartialValue::Object(entries) => {
                entries.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
            }
            _ => None,
        }
    }

    /// A string's text so far.
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            PartialValue::String(text) => Some(text),
            _ => None,
        }
    }

    /// A complete number (a cut one could still grow: `7` of `75`).
    pub fn as_f64(&self) -> Option<f64> {
        match &self.value {
            PartialValue::Number(n) if self.complete => n.as_f64(),
            _ => None,
        }
    }

    /// An array's items so far (none for other values).
    pub fn items(&self) -> &[Partial] {
        match &self.value {
            PartialValue::Array(items) => items,
            _ => &[],
        }
    }

    /// An array's finished items: they are final.
    pub fn complete_items(&self) -> impl Iterator<Item = &Partial> {
        self.items().iter().filter(|item| item.complete)
    }

    /// The array item being written, if any.
    pub fn open_item(&self) -> Option<&Partial> {
        self.items().last().filter(|item| !item.complete)
    }

    /// As a `serde_json::Value`, open strings, arrays and objects closed where they stop.
    pub fn to_json(&self) -> Value {
        match &self.value {
            PartialValue::Null => Value::Null,
            PartialValue::Bool(b) => Value::Bool(*b),
            PartialValue::Number(n) => Value::Number(n.clone()),
            PartialValue::String(s) => Value::String(s.clone()),
            PartialValue::Array(items) => {
                Value::Array(items.iter().map(Partial::to_json).collect())
            }
            PartialValue::Object(entries) => Value::Object(
                entries
                    .iter()
                    .map(|(k, v)| (k.clone(), v.to_json()))
                    .collect::<Map<_, _>>(),
            ),
        }
    }

    /// A complete value as `T`; `None` while it is still being written or when it does not fit.
    pub fn parse<T: DeserializeOwned>(&self) -> Option<T> {
        self.complete
            .then(|| crate::value_de::from_value(self.to_json()).ok())
            .flatten()
    }

    /// The words in the value, in order, for a page that shows an answer as text: every non-empty
    /// string and every complete number, never a key name.
    pub fn texts(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.collect_texts(&mut out);
        out
    }

    fn collect_texts(&self, out: &mut Vec<String>) {
        match &self.value {
            PartialValue::String(s) if !s.trim().is_empty() => out.push(s.clone()),
            PartialValue::Number(n) if self.complete => out.push(n.to_string()),
            PartialValue::Array(items) => items.iter().for_each(|i| i.collect_texts(out)),
            PartialValue::Object(entries) => entries.iter().for_each(|(_, v)| v.collect_texts(out)),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn json_of(text: &str) -> Option<Value> {
        read(text).map(|p| p.to_json())
    }

    #[test]
    fn closes_what_is_open() {
        assert_eq!(
            json_of(r#"{"a": [1, 2, {"b": "hel"#),
            Some(json!({"a": [1, 2, {"b": "hel"}]}))
        );
        assert_eq!(json_of(r#"[["x""#), Some(json!([["x"]])));
    }

    #[test]
    fn a_key_without_its_value_is_left_out() {
        assert_eq!(json_of(r#"{"score": 7, "stren"#), Some(json!({"score": 7})));
        assert_eq!(
            json_of(r#"{"score": 7, "strengths""#),
            Some(json!({"score": 7}))
        );
        assert_eq!(
            json_of(r#"{"score": 7, "strengths": "#),
            Some(json!({"score": 7}))
        );
    }

    #[test]
    fn a_cut_number_is_incomplete_and_reads_as_far_as_it_goes() {
        let doc = read(r#"{"score": 7."#).unwrap();
        let score = doc.get("score").unwrap();
        assert!(!score.complete);
        assert_eq!(score.as_f64(), None, "a cut number is not shown as final");
        assert_eq!(score.to_json(), json!(7));
        assert_eq!(
            read(r#"{"score": 7.5,"#)
                .unwrap()
                .get("score")
                .unwrap()
                .as_f64(),
            Some(7.5)
        );
        assert_eq!(json_of(r#"{"n": -"#), Some(json!({})));
        assert_eq!(json_of(r#"{"n": 1e"#), Some(json!({"n": 1})));
    }

    #[test]
    fn cut_literals_wait_and_whole_ones_read() {
        assert_eq!(json_of(r#"[true, fal"#), Some(json!([true])));
        assert_eq!(json_of(r#"[null, false]"#), Some(json!([null, false])));
    }

    #[test]
    fn escapes_cut_mid_sequence_are_held_back() {
        assert_eq!(json_of(r#"["a\"#), Some(json!(["a"])));
        assert_eq!(json_of(r#"["a\u00"#), Some(json!(["a"])));
        assert_eq!(json_of(r#"["a\u00e9"#), Some(json!(["aé"])));
        assert_eq!(json_of(r#"["a\n\t\"b\/"]"#), Some(json!(["a\n\t\"b/"])));
        // A surrogate pair: nothing until its second half is whole.
        assert_eq!(json_of(r#"["\ud83d"#), Some(json!([""])));
        assert_eq!(json_of(r#"["\ud83d\"#), Some(json!([""])));
        assert_eq!(json_of(r#"["\ud83d\ude0"#), Some(json!([""])));
        assert_eq!(json_of(r#"["\ud83d\ude00"#), Some(json!(["😀"])));
        // A lone half is a replacement character, not a panic.
        assert_eq!(json_of(r#"["\ud83dx"]"#), Some(json!(["\u{fffd}x"])));
        assert_eq!(json_of(r#"["\ude00"]"#), Some(json!(["\u{fffd}"])));
    }

    #[test]
    fn multibyte_text_cut_anywhere_reads() {
        let doc = r#"{"issues":["经历部分缺少量化成果"]}"#;
        for (cut, _) in doc.char_indices() {
            let value = json_of(&doc[..cut]);
            if let Some(item) = value.as_ref().and_then(|v| v["issues"][0].as_str()) {
                assert!("经历部分缺少量化成果".starts_with(item));
            }
        }
    }

    #[test]
    fn finds_the_answer_in_a_fence_or_after_prose() {
        assert_eq!(json_of("```json\n{\"a\": 1"), Some(json!({"a": 1})));
        assert_eq!(
            json_of("Here is my review:\n```json\n{\"a\": [\"x\""),
            Some(json!({"a": ["x"]}))
        );
        assert_eq!(json_of("Sure! {\"a\": 2}"), Some(json!({"a": 2})));
        assert_eq!(
            json_of("I'd say {sic} it is fine. {\"a\": 3}"),
            Some(json!({"a": 3}))
        );
        // Trailing fence and chatter after the value are not part of it.
        assert_eq!(
            json_of("```json\n{\"a\": 1}\n```\nHope this helps"),
            Some(json!({"a": 1}))
        );
    }

    #[test]
    fn nothing_yet_or_free_text_is_none() {
        assert_eq!(read(""), None);
        assert_eq!(read("```json"), None);
        assert_eq!(read("```json\n"), None);
        assert_eq!(read("The resume is clear, but the summary is long."), None);
        assert_eq!(read("Braces {like this} only."), None);
    }

    #[test]
    fn broken_json_keeps_what_was_read() {
        let doc = read(r#"{"strengths": ["clear"], oops"#).unwrap();
        assert_eq!(doc.to_json(), json!({"strengths": ["clear"]}));
        assert!(!doc.complete);
        assert!(doc.get("strengths").unwrap().complete);
    }

    #[test]
    fn complete_items_and_the_open_one() {
        let doc = read(r#"{"issues": [{"d": "one"}, {"d": "tw"#).unwrap();
        let issues = doc.get("issues").unwrap();
        assert_eq!(issues.complete_items().count(), 1);
        assert_eq!(
            issues.open_item().unwrap().get("d").unwrap().as_str(),
            Some("tw")
        );
        assert!(!issues.complete);
    }

    #[test]
    fn deep_nesting_stops_instead_of_overflowing() {
        let deep = "[".repeat(100_000);
        let doc = read(&deep).unwrap();
        assert!(!doc.complete);
    }

    #[test]
    fn texts_are_values_never_keys() {
        let doc =
            read(r#"{"score": 6.5, "strengths": ["Clear"], "issues": [{"description": "Vague""#)
                .unwrap();
        assert_eq!(doc.texts(), vec!["6.5", "Clear", "Vague"]);
    }

    #[test]
    fn plain_text_drops_fence_lines() {
        assert_eq!(plain_text("```\nhello\n```"), "hello");
        assert_eq!(plain_text("  Just words. "), "Just words.");
    }
}
