//! YAML front matter (`---\ntitle: …\n---`) at the top of a pasted job description or Markdown
//! file: metadata, not text. Left in, its `---` became a run's title ("--- (26)") and its keys
//! ("tags: [frontend]") were read as the posting's words.

/// The front matter's `title:` (when it has one) and the text after it. A text without front
/// matter (no `---` first line, or no closing `---`/`...` line) comes back whole.
pub fn split(text: &str) -> (Option<String>, &str) {
    let start = text.trim_start_matches('\u{feff}');
    let mut lines = start.split_inclusive('\n');
    let Some(first) = lines.next() else {
        return (None, text);
    };
    if first.trim_end() != "---" {
        return (None, text);
    }
    let mut title = None;
    let mut consumed = first.len();
    for line in lines {
        consumed += line.len();
        let trimmed = line.trim_end();
        if trimmed == "---" || trimmed == "..." {
            return (title, &start[consumed..]);
        }
        if title.is_none() {
            title = key_value(trimmed, "title");
        }
    }
    (None, text)
}

/// `key: value` with the value's quotes removed; `None` for another key or an empty value.
fn key_value(line: &str, key: &str) -> Option<String> {
    let (name, value) = line.split_once(':')?;
    let value = value.trim().trim_matches(['"', '\'']).trim();
    (name.trim().eq_ignore_ascii_case(key) && !value.is_empty()).then(|| value.to_string())
}

/// A run's title from a job description or target role: the front matter's title, else the
/// first non-empty line after it, without a Markdown heading's `#` marks; at most 70 characters
/// (an ellipsis says it was cut).
pub fn title_line(text: &str) -> Option<String> {
    let (title, body) = split(text);
    let line = title.or_else(|| {
        body.lines()
            .map(|l| l.trim().trim_start_matches('#').trim())
            .find(|l| !l.is_empty())
            .map(str::to_string)
    })?;
    let mut out: String = line.chars().take(70).collect();
    if line.chars().count() > 70 {
        out.push('…');
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_matter_gives_its_title_and_the_body_after_it() {
        let text = "---\ntitle: \"Frontend Engineer\"\ntags: [frontend]\n---\n\n# Frontend Engineer\nBody\n";
        let (title, body) = split(text);
        assert_eq!(title.as_deref(), Some("Frontend Engineer"));
        assert_eq!(body, "\n# Frontend Engineer\nBody\n");
        assert_eq!(title_line(text).as_deref(), Some("Frontend Engineer"));
    }

    #[test]
    fn front_matter_without_a_title_gives_the_first_line_after_it() {
        let text = "---\ncompany: Pellucid\n...\nSenior SRE — Kestrel\nmore";
        assert_eq!(split(text).0, None);
        assert_eq!(title_line(text).as_deref(), Some("Senior SRE — Kestrel"));
        // Windows line ends.
        let crlf = "---\r\ntitle: Data Engineer\r\n---\r\nBody";
        assert_eq!(split(crlf), (Some("Data Engineer".to_string()), "Body"));
    }

    #[test]
    fn a_markdown_heading_titles_the_run_without_its_marks() {
        assert_eq!(
            title_line("# Senior Backend Engineer — Larkspur Freight\n\n## About us\n").as_deref(),
            Some("Senior Backend Engineer — Larkspur Freight")
        );
        assert_eq!(
            title_line("##\n\nData Engineer").as_deref(),
            Some("Data Engineer")
        );
    }

    #[test]
    fn text_without_front_matter_is_left_whole() {
        for text in [
            "Senior SRE\n---\nRequirements",
            "---\ntitle: never closed\nGo",
            "--- not a fence\ntitle: x\n---\n",
            "",
        ] {
            assert_eq!(split(text), (None, text), "{text:?}");
        }
        assert_eq!(
            title_line("\n\n  Backend Engineer  \nGo").as_deref(),
            Some("Backend Engineer")
        );
        assert_eq!(title_line("  \n"), None);
        let long = "x".repeat(80);
        assert_eq!(title_line(&long).unwrap().chars().count(), 71);
    }
}
