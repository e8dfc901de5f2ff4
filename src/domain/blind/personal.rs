//! Personal attributes: the labelled fields of a resume's header ("Date of birth: …", "性别：女",
//! "| Nationality | … |"), the same said without a label ("34 years old", "Married, two
//! children", "28岁"), photos, a street address in the header, third-person pronouns, and titles
//! next to the masked name.

use super::names::{is_unspaced, NAME};
use super::{MaskKind, Tally};
use crate::domain::structured::StructuredResume;

/// Labels and what their value says, lower case. Longer labels first where one holds another.
const LABELS: &[(&str, MaskKind)] = &[
    ("date of birth", MaskKind::BirthDateOrAge),
    ("birth date", MaskKind::BirthDateOrAge),
    ("birthdate", MaskKind::BirthDateOrAge),
    ("birthday", MaskKind::BirthDateOrAge),
    ("d.o.b.", MaskKind::BirthDateOrAge),
    ("dob", MaskKind::BirthDateOrAge),
    ("born", MaskKind::BirthDateOrAge),
    ("age", MaskKind::BirthDateOrAge),
    ("date de naissance", MaskKind::BirthDateOrAge),
    ("geburtsdatum", MaskKind::BirthDateOrAge),
    ("fecha de nacimiento", MaskKind::BirthDateOrAge),
    ("出生日期", MaskKind::BirthDateOrAge),
    ("出生年月", MaskKind::BirthDateOrAge),
    ("生日", MaskKind::BirthDateOrAge),
    ("年龄", MaskKind::BirthDateOrAge),
    ("年齡", MaskKind::BirthDateOrAge),
    ("gender", MaskKind::Gender),
    ("sex", MaskKind::Gender),
    ("geschlecht", MaskKind::Gender),
    ("sexe", MaskKind::Gender),
    ("性别", MaskKind::Gender),
    ("性別", MaskKind::Gender),
    ("place of birth", MaskKind::Nationality),
    ("birthplace", MaskKind::Nationality),
    ("nationality", MaskKind::Nationality),
    ("citizenship", MaskKind::Nationality),
    ("nationalité", MaskKind::Nationality),
    ("staatsangehörigkeit", MaskKind::Nationality),
    ("nacionalidad", MaskKind::Nationality),
    ("国籍", MaskKind::Nationality),
    ("籍贯", MaskKind::Nationality),
    ("户籍", MaskKind::Nationality),
    ("户口所在地", MaskKind::Nationality),
    ("户口", MaskKind::Nationality),
    ("出生地", MaskKind::Nationality),
    ("ethnicity", MaskKind::Ethnicity),
    ("race", MaskKind::Ethnicity),
    ("民族", MaskKind::Ethnicity),
    ("marital status", MaskKind::MaritalStatus),
    ("family status", MaskKind::MaritalStatus),
    ("familienstand", MaskKind::MaritalStatus),
    ("situation familiale", MaskKind::MaritalStatus),
    ("estado civil", MaskKind::MaritalStatus),
    ("婚姻状况", MaskKind::MaritalStatus),
    ("婚姻状態", MaskKind::MaritalStatus),
    ("婚姻", MaskKind::MaritalStatus),
    ("婚否", MaskKind::MaritalStatus),
    ("children", MaskKind::MaritalStatus),
    ("religion", MaskKind::Religion),
    ("faith", MaskKind::Religion),
    ("konfession", MaskKind::Religion),
    ("宗教信仰", MaskKind::Religion),
    ("宗教", MaskKind::Religion),
    ("political affiliation", MaskKind::Politics),
    ("政治面貌", MaskKind::Politics),
    ("health", MaskKind::Health),
    ("disability", MaskKind::Health),
    ("height", MaskKind::Health),
    ("weight", MaskKind::Health),
    ("健康状况", MaskKind::Health),
    ("身体状况", MaskKind::Health),
    ("身高", MaskKind::Health),
    ("体重", MaskKind::Health),
    ("photo", MaskKind::Photo),
    ("照片", MaskKind::Photo),
    ("home address", MaskKind::Address),
    ("address", MaskKind::Address),
    ("adresse", MaskKind::Address),
    ("anschrift", MaskKind::Address),
    ("dirección", MaskKind::Address),
    ("家庭住址", MaskKind::Address),
    ("通讯地址", MaskKind::Address),
    ("住址", MaskKind::Address),
    ("地址", MaskKind::Address),
];

