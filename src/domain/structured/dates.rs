//! Dates as resumes write them, in English, French, German, Spanish, Chinese and Japanese:
//! `Mar 2020 – present`, `03/2020 – 06/2021`, `2020.03 - 2021.06`, `févr. 2014 – août 2016`,
//! `Mär. 2019 – heute`, `enero de 2018 – actualidad`, `2020年3月 - 至今`, `2019年4月 – 現在`.
//! [`find_range`] finds the first date or range inside a line and says where it sits, so the
//! rest of the line can be read as title and organisation. Never panics, whatever the input.

use serde::{Deserialize, Serialize};

/// A year with an optional month (1–12). Resumes rarely give days; a day is dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(js_api, derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct PartialDate {
    pub year: u16,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub month: Option<u8>,
}

impl PartialDate {
    pub fn new(year: u16, month: Option<u8>) -> Self {
        PartialDate { year, month }
    }
}

/// A period: `start` alone is a single date (a graduation year); `present` says the period runs
/// on (`– Present`, `– heute`, `- 至今`). `text` is the date text exactly as written.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DateRange {
    pub start: Option<PartialDate>,
    pub end: Option<PartialDate>,
    pub present: bool,
    pub text: String,
    /// Each end as written (`Février 2014`, `heute`), so an export can give back the original.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_text: Option<String>,
}

impl DateRange {
    /// A period: a start, and an end or "present" (not one date, not a date left open).
    pub fn is_period(&self) -> bool {
        self.start.is_some() && (self.end.is_some() || self.present)
    }

    /// One date, not a period: a start, no end, not running on, and no dash after it ("2021",
    /// "May 2019"; not "2024-", which was left open).
    pub fn is_single_date(&self) -> bool {
        self.start.is_some()
            && self.end.is_none()
            && !self.present
            && self.end_text.is_none()
            && !self.text.trim_end().ends_with(DASHES)
    }
}

/// Words that mean "until now", lower case.
const PRESENT: &[&str] = &[
    "present",
    "current",
    "currently",
    "now",
    "today",
    "ongoing",
    "heute",
    "aktuell",
    "derzeit",
    "jetzt",
    "gegenwart",
    "présent",
    "present",
    "aujourd'hui",
    "aujourd’hui",
    "actuel",
    "actuellement",
    "en cours",
    "actualidad",
    "presente",
    "la actualidad",
    "hoy",
    "至今",
    "今",
    "现在",
    "目前",
    "現在",
    "現職",
    "在職中",
    "在职",
    "今日",
];

/// Month names and abbreviations (lower case) in the six languages and Italian, with their
/// number.
const MONTHS: &[(&str, u8)] = &[
    ("january", 1),
    ("jan", 1),
    ("janvier", 1),
    ("janv", 1),
    ("januar", 1),
    ("jänner", 1),
    ("jän", 1),
    ("enero", 1),
    ("ene", 1),
    ("gennaio", 1),
    ("gen", 1),
    ("february", 2),
    ("feb", 2),
    ("février", 2),
    ("fevrier", 2),
    ("févr", 2),
    ("fevr", 2),
    ("fév", 2),
    ("fev", 2),
    ("februar", 2),
    ("febrero", 2),
    ("febbraio", 2),
    ("march", 3),
    ("mar", 3),
    ("mars", 3),
    ("märz", 3),
    ("maerz", 3),
    ("mär", 3),
    ("marzo", 3),
    ("april", 4),
    ("apr", 4),
    ("avril", 4),
    ("avr", 4),
    ("abril", 4),
    ("abr", 4),
    ("aprile", 4),
    ("may", 5),
    ("mai", 5),
    ("mayo", 5),
    ("maggio", 5),
    ("mag", 5),
    ("june", 6),
    ("jun", 6),
    ("juin", 6),
    ("juni", 6),
    ("junio", 6),
    ("giugno", 6),
    ("giu", 6),
    ("july", 7),
    ("jul", 7),
    ("juillet", 7),
    ("juil", 7),
    ("juli", 7),
    ("julio", 7),
    ("luglio", 7),
    ("lug", 7),
    ("august", 8),
    ("aug", 8),
    ("août", 8),
    ("aout", 8),
    ("agosto", 8),
    ("ago", 8),
    ("september", 9),
    ("sep", 9),
    ("sept", 9),
    ("septembre", 9),
    ("septiembre", 9),
    ("setiembre", 9),
    ("set", 9),
    ("settembre", 9),
    ("sett", 9),
    ("october", 10),
    ("oct", 10),
    ("octobre", 10),
    ("oktober", 10),
    ("okt", 10),
    ("octubre", 10),
    ("ottobre", 10),
    ("ott", 10),
    ("november", 11),
    ("nov", 11),
    ("novembre", 11),
    ("noviembre", 11),
    ("december", 12),
    ("dec", 12),
    ("décembre", 12),
    ("decembre", 12),
    ("déc", 12),
    ("dezember", 12),
    ("dez", 12),
    ("diciembre", 12),
    ("dic", 12),
    ("dicembre", 12),
];

