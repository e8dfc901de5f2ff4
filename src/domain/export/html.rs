//! The resume as HTML for printing. Every character of the resume is escaped before any markup is
//! added, so a resume containing `<script>` prints those characters and runs nothing; links are
//! made only from `http(s)://` and `mailto:` addresses. The standalone page also carries a CSP
//! that allows no script at all, in case it is opened from disk.

/// Print CSS: margins that suit A4 and US Letter alike (the printer's paper size is kept), a
/// serif body, no page break inside an entry heading.
pub const PRINT_CSS: &str = "@page{size:auto;margin:16mm 18mm}\
*{box-sizing:border-box}\
body{margin:0;color:#111;background:#fff;font:10.5pt/1.45 Georgia,'Times New Roman',serif}\
.resume{max-width:180mm;margin:0 auto;padding:8mm 0}\
@media print{.resume{max-width:none;padding:0}}\
h1{font-size:20pt;margin:0 0 2mm}\
h2{font-size:12.5pt;margin:5mm 0 1.5mm;padding-bottom:0.5mm;border-bottom:0.3mm solid #999;text-transform:uppercase;letter-spacing:0.04em}\
h3{font-size:11pt;margin:3mm 0 1mm}\
h1,h2,h3{break-after:avoid;page-break-after:avoid}\
p{margin:0 0 1.5mm}\
ul{margin:0 0 2mm;padding-left:5mm}\
li{margin:0 0 0.6mm;break-inside:avoid}\
.split{display:flex;justify-content:space-between;gap:4mm}\
a{color:inherit;text-decoration:none}";

use super::render::Block;

/// `&`, `<`, `>`, `"` and `'` as entities.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The resume as an HTML fragment, written from its structured form (name, sections, entries
/// with dates on the right, paragraphs re-joined across the source's line wraps). When the
/// structured form would leave out part of the text, the text itself is rendered instead
/// ([`text_html`]), so a print never loses words.
pub fn resume_html(text: &str) -> String {
    let resume = crate::domain::structured::from_any(text);
    let blocks = super::render::blocks(&resume);
    if super::coverage::text_share(text, &super::render::markdown(&blocks)) >= super::KEEP_SHARE {
        blocks_html(&blocks)
    } else {
        text_html(text)
    }
}

/// Rendered blocks as HTML, every text escaped.
pub(super) fn blocks_html(blocks: &[Block]) -> String {
    let mut out = String::new();
    for block in blocks {
        match block {
            Block::Name(name) => out.push_str(&format!("<h1>{}</h1>\n", inline(name))),
            Block::Heading(title) => out.push_str(&format!("<h2>{}</h2>\n", inline(title))),
            Block::Entry(left, dates) if dates.is_empty() => {
                out.push_str(&format!("<h3>{}</h3>\n", inline(left)))
            }
            Block::Entry(left, dates) => out.push_str(&format!(
                "<h3 class=\"split\"><span>{}</span><span>{}</span></h3>\n",
                inline(left),
                inline(dates)
            )),
            Block::Paragraph(text) => out.push_str(&format!("<p>{}</p>\n", inline(text))),
            Block::Bullets(items) => {
                out.push_str("<ul>\n");
                for item in items {
                    out.push_str(&format!("<li>{}</li>\n", inline(item)));
                }
                out.push_str("</ul>\n");
            }
        }
    }
    out
}

/// The resume text (Markdown-ish) as an HTML fragment: `#`–`###` headings, `-`/`*`/`•` lists,
/// paragraphs, `**bold**`, links; a line with a tab (title, then dates) is split left and right.
/// A line that continues the one above across a wrap ([`wraps`]) joins its paragraph or item.
pub(super) fn text_html(text: &str) -> String {
    let mut out = String::new();
    let mut in_list = false;
    // The open paragraph or list item, and the last line it got.
    let mut open: Option<(&str, String, String)> = None;
    let close = |open: &mut Option<(&str, String, String)>, out: &mut String| {
        if let Some((tag, body, _)) = open.take() {
            out.push_str(&format!("<{tag}>{}</{tag}>\n", inline(&body)));
        }
    };
    for raw in crate::domain::import::tidy(text).lines() {
        let line = raw.trim();
        let item = ["- ", "* ", "+ ", "• "]
            .iter()
            .find_map(|m| line.strip_prefix(m));
        let level = line.chars().take_while(|c| *c == '#').count();
        let heading = (1..=6).contains(&level) && line[level..].starts_with(' ');
        let plain = !line.is_empty() && item.is_none() && !heading && !raw.contains('\t');
        if plain {
            if let Some((_, body, last)) = open
                .as_mut()
                .filter(|(_, _, last)| super::render::wraps(last, line))
            {
                super::render::join_wrapped(body, line);
                *last = line.to_string();
                continue;
            }
        }
        close(&mut open, &mut out);
        if in_list && item.is_none() {
            out.push_str("</ul>\n");
            in_list = false;
        }
        if line.is_empty() {
            continue;
        }
        if let Some(item) = item {
            if !in_list {
                out.push_str("<ul>\n");
                in_list = true;
            }
            open = Some(("li", item.to_string(), item.to_string()));
            continue;
        }
        if heading {
            let tag = format!("h{}", level.min(3));
            let heading = line[level..].trim();
            match heading.split_once('\t') {
                Some((left, right)) => out.push_str(&format!(
                    "<{tag} class=\"split\"><span>{}</span><span>{}</span></{tag}>\n",
                    inline(left.trim()),
                    inline(right.trim())
                )),
                None => out.push_str(&format!("<{tag}>{}</{tag}>\n", inline(heading))),
            }
        } else if let Some((left, right)) = raw.split_once('\t') {
            out.push_str(&format!(
                "<p class=\"split\"><span>{}</span><span>{}</span></p>\n",
                inline(left.trim()),
                inline(right.trim())
            ));
        } else {
            open = Some(("p", line.to_string(), line.to_string()));
        }
    }
    close(&mut open, &mut out);
    if in_list {
        out.push_str("</ul>\n");
    }
    out
}

