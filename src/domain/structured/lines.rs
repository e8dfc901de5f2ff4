//! Reading one line of resume text: Markdown marks, bullets, headings without Markdown, and
//! a line's parts (`Title — Org — Place`, contact items). Pure helpers for [`super::build`].

use super::dates::find_range;
use super::degrees::is_degree;
use super::headings::section_kind;
use super::model::{Profile, SectionKind};
use super::roles::is_job;

/// A line that is a date with at most a place (`*2018/10 - 至今*`, `Jun 2021 – Present | Remote`):
/// it completes the entry named on the line before, rather than naming one itself.
pub(super) fn bare_date_line(line: &str) -> bool {
    let text = plain(line);
    words_after_leading_date(text.trim_start_matches('_')).is_some_and(|words| words <= 3)
}

/// A date range and nothing else ("SEPTEMBER 2021 - PRESENT", a heading of its own in Google
/// Docs templates); not "2009 · Chalmers …", a date column beside a school's name.
pub(super) fn date_only(line: &str) -> bool {
    words_after_leading_date(&plain(line)) == Some(0)
}

/// How many words follow a date range that opens `text` (a duration after it left out);
/// `None` when no range opens it.
fn words_after_leading_date(text: &str) -> Option<usize> {
    let (_, span) = find_range(text).filter(|(_, span)| span.start == 0)?;
    Some(
        clean_part(&without_duration(&text[span.end..]))
            .split_whitespace()
            .count(),
    )
}

/// `Staff Engineer\tSep 2021 – Present`, `Research Intern\t2018`: a short title, then after a
/// tab a date or a range and nothing else.
pub(super) fn titled_date_line(line: &str) -> bool {
    let Some((head, tail)) = line.trim().rsplit_once('\t') else {
        return false;
    };
    let words = plain(head).split_whitespace().count();
    (1..=8).contains(&words)
        && find_range(head).is_none()
        && find_range(tail.trim()).is_some_and(|(_, span)| {
            span.start == 0 && clean_part(&tail.trim()[span.end..]).is_empty()
        })
}

/// Words that count a duration (`3 years 5 months`, `2 yrs 3 mos`, `1 an 2 mois`).
const DURATION_UNITS: &[&str] = &[
    "year", "years", "yr", "yrs", "month", "months", "mo", "mos", "an", "ans", "année", "années",
    "mois", "jahr", "jahre", "monat", "monate", "año", "años", "mes", "meses", "年", "个月",
    "ヶ月",
];

/// The text with a trailing duration taken out: themes print how long a job lasted after its
/// dates (`Mar 2018 - Aug 2021 3 years 5 months`, `(2 yrs 3 mos)`), which is not a place or a
/// title. Text that is not only a duration comes back as it was.
pub(super) fn without_duration(text: &str) -> String {
    let inner = text
        .trim()
        .trim_matches(|c: char| "()·|,".contains(c) || c.is_whitespace());
    let tokens: Vec<&str> = inner.split_whitespace().collect();
    let is_duration = !tokens.is_empty()
        && tokens.len().is_multiple_of(2)
        && tokens.chunks(2).all(|pair| {
            pair[0].chars().all(|c| c.is_ascii_digit())
                && DURATION_UNITS.contains(&pair[1].trim_end_matches(',').to_lowercase().as_str())
        });
    if is_duration {
        String::new()
    } else {
        text.to_string()
    }
}

/// `---`, `===`, `.....`: separators, not content.
pub(super) fn is_rule(line: &str) -> bool {
    line.chars().count() >= 3
        && line
            .chars()
            .all(|c| matches!(c, '-' | '=' | '_' | '.' | '*' | '─' | '━' | '—'))
}

/// `## Title` → (2, "Title"); other lines → (0, line).
pub(super) fn heading_level(line: &str) -> (usize, &str) {
    let level = line.chars().take_while(|c| *c == '#').count();
    match line.get(level..) {
        Some(rest) if (1..=6).contains(&level) && rest.starts_with(' ') => (level, rest.trim()),
        _ => (0, line),
    }
}

