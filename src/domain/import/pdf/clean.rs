//! What PDF generators put in the text layer that is not resume text: icon-font glyphs,
//! overlapping duplicate runs, running headers and footers, page numbers; and what they split:
//! letter-spaced headings, soft hyphens, words hyphenated at a line end.

use std::collections::{HashMap, HashSet};

use super::lines::{item_height, line_text, Line};
use super::PdfPage;
use crate::domain::import::text::is_range_dash;
use crate::domain::import::PdfTextItem;

/// Glyph names some icon fonts map their glyphs to (Font Awesome's), which then read as words.
const GLYPH_NAMES: [&str; 24] = [
    "HOUSE-CHIMNEY",
    "HOUSE",
    "HOME",
    "GITHUB",
    "GITHUB-SQUARE",
    "GITHUB-ALT",
    "ENVELOPE",
    "ENVELOPE-SQUARE",
    "PHONE",
    "PHONE-SQUARE",
    "PHONE-ALT",
    "MOBILE",
    "MOBILE-ALT",
    "LINKEDIN",
    "LINKEDIN-IN",
    "TWITTER",
    "GLOBE",
    "LINK",
    "MAP-MARKER",
    "MAP-MARKER-ALT",
    "LOCATION-DOT",
    "LOCATION-PIN",
    "CALENDAR",
    "CALENDAR-ALT",
];

/// Single characters that stand alone as separators or bullets in real resumes.
const KEPT_MARKS: &str = "•●▪◦‣∙■·|-–—/,.:;()+&@*~_<>[]{}";

/// Private-use bullets (Symbol/Wingdings through a Unicode map) that `list_marker` knows.
const PUA_BULLETS: [char; 2] = ['\u{F0B7}', '\u{F0A7}'];

fn is_private_use(c: char) -> bool {
    matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{10FFFF}') && !PUA_BULLETS.contains(&c)
}

/// A font named like an icon font (pdf.js reports `g_d0_f1` names and generic families, so this
/// matters for callers that pass the PDF's own font names).
fn icon_font_name(name: &str) -> bool {
    let lower = name.to_lowercase();
    [
        "awesome",
        "fa-",
        "material",
        "icons",
        "symbol",
        "zapfdingbats",
        "dingbat",
        "wingding",
    ]
    .iter()
    .any(|k| lower.contains(k))
}

/// A character an icon font draws instead of a letter: private use, a symbol or a Latin-1 letter
/// like `ï`/`ð` that stands alone. Letters of scripts with single-character words (CJK, kana,
/// Hangul) and ASCII letters and digits are not.
fn icon_like_char(c: char) -> bool {
    if c.is_ascii_alphanumeric() || KEPT_MARKS.contains(c) || c.is_whitespace() {
        return false;
    }
    is_private_use(c)
        || c.is_control()
        || c.is_ascii_punctuation()
        || matches!(c, '\u{00A0}'..='\u{024F}' | '\u{2000}'..='\u{2BFF}')
}

/// Fonts whose every piece is an icon: a glyph name, a lone symbol, or one letter repeated (an
/// icon drawn as `z` before every date). By font name (pdf.js's `fontName`), over the document.
pub(super) fn icon_fonts(pages: &[PdfPage]) -> HashSet<String> {
    let mut by_font: HashMap<&str, Vec<&str>> = HashMap::new();
    let mut family: HashMap<&str, &str> = HashMap::new();
    for item in pages.iter().flat_map(|p| &p.items) {
        let text = item.text.trim();
        if item.font_name.is_empty() || text.is_empty() {
            continue;
        }
        by_font.entry(&item.font_name).or_default().push(text);
        family.insert(&item.font_name, &item.font_family);
    }
    by_font
        .into_iter()
        .filter(|(font, texts)| {
            if icon_font_name(font) || icon_font_name(family.get(font).copied().unwrap_or("")) {
                return true;
            }
            let names = texts.iter().all(|t| glyph_name_like(t))
                && texts.iter().any(|t| GLYPH_NAMES.contains(t));
            let single: Vec<char> = texts
                .iter()
                .filter_map(|t| {
                    let mut chars = t.chars();
                    chars.next().filter(|_| chars.next().is_none())
                })
                .collect();
            let all_single = single.len() == texts.len();
            let symbols = all_single && single.iter().all(|c| icon_like_char(*c));
            let mut distinct = single.clone();
            distinct.sort_unstable();
            distinct.dedup();
            let repeated_letter = all_single
                && single.len() >= 3
                && distinct.len() == 1
                && distinct[0].is_ascii_lowercase();
            names || symbols || repeated_letter
        })
        .map(|(font, _)| font.to_string())
        .collect()
}