/// Words and signs between the two ends of a range (after dashes, which are checked apart).
const SEPARATORS: &[&str] = &[
    "to", "until", "till", "bis", "à", "a", "au", "al", "hasta", "jusqu'à", "~", "～", "〜", "至",
    "到",
];

pub(super) const DASHES: &[char] = &['-', '–', '—', '‒', '―', '−', '~', '～', '〜'];

/// Parses text that is only a date or a range (`Février 2014`, `2019–2021`); `None` when any of
/// it is not a date. The whole text is kept in [`DateRange::text`].
pub fn parse_range(text: &str) -> Option<DateRange> {
    let trimmed = text.trim();
    let (range, span) = find_range(trimmed)?;
    let rest = format!("{}{}", &trimmed[..span.start], &trimmed[span.end..]);
    let rest_is_noise = rest
        .chars()
        .all(|c| !c.is_alphanumeric() || c == '日' || c == 'd');
    rest_is_noise.then(|| DateRange {
        text: trimmed.to_string(),
        ..range
    })
}

/// The first date or range in `line` and its byte span. A lone year counts only between 1950 and
/// 2099 and not inside a longer number, so phone numbers and amounts are not read as dates.
pub fn find_range(line: &str) -> Option<(DateRange, std::ops::Range<usize>)> {
    for (i, _) in line.char_indices() {
        if !at_word_start(line, i) {
            continue;
        }
        let Some((start, after_start)) = date_at(line, i) else {
            continue;
        };
        let mut range = DateRange {
            start: Some(start),
            start_text: line.get(i..after_start).map(|t| t.trim().to_string()),
            ..DateRange::default()
        };
        let mut end = after_start;
        if let Some(after_separator) = separator_at(line, after_start) {
            if let Some(after_present) = present_at(line, after_separator) {
                range.present = true;
                range.end_text = line.get(after_separator..after_present).map(str::to_string);
                end = after_present;
            } else if let Some((finish, after_end)) = date_at(line, after_separator) {
                // "01/2019 - 01/2019" ends where it starts: one date, as "2019-01" is (a JSON
                // Resume writes both the same, and its import reads them as one date).
                if finish != start {
                    range.end = Some(finish);
                    range.end_text = line.get(after_separator..after_end).map(str::to_string);
                }
                end = after_end;
            } else if let Some(after_word) = open_end_word_at(line, after_separator) {
                range.present = true;
                range.end_text = line.get(after_separator..after_word).map(str::to_string);
                end = after_word;
            } else if line[after_start..]
                .trim()
                .chars()
                .all(|c| DASHES.contains(&c))
            {
                // "2024-" at the end of a line: started, end not given.
                end = line.len();
            } else if let Some(dash) = next_char(line, after_start)
                .filter(|c| DASHES.contains(c))
                .filter(|c| {
                    next_char(line, after_start + c.len_utf8()).is_some_and(char::is_whitespace)
                })
            {
                // "2024-   CROWDSTRIKE": a dash on the date, then a gap: left open too, so the
                // dash is part of the date ("2019 - Engineer", spaced, is one year and a title).
                end = after_start + dash.len_utf8();
            } else if let Some(dash) = line[after_start..after_separator]
                .find(DASHES)
                .filter(|_| line[after_start..after_separator].contains('\t'))
            {
                // "2017 年 10 月 –\tEmployer": the cell ends after the dash (its end wrapped
                // onto the next line, or none): left open, the dash part of the date.
                let at = after_start + dash;
                end = at + next_char(line, at).map_or(1, char::len_utf8);
            }
        }
        // A trailing Japanese/Chinese "から" or day markers are part of the date text.
        range.text = line[i..end].trim().to_string();
        return Some((range, i..end));
    }
    // "Present" alone is not a date; "since 2020" is found above by its year.
    None
}