/// The text of a bullet line without its marker.
pub(super) fn bullet(line: &str) -> Option<&str> {
    for marker in [
        "- ", "* ", "+ ", "• ", "· ", "▪ ", "● ", "○ ", "◦ ", "‣ ", "– ", "■ ", "➢ ", "✓ ",
    ] {
        if let Some(rest) = line.strip_prefix(marker) {
            return Some(rest.trim());
        }
    }
    for marker in ['•', '·', '▪', '●', '◦', '■'] {
        if let Some(rest) = line.strip_prefix(marker) {
            return Some(rest.trim());
        }
    }
    None
}

/// `**Text**` (or `__Text__`) on its own line, Markdown hard-break spaces allowed.
pub(super) fn bold_line(line: &str) -> Option<&str> {
    let t = line.trim_end_matches('\\').trim();
    let inner = t
        .strip_prefix("**")
        .and_then(|s| s.strip_suffix("**"))
        .or_else(|| t.strip_prefix("__").and_then(|s| s.strip_suffix("__")))?;
    (!inner.contains("**") && !inner.trim().is_empty()).then(|| inner.trim())
}

/// Markdown marks out: `[text](url)` → text, `**`, `*`, `_`, backticks, `<br>`.
pub(super) fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](").map(|c| open + c) else {
            break;
        };
        let Some(end) = rest[close..].find(')').map(|e| close + e) else {
            break;
        };
        out.push_str(&rest[..open]);
        out.push_str(&rest[open + 1..close]);
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out.replace("<br>", " ")
        .chars()
        .filter(|c| !matches!(c, '*' | '`'))
        .collect::<String>()
        .trim()
        .to_string()
}

/// The first link target in a line.
pub(super) fn link(text: &str) -> Option<String> {
    let start = text.find("](")? + 2;
    let end = text[start..].find(')')? + start;
    Some(text[start..end].to_string())
}

/// Looks like a heading in text without Markdown: a known section name, short, and set apart
/// (capitals, bold, a trailing colon, letter spacing, or alone on its line in CJK).
///
/// A line set apart by nothing but being short must also be written as a heading (see
/// [`heading_form`]), and only counts in a text whose headings are not marked: where the text
/// marks its headings (`## …`, which the PDF and DOCX readers write from how a line is set), an
/// unmarked line was set as body text, so "Lumenfold Technologies" alone on its line (an
/// employer) names no section.
pub(super) fn plain_heading(line: &str, headings_marked: bool) -> Option<SectionKind> {
    if find_range(line).is_some() {
        return None;
    }
    let kind = section_kind(line)?;
    // Where the text marks its headings (`## Experience`), a bold line ending in a colon is a
    // label inside an entry ("**Key achievements:**"), not a section.
    // So is a plain one ("Key achievements:", as our own JSON Resume import writes that line
    // back): there the headings are the marked ones.
    let core_has_lower = plain(line).chars().any(char::is_lowercase);
    if headings_marked && plain(line).trim_end().ends_with([':', '：']) && core_has_lower {
        return None;
    }
    let core = plain(line.trim_end_matches([':', '：']));
    let letters: Vec<char> = core.chars().filter(|c| c.is_alphabetic()).collect();
    let capitals = !letters.is_empty() && letters.iter().all(|c| !c.is_lowercase());
    // Where the text marks its headings, a bold line is one only when it reads as a heading
    // (short, no sentence end): "**Chalmers Institute of Technology**" is a school's name.
    let set_apart = capitals
        || bold_line(line).is_some() && (!headings_marked || heading_form(&core))
        || line.ends_with(':')
        || line.ends_with('：')
        || !headings_marked && heading_form(&core);
    set_apart.then_some(kind)
}

/// Written as a heading, not as a piece of a sentence: at most three words, the first letter a
/// capital (or in a script without case), and no sentence or list end (`.`, `,`, `;`). A
/// wrapped bullet's last line ("prospective projects.") holds a section word too.
fn heading_form(core: &str) -> bool {
    core.split_whitespace().count() <= 3
        && core
            .chars()
            .find(|c| c.is_alphabetic())
            .is_some_and(|c| !c.is_lowercase())
        && !core
            .trim_end()
            .ends_with(['.', ',', ';', '!', '?', '。', '，', '；'])
}