/// Where a field's value ends: the next of these, or two spaces, or the next label.
const SEPARATORS: &[char] = &['|', '·', '•', '\t', ';', '；', '，', '、'];

/// Words that open a short phrase about marriage or children, lower case.
const FAMILY_WORDS: &[&str] = &[
    "married",
    "single",
    "divorced",
    "widowed",
    "engaged",
    "已婚",
    "未婚",
    "已育",
    "未育",
    "离异",
    "已婚已育",
    "已婚未育",
];

/// `(pronoun, neutral)`, lower case; `her` is read as a possessive, as resumes use it ("her team").
const PRONOUNS: &[(&str, &str)] = &[
    ("he", "they"),
    ("she", "they"),
    ("him", "them"),
    ("his", "their"),
    ("her", "their"),
    ("hers", "theirs"),
    ("himself", "themself"),
    ("herself", "themself"),
];

/// Words after which 他 is not "he": 其他 (other), 吉他 (guitar), 利他, 排他.
const NOT_HE_BEFORE: &[char] = &['其', '吉', '利', '排'];
/// …and before which it is not either: 他人 (others), 他们 (they), 他乡, 他国.
const NOT_HE_AFTER: &[char] = &['人', '们', '乡', '国'];

/// Street words of an address line, lower case.
const STREET_WORDS: &[&str] = &[
    "street",
    "st",
    "st.",
    "road",
    "rd",
    "rd.",
    "avenue",
    "ave",
    "ave.",
    "lane",
    "ln",
    "drive",
    "dr.",
    "boulevard",
    "blvd",
    "way",
    "court",
    "place",
    "square",
    "apt",
    "apt.",
    "suite",
    "unit",
    "flat",
    "straße",
    "strasse",
    "str.",
    "rue",
    "calle",
    "via",
    "weg",
    "gasse",
    "platz",
];

/// `header_end`: how many lines open the resume before its first section, where the contact
/// block is (see [`header_lines`]).
pub(super) fn mask_personal(text: &str, header_end: usize, tally: &mut Tally) -> String {
    let lines: Vec<String> = text
        .split('\n')
        .enumerate()
        .map(|(index, line)| {
            let line = mask_images(line, tally);
            let line = mask_labelled(&line, tally);
            // Family and street addresses said without a label are read in the header only,
            // where personal details sit: "married two datasets" in a bullet is not a marriage.
            let header = index < header_end;
            let line = mask_unlabelled(&line, header, tally);
            let line = if header {
                mask_street_address(&line, tally)
            } else {
                line
            };
            mask_pronouns(&line, tally)
        })
        .collect();
    lines.join("\n")
}

/// How many lines open the resume before its first section: where the contact block is.
pub(super) fn header_lines(structure: &StructuredResume) -> usize {
    let first_section = structure.sections.iter().filter_map(|s| s.line).min();
    // Without a section the header is the first few lines.
    first_section.map_or(6, |line| line.saturating_sub(1))
}

/// A Markdown image (`![…](…)`) or an HTML `<img …>`: a photo, most likely.
fn mask_images(line: &str, tally: &mut Tally) -> String {
    let mut out = line.to_string();
    while let Some(start) = out.find("![") {
        let Some(close) = out[start..].find("](").map(|i| start + i) else {
            break;
        };
        let Some(end) = out[close..].find(')').map(|i| close + i + 1) else {
            break;
        };
        out.replace_range(start..end, MaskKind::Photo.placeholder());
        tally.add(MaskKind::Photo, 1);
    }
    while let Some(start) = out.to_ascii_lowercase().find("<img") {
        let end = out[start..].find('>').map_or(out.len(), |i| start + i + 1);
        out.replace_range(start..end, MaskKind::Photo.placeholder());
        tally.add(MaskKind::Photo, 1);
    }
    out
}

