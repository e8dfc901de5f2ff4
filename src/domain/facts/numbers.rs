//! Numbers, with their units: `40,000`, `30 %`, `$1.2M`, `€250K`, `3x`, `5+ years`, `500万`.
//! Numbers inside dates, emails, URLs, degrees and certifications are not read here; numbers
//! glued to letters (`S3`, `p99`, `HTML5`) or following a technology name (`Python 3`) name a
//! thing, not a quantity, and are skipped; so are list markers (`1.` at a line's start).

use super::{overlaps, Fact, FactKind};

const CURRENCIES: &[char] = &['$', '€', '£', '¥', '￥'];

/// Words after which a number is a version, not a quantity (lower case).
const VERSIONED: &[&str] = &[
    "python",
    "java",
    "vue",
    "angular",
    "ruby",
    "php",
    "perl",
    "net",
    "windows",
    "ios",
    "android",
    "oauth",
    "http",
    "web",
    "layer",
    "level",
    "tier",
    "phase",
    "version",
    "gen",
    "gpt",
    "llama",
    "claude",
    "gemini",
    "qwen",
    "swift",
    "kotlin",
    "scala",
    "rails",
    "django",
    "spring",
    "node",
    "ecmascript",
    "es",
    "unity",
    "unreal",
    "office",
    "server",
    "excel",
    "sql",
    "ipv",
    "series",
    "bootstrap",
    "webpack",
    "react",
    "jdk",
    "jre",
    "c",
    "c++",
    "c#",
    "dotnet",
    "ubuntu",
    "debian",
    "centos",
    "rhel",
    "macos",
    "mysql",
    "postgresql",
    "postgres",
    "redis",
    "elasticsearch",
    "hadoop",
    "spark",
    "tensorflow",
    "pytorch",
    "cuda",
    "opengl",
    "directx",
    "ps",
    "xbox",
    "usb",
    "wifi",
    "bluetooth",
    "lte",
    "h",
    "tls",
    "ssl",
    "sha",
    "md",
    "utf",
    "iso",
    "ieee",
    "rfc",
    "hl",
];

/// Unit words after a number (with or without a space), their key suffix and scale (a power
/// of ten). Longest first so `million` wins over `m`.
const UNITS: &[(&str, &str, u32)] = &[
    ("billion", "", 9),
    ("million", "", 6),
    ("thousand", "", 3),
    ("years", " years", 0),
    ("year", " years", 0),
    ("yrs", " years", 0),
    ("yr", " years", 0),
    ("bn", "", 9),
    ("mn", "", 6),
    ("k", "", 3),
    ("m", "", 6),
    ("b", "", 9),
    ("x", "x", 0),
];

/// Units written in CJK or as signs: these need no word boundary after them.
const SIGN_UNITS: &[(&str, &str, u32)] = &[
    ("%", "%", 0),
    ("％", "%", 0),
    ("×", "x", 0),
    ("亿", "", 8),
    ("万", "", 4),
    ("千", "", 3),
    ("年", " years", 0),
    ("倍", "x", 0),
];

/// Measure words glued to a number that keep it a plain quantity (`900ms` = `900 ms`).
const PLAIN_SUFFIXES: &[&str] = &[
    "ms", "s", "h", "hrs", "hr", "min", "mins", "kb", "mb", "gb", "tb", "pb", "km", "kg", "qps",
    "rps", "tps", "fps", "d", "w", "wk", "mo", "pp", "bps", "ns", "us", "µs",
];

pub(super) fn find(text: &str, taken: &[(usize, usize)]) -> Vec<Fact> {
    let mut facts = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let c = text[i..].chars().next().unwrap_or(' ');
        if c.is_ascii_digit() {
            let (fact, next) = number_at(text, i);
            if let Some(fact) = fact.filter(|f| !overlaps(taken, f.start, f.end)) {
                facts.push(fact);
            }
            i = next.max(i + 1);
        } else {
            i += c.len_utf8();
        }
    }
    facts
}