/// Fonts that draw one symbol before lines of text and nothing else: a bullet whose glyph has
/// no Unicode name, which pdf.js then reads by its code as an ASCII mark (moderncv's list bullet
/// in the `marvosym` font comes out as `{`). At least twice, each time followed on its baseline by
/// text in another font within two character heights; separators that stand between items (`|`,
/// `·`, `,`, `/`) and marks already read as bullets are left alone.
pub(super) fn bullet_fonts(pages: &[PdfPage]) -> HashSet<String> {
    let mut symbol: HashMap<&str, Option<char>> = HashMap::new();
    let mut uses: HashMap<&str, usize> = HashMap::new();
    for page in pages {
        for item in &page.items {
            let text = item.text.trim();
            if item.font_name.is_empty() || text.is_empty() {
                continue;
            }
            let mut chars = text.chars();
            let one = chars.next().filter(|_| chars.next().is_none());
            let mark = one.filter(|c| c.is_ascii_punctuation() && !"|·,/-.:;".contains(*c));
            let followed = mark.is_some()
                && page.items.iter().any(|other| {
                    let gap = other.x - (item.x + item.width.max(0.0));
                    other.font_name != item.font_name
                        && !other.text.trim().is_empty()
                        && (other.y - item.y).abs() <= 0.3 * item_height(item)
                        && (0.0..=2.0 * item_height(item)).contains(&gap)
                });
            let entry = symbol.entry(&item.font_name).or_insert(mark);
            if *entry != mark || !followed {
                *entry = None;
            }
            *uses.entry(&item.font_name).or_default() += 1;
        }
    }
    symbol
        .into_iter()
        .filter(|(font, mark)| mark.is_some() && uses.get(font).copied().unwrap_or(0) >= 2)
        .map(|(font, _)| font.to_string())
        .collect()
}

fn glyph_name_like(text: &str) -> bool {
    GLYPH_NAMES.contains(&text)
        || (text.contains('-') && text.chars().all(|c| c.is_ascii_uppercase() || c == '-'))
}

/// The page's pieces that carry text: finite positions, private-use glyphs removed, icon fonts
/// out (bullets kept), and overlapping duplicates (the same text drawn twice at nearly the same
/// place, for a bold effect or by a careless generator) once.
pub(super) fn usable_items(
    page: &PdfPage,
    icons: &HashSet<String>,
    bullets: &HashSet<String>,
) -> Vec<PdfTextItem> {
    let mut kept: Vec<PdfTextItem> = Vec::new();
    let mut seen: HashMap<String, Vec<(f64, f64)>> = HashMap::new();
    for item in &page.items {
        if !(item.x.is_finite() && item.y.is_finite()) {
            continue;
        }
        // A bullet font's symbol is a bullet, whatever the font's name says.
        if bullets.contains(&item.font_name) && !item.text.trim().is_empty() {
            kept.push(PdfTextItem {
                text: "•".into(),
                ..item.clone()
            });
            continue;
        }
        let bullet = super::super::text::list_marker(item.text.trim()).starts_with("- ")
            || PUA_BULLETS
                .iter()
                .any(|b| item.text.trim() == b.to_string());
        if icons.contains(&item.font_name) && !bullet {
            continue;
        }
        // Control characters (C0/C1) are what some icon fonts map their glyphs to: invisible.
        let text: String = item
            .text
            .chars()
            .filter(|c| !is_private_use(*c) && !c.is_control())
            .collect();
        if text.trim().is_empty() {
            continue;
        }
        let near = 0.3 * item_height(item);
        let places = seen.entry(text.trim().to_string()).or_default();
        if places.iter().any(|(x, y)| {
            (x - item.x).abs() <= near.max(1.0) && (y - item.y).abs() <= near.max(1.0)
        }) {
            continue;
        }
        places.push((item.x, item.y));
        kept.push(PdfTextItem {
            text,
            ..item.clone()
        });
    }
    kept
}

