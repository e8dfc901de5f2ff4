//! Reading structure back out of resume text, for JSON Resume: entries (a heading line, summary
//! lines, bullet highlights), dates in the forms resumes write them, and contact details.

/// One job, degree or project as written: its heading line, plain lines and bullets.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Entry {
    pub heading: String,
    pub lines: Vec<String>,
    pub bullets: Vec<String>,
}

/// A section body split into entries. `###` headings start entries when there are any; else a
/// plain line after bullets or a blank line does.
pub(super) fn split_entries(body: &str) -> Vec<Entry> {
    let has_h3 = body.lines().any(|l| l.trim_start().starts_with("### "));
    let mut entries: Vec<Entry> = Vec::new();
    let mut boundary = true;
    for raw in body.lines() {
        let line = raw.trim();
        if line.is_empty() {
            boundary = !has_h3;
            continue;
        }
        if let Some(item) = bullet(line) {
            match entries.last_mut() {
                Some(entry) => entry.bullets.push(item),
                None => entries.push(Entry {
                    bullets: vec![item],
                    ..Entry::default()
                }),
            }
            boundary = !has_h3;
            continue;
        }
        let starts = if has_h3 {
            line.starts_with("### ")
        } else {
            boundary
        };
        if starts || entries.is_empty() {
            entries.push(Entry {
                heading: strip_marks(line.trim_start_matches('#').trim()),
                ..Entry::default()
            });
        } else if let Some(entry) = entries.last_mut() {
            entry.lines.push(strip_marks(line));
        }
        boundary = false;
    }
    entries
}

/// A list item's text (`- x`, `* x`, `+ x`, `• x`), or `None`.
pub(super) fn bullet(line: &str) -> Option<String> {
    let line = line.trim_start();
    ["- ", "* ", "+ ", "• "]
        .iter()
        .find_map(|m| line.strip_prefix(m))
        .map(|rest| strip_marks(rest.trim()))
}

/// Markdown emphasis off (`**x**`, `__x__`).
pub(super) fn strip_marks(text: &str) -> String {
    text.replace("**", "").replace("__", "").trim().to_string()
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// A date the JSON Resume schema accepts (`YYYY` or `YYYY-MM`) from one token group such as
/// "2019", "Mar 2019", "March 2019", "2019-03", "03/2019", "2019.03", "2019年3月".
fn parse_date(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    let digits: Vec<(usize, String)> = {
        let mut out = Vec::new();
        let mut current = String::new();
        let mut start = 0;
        for (i, c) in lower.char_indices() {
            if c.is_ascii_digit() {
                if current.is_empty() {
                    start = i;
                }
                current.push(c);
            } else if !current.is_empty() {
                out.push((start, std::mem::take(&mut current)));
            }
        }
        if !current.is_empty() {
            out.push((start, current));
        }
        out
    };
    let (year_index, year) = digits
        .iter()
        .enumerate()
        .find(|(_, (_, d))| d.len() == 4 && (d.starts_with("19") || d.starts_with("20")))
        .map(|(i, (_, d))| (i, d.clone()))?;
    let numeric_month = [year_index.checked_sub(1), Some(year_index + 1)]
        .into_iter()
        .flatten()
        .filter_map(|i| digits.get(i))
        .find_map(|(_, d)| {
            d.parse::<u8>()
                .ok()
                .filter(|m| (1..=12).contains(m) && d.len() <= 2)
        });
    let named_month = MONTHS
        .iter()
        .position(|m| lower.contains(m))
        .map(|i| i as u8 + 1);
    Some(match named_month.or(numeric_month) {
        Some(month) => format!("{year}-{month:02}"),
        None => year,
    })
}

/// Start and end dates found in a heading, and the heading without them. "Present", "current",
/// "now" and "至今" leave the end open.
pub(super) fn dates(heading: &str) -> (Option<String>, Option<String>, String) {
    // Dates sit in parentheses, after a tab, or after the last separator.
    let candidates = [
        heading
            .rfind('(')
            .map(|i| (i, heading[i..].trim_end_matches(')').to_string())),
        heading.find('\t').map(|i| (i, heading[i..].to_string())),
        [" | ", " · ", ", ", " — ", " – "]
            .iter()
            .filter_map(|sep| heading.rfind(sep))
            .max()
            .map(|i| (i, heading[i..].to_string())),
    ];
    for (at, tail) in candidates.into_iter().flatten() {
        let parts: Vec<&str> = tail
            .split(['–', '—', '~', '至'])
            .flat_map(|p| p.split(" - "))
            .flat_map(|p| p.split(" to "))
            .collect();
        let start = parts.first().and_then(|p| parse_date(p));
        if start.is_none() {
            continue;
        }
        let end = parts.get(1).and_then(|p| parse_date(p));
        let rest = heading[..at]
            .trim()
            .trim_end_matches([',', '|', '·', '—', '–', '-'])
            .trim()
            .to_string();
        return (start, end, rest);
    }
    (None, None, heading.trim().to_string())
}

/// "Title — Place", "Title at Place", "Title | Place", "Title, Place": the two halves.
pub(super) fn split_title(text: &str) -> (String, Option<String>) {
    for sep in [" — ", " – ", " | ", " at ", " @ ", " - ", ", "] {
        if let Some((left, right)) = text.split_once(sep) {
            if !left.trim().is_empty() && !right.trim().is_empty() {
                return (left.trim().to_string(), Some(right.trim().to_string()));
            }
        }
    }
    (text.trim().to_string(), None)
}

/// Email, phone and web addresses found in some lines.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Contact {
    pub email: Option<String>,
    pub phone: Option<String>,
    pub urls: Vec<String>,
}