/// "02/2020 – oggi", "03.2019 – hoje": a period's end that is one lower-case word, with
/// nothing after it but the line's or a cell's end (a tab), is "present" in a language the
/// reader has no word for: an end that is not a date can only say the period runs on. A
/// capitalised word ("2019 – Engineer") or more words are a title after a year, not an end.
fn open_end_word_at(line: &str, i: usize) -> Option<usize> {
    let rest = line.get(i..)?;
    let word: String = rest.chars().take_while(|c| c.is_alphabetic()).collect();
    let letters = word.chars().count();
    let after = i + word.len();
    // A cell ends at a tab, or at a separator a layout sets between a line's parts ("oggi |
    // Bologna", "hoje · Lisboa").
    let rest = line[after..].trim_start_matches(' ');
    let ends_cell = rest.starts_with(['\t', '|', '｜', '·', '•']) || rest.trim().is_empty();
    ((2..=12).contains(&letters) && word.chars().next()?.is_lowercase() && ends_cell)
        .then_some(after)
}

/// True when a token may start at byte `i` (start of text or after a non-alphanumeric char, or
/// CJK text, where words are not spaced).
fn at_word_start(line: &str, i: usize) -> bool {
    match line.get(..i).and_then(|s| s.chars().next_back()) {
        None => true,
        Some(prev) => !prev.is_ascii_alphanumeric() && (!prev.is_alphabetic() || is_cjk(prev)),
    }
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x3000..=0x9FFF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF)
}

/// Digits at `i`: their value and where they end (at most 4 digits read).
fn digits_at(line: &str, i: usize) -> Option<(u32, usize, usize)> {
    let rest = line.get(i..)?;
    let count = rest.chars().take_while(|c| c.is_ascii_digit()).count();
    if count == 0 || count > 4 {
        return None;
    }
    let value = rest[..count].parse().ok()?;
    Some((value, count, i + count))
}

fn year(value: u32) -> Option<u16> {
    (1950..=2099).contains(&value).then_some(value as u16)
}

fn month(value: u32) -> Option<u8> {
    (1..=12).contains(&value).then_some(value as u8)
}

fn next_char(line: &str, i: usize) -> Option<char> {
    line.get(i..)?.chars().next()
}

/// Plain spaces (no commas) before a CJK date mark: `2020 年`, `3 月`.
fn cjk_spaces(line: &str, i: usize) -> usize {
    let rest = line.get(i..).unwrap_or("");
    i + (rest.len() - rest.trim_start_matches(' ').len())
}

fn skip_spaces(line: &str, mut i: usize) -> usize {
    while let Some(c) = next_char(line, i) {
        if c.is_whitespace() || c == ',' {
            i += c.len_utf8();
        } else {
            break;
        }
    }
    i
}

/// One date at `i`: numeric, CJK, or a month name followed by a year.
fn date_at(line: &str, i: usize) -> Option<(PartialDate, usize)> {
    numeric_date_at(line, i).or_else(|| named_date_at(line, i))
}