/// The number whose first digit is at `i` (if it is a fact) and where scanning goes on.
fn number_at(text: &str, i: usize) -> (Option<Fact>, usize) {
    let before = &text[..i];
    let prev = before.chars().next_back();
    // Read the digits with thousands separators and one decimal point.
    let mut end = i;
    let mut value = String::new();
    let bytes = text.as_bytes();
    while end < text.len() {
        let b = bytes[end];
        if b.is_ascii_digit() {
            value.push(b as char);
            end += 1;
        } else if b == b',' && !value.contains('.') && thousands_follow(bytes, end + 1) {
            end += 1;
        } else if b == b'.'
            && !value.contains('.')
            && bytes.get(end + 1).is_some_and(u8::is_ascii_digit)
        {
            value.push('.');
            end += 1;
        } else {
            break;
        }
    }
    // Part of a word or code: `p99`, `S3`, `GPT-4`, `v2.5`, `1.2.3`, `_2`.
    let glued = prev.is_some_and(|p| {
        p.is_ascii_alphanumeric() || p == '_' || p == '.' || p == '/' || p == ':' || p == '#'
    }) || (prev == Some('-')
        && before[..before.len() - 1]
            .chars()
            .next_back()
            .is_some_and(|p| p.is_ascii_alphanumeric()));
    let next = text[end..].chars().next();
    let continues_code = matches!(next, Some('.' | '/' | ':' | '-' | '_'))
        && text[end + 1..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric());
    if glued || continues_code {
        return (None, skip_token(text, end));
    }
    // A list marker: `1.` or `2)` opening a line.
    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
    if before[line_start..].trim().is_empty() && matches!(next, Some('.' | ')')) {
        return (None, end + 1);
    }
    // A version after a technology name: `Python 3`, `Java 17`.
    if let Some(word) = before
        .trim_end_matches(' ')
        .rsplit(|c: char| c.is_whitespace() || c == '(' || c == ',')
        .next()
    {
        if before.ends_with(' ') && VERSIONED.contains(&word.to_lowercase().as_str()) {
            return (None, skip_token(text, end));
        }
    }
    // A currency sign (or `US$`) before the number belongs to its text, not its key.
    let mut start = i;
    if let Some(sign) = prev.filter(|p| CURRENCIES.contains(p)) {
        start -= sign.len_utf8();
        if text[..start].ends_with("US") {
            start -= 2;
        }
    }
    let (suffix, scale, unit_end) = unit_after(text, end);
    if unit_end == end {
        // Letters glued to the number that are no unit: `3D`, `5G`, `2FA`, `4xx`.
        let glued_word: String = text[end..]
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        if !glued_word.is_empty() && !PLAIN_SUFFIXES.contains(&glued_word.to_lowercase().as_str()) {
            return (None, skip_token(text, end));
        }
    }
    // `5+ years`: the plus is part of the text.
    let key = format!("{}{suffix}", scaled(&value, scale));
    let written = &text[start..unit_end];
    (
        Some(Fact::new(FactKind::Number, written.trim_end(), key, start)),
        unit_end,
    )
}

/// Three digits and then no digit: a thousands group.
fn thousands_follow(bytes: &[u8], at: usize) -> bool {
    bytes
        .get(at..at + 3)
        .is_some_and(|g| g.iter().all(u8::is_ascii_digit))
        && !bytes.get(at + 3).is_some_and(u8::is_ascii_digit)
}

/// Past the rest of a token (letters, digits and joiners).
fn skip_token(text: &str, mut at: usize) -> usize {
    while let Some(c) = text[at..].chars().next() {
        if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '/' | ':') {
            at += c.len_utf8();
        } else {
            break;
        }
    }
    at
}

/// The unit after a number: its key suffix, its power of ten and where it ends (`at` when none).
fn unit_after(text: &str, at: usize) -> (&'static str, u32, usize) {
    let rest = &text[at..];
    let plus = usize::from(rest.starts_with('+'));
    let spaced = rest[plus..].len() - rest[plus..].trim_start_matches([' ', '\u{a0}']).len();
    let unit_at = plus + spaced;
    let word = &rest[unit_at..];
    for (sign, suffix, scale) in SIGN_UNITS {
        // `%` may follow after a space; CJK units follow directly.
        let allowed = spaced == 0 || sign.chars().all(|c| !c.is_alphanumeric());
        if allowed && word.starts_with(sign) {
            return (suffix, *scale, at + unit_at + sign.len());
        }
    }
    let lower = word.to_ascii_lowercase();
    for (name, suffix, scale) in UNITS {
        // Scale letters must be glued (`40k`), except the spelled-out words; years may be spaced.
        let short_scale = name.len() <= 2 && suffix.is_empty() || *name == "x";
        if short_scale && spaced > 0 {
            continue;
        }
        // `k`/`m`/`b` only as capitals or glued; `m` glued lower case is million too (`2m`).
        if lower.starts_with(name)
            && lower[name.len()..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric())
        {
            return (suffix, *scale, at + unit_at + name.len());
        }
    }
    if plus == 1 {
        // `10+` alone: the plus belongs to the text.
        return ("", 0, at + 1);
    }
    ("", 0, at)
}

/// A decimal number times 10^scale, without leading or trailing zeros: `1.2`, 6 → `1200000`.
fn scaled(value: &str, scale: u32) -> String {
    let (int, frac) = value.split_once('.').unwrap_or((value, ""));
    let mut digits = format!("{int}{frac}");
    let point = int.len() + scale as usize;
    while digits.len() < point {
        digits.push('0');
    }
    let (whole, part) = digits.split_at(point);
    let whole = whole.trim_start_matches('0');
    let part = part.trim_end_matches('0');
    let whole = if whole.is_empty() { "0" } else { whole };
    if part.is_empty() {
        whole.to_string()
    } else {
        format!("{whole}.{part}")
    }
}