pub(super) fn is_school(text: &str) -> bool {
    let lower = text.to_lowercase();
    [
        "universit",
        "college",
        "school",
        "institut",
        "academy",
        "école",
        "ecole",
        "hochschule",
        "universidad",
        "uniwersytet",
        "politechnika",
        "polytechn",
        // "Politecnico di …", "Instituto Politécnico de …".
        "politecn",
        "politécn",
        "akademi",
        "szkoła",
        "escuela",
        "lycée",
        "大学",
        "学院",
        "学校",
        "高中",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// Trims separators and stray punctuation from the ends of a part of a line.
pub(super) fn clean_part(text: &str) -> String {
    let text = text.replace("()", "").replace("( )", "");
    let mut text = text.trim();
    for word in [
        " from", " since", " depuis", " seit", " desde", " von", " de", " du",
    ] {
        if text.len() > word.len() && text.to_lowercase().ends_with(word) {
            text = &text[..text.len() - word.len()];
        }
    }
    let cut = |c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '|' | '-' | '–' | '—' | ',' | ':' | '·' | '｜' | '_' | '/' | '.'
                    // A list bullet a layout sets before the title ("· • Staff Engineer").
                    | '•' | '▪' | '◦' | '●' | '‣'
            )
    };
    let kept = text.trim_matches(cut);
    // "Portico Logistica S.p.A.", "Ferrovie Emiliane S.r.l.", "Nordhaven B.V.": a last word
    // written as an abbreviation with dots inside keeps the dot that closes it.
    let end = text.len() - text.trim_start_matches(cut).len() + kept.len();
    let last = kept.rsplit(char::is_whitespace).next().unwrap_or("");
    let dotted = last.contains('.')
        && last
            .split('.')
            .all(|p| (1..=3).contains(&p.chars().count()) && p.chars().all(char::is_alphabetic));
    match text.get(end..) {
        Some(rest) if dotted && rest.starts_with('.') => format!("{kept}."),
        _ => kept.to_string(),
    }
}

/// `Title — Org — Place`, `Title at Org`, `Title | Org`, `Title, Org`: into its parts. A long
/// dash run (`---- Boston MA`) leads to a place.
pub(super) fn split_title(text: &str) -> (Option<String>, Option<String>, Option<String>) {
    let text = text.trim();
    if text.is_empty() {
        return (None, None, None);
    }
    let (head, place) = match text.find("---") {
        Some(at) => (&text[..at], Some(clean_part(&text[at..]))),
        None => (text, None),
    };
    for separator in [
        "\t", " | ", "｜", " — ", " – ", " · ", " at ", " @ ", " chez ", " bei ", " - ", "  ",
        ", ",
        // The Chinese comma: "高级后端工程师，星河云科技有限公司，杭州", "硕士，软件工程，东临大学";
        // the Japanese one: "データエンジニア、青葉システム株式会社、東京".
        "，", "、",
    ] {
        if let Some((title, rest)) = head.split_once(separator) {
            if separator == ", " && legal_form(rest) {
                // "Nara Logics, Inc": one name with its legal form, not a title and an employer.
                continue;
            }
            let (org, more) = match rest.split_once(separator) {
                Some((org, more)) if place.is_none() => (org, Some(clean_part(more))),
                // "Title\tEmployer · City": the cell after the tab holds the last two parts,
                // set apart by a middle dot (a PDF's table cell, its place after the name).
                _ if separator == "\t" && place.is_none() && rest.contains(" · ") => {
                    let (org, more) = rest.rsplit_once(" · ").expect("checked");
                    (org, Some(clean_part(more)))
                }
                _ => (rest, None),
            };
            let (title, org, more) = match name_and_place(title) {
                // `Employer, City — Title` (Google Docs templates), `School, City — Degree`:
                // after the dash the words of a job or a degree, before it none.
                Some((t, o))
                    if separator != ", "
                        && more.is_none()
                        && place.is_none()
                        && (is_job(org) || is_degree(org))
                        && !is_job(t)
                        && !is_degree(t) =>
                {
                    (clean_part(org), clean_part(t), Some(clean_part(o)))
                }
                // `Title, Org — Place`
                Some((t, o))
                    if separator != ", " && more.is_none() && place.is_none() && !legal_form(o) =>
                {
                    (clean_part(t), clean_part(o), Some(clean_part(org)))
                }
                _ => (clean_part(title), clean_part(org), more),
            };
            // `ACME CORP, Engineer`: the name in capitals is the organisation.
            // (A degree in capitals, `HND, Business`, is not.)
            let (title, org) = if is_capitals(&title) && !is_capitals(&org) && !is_degree(&title) {
                (org, title)
            } else {
                (title, org)
            };
            return (
                (!title.is_empty()).then_some(title),
                (!org.is_empty()).then_some(org),
                place.or(more).filter(|p| !p.is_empty()),
            );
        }
    }
    let title = clean_part(head);
    let title = title.strip_prefix('(').unwrap_or(&title).to_string();
    (
        (!title.is_empty()).then_some(title),
        None,
        place.filter(|p| !p.is_empty()),
    )
}