fn numeric_date_at(line: &str, i: usize) -> Option<(PartialDate, usize)> {
    let (first, width, after) = digits_at(line, i)?;
    if width == 4 {
        let y = year(first)?;
        // 2020年3月 / 2020年, or spaced as pdf.js joins runs: 2020 年 3 月.
        let nian = cjk_spaces(line, after);
        if line.get(nian..)?.starts_with('年') {
            let after_nian = nian + '年'.len_utf8();
            let at = skip_spaces(line, after_nian);
            if let Some((m, w, after_m)) = digits_at(line, at) {
                let yue = cjk_spaces(line, after_m);
                if w <= 2 && line.get(yue..)?.starts_with('月') {
                    if let Some(m) = month(m) {
                        let mut end = yue + '月'.len_utf8();
                        // An optional day: 2020年3月1日.
                        if let Some((_, _, after_d)) = digits_at(line, end) {
                            if line.get(after_d..)?.starts_with('日') {
                                end = after_d + '日'.len_utf8();
                            }
                        }
                        return Some((PartialDate::new(y, Some(m)), end));
                    }
                }
            }
            return Some((PartialDate::new(y, None), after_nian));
        }
        // 2020.03, 2020/03, 2020-03(-01)
        if let Some(sep @ ('.' | '/' | '-')) = next_char(line, after) {
            if let Some((m, w, after_m)) = digits_at(line, after + 1) {
                if w <= 2 {
                    if let Some(m) = month(m) {
                        let mut end = after_m;
                        if next_char(line, end) == Some(sep) {
                            if let Some((_, 2, after_d)) = digits_at(line, end + 1) {
                                end = after_d;
                            }
                        }
                        return Some((PartialDate::new(y, Some(m)), end));
                    }
                }
            }
        }
        // "2020x", "20201": part of a longer token, not a year.
        if next_char(line, after).is_some_and(|c| c.is_ascii_alphanumeric()) {
            return None;
        }
        return Some((PartialDate::new(y, None), after));
    }
    // 03/2020, 3.2020, 12-2014
    if width <= 2 {
        let m = month(first)?;
        let sep = next_char(line, after)?;
        if matches!(sep, '/' | '.' | '-') {
            let (value, 4, after_y) = digits_at(line, after + 1)? else {
                return None;
            };
            return Some((PartialDate::new(year(value)?, Some(m)), after_y));
        }
    }
    None
}

/// `March 2020`, `févr. 2014`, `Mär. 2019`, `enero de 2018`, `Sep. 2023`.
fn named_date_at(line: &str, i: usize) -> Option<(PartialDate, usize)> {
    let rest = line.get(i..)?;
    let word_len: usize = rest
        .chars()
        .take_while(|c| c.is_alphabetic() && !is_cjk(*c))
        .map(char::len_utf8)
        .sum();
    if word_len == 0 {
        return None;
    }
    let word = rest[..word_len].to_lowercase();
    // "Summer 2018", "Autumn 2013": a season says the year and no month (which month a season
    // starts in differs by hemisphere and school), so the date keeps year precision.
    let m = match MONTHS.iter().find(|(name, _)| *name == word) {
        Some((_, m)) => Some(*m),
        None if SEASONS.contains(&word.as_str()) => None,
        None => return None,
    };
    let mut at = i + word_len;
    if next_char(line, at) == Some('.') {
        at += 1;
    }
    at = skip_spaces(line, at);
    for filler in ["de ", "del ", "of "] {
        if line
            .get(at..at + filler.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(filler))
        {
            at = skip_spaces(line, at + filler.len());
        }
    }
    let (value, 4, after) = digits_at(line, at)? else {
        return None;
    };
    Some((PartialDate::new(year(value)?, m), after))
}

/// Seasons before a year, in the languages of [`MONTHS`].
const SEASONS: &[&str] = &[
    "spring",
    "summer",
    "autumn",
    "fall",
    "winter",
    "printemps",
    "été",
    "ete",
    "automne",
    "hiver",
    "frühling",
    "frühjahr",
    "sommer",
    "herbst",
    "primavera",
    "verano",
    "otoño",
    "otono",
    "invierno",
];