/// How many lines at the top and at the bottom of a page may be a running header or footer.
pub(super) const EDGE_LINES: usize = 3;

/// Text of a line as a running header/footer key: case and digits (page numbers) ignored, but
/// for a run of four digits: a year is no page number ("Co-Founder  Jan 2011 – Present" at the
/// foot of one page and "… Jan 2013 – Present" at the foot of the next are two entries).
fn running_key(line: &Line) -> String {
    let text = line_text(line);
    let mut key = String::new();
    let mut digits = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if digits.len() == 4 {
            key.push_str(&digits);
        }
        digits.clear();
        key.extend(c.to_lowercase());
    }
    key.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn edge_indexes(count: usize) -> impl Iterator<Item = usize> {
    (0..count.min(EDGE_LINES)).chain(count.saturating_sub(EDGE_LINES).max(EDGE_LINES)..count)
}

/// Running headers and footers: a line near the top or bottom of a page whose text (digits
/// ignored) comes back at nearly the same height on at least two thirds of the pages (and at
/// least two) is dropped. When it carries an e-mail address or a link, the first page keeps its
/// copy (a footer may be the only place a link is written; its page number goes when the line is
/// written).
pub(super) fn drop_running_lines(pages: &mut [Vec<Line>]) {
    if pages.len() < 2 {
        return;
    }
    let needed = (pages.len() * 2).div_ceil(3).max(2);
    let mut keys: Vec<Vec<(usize, String, f64)>> = Vec::new();
    for lines in pages.iter() {
        // A page of a few lines has no room for a header or footer apart from its text.
        if lines.len() <= EDGE_LINES {
            keys.push(Vec::new());
            continue;
        }
        keys.push(
            edge_indexes(lines.len())
                .map(|n| (n, running_key(&lines[n]), lines[n].y))
                .filter(|(_, key, _)| key.chars().any(char::is_alphanumeric))
                .collect(),
        );
    }
    let mut drop: Vec<Vec<usize>> = vec![Vec::new(); pages.len()];
    for (page, candidates) in keys.iter().enumerate() {
        for (n, key, y) in candidates {
            let pages_with = keys
                .iter()
                .filter(|other| {
                    other
                        .iter()
                        .any(|(_, k, oy)| k == key && (oy - y).abs() <= 3.0)
                })
                .count();
            let first = keys.iter().position(|other| {
                other
                    .iter()
                    .any(|(_, k, oy)| k == key && (oy - y).abs() <= 3.0)
            });
            let keep = first == Some(page) && carries_contact(&line_text(&pages[page][*n]));
            if pages_with >= needed && !keep {
                drop[page].push(*n);
            }
        }
    }
    for (lines, drop) in pages.iter_mut().zip(drop) {
        let mut n = 0;
        lines.retain(|_| {
            n += 1;
            !drop.contains(&(n - 1))
        });
    }
}

/// An e-mail address or a web address.
fn carries_contact(text: &str) -> bool {
    let lower = text.to_lowercase();
    lower.contains('@')
        || [
            "://", "www.", ".com", ".org", ".net", ".io", ".dev", "github", "linkedin",
        ]
        .iter()
        .any(|k| lower.contains(k))
}

/// "3", "Page 2", "Page 2 of 3", "2 / 3": running footers, not resume text. Numbers of four
/// digits are years, not pages.
pub(super) fn is_page_number(line: &str) -> bool {
    let lower = line.trim().to_lowercase();
    let rest = lower.strip_prefix("page").unwrap_or(&lower).trim();
    !rest.is_empty()
        && rest
            .split(|c: char| c == '/' || c.is_whitespace())
            .filter(|w| !w.is_empty() && *w != "of")
            .all(|w| w.len() <= 3 && w.chars().all(|c| c.is_ascii_digit()))
}

