//! Which paragraph styles are headings or lists. Style ids are localised ("Heading1",
//! "berschrift1", "1"), so a style is known by its name ("heading 1", "Title"), its outline level,
//! or the style it is based on.

use std::collections::HashMap;

use quick_xml::events::Event;
use quick_xml::Reader;

use super::xml::{attr, local};

#[derive(Debug, Default, Clone)]
struct Style {
    name: String,
    outline: Option<u8>,
    list: bool,
    based_on: Option<String>,
}

#[derive(Debug, Default)]
pub(super) struct Styles {
    by_id: HashMap<String, Style>,
}

impl Styles {
    pub(super) fn parse(xml: &str) -> Styles {
        let mut by_id = HashMap::new();
        let mut reader = Reader::from_str(xml);
        let mut current: Option<(String, Style)> = None;
        loop {
            match reader.read_event() {
                Ok(Event::Start(e)) | Ok(Event::Empty(e)) => match local(&e).as_str() {
                    "style" => {
                        if let Some((id, style)) = current.take() {
                            by_id.insert(id, style);
                        }
                        current = attr(&e, "styleId").map(|id| (id, Style::default()));
                    }
                    "name" => set(&mut current, |s| {
                        s.name = attr(&e, "val").unwrap_or_default()
                    }),
                    "basedOn" => set(&mut current, |s| s.based_on = attr(&e, "val")),
                    "outlineLvl" => set(&mut current, |s| {
                        s.outline = attr(&e, "val").and_then(|v| v.parse().ok())
                    }),
                    "numPr" => set(&mut current, |s| s.list = true),
                    _ => {}
                },
                Ok(Event::End(e)) if e.local_name().as_ref() == "style" => {
                    if let Some((id, style)) = current.take() {
                        by_id.insert(id, style);
                    }
                }
                Ok(Event::Eof) | Err(_) => break,
                _ => {}
            }
        }
        Styles { by_id }
    }

    /// The Markdown heading level (1–6) of a paragraph style, if it is a heading.
    pub(super) fn heading_level(&self, style_id: &str) -> Option<u8> {
        self.chain(style_id).find_map(|(id, style)| {
            let name = style.map_or(id.to_ascii_lowercase(), |s| s.name.to_ascii_lowercase());
            let compact = name.replace(' ', "");
            if compact == "title" {
                return Some(1);
            }
            if let Some(n) = compact
                .strip_prefix("heading")
                .and_then(|n| n.parse::<u8>().ok())
            {
                return Some(n.clamp(1, 6));
            }
            style
                .and_then(|s| s.outline)
                .filter(|l| *l < 9)
                .map(|l| (l + 1).min(6))
        })
    }

    /// Whether a paragraph style makes a list item ("List Bullet", "List Paragraph", numbering).
    pub(super) fn is_list(&self, style_id: &str) -> bool {
        self.chain(style_id).any(|(id, style)| {
            let name = style.map_or(id.to_ascii_lowercase(), |s| s.name.to_ascii_lowercase());
            style.is_some_and(|s| s.list) || name.replace(' ', "").starts_with("list")
        })
    }

    /// The style and the ones it is based on, at most 10 deep (a cycle must not hang).
    fn chain<'a>(
        &'a self,
        style_id: &'a str,
    ) -> impl Iterator<Item = (&'a str, Option<&'a Style>)> {
        let mut next = Some(style_id);
        std::iter::from_fn(move || {
            let id = next?;
            let style = self.by_id.get(id);
            next = style.and_then(|s| s.based_on.as_deref());
            Some((id, style))
        })
        .take(10)
    }
}

fn set(current: &mut Option<(String, Style)>, f: impl FnOnce(&mut Style)) {
    if let Some((_, style)) = current {
        f(style);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STYLES: &str = r#"<w:styles xmlns:w="w">
      <w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="heading 1"/></w:style>
      <w:style w:type="paragraph" w:styleId="MyTitle"><w:name w:val="Big"/><w:pPr><w:outlineLvl w:val="1"/></w:pPr></w:style>
      <w:style w:type="paragraph" w:styleId="Derived"><w:name w:val="Job"/><w:basedOn w:val="MyTitle"/></w:style>
      <w:style w:type="paragraph" w:styleId="Bullets"><w:name w:val="My bullets"/><w:pPr><w:numPr><w:numId w:val="3"/></w:numPr></w:pPr></w:style>
      <w:style w:type="paragraph" w:styleId="Loop"><w:name w:val="x"/><w:basedOn w:val="Loop"/></w:style>
    </w:styles>"#;

    #[test]
    fn headings_by_name_outline_or_base_style() {
        let styles = Styles::parse(STYLES);
        assert_eq!(styles.heading_level("berschrift1"), Some(1));
        assert_eq!(styles.heading_level("MyTitle"), Some(2));
        assert_eq!(styles.heading_level("Derived"), Some(2));
        assert_eq!(
            styles.heading_level("Heading3"),
            Some(3),
            "unknown id read by itself"
        );
        assert_eq!(styles.heading_level("Loop"), None);
        assert!(styles.is_list("Bullets"));
        assert!(styles.is_list("ListParagraph"));
        assert!(!styles.is_list("MyTitle"));
    }
}
