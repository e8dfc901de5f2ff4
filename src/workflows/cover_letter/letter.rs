//! The letter as text: the draft the review shows (and grounding's spans refer to), the final
//! Markdown and the HTML fragment, and each paragraph's citations written out.
//!
//! Paragraphs are separated by one blank line; a line break inside a paragraph (a sign-off's
//! "Sincerely,\nName") is kept, as `<br>` in HTML. Every character of the text is escaped before
//! any markup is added, so a letter holding `<script>` shows those characters and runs nothing.

use std::ops::Range;

use super::state::{CitedParagraph, LetterParagraph, LetterRequirement, LetterResumeLine};
use crate::domain::export::escape_html as escape;

/// Between two paragraphs of the draft and of the Markdown.
pub const PARAGRAPH_BREAK: &str = "\n\n";

/// One paragraph's text as the letter holds it: line endings unified, each line trimmed, blank
/// lines and runs of spaces gone (a paragraph never holds a paragraph break).
pub fn tidy(text: &str) -> String {
    text.replace("\r\n", "\n")
        .replace('\r', "\n")
        .lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The draft as one text: what the review shows and grounding's fact spans index.
pub fn draft_text(paragraphs: &[LetterParagraph]) -> String {
    paragraphs
        .iter()
        .map(|p| p.text.as_str())
        .collect::<Vec<_>>()
        .join(PARAGRAPH_BREAK)
}

/// The byte range of each paragraph in [`draft_text`].
pub fn paragraph_ranges(paragraphs: &[LetterParagraph]) -> Vec<Range<usize>> {
    let mut at = 0;
    paragraphs
        .iter()
        .map(|p| {
            let range = at..at + p.text.len();
            at = range.end + PARAGRAPH_BREAK.len();
            range
        })
        .collect()
}

/// The letter as Markdown: its paragraphs, one blank line apart, one newline at the end.
pub fn markdown(paragraphs: &[CitedParagraph]) -> String {
    let mut text = paragraphs
        .iter()
        .map(|p| p.text.as_str())
        .collect::<Vec<_>>()
        .join(PARAGRAPH_BREAK);
    if !text.is_empty() {
        text.push('\n');
    }
    text
}

/// The letter as an HTML fragment: one `<p>` per paragraph, inside `<article class="cover-letter">`.
pub fn html(paragraphs: &[CitedParagraph]) -> String {
    let mut out = String::from("<article class=\"cover-letter\">\n");
    for paragraph in paragraphs {
        let lines: Vec<String> = paragraph.text.lines().map(escape).collect();
        out.push_str(&format!("<p>{}</p>\n", lines.join("<br>\n")));
    }
    out.push_str("</article>\n");
    out
}

/// A complete page to print or keep: the fragment, a title, a CSP that allows no script.
pub fn print_page(fragment: &str, title: &str) -> String {
    format!(
        "<!doctype html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n\
         <title>{}</title>\n<style>{PRINT_CSS}</style>\n</head>\n<body>\n{fragment}</body>\n</html>\n",
        escape(title)
    )
}

const PRINT_CSS: &str = "@page{size:auto;margin:22mm 24mm}\
body{margin:0;color:#111;background:#fff;font:11pt/1.5 Georgia,'Times New Roman',serif}\
.cover-letter{max-width:165mm;margin:0 auto;padding:10mm 0}\
@media print{.cover-letter{max-width:none;padding:0}}\
p{margin:0 0 4mm}";

/// `paragraph` with its text replaced by `text` and its citations written out (unknown ids were
/// dropped when the draft was read, so every id resolves).
pub fn cite(
    paragraph: &LetterParagraph,
    text: String,
    requirements: &[LetterRequirement],
    lines: &[LetterResumeLine],
) -> CitedParagraph {
    CitedParagraph {
        text,
        requirements: paragraph
            .requirements
            .iter()
            .filter_map(|id| requirements.iter().find(|r| &r.id == id).cloned())
            .collect(),
        resume_lines: paragraph
            .resume_lines
            .iter()
            .filter_map(|id| lines.iter().find(|l| &l.id == id).cloned())
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn para(text: &str) -> LetterParagraph {
        LetterParagraph {
            text: text.into(),
            ..LetterParagraph::default()
        }
    }

    #[test]
    fn ranges_index_the_draft_text() {
        let draft = [para("Dear team,"), para("Ich bin 林."), para("Best,\nAnn")];
        let text = draft_text(&draft);
        let ranges = paragraph_ranges(&draft);
        for (p, r) in draft.iter().zip(ranges) {
            assert_eq!(&text[r], p.text);
        }
    }

    #[test]
    fn tidy_keeps_single_line_breaks_only() {
        assert_eq!(
            tidy("  Best,\r\n\r\n   Ann   Lee \n"),
            "Best,\nAnn Lee".to_string()
        );
    }

    #[test]
    fn html_escapes_everything_and_breaks_lines() {
        let letter = [CitedParagraph {
            text: "<script>alert('x')</script> & \"co\"\nAnn".into(),
            ..CitedParagraph::default()
        }];
        let html = html(&letter);
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains(
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;co&quot;<br>\nAnn"
        ));
        let page = print_page(&html, "Letter <1>");
        assert!(page.contains("<title>Letter &lt;1&gt;</title>"));
        assert!(page.contains("default-src 'none'"));
        assert_eq!(markdown(&letter), format!("{}\n", letter[0].text));
    }
}