/// A complete page to print or keep: the fragment, the print CSS, a title, no script.
pub fn print_page_html(text: &str, title: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{PRINT_CSS}</style>\n</head>\n<body>\n<main class=\"resume\">\n{}</main>\n</body>\n</html>\n",
        escape(title),
        resume_html(text)
    )
}

/// One line's inline markup, escaped first: `**bold**`, `[text](url)`, bare URLs and emails.
fn inline(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("**") {
            if let Some(end) = after.find("**") {
                out.push_str(&format!("<strong>{}</strong>", links(&after[..end])));
                rest = &after[end + 2..];
                continue;
            }
        }
        // Up to the next "**" after the first character (which may be more than one byte).
        let first = rest.chars().next().map_or(1, char::len_utf8);
        let next = rest[first..].find("**").map_or(rest.len(), |i| i + first);
        out.push_str(&links(&rest[..next]));
        rest = &rest[next..];
    }
    out
}

/// Escaped text with `[text](url)`, bare `http(s)://` URLs and emails as links.
fn links(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let Some((label, url, len)) = markdown_link(&rest[open..]) else {
            out.push_str(&bare_links(&rest[..=open]));
            rest = &rest[open + 1..];
            continue;
        };
        out.push_str(&bare_links(&rest[..open]));
        match safe_href(url) {
            Some(href) => out.push_str(&format!(
                "<a href=\"{}\">{}</a>",
                escape(&href),
                escape(label)
            )),
            None => out.push_str(&escape(&rest[open..open + len])),
        }
        rest = &rest[open + len..];
    }
    out.push_str(&bare_links(rest));
    out
}

/// `[label](url)` at the start of `text`: label, url, length in bytes.
fn markdown_link(text: &str) -> Option<(&str, &str, usize)> {
    let close = text.find("](")?;
    let end = text[close..].find(')')? + close;
    Some((&text[1..close], &text[close + 2..end], end + 1))
}

fn bare_links(text: &str) -> String {
    text.split_inclusive(char::is_whitespace)
        .map(|word| {
            let trimmed = word.trim_end();
            let core = trimmed.trim_end_matches(['.', ',', ';', ')']);
            let tail = &word[core.len()..];
            let href = if core.contains("://") {
                safe_href(core)
            } else if core.contains('@') && core.contains('.') && !core.starts_with('@') {
                Some(format!("mailto:{core}"))
            } else {
                None
            };
            match href {
                Some(href) => format!(
                    "<a href=\"{}\">{}</a>{}",
                    escape(&href),
                    escape(core),
                    escape(tail)
                ),
                None => escape(word),
            }
        })
        .collect()
}

/// Only web and mail links; `javascript:` and the like stay text.
fn safe_href(url: &str) -> Option<String> {
    let url = url.trim();
    let lower = url.to_ascii_lowercase();
    (lower.starts_with("https://") || lower.starts_with("http://") || lower.starts_with("mailto:"))
        .then(|| url.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn structure_becomes_elements() {
        let html = text_html("# Ada Quill\nada@example.org · https://ada.dev\n\n## Experience\n### Engineer — Acme\tMar 2019 – Present\n- Cut **batch time** 40%\n- Led 3\nClosing line");
        assert_eq!(
            html,
            "<h1>Ada Quill</h1>\n\
             <p><a href=\"mailto:ada@example.org\">ada@example.org</a> · <a href=\"https://ada.dev\">https://ada.dev</a></p>\n\
             <h2>Experience</h2>\n\
             <h3 class=\"split\"><span>Engineer — Acme</span><span>Mar 2019 – Present</span></h3>\n\
             <ul>\n<li>Cut <strong>batch time</strong> 40%</li>\n<li>Led 3</li>\n</ul>\n\
             <p>Closing line</p>\n"
        );
    }

    #[test]
    fn markup_in_the_resume_is_text() {
        let html = print_page_html(
            "# <script>alert(1)</script>\n- <img src=x onerror=alert(2)>\n[click](javascript:alert(3)) \"quoted\" & 'single'\n**<b>bold</b>**",
            "</title><script>alert(4)</script>",
        );
        assert!(!html.contains("<script>"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(!html.contains("href=\"javascript"), "{html}");
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(html.contains("&quot;quoted&quot; &amp; &#39;single&#39;"));
        assert!(html.contains("<strong>&lt;b&gt;bold&lt;/b&gt;</strong>"));
        assert!(html.contains("default-src 'none'"));
        assert!(html.contains("@page{size:auto;margin:16mm 18mm}"));
    }

    #[test]
    fn a_tabbed_line_splits_left_and_right() {
        assert_eq!(
            text_html("Engineer, Acme\t2019 – 2023"),
            "<p class=\"split\"><span>Engineer, Acme</span><span>2019 – 2023</span></p>\n"
        );
    }

    #[test]
    fn multibyte_text_next_to_bold_is_fine() {
        assert_eq!(
            text_html("简历 **技能** é"),
            "<p>简历 <strong>技能</strong> é</p>\n"
        );
    }

    #[test]
    fn markdown_links_keep_their_label() {
        assert_eq!(
            text_html("See [my site](https://a.example) [x] y"),
            "<p>See <a href=\"https://a.example\">my site</a> [x] y</p>\n"
        );
    }
}