/// The label of [`LABELS`] that starts at byte `at` of `line` (whole words for Latin labels).
fn label_at(line: &str, lower: &str, at: usize) -> Option<(usize, MaskKind)> {
    let before = line[..at].chars().next_back();
    LABELS.iter().find_map(|(label, kind)| {
        if !lower[at..].starts_with(label) {
            return None;
        }
        let end = at + label.len();
        let unspaced = label.chars().next().is_some_and(is_unspaced);
        let bounded = unspaced
            || (before.is_none_or(|c| !c.is_alphanumeric())
                && line[end..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric()));
        bounded.then_some((end, *kind))
    })
}

/// After a label that starts at `label`, the value's start: past a `:` or `：`, or, when the
/// label fills a table cell (`| Gender | Female |`), the next cell; spaces around.
fn value_start(line: &str, label: usize, after_label: usize) -> Option<usize> {
    let rest = &line[after_label..];
    let trimmed = rest.trim_start_matches([' ', '*', '_']);
    let mut at = after_label + rest.len() - trimmed.len();
    let sep = trimmed.chars().next()?;
    let in_cell = line[..label]
        .trim_end_matches([' ', '*', '_'])
        .ends_with('|');
    if !(matches!(sep, ':' | '：') || (sep == '|' && in_cell)) {
        return None;
    }
    at += sep.len_utf8();
    let value = &line[at..];
    Some(at + value.len() - value.trim_start_matches([' ', '*', '_']).len())
}

/// Where a value that starts at `start` ends: a separator, two spaces, or the next label.
fn value_end(line: &str, lower: &str, start: usize) -> usize {
    let mut end = line.len();
    for (i, c) in line[start..].char_indices() {
        let at = start + i;
        if SEPARATORS.contains(&c) || line[at..].starts_with("  ") {
            end = at;
            break;
        }
        let word_start = i > 0 && (line[..at].ends_with(' ') || is_unspaced(c));
        let next_label = word_start
            && label_at(line, lower, at)
                .is_some_and(|(after, _)| value_start(line, at, after).is_some());
        if next_label {
            end = at;
            break;
        }
    }
    // The value's own trailing spaces and closing emphasis stay outside the placeholder.
    start
        + line[start..end]
            .trim_end_matches([' ', '*', '_', ','])
            .len()
}

/// "Label: value" (or "| Label | value |") with the value replaced by its kind's placeholder.
fn mask_labelled(line: &str, tally: &mut Tally) -> String {
    let mut out = line.to_string();
    let mut from = 0;
    loop {
        let lower = out.to_lowercase();
        // Lowercasing must keep byte offsets; it does for the scripts resumes are written in.
        if lower.len() != out.len() {
            return out;
        }
        let found = out[from..].char_indices().find_map(|(i, _)| {
            let at = from + i;
            let (after, kind) = label_at(&out, &lower, at)?;
            let start = value_start(&out, at, after)?;
            let end = value_end(&out, &lower, start);
            (end > start).then_some((start, end, kind))
        });
        let Some((start, end, kind)) = found else {
            return out;
        };
        let placeholder = kind.placeholder();
        if out[start..end].starts_with('[') {
            from = end;
            continue;
        }
        out.replace_range(start..end, placeholder);
        tally.add(kind, 1);
        from = start + placeholder.len();
    }
}