/// A dash or separator word after optional spaces; where the next date would start.
fn separator_at(line: &str, i: usize) -> Option<usize> {
    let at = skip_blank(line, i);
    let c = next_char(line, at)?;
    if DASHES.contains(&c) {
        let mut after = at + c.len_utf8();
        // "--" or "–-" as one dash.
        while let Some(d) = next_char(line, after).filter(|d| DASHES.contains(d)) {
            after += d.len_utf8();
        }
        return Some(skip_blank(line, after));
    }
    let rest = line.get(at..)?;
    for word in SEPARATORS {
        if let Some(head) = rest.get(..word.len()) {
            let boundary = rest[word.len()..]
                .chars()
                .next()
                .is_none_or(|n| !n.is_alphanumeric() || word.chars().all(is_cjk_or_sign));
            if head.to_lowercase() == *word && boundary {
                return Some(skip_blank(line, at + word.len()));
            }
        }
    }
    None
}

fn is_cjk_or_sign(c: char) -> bool {
    is_cjk(c) || !c.is_alphanumeric()
}

fn skip_blank(line: &str, mut i: usize) -> usize {
    while let Some(c) = next_char(line, i) {
        if c.is_whitespace() {
            i += c.len_utf8();
        } else {
            break;
        }
    }
    i
}

/// The whole text is a word meaning "now" ("Present", "heute"): a period's end on its own line.
pub(super) fn is_present_word(text: &str) -> bool {
    let text = text.trim().trim_end_matches(['.', ')']);
    !text.is_empty() && present_at(text, 0) == Some(text.len())
}