pub(super) fn contact(text: &str) -> Contact {
    let text = &unlink(text);
    let mut found = Contact::default();
    let trim = |w: &str| {
        w.trim_matches(|c: char| "()<>[],;|·".contains(c) || c.is_whitespace())
            .to_string()
    };
    for word in text.split(|c: char| c.is_whitespace() || c == '|' || c == '·') {
        let word = trim(word.trim_start_matches("mailto:"));
        let lower = word.to_lowercase();
        if found.email.is_none() && is_email(&word) {
            found.email = Some(word);
        } else if lower.starts_with("http://") || lower.starts_with("https://") {
            found.urls.push(word);
        } else if lower.starts_with("www.")
            || ["linkedin.com/", "github.com/", "gitlab.com/"]
                .iter()
                .any(|d| lower.starts_with(d))
        {
            found.urls.push(format!("https://{word}"));
        }
    }
    // Phones: the first run of digits, spaces and + ( ) - . with 7 to 15 digits, outside
    // addresses (a LinkedIn URL is full of digits).
    let without_addresses: Vec<String> = text
        .lines()
        .map(|line| {
            line.split(' ')
                .filter(|w| {
                    let w = w.to_lowercase();
                    !(w.contains("://")
                        || w.contains('@')
                        || w.starts_with("www.")
                        || w.contains(".com/"))
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    for line in &without_addresses {
        let mut run = String::new();
        for c in line.chars().chain(std::iter::once('x')) {
            if c.is_ascii_digit() || " +()-.".contains(c) {
                run.push(c);
                continue;
            }
            let digits = run.chars().filter(char::is_ascii_digit).count();
            if found.phone.is_none() && (7..=15).contains(&digits) && !looks_like_years(&run) {
                found.phone = Some(run.trim().trim_matches(['-', '.']).trim().to_string());
            }
            run.clear();
        }
    }
    found
}

/// `[label](url)` as `label url`, so both are seen.
fn unlink(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(mid) = rest.find("](") {
        let (Some(open), Some(close)) = (rest[..mid].rfind('['), rest[mid..].find(')')) else {
            break;
        };
        out.push_str(&rest[..open]);
        out.push_str(&rest[open + 1..mid]);
        out.push(' ');
        out.push_str(&rest[mid + 2..mid + close]);
        rest = &rest[mid + close + 1..];
    }
    out.push_str(rest);
    out
}

fn is_email(word: &str) -> bool {
    let Some((user, domain)) = word.split_once('@') else {
        return false;
    };
    !user.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && word.chars().all(|c| !c.is_whitespace())
}

/// "2019 - 2023" is a period, not a phone number.
fn looks_like_years(run: &str) -> bool {
    let groups: Vec<&str> = run
        .split(|c: char| !c.is_ascii_digit())
        .filter(|g| !g.is_empty())
        .collect();
    groups.len() == 2 && groups.iter().all(|g| g.len() == 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_the_forms_resumes_use() {
        let cases = [
            (
                "Engineer — Acme (2019 – 2023)",
                Some("2019"),
                Some("2023"),
                "Engineer — Acme",
            ),
            (
                "Engineer, Acme\tMar 2019 – Present",
                Some("2019-03"),
                None,
                "Engineer, Acme",
            ),
            (
                "Analyst | Lumen | 03/2018 - 11/2020",
                Some("2018-03"),
                Some("2020-11"),
                "Analyst | Lumen",
            ),
            (
                "工程师 — 腾讯 (2019.07 至 2021.05)",
                Some("2019-07"),
                Some("2021-05"),
                "工程师 — 腾讯",
            ),
            ("Intern at Foo", None, None, "Intern at Foo"),
        ];
        for (heading, start, end, rest) in cases {
            let (s, e, r) = dates(heading);
            assert_eq!((s.as_deref(), r.as_str()), (start, rest), "{heading}");
            assert_eq!(e.as_deref(), end, "{heading}");
        }
    }

    #[test]
    fn entries_by_h3_or_by_blocks() {
        let h3 = "### Dev — A (2020)\nDid things\n- one\n- two\n\n### Ops — B\n- three\n";
        let entries = split_entries(h3);
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].heading, "Dev — A (2020)");
        assert_eq!(entries[0].lines, ["Did things"]);
        assert_eq!(entries[0].bullets, ["one", "two"]);

        let blocks = "Research Assistant\tJune 2022 – Present\nState University\n- Analyzed data\n**Intern**\tJun 2021\nBlueWave\n";
        let entries = split_entries(blocks);
        assert_eq!(entries.len(), 2, "{entries:?}");
        assert_eq!(entries[1].heading, "Intern\tJun 2021");
        assert_eq!(entries[1].lines, ["BlueWave"]);
    }

    #[test]
    fn contact_details() {
        let found = contact(
            "ada@example.org | +1 (555) 010-0199 | linkedin.com/in/ada | https://ada.dev\n2019 - 2023",
        );
        assert_eq!(found.email.as_deref(), Some("ada@example.org"));
        assert_eq!(found.phone.as_deref(), Some("+1 (555) 010-0199"));
        assert_eq!(
            found.urls,
            ["https://linkedin.com/in/ada", "https://ada.dev"]
        );
        assert_eq!(contact("Worked 2019 - 2023").phone, None);
        let linked = contact("* Github: [github.com/x](https://github.com/x)\n* [LinkedIn](https://www.linkedin.com/profile/view?id=126201616)");
        assert_eq!(linked.phone, None);
        assert_eq!(
            linked.urls,
            [
                "https://github.com/x",
                "https://github.com/x",
                "https://www.linkedin.com/profile/view?id=126201616"
            ]
        );
    }

    #[test]
    fn titles_split_at_the_usual_separators() {
        assert_eq!(
            split_title("Engineer — Acme"),
            ("Engineer".into(), Some("Acme".into()))
        );
        assert_eq!(
            split_title("Engineer at Acme"),
            ("Engineer".into(), Some("Acme".into()))
        );
        assert_eq!(split_title("Engineer"), ("Engineer".into(), None));
    }
}