/// Age, birth and family said without a label.
fn mask_unlabelled(line: &str, header: bool, tally: &mut Tally) -> String {
    let mut out = String::new();
    let mut segments = split_keeping(line);
    for segment in &mut segments {
        let lower = segment.to_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let core = lower.trim_matches(|c: char| !c.is_alphanumeric() && !is_unspaced(c));
        let family = header
            && words.len() <= 6
            && (FAMILY_WORDS.iter().any(|w| {
                core.starts_with(w)
                    && core[w.len()..]
                        .chars()
                        .next()
                        .is_none_or(|c| !c.is_alphabetic())
            }) || ["mother of", "father of", "mom of", "dad of"]
                .iter()
                .any(|w| core.starts_with(w))
                || words
                    .iter()
                    .any(|w| w.trim_matches(|c: char| !c.is_alphabetic()) == "kids"));
        if family && !core.is_empty() {
            *segment = keep_padding(segment, MaskKind::MaritalStatus.placeholder());
            tally.add(MaskKind::MaritalStatus, 1);
            continue;
        }
        let (masked, n) = mask_ages(segment);
        tally.add(MaskKind::BirthDateOrAge, n);
        *segment = masked;
    }
    for segment in segments {
        out.push_str(&segment);
    }
    out
}

/// `line` cut before each separator (the separator starts the next piece), so the pieces join back.
fn split_keeping(line: &str) -> Vec<String> {
    let mut pieces = vec![String::new()];
    for c in line.chars() {
        if SEPARATORS.contains(&c) || c == ',' {
            pieces.push(String::new());
        }
        pieces.last_mut().expect("never empty").push(c);
    }
    pieces
}

/// `placeholder` with the separator and spaces that open and close `segment` kept.
fn keep_padding(segment: &str, placeholder: &str) -> String {
    let trimmed =
        segment.trim_start_matches(|c: char| SEPARATORS.contains(&c) || c == ',' || c == ' ');
    let lead = &segment[..segment.len() - trimmed.len()];
    let trail_len = trimmed.len() - trimmed.trim_end().len();
    format!(
        "{lead}{placeholder}{}",
        &trimmed[trimmed.len() - trail_len..]
    )
}

/// "34 years old", "aged 34", "28岁", "born 1990", "born in March 1990" → "[age]".
fn mask_ages(segment: &str) -> (String, usize) {
    let chars: Vec<(usize, char)> = segment.char_indices().collect();
    let lower = segment.to_lowercase();
    if lower.len() != segment.len() {
        return (segment.to_string(), 0);
    }
    let placeholder = MaskKind::BirthDateOrAge.placeholder();
    for (k, &(at, c)) in chars.iter().enumerate() {
        // Two digits as a whole number.
        let starts_number = c.is_ascii_digit() && (k == 0 || !chars[k - 1].1.is_ascii_digit());
        if starts_number {
            let digits = lower[at..].chars().take_while(char::is_ascii_digit).count();
            let after = at + digits;
            let rest = &lower[after..];
            let tail = [
                "岁",
                " years old",
                " years of age",
                " yrs old",
                "-year-old",
                " year old",
            ]
            .iter()
            .find(|t| rest.starts_with(**t));
            if digits == 2 {
                if let Some(tail) = tail {
                    let masked = format!(
                        "{}{placeholder}{}",
                        &segment[..at],
                        &segment[after + tail.len()..]
                    );
                    let (rest, n) = mask_ages(&masked);
                    return (rest, n + 1);
                }
            }
        }
        let word_start = k == 0 || !chars[k - 1].1.is_alphanumeric();
        if word_start {
            for opener in ["aged ", "born in ", "born on ", "born "] {
                if !lower[at..].starts_with(opener) {
                    continue;
                }
                let value = at + opener.len();
                let has_digit = lower[value..].chars().take(16).any(|c| c.is_ascii_digit());
                if has_digit {
                    let end = value
                        + lower[value..]
                            .find(|c: char| {
                                c == '(' || c == ')' || SEPARATORS.contains(&c) || c == ','
                            })
                            .unwrap_or(lower.len() - value);
                    let end = value + segment[value..end].trim_end().len();
                    let masked = format!(
                        "{}{}{placeholder}{}",
                        &segment[..at],
                        &segment[at..value],
                        &segment[end..]
                    );
                    return (masked, 1);
                }
            }
        }
    }
    (segment.to_string(), 0)
}