/// A line near a page's edge without the page number a footer carries after a tab
/// (`name@example.com\t1/2` → `name@example.com`).
pub(super) fn without_page_number(line: &str) -> String {
    line.split('\t')
        .filter(|segment| !is_page_number(segment))
        .collect::<Vec<_>>()
        .join("\t")
}

/// Letter-spaced words back to words: a run of at least four single upper-case letters one
/// space apart (`S U M M A R Y` → `SUMMARY`); once a line has one, shorter runs on it are words
/// too (`O F`). Two spaces (or a tab) part words. Real one-letter words (`I`, `a`) stay: they are
/// not in a run of four capitals.
pub(super) fn join_letter_spaced(line: &str) -> String {
    let segments: Vec<&str> = line.split('\t').collect();
    let mut joined_any = false;
    let fixed: Vec<String> = segments
        .iter()
        .map(|segment| {
            let words: Vec<&str> = segment.split("  ").collect();
            let runs: Vec<Option<String>> = words.iter().map(|w| letter_run(w)).collect();
            let long = runs.iter().flatten().any(|word| word.chars().count() >= 4);
            if !long {
                return segment.to_string();
            }
            joined_any = true;
            words
                .iter()
                .zip(runs)
                .map(|(word, run)| run.unwrap_or_else(|| word.trim().to_string()))
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    if joined_any {
        fixed.join("\t")
    } else {
        line.to_string()
    }
}

/// `S U M` → `SUM`; anything else → None. A run of one letter is not a run. A kerned pair may
/// come as one piece (`S U M M A RY`, `E D U C AT I O N`): two-letter tokens pass among at least
/// three times as many single letters.
fn letter_run(text: &str) -> Option<String> {
    let tokens: Vec<&str> = text.trim().split(' ').collect();
    let capitals = |t: &&str| t.chars().all(char::is_uppercase);
    let singles = tokens.iter().filter(|t| t.chars().count() == 1).count();
    let pairs = tokens.iter().filter(|t| t.chars().count() == 2).count();
    let letters = tokens.len() >= 2
        && tokens.iter().all(capitals)
        && singles + pairs == tokens.len()
        && (pairs == 0 || singles >= 3 * pairs);
    letters.then(|| tokens.concat())
}

/// Soft hyphens (U+00AD), which LaTeX fonts map their hyphen and dash glyphs to: one standing
/// alone between words or numbers is a dash (`2023 ­ Mar.` → `2023 – Mar.`); between digits, or
/// between a number and the date it starts a range with, a dash too; inside a word a hyphen
/// (`high­impact` → `high-impact`). At the end of a line it is where a word was broken: it
/// stays, for [`join_broken_words`].
pub(super) fn soft_hyphens(line: &str) -> String {
    if !line.contains('\u{AD}') {
        return line.to_string();
    }
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    for (n, c) in chars.iter().enumerate() {
        if *c != '\u{AD}' {
            out.push(*c);
            continue;
        }
        let before = chars[..n].last();
        let after = chars.get(n + 1);
        let rest_blank = chars[n + 1..]
            .iter()
            .all(|c| c.is_whitespace() || *c == '\u{AD}');
        match (before, after) {
            (Some(b), _) if rest_blank && b.is_alphabetic() => out.push('\u{AD}'),
            (Some(b), _) if rest_blank && b.is_whitespace() => out.push('–'),
            _ if rest_blank => {}
            (None, _) => {}
            (Some(b), Some(a)) if b.is_whitespace() || a.is_whitespace() => out.push('–'),
            (Some(b), Some(a)) if b.is_ascii_digit() && a.is_ascii_digit() => out.push('–'),
            // "Sep. 2023­Mar. 2024": a date straight after a number, a range's dash.
            _ if is_range_dash(&out, &chars[n + 1..].iter().collect::<String>()) => {
                out.push_str(" – ")
            }
            _ => out.push('-'),
        }
    }
    out
}

/// Endings of a word broken at a line end whose hyphen was only the break's: `develop-` +
/// `ment`. A continuation that does not start with one of these keeps its hyphen (`high-` +
/// `impact` → `high-impact`), as a compound wrapped at its own hyphen does.
const SUFFIXES: [&str; 27] = [
    "ment", "ments", "tion", "tions", "sion", "sions", "ing", "ings", "ity", "ities", "ness",
    "able", "ible", "ance", "ence", "ive", "ively", "ally", "ful", "less", "ous", "ized", "ised",
    "ization", "isation", "ure", "ures",
];

/// An e-mail address broken at a narrow column's edge (`ada.quill@example.` / `com`, or in the
/// domain: `ada.quill@example` / `.org`, `ada.quill@exampl` / `e.org`): the line ending in the address's open end and the
/// next line one piece of address joined back.
pub(super) fn join_broken_addresses(lines: &mut [String]) {
    for n in 1..lines.len() {
        let (head, tail) = lines.split_at_mut(n);
        let (prev, next) = (&mut head[n - 1], &mut tail[0]);
        let piece = next.trim();
        let open_address = prev.split_whitespace().next_back().is_some_and(|last| {
            last.contains('@')
                && (last.ends_with(['.', '@', '-', '_'])
                    // A domain without its dot yet, the next piece holding the rest of it and
                    // ending in a top-level domain (`.org`, `e.com`).
                    || last.rsplit_once('@').is_some_and(|(_, d)| !d.contains('.'))
                        && piece.rsplit_once('.').is_some_and(|(_, tld)| {
                            (2..=6).contains(&tld.len())
                                && tld.chars().all(|c| c.is_ascii_alphabetic())
                        }))
        });
        let rest_of_address = !piece.is_empty()
            && !piece.contains(char::is_whitespace)
            && piece
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
        if open_address && rest_of_address {
            prev.push_str(piece);
            next.clear();
        }
    }
}

/// Words broken at a line end, re-joined on the first line: after a soft hyphen always without
/// it; after `-` when the next line goes on in lower case, without the hyphen if the rest is a
/// word ending ([`SUFFIXES`]) or the whole word is written elsewhere in the text ("Engi-" /
/// "neering" beside "Electrical Engineering": LaTeX's hyphenation), with it otherwise.
pub(super) fn join_broken_words(lines: &mut [String]) {
    let words: std::collections::HashSet<String> = lines
        .iter()
        .flat_map(|l| l.split(|c: char| !c.is_alphabetic()))
        .filter(|w| w.chars().count() >= 4)
        .map(str::to_lowercase)
        .collect();
    for n in 1..lines.len() {
        let (head, tail) = lines.split_at_mut(n);
        let (prev, next) = (&mut head[n - 1], &mut tail[0]);
        let soft = prev.ends_with('\u{AD}');
        let hard =
            prev.ends_with('-') && prev.chars().rev().nth(1).is_some_and(|c| c.is_alphabetic());
        if !(soft || hard) || next.starts_with("- ") || next.starts_with('#') {
            continue;
        }
        if !next.starts_with(|c: char| c.is_lowercase() || (soft && c.is_alphabetic())) {
            continue;
        }
        let end = next.find(char::is_whitespace).unwrap_or(next.len());
        let rest_word: String = next[..end].to_string();
        let letters: String = rest_word
            .chars()
            .take_while(|c| c.is_alphabetic())
            .collect();
        let head: String = {
            let before: Vec<char> = prev
                .trim_end_matches('-')
                .chars()
                .rev()
                .take_while(|c| c.is_alphabetic())
                .collect();
            before.into_iter().rev().collect()
        };
        let whole_elsewhere = words.contains(&format!("{head}{letters}").to_lowercase());
        let keep_hyphen = !soft && !SUFFIXES.contains(&letters.as_str()) && !whole_elsewhere;
        prev.pop();
        if keep_hyphen {
            prev.push('-');
        }
        prev.push_str(&rest_word);
        *next = next[end..].trim_start().to_string();
    }
    for line in lines.iter_mut() {
        if line.ends_with('\u{AD}') {
            line.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn soft_hyphens_by_place() {
        assert_eq!(soft_hyphens("2023 \u{AD} Mar."), "2023 – Mar.");
        assert_eq!(soft_hyphens("2019\u{AD}2021"), "2019–2021");
        assert_eq!(
            soft_hyphens("Sep. 2023\u{AD}Mar. 2024"),
            "Sep. 2023 – Mar. 2024"
        );
        assert_eq!(soft_hyphens("high\u{AD}impact"), "high-impact");
        assert_eq!(soft_hyphens("Sep. 2023 \u{AD}"), "Sep. 2023 –");
        assert_eq!(soft_hyphens("develop\u{AD}"), "develop\u{AD}");
        assert_eq!(soft_hyphens("no soft hyphen"), "no soft hyphen");
    }

    #[test]
    fn letter_spacing_needs_four_capitals() {
        assert_eq!(join_letter_spaced("S U M M A R Y"), "SUMMARY");
        assert_eq!(join_letter_spaced("W O R K  O F  A R T"), "WORK OF ART");
        assert_eq!(join_letter_spaced("Grade A B C"), "Grade A B C");
        assert_eq!(join_letter_spaced("I am a builder"), "I am a builder");
        assert_eq!(join_letter_spaced("S K I L L S\t2024"), "SKILLS\t2024");
        assert_eq!(join_letter_spaced("S U M M A RY"), "SUMMARY");
        let mut lines = vec!["ada.quill@example.".to_string(), "com".to_string()];
        join_broken_addresses(&mut lines);
        assert_eq!(lines, ["ada.quill@example.com", ""]);
        let mut lines = vec!["ada.quill@example".to_string(), ".org".to_string()];
        join_broken_addresses(&mut lines);
        assert_eq!(lines, ["ada.quill@example.org", ""]);
        let mut lines = vec!["ada.quill@exampl".to_string(), "e.org".to_string()];
        join_broken_addresses(&mut lines);
        assert_eq!(lines, ["ada.quill@example.org", ""]);
        let mut lines = vec!["ada@home".to_string(), "Thanks.".to_string()];
        join_broken_addresses(&mut lines);
        assert_eq!(lines, ["ada@home", "Thanks."]);
        let mut lines = vec!["Write to me.".to_string(), "Thanks".to_string()];
        join_broken_addresses(&mut lines);
        assert_eq!(lines, ["Write to me.", "Thanks"]);
        assert_eq!(join_letter_spaced("E D U C AT I O N"), "EDUCATION");
        assert_eq!(join_letter_spaced("IT HR OPS"), "IT HR OPS");
    }

    #[test]
    fn broken_words_are_joined_only_before_lower_case() {
        let mut lines: Vec<String> = [
            "Led the develop-",
            "ment of it",
            "Java\u{AD}",
            "Script apps",
            "2019 -",
            "present",
        ]
        .map(String::from)
        .to_vec();
        join_broken_words(&mut lines);
        assert_eq!(
            lines,
            [
                "Led the development",
                "of it",
                "JavaScript",
                "apps",
                "2019 -",
                "present"
            ]
        );
    }

    #[test]
    fn a_word_written_whole_elsewhere_loses_the_hyphen_it_was_broken_at() {
        let mut lines = [
            "MS in Electrical Engineering",
            "Coimbatore Institute of Engi-",
            "neering",
            "Built a self-",
            "service portal",
        ]
        .map(String::from)
        .to_vec();
        join_broken_words(&mut lines);
        assert_eq!(
            lines,
            [
                "MS in Electrical Engineering",
                "Coimbatore Institute of Engineering",
                "",
                "Built a self-service",
                "portal",
            ]
        );
    }

    #[test]
    fn page_numbers_after_a_tab_are_dropped_from_edge_lines() {
        assert_eq!(
            without_page_number("ada@example.com\t1/2"),
            "ada@example.com"
        );
        assert_eq!(
            without_page_number("Engineer\t2019 – 2024"),
            "Engineer\t2019 – 2024"
        );
    }
}