/// A word meaning "now" at `i`; where it ends.
fn present_at(line: &str, i: usize) -> Option<usize> {
    let rest = line.get(i..)?;
    let lower = rest.to_lowercase();
    // Longest first so "la actualidad" wins over shorter words.
    let mut best: Option<usize> = None;
    for word in PRESENT {
        if lower.starts_with(word) {
            // Lower-casing can change byte lengths; count chars to map back.
            let chars = word.chars().count();
            let len: usize = rest.chars().take(chars).map(char::len_utf8).sum();
            let ascii_word = word.chars().all(|c| c.is_alphabetic() && !is_cjk(c));
            let boundary = rest[len..]
                .chars()
                .next()
                .is_none_or(|n| !n.is_alphabetic());
            if (!ascii_word || boundary) && best.is_none_or(|b| len > b) {
                best = Some(len);
            }
        }
    }
    best.map(|len| i + len)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(year: u16, month: Option<u8>) -> Option<PartialDate> {
        Some(PartialDate::new(year, month))
    }

    fn range(text: &str) -> DateRange {
        parse_range(text).unwrap_or_else(|| panic!("no range in {text:?}"))
    }

    #[track_caller]
    fn check(text: &str, start: Option<PartialDate>, end: Option<PartialDate>, present: bool) {
        let r = range(text);
        assert_eq!(
            (r.start, r.end, r.present),
            (start, end, present),
            "{text:?}"
        );
        assert_eq!(r.text, text.trim());
        assert!(r.start_text.as_deref().is_some_and(|s| text.starts_with(s)));
    }

    /// Round trip: a period that ends where it starts is one date, as a JSON Resume with equal
    /// `startDate` and `endDate` is read back, so re-importing our export keeps its period.
    #[test]
    fn a_period_ending_where_it_starts_is_one_date() {
        check("01/2019 - 01/2019", d(2019, Some(1)), None, false);
        assert!(range("01/2019 - 01/2019").is_single_date());
        check("Jan 2018 – Jan 2018", d(2018, Some(1)), None, false);
        check("2018 – 2019", d(2018, None), d(2019, None), false);
    }

    #[test]
    fn a_season_gives_the_year_alone() {
        check("Summer 2018", d(2018, None), None, false);
        check(
            "Autumn 2013 – Spring 2019",
            d(2013, None),
            d(2019, None),
            false,
        );
        let (r, span) = find_range("Research Intern\tSummer 2018").unwrap();
        assert_eq!((r.text.as_str(), span.start), ("Summer 2018", 16));
    }

    #[test]
    fn english_names_and_present() {
        check("Mar 2020 – present", d(2020, Some(3)), None, true);
        check("March 2020 - Present", d(2020, Some(3)), None, true);
        check(
            "Sep. 2023 – Mar. 2024",
            d(2023, Some(9)),
            d(2024, Some(3)),
            false,
        );
        check(
            "June 2019 to July 2021",
            d(2019, Some(6)),
            d(2021, Some(7)),
            false,
        );
        check("Jan 2018 — Current", d(2018, Some(1)), None, true);
    }

    #[test]
    fn numeric_formats() {
        check(
            "03/2020 – 06/2021",
            d(2020, Some(3)),
            d(2021, Some(6)),
            false,
        );
        check("2019–2021", d(2019, None), d(2021, None), false);
        check(
            "2020.03 - 2021.06",
            d(2020, Some(3)),
            d(2021, Some(6)),
            false,
        );
        check("2018/10 - 至今", d(2018, Some(10)), None, true);
        check("12.2014 - present", d(2014, Some(12)), None, true);
        check(
            "2019-03-01 - 2020-01-31",
            d(2019, Some(3)),
            d(2020, Some(1)),
            false,
        );
        check("1999 - 2004", d(1999, None), d(2004, None), false);
        check("2016", d(2016, None), None, false);
        check("2019 ~ 2021", d(2019, None), d(2021, None), false);
        check("2019 — 2021", d(2019, None), d(2021, None), false);
    }

    #[test]
    fn french_german_spanish() {
        check("Février 2014", d(2014, Some(2)), None, false);
        check(
            "févr. 2014 – août 2016",
            d(2014, Some(2)),
            d(2016, Some(8)),
            false,
        );
        check(
            "Janvier 2015 à Mars 2016",
            d(2015, Some(1)),
            d(2016, Some(3)),
            false,
        );
        check("Mär. 2019 – heute", d(2019, Some(3)), None, true);
        check(
            "Okt 2017 bis Dez 2018",
            d(2017, Some(10)),
            d(2018, Some(12)),
            false,
        );
        check("enero de 2018 – actualidad", d(2018, Some(1)), None, true);
        check(
            "marzo de 2015 a diciembre de 2017",
            d(2015, Some(3)),
            d(2017, Some(12)),
            false,
        );
        check("septembre 2010 – aujourd'hui", d(2010, Some(9)), None, true);
        // Italian: names and their abbreviations, with or without a dot.
        check(
            "gen 2021 – giu 2022",
            d(2021, Some(1)),
            d(2022, Some(6)),
            false,
        );
        check(
            "Mag. 2017 – Ott. 2019",
            d(2017, Some(5)),
            d(2019, Some(10)),
            false,
        );
        check(
            "luglio 2012 – dicembre 2014",
            d(2012, Some(7)),
            d(2014, Some(12)),
            false,
        );
        check(
            "sett. 2008 – lug 2011",
            d(2008, Some(9)),
            d(2011, Some(7)),
            false,
        );
        check(
            "Settembre 2016 – Gennaio 2020",
            d(2016, Some(9)),
            d(2020, Some(1)),
            false,
        );
        // An end in a language without a word here: one lower-case word at the cell's end.
        check("02/2020 – oggi", d(2020, Some(2)), None, true);
        check("03.2019 – hoje", d(2019, Some(3)), None, true);
        let present = |text: &str| find_range(text).is_some_and(|(r, _)| r.present);
        assert!(present("03.2019 – hoje\tLisboa"), "a cell's end");
        assert!(present("ott 2019 – nu | Göteborg"), "a separator");
        assert!(present("2021 – agora · Porto"), "a separator");
        assert!(!present("2019 – lead engineer | Acme"));
        // A dash at a cell's end: the period left open there, its end not in the cell.
        let (open, span) = find_range("2017 年 10 月 –\t青葉システム").expect("a date");
        assert_eq!(open.text, "2017 年 10 月 –");
        assert!(open.end.is_none() && !open.present);
        assert_eq!(span, 0.."2017 年 10 月 –".len());
        let (spaced, _) = find_range("Mar 2019 – Engineer").expect("a date");
        assert_eq!(spaced.text, "Mar 2019");
        // A title after a year is no end.
        assert!(!present("2019 – Engineer"));
        assert!(!present("2019 – lead engineer"));
    }

    #[test]
    fn chinese_and_japanese() {
        check("2020年3月 - 至今", d(2020, Some(3)), None, true);
        check(
            "2020年3月～2021年6月",
            d(2020, Some(3)),
            d(2021, Some(6)),
            false,
        );
        check("2019年4月 – 現在", d(2019, Some(4)), None, true);
        check(
            "2016年9月 至 2020年6月",
            d(2016, Some(9)),
            d(2020, Some(6)),
            false,
        );
        check("2012年 - 2016年", d(2012, None), d(2016, None), false);
        check("2018年4月1日〜現在", d(2018, Some(4)), None, true);
        // pdf.js sets a space between digits and CJK characters taken from different runs.
        check(
            "2014 年 9 月 – 2017 年 6 月",
            d(2014, Some(9)),
            d(2017, Some(6)),
            false,
        );
        check("2020 年 7 月 – 至今", d(2020, Some(7)), None, true);
    }

    #[test]
    fn a_range_is_found_inside_a_line_with_its_span() {
        let line = "Data Engineer — Acme Rail\tMar 2020 – present";
        let (r, span) = find_range(line).unwrap();
        assert_eq!(&line[span], "Mar 2020 – present");
        assert!(r.present);
        let (r, _) = find_range("**Jun 2021 – Present | Remote**").unwrap();
        assert_eq!((r.start, r.present), (d(2021, Some(6)), true));
        let (r, _) = find_range("2018-2023    SALSIFY, Staff SE ----- Boston MA").unwrap();
        assert_eq!((r.start, r.end), (d(2018, None), d(2023, None)));
        let (r, _) = find_range("2024-        CROWDSTRIKE Senior SE").unwrap();
        assert_eq!((r.start, r.end, r.present), (d(2024, None), None, false));
    }

    #[test]
    fn a_single_date_is_not_an_open_period() {
        assert!(range("2021").is_single_date());
        assert!(range("May 2019").is_single_date());
        assert!(!range("2019 – present").is_single_date());
        assert!(!range("2019 – 2021").is_single_date());
        let (open, _) = find_range("2024-        CROWDSTRIKE Senior SE").unwrap();
        assert!(!open.is_single_date(), "a dash after it leaves it open");
    }

    #[test]
    fn things_that_are_not_dates() {
        for text in [
            "+1 555 0100",
            "Increased revenue by 2500 units",
            "Room 12345",
            "Marketing lead",
            "May the force",
            "13/2020",
            "version 1.2020x",
            "",
            "Present",
        ] {
            assert_eq!(parse_range(text), None, "{text:?}");
        }
        assert!(find_range("Scored 3.8/4.0 in 20 courses").is_none());
        // A month word inside a longer word is no month.
        assert!(find_range("Summary 2020x").is_none());
        assert!(parse_range("Jan 2020 and some words").is_none());
    }

    #[test]
    fn never_panics_on_random_text() {
        // A fixed-seed xorshift over a pool that mixes digits, separators, month fragments and
        // multi-byte characters, so slicing at every char boundary is exercised.
        let pool: Vec<char> = "0123456789 -–—~～/.年月日至今現在 aéûärzMmJjFfSsOoDdNnPpTt'"
            .chars()
            .collect();
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
            let mut s = String::new();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 24) as usize;
            for _ in 0..len {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                s.push(pool[(seed % pool.len() as u64) as usize]);
            }
            let _ = parse_range(&s);
            if let Some((_, span)) = find_range(&s) {
                assert!(s.get(span).is_some(), "{s:?}");
            }
        }
    }
}