/// A segment of a header line that reads as a street address: a number with a street word, or
/// a Chinese address (省 / 市 / 区 / 路 / 号 with a number).
fn mask_street_address(line: &str, tally: &mut Tally) -> String {
    let segments = split_keeping(line);
    let mut out = String::new();
    for segment in segments {
        let lower = segment.to_lowercase();
        let has_digit = lower.chars().any(|c| c.is_ascii_digit());
        let words: Vec<&str> = lower
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        let street = has_digit && words.iter().any(|w| STREET_WORDS.contains(w));
        let chinese = has_digit
            && ['路', '街', '号', '弄', '室']
                .iter()
                .any(|c| lower.contains(*c))
            && ['省', '市', '区', '县'].iter().any(|c| lower.contains(*c));
        if (street || chinese) && !segment.contains('[') {
            out.push_str(&keep_padding(&segment, MaskKind::Address.placeholder()));
            tally.add(MaskKind::Address, 1);
        } else {
            out.push_str(&segment);
        }
    }
    out
}

/// Third-person pronouns made neutral, case kept ("She led" → "They led"); 她 and 他 as "TA".
fn mask_pronouns(line: &str, tally: &mut Tally) -> String {
    let mut out = String::with_capacity(line.len());
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String, tally: &mut Tally| {
        if word.is_empty() {
            return;
        }
        let lower = word.to_lowercase();
        match PRONOUNS.iter().find(|(p, _)| *p == lower) {
            Some((_, neutral)) => {
                let capital = word.chars().next().is_some_and(char::is_uppercase);
                let all_caps = word.len() > 1 && word.chars().all(char::is_uppercase);
                // "HE" in capitals is more often an abbreviation (higher education) than a pronoun.
                if all_caps {
                    out.push_str(word);
                } else if capital {
                    let mut c = neutral.chars();
                    let first = c
                        .next()
                        .map(|f| f.to_uppercase().to_string())
                        .unwrap_or_default();
                    out.push_str(&first);
                    out.push_str(c.as_str());
                    tally.add(MaskKind::Gender, 1);
                } else {
                    out.push_str(neutral);
                    tally.add(MaskKind::Gender, 1);
                }
            }
            None => out.push_str(word),
        }
        word.clear();
    };
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_alphabetic() {
            word.push(c);
            i += 1;
            continue;
        }
        // A word glued to other letters (é, digits) is not a pronoun.
        if c.is_alphanumeric() && !is_unspaced(c) {
            out.push_str(&word);
            word.clear();
            while i < chars.len() && chars[i].is_alphanumeric() && !is_unspaced(chars[i]) {
                out.push(chars[i]);
                i += 1;
            }
            continue;
        }
        flush(&mut word, &mut out, tally);
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        let he = c == '他'
            && !before.is_some_and(|b| NOT_HE_BEFORE.contains(&b))
            && !after.is_some_and(|a| NOT_HE_AFTER.contains(&a));
        if c == '她' || he {
            out.push_str("TA");
            tally.add(MaskKind::Gender, 1);
        } else {
            out.push(c);
        }
        i += 1;
    }
    flush(&mut word, &mut out, tally);
    out
}

/// Titles next to the masked name go: "Ms. [candidate]" → "[candidate]", "[candidate] 女士" →
/// "[candidate]".
pub(super) fn mask_titles(text: &str, tally: &mut Tally) -> String {
    let mut out = text.to_string();
    for title in [
        "Mr. ", "Mrs. ", "Ms. ", "Miss ", "Mx. ", "Mr ", "Mrs ", "Ms ", "Mx ", "Herr ", "Frau ",
        "Mme ", "Mlle ", "M. ",
    ] {
        let pattern = format!("{title}{NAME}");
        let n = out.matches(&pattern).count();
        if n > 0 {
            out = out.replace(&pattern, NAME);
            tally.add(MaskKind::Gender, n);
        }
    }
    for title in ["女士", "先生", "小姐"] {
        for gap in ["", " "] {
            let pattern = format!("{NAME}{gap}{title}");
            let n = out.matches(&pattern).count();
            if n > 0 {
                out = out.replace(&pattern, NAME);
                tally.add(MaskKind::Gender, n);
            }
        }
    }
    out
}