/// `Nara Logics, Inc, Boston` into the name with its legal form and the place after it; `None`
/// without a place.
fn name_and_place(text: &str) -> Option<(&str, &str)> {
    let mut end = 0;
    for (at, _) in text.match_indices(", ") {
        if at < end {
            continue;
        }
        let rest = &text[at + 2..];
        let part = rest.split(", ").next().unwrap_or(rest);
        if legal_form(part) {
            end = at + 2 + part.len();
            continue;
        }
        return Some((&text[..at], rest));
    }
    None
}

/// A company's legal form alone ("Inc", "LLC", "GmbH", "S.A."): what follows a name's comma
/// without being another name.
fn legal_form(part: &str) -> bool {
    let key: String = part
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ')
        .collect();
    [
        "inc", "llc", "llp", "ltd", "ltda", "gmbh", "ag", "sa", "sas", "sarl", "sl", "srl", "bv",
        "nv", "plc", "corp", "co", "pty ltd", "sp z oo", "kg", "oy", "ab", "as",
    ]
    .contains(&key.as_str())
}

pub(super) fn is_capitals(text: &str) -> bool {
    let letters: Vec<char> = text.chars().filter(|c| c.is_alphabetic()).collect();
    letters.len() >= 2 && letters.iter().all(|c| c.is_uppercase())
}

pub(super) fn split_keywords(text: &str) -> Vec<String> {
    text.split([',', '，', '、', ';', '；', '|', '·', '\t'])
        .map(|k| clean_part(&plain(k)))
        .filter(|k| !k.is_empty())
        .collect()
}

/// A line of keywords, not of sentences: each item (between commas, `·`, tabs) at most four
/// words, no date and no sentence end ("Kafka · Spark · dbt", "AWS", "- Rust, Go").
pub(super) fn keyword_line(line: &str) -> bool {
    let text = plain(bullet(line).unwrap_or(line));
    let items = split_keywords(&text);
    !items.is_empty()
        && find_range(&text).is_none()
        && !text.trim_end().ends_with(['.', '!', '?', '。', '！', '？'])
        && items.iter().all(|k| k.split_whitespace().count() <= 4)
}

/// A list inside one cell of a row: `Kafka · Spark`, `Python, SQL`.
pub(super) fn holds_list(cell: &str) -> bool {
    cell.contains(['·', ',', '，', '、', ';', '|'])
}

pub(super) fn is_phone(text: &str) -> bool {
    let digits = text.chars().filter(char::is_ascii_digit).count();
    (7..=16).contains(&digits)
        && super::dates::parse_range(text).is_none()
        && text
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '+' | '(' | ')' | '-' | '.' | ' '))
}

/// A URL or a bare `github.com/x` as a profile (network named for known sites) or homepage.
pub(super) fn profile(text: &str, number: usize) -> Option<Profile> {
    let lower = text.to_lowercase();
    let is_url = lower.starts_with("http")
        || lower.starts_with("www.")
        || (lower.contains(".com/") || lower.contains(".io") || lower.contains(".me"))
            && !lower.contains(' ');
    if !is_url {
        return None;
    }
    let network = [
        ("github", "GitHub"),
        ("linkedin", "LinkedIn"),
        ("gitlab", "GitLab"),
        ("twitter", "Twitter"),
        ("x.com", "X"),
        ("stackoverflow", "Stack Overflow"),
    ]
    .iter()
    .find(|(needle, _)| lower.contains(needle))
    .map(|(_, name)| name.to_string());
    let username = network.as_ref().and_then(|_| {
        text.trim_end_matches('/')
            .rsplit('/')
            .next()
            .map(str::to_string)
    });
    Some(Profile {
        network,
        username,
        url: Some(text.to_string()),
        line: Some(number),
    })
}

