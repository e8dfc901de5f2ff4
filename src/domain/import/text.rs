//! Bytes of a text file to a `String`, and the whitespace tidying every imported text gets.

use super::error::ImportError;
use crate::domain::structured::find_range;

/// Decodes a text file: UTF-8 (BOM dropped), UTF-16 with a BOM, or, when the bytes are not
/// UTF-8 but look like text, Windows-1252 (what older Windows editors save) with a warning.
/// Files with NUL bytes and no UTF-16 BOM, or full of control bytes, are binary.
pub(super) fn decode(bytes: &[u8]) -> Result<(String, Option<String>), ImportError> {
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        return utf8(rest).map(|t| (t, None));
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        return Ok((utf16(rest, u16::from_le_bytes), None));
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        return Ok((utf16(rest, u16::from_be_bytes), None));
    }
    if bytes.contains(&0) {
        return Err(ImportError::Binary);
    }
    match std::str::from_utf8(bytes) {
        Ok(text) if looks_like_text(text.chars()) => Ok((text.to_string(), None)),
        Ok(_) => Err(ImportError::Binary),
        Err(_) => {
            let text: String = bytes.iter().map(|&b| windows_1252(b)).collect();
            if !looks_like_text(text.chars()) {
                return Err(ImportError::Binary);
            }
            let warning = "The file is not UTF-8; it was read as Windows-1252 (Western European). \
                           Check accented letters, or save the file as UTF-8 and import it again.";
            Ok((text, Some(warning.to_string())))
        }
    }
}

fn utf8(bytes: &[u8]) -> Result<String, ImportError> {
    std::str::from_utf8(bytes)
        .map(str::to_string)
        .map_err(|_| ImportError::Binary)
}

/// UTF-16 code units to text; unpaired surrogates become U+FFFD, an odd last byte is dropped.
fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> String {
    let units = bytes.chunks_exact(2).map(|pair| unit([pair[0], pair[1]]));
    char::decode_utf16(units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect()
}

/// Text has few control characters besides tab, newline, carriage return and form feed.
fn looks_like_text(chars: impl Iterator<Item = char>) -> bool {
    let (mut total, mut control) = (0usize, 0usize);
    for c in chars.take(16_384) {
        total += 1;
        if c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0C') {
            control += 1;
        }
    }
    control * 100 <= total
}