/// "Network: username URL", one profile spelled out (how the JSON Resume import writes a profile
/// whose URL does not spell its username): the label is the network. `None` for anything else.
pub(super) fn labelled_profile(part: &str, number: usize) -> Option<Profile> {
    let (label, value) = part.split_once([':', '：'])?;
    let label = label.trim();
    let short_name = (1..=24).contains(&label.chars().count())
        && label.split_whitespace().count() <= 2
        && !label.contains(['/', '@', '.']);
    let [user, url] = value.split_whitespace().collect::<Vec<_>>()[..] else {
        return None;
    };
    let found = profile(url, number)?;
    if !short_name || user.contains('/') || profile(user, number).is_some() {
        return None;
    }
    Some(Profile {
        network: Some(label.to_string()),
        username: Some(user.to_string()),
        ..found
    })
}

/// A contact value without a short label before it ("M", "Tel.", "Mobile"): up to six letters.
pub(super) fn without_icon_label(value: &str) -> &str {
    match value.split_once(' ') {
        Some((label, rest))
            if (1..=6).contains(&label.trim_end_matches(['.', ':']).chars().count())
                && label
                    .trim_end_matches(['.', ':'])
                    .chars()
                    .all(char::is_alphabetic) =>
        {
            rest.trim()
        }
        _ => value,
    }
}

/// One or two capital letters standing alone among contact details: the letter moderncv writes
/// for an icon ("M", "E", "W"), not text.
pub(super) fn icon_letter(part: &str) -> bool {
    let part = part.trim();
    (1..=2).contains(&part.chars().count()) && part.chars().all(char::is_uppercase)
}

/// Written as a name: its words of four letters or more all start with a capital ("Nordhavn
/// Retail Group", "Ayuntamiento de Villaclara"), and it has some; a sentence does not.
pub(super) fn capitalised_name(text: &str) -> bool {
    let long: Vec<&str> = text
        .split_whitespace()
        .filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 4)
        .collect();
    !long.is_empty()
        && long.iter().all(|w| {
            w.chars()
                .find(|c| c.is_alphabetic())
                .is_some_and(char::is_uppercase)
        })
}

/// A text ending in a word that joins it to the next ("of", "and", "für", "de"): a name cut
/// where it wrapped ("Chalmers Institute of").
pub fn ends_with_joining_word(text: &str) -> bool {
    const JOINING: &[&str] = &[
        "of", "and", "for", "the", "&", "de", "des", "du", "la", "der", "die", "für", "und", "y",
        "e", "di", "del", "i", "w", "at", "in", "@",
    ];
    text.split_whitespace()
        .last()
        .is_some_and(|w| JOINING.contains(&w.to_lowercase().as_str()))
}

#[cfg(test)]
mod tests {
    use super::{clean_part, split_title};

    #[test]
    fn a_tab_cell_with_a_middle_dot_holds_a_name_and_its_place() {
        assert_eq!(
            split_title("Kestrel Rail\tLead Analyst · York"),
            (
                Some("Kestrel Rail".to_string()),
                Some("Lead Analyst".to_string()),
                Some("York".to_string())
            )
        );
        // Without a tab, the middle dot is the separator itself.
        assert_eq!(
            split_title("Lead Analyst · Kestrel Rail"),
            (
                Some("Lead Analyst".to_string()),
                Some("Kestrel Rail".to_string()),
                None
            )
        );
    }

    #[test]
    fn an_abbreviation_keeps_its_closing_dot() {
        assert_eq!(
            clean_part("Nordhaven Trasporti S.p.A."),
            "Nordhaven Trasporti S.p.A."
        );
        assert_eq!(clean_part(", Valmora Dati S.r.l. |"), "Valmora Dati S.r.l.");
        assert_eq!(clean_part("Kestrel Freight B.V.\t"), "Kestrel Freight B.V.");
        // A sentence's or a list's closing dot is still cut, and so are the separators.
        assert_eq!(clean_part("Data Analyst."), "Data Analyst");
        assert_eq!(clean_part("— Ledger Works ·"), "Ledger Works");
        assert_eq!(clean_part("version 2.0."), "version 2.0");
        assert_eq!(clean_part("..."), "");
    }
}