/// Windows-1252: Latin-1 except 0x80–0x9F, which hold typographic quotes, dashes and the euro.
fn windows_1252(byte: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž',
        '\u{8F}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}',
        'ž', 'Ÿ',
    ];
    match byte {
        0x80..=0x9F => HIGH[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

/// Line endings to `\n`, control characters and zero-width marks out, trailing spaces off each
/// line, at most one blank line in a row, no blank lines at either end. Soft hyphens (U+00AD)
/// are read by place ([`soft_hyphens`]), not dropped blindly: dropping the one between two
/// dates ran "Sep. 2023\u{AD}Mar. 2024" into one date.
pub(crate) fn tidy(text: &str) -> String {
    let unified = text.replace("\r\n", "\n").replace('\r', "\n");
    let unified = soft_hyphens(&unified);
    let mut out = String::with_capacity(unified.len());
    let mut blank_run = 0;
    for line in unified.lines() {
        let clean: String = line
            .chars()
            .filter(|c| !matches!(c, '\u{FEFF}' | '\u{200B}'))
            .map(|c| if c == '\x0C' { ' ' } else { c })
            .filter(|c| *c == '\t' || !c.is_control())
            .collect();
        let clean = clean.trim_end();
        if clean.trim().is_empty() {
            blank_run += 1;
            continue;
        }
        if !out.is_empty() {
            out.push_str(if blank_run > 0 { "\n\n" } else { "\n" });
        }
        blank_run = 0;
        out.push_str(clean);
    }
    out
}

/// A soft hyphen (U+00AD) after a number that, read as a dash, makes a range with what follows
/// ("Sep. 2023\u{AD}Mar. 2024", "2019\u{AD}2021", "2020\u{AD}Present"): awesome-cv's LaTeX
/// fonts map the en dash to it.
pub(super) fn is_range_dash(before: &str, after: &str) -> bool {
    let before = before.trim_end();
    if !before.ends_with(|c: char| c.is_ascii_digit()) {
        return false;
    }
    // The date before the mark is at most its last two words ("Sep. 2023").
    let words: Vec<&str> = before.split_whitespace().collect();
    let tail = words[words.len().saturating_sub(2)..].join(" ");
    let probe = format!("{tail} – {}", after.trim_start());
    find_range(&probe).is_some_and(|(r, _)| r.end.is_some() || r.present)
}

/// Soft hyphens by place, in text with `\n` line ends: between a number and a date, a range's
/// dash ([`is_range_dash`]); at a line's end after a letter, where a word was broken: the next
/// line's first word joins it ("develop\u{AD}" + "ment of" → "development" + "of"); anywhere
/// else an invisible hyphenation hint, dropped.
fn soft_hyphens(text: &str) -> String {
    if !text.contains('\u{AD}') {
        return text.to_string();
    }
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    for n in 1..lines.len() {
        let (head, tail) = lines.split_at_mut(n);
        let (previous, next) = (&mut head[n - 1], &mut tail[0]);
        let broken = previous
            .trim_end()
            .strip_suffix('\u{AD}')
            .is_some_and(|rest| rest.ends_with(char::is_alphabetic));
        let continues = next.trim_start().starts_with(char::is_alphabetic);
        if broken && continues {
            let rest = next.trim_start();
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let joined = format!(
                "{}{}",
                previous.trim_end().trim_end_matches('\u{AD}'),
                &rest[..end]
            );
            *previous = joined;
            *next = rest[end..].trim_start().to_string();
        }
    }
    let mut out = String::with_capacity(text.len());
    for (n, line) in lines.iter().enumerate() {
        if n > 0 {
            out.push('\n');
        }
        for (i, c) in line.char_indices() {
            if c != '\u{AD}' {
                out.push(c);
                continue;
            }
            let (before, after) = (&line[..i], &line[i + c.len_utf8()..]);
            if is_range_dash(before, after) {
                let spaced = !before.ends_with(' ')
                    && !after.starts_with(|c: char| c.is_whitespace() || c.is_ascii_digit());
                out.push_str(if spaced { " – " } else { "–" });
            }
        }
    }
    out
}

/// A leading bullet glyph (typed, or a Symbol-font bullet) becomes a Markdown list marker.
pub(super) fn list_marker(line: &str) -> String {
    const BULLETS: [char; 10] = [
        '•', '●', '▪', '◦', '‣', '∙', '■', '·', '\u{F0B7}', '\u{F0A7}',
    ];
    match line.strip_prefix(BULLETS) {
        // A middle dot without a space may start a word; the others are always bullets.
        Some(rest) if rest.starts_with(char::is_whitespace) || !line.starts_with('·') => {
            format!("- {}", rest.trim_start())
        }
        _ => line.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_bom_is_dropped_and_crlf_unified() {
        let (text, warning) = decode(b"\xEF\xBB\xBF# Ann\r\n\r\n\r\n\r\nRust  \r\n").unwrap();
        assert_eq!(warning, None);
        assert_eq!(tidy(&text), "# Ann\n\nRust");
    }

    #[test]
    fn utf16_with_either_bom_is_decoded() {
        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("Zoë 简历\n".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain("Zoë 简历\n".encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        assert_eq!(decode(&le).unwrap().0, "Zoë 简历\n");
        assert_eq!(decode(&be).unwrap().0, "Zoë 简历\n");
    }

    #[test]
    fn windows_1252_is_read_with_a_warning() {
        let (text, warning) = decode(b"Caf\xE9 \x93quoted\x94 \x80 5").unwrap();
        assert_eq!(text, "Café “quoted” € 5");
        assert!(warning.unwrap().contains("Windows-1252"));
    }

    #[test]
    fn binary_is_refused() {
        assert_eq!(decode(b"ELF\x00\x01\x02"), Err(ImportError::Binary));
        let noisy: Vec<u8> = (0u8..32).filter(|b| *b != 0).cycle().take(400).collect();
        assert_eq!(decode(&noisy), Err(ImportError::Binary));
    }

    #[test]
    fn bullet_glyphs_become_list_markers() {
        assert_eq!(list_marker("• Led a team"), "- Led a team");
        assert_eq!(
            list_marker("·\tServes as co-author"),
            "- Serves as co-author"
        );
        assert_eq!(list_marker("•Nospace"), "- Nospace");
        assert_eq!(list_marker("·word"), "·word");
        assert_eq!(list_marker("Plain"), "Plain");
    }

    #[test]
    fn a_soft_hyphen_between_dates_is_a_dash_and_at_a_line_end_a_join() {
        assert_eq!(tidy("Sep. 2023\u{AD}Mar. 2024"), "Sep. 2023 – Mar. 2024");
        assert_eq!(tidy("2019\u{AD}2021"), "2019–2021");
        assert_eq!(tidy("Jan 2020 \u{AD} Present"), "Jan 2020 – Present");
        assert_eq!(tidy("high\u{AD}impact"), "highimpact");
        assert_eq!(
            tidy("Led the develop\u{AD}\nment of a cache\nnext"),
            "Led the development\nof a cache\nnext"
        );
        assert_eq!(tidy("Java\u{AD}\nScript"), "JavaScript");
        let range = crate::domain::structured::parse_range(&tidy("Sep. 2023\u{AD}Mar. 2024"));
        assert!(range.is_some_and(|r| r.end.is_some()));
    }

    #[test]
    fn tidy_removes_controls_and_zero_width_marks_and_keeps_tabs() {
        assert_eq!(tidy("a\u{200B}b\u{7}\tc\u{FEFF}\r\rd"), "ab\tc\n\nd");
    }
}
