//! `word/document.xml` (or a header part) to Markdown lines: heading styles become `#`, list
//! paragraphs `- `, whole-bold short lines `**…**` (or `##` when in capitals, the usual hand-made
//! section heading), tabs stay tabs, line breaks break lines. Tables: a row of short cells is one
//! `a | b | c` line; a row holding paragraphs of text (a two-column layout) is read cell by cell.
//! Text boxes nest paragraphs inside paragraphs, so paragraphs are a stack; `mc:Fallback` repeats
//! a text box for old readers and is skipped, as are tracked deletions (`w:delText` is not `w:t`).

use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};

use super::styles::Styles;
use super::xml::{attr, entity, local};
use crate::domain::import::text::list_marker;
use crate::domain::structured::names_section;

/// Rows whose cells all fit this are read as one `a | b` line.
const COMPACT_CELL_CHARS: usize = 80;

#[derive(Default)]
struct Paragraph {
    text: String,
    style: Option<String>,
    outline: Option<u8>,
    numbered: bool,
    in_ppr: bool,
    in_rpr: bool,
    in_run: bool,
    in_text: bool,
    run_bold: bool,
    run_has_text: bool,
    runs_with_text: usize,
    bold_runs: usize,
}

/// One finished paragraph: its Markdown lines and its plain text.
struct Rendered {
    lines: Vec<String>,
    plain: String,
}

#[derive(Default)]
struct Table {
    cells: Vec<Vec<Rendered>>,
    cell: Vec<Rendered>,
    /// Paragraphs open when the table started (a table in a text box sits inside a paragraph):
    /// a paragraph ending at this depth belongs to the table's open cell.
    depth: usize,
}

#[derive(Default)]
struct Walker<'s> {
    styles: Option<&'s Styles>,
    lines: Vec<String>,
    paragraphs: Vec<Paragraph>,
    tables: Vec<Table>,
}

pub(super) fn to_markdown(xml: &str, styles: &Styles) -> Result<String, String> {
    let mut reader = Reader::from_str(xml);
    let mut walker = Walker {
        styles: Some(styles),
        ..Walker::default()
    };
    loop {
        let event = reader
            .read_event()
            .map_err(|e| format!("bad XML at byte {}: {e}", reader.error_position()))?;
        match event {
            Event::Start(e) => {
                let name = local(&e);
                // Alternate content for old readers, and text moved away (tracked changes).
                if name == "Fallback" || name == "moveFrom" {
                    reader
                        .read_to_end(e.name())
                        .map_err(|e| format!("bad XML: {e}"))?;
                    continue;
                }
                walker.start(&name, &e);
            }
            Event::Empty(e) => {
                let name = local(&e);
                walker.start(&name, &e);
                walker.end(&name);
            }
            Event::End(e) => walker.end(e.local_name().as_ref()),
            Event::Text(t) => walker.text(&t.xml_content(XmlVersion::Implicit1_0)),
            Event::GeneralRef(r) => walker.text(&entity(&r)),
            Event::Eof => break,
            _ => {}
        }
    }
    Ok(walker.lines.join("\n"))
}

impl Walker<'_> {
    fn start(&mut self, name: &str, e: &BytesStart) {
        if name == "p" {
            self.paragraphs.push(Paragraph::default());
            return;
        }
        match name {
            "tbl" => {
                let depth = self.paragraphs.len();
                return self.tables.push(Table {
                    depth,
                    ..Table::default()
                });
            }
            "tr" => return self.with_table(|t| t.cells.clear()),
            "tc" => return self.with_table(|t| t.cell.clear()),
            _ => {}
        }
        let Some(p) = self.paragraphs.last_mut() else {
            return;
        };
        match name {
            "pPr" => p.in_ppr = true,
            "rPr" => p.in_rpr = true,
            "pStyle" if p.in_ppr => p.style = attr(e, "val"),
            "outlineLvl" if p.in_ppr && !p.in_rpr => {
                p.outline = attr(e, "val").and_then(|v| v.parse().ok())
            }
            "numPr" if p.in_ppr => p.numbered = true,
            "r" => {
                p.in_run = true;
                p.run_bold = false;
                p.run_has_text = false;
            }
            "b" if p.in_run && p.in_rpr => {
                p.run_bold = !matches!(attr(e, "val").as_deref(), Some("0" | "false" | "off"))
            }
            "t" if p.in_run => p.in_text = true,
            "tab" if p.in_run && !p.in_rpr => p.text.push('\t'),
            "br" | "cr" if p.in_run => p.text.push('\n'),
            "noBreakHyphen" if p.in_run => p.text.push('-'),
            _ => {}
        }
    }

    fn end(&mut self, name: &str) {
        match name {
            "p" => return self.finish_paragraph(),
            "tc" => {
                return self.with_table(|t| {
                    let cell = std::mem::take(&mut t.cell);
                    t.cells.push(cell);
                })
            }
            "tr" => return self.finish_row(),
            "tbl" => {
                self.tables.pop();
                return self.emit(Rendered {
                    lines: vec![String::new()],
                    plain: String::new(),
                });
            }
            _ => {}
        }
        let Some(p) = self.paragraphs.last_mut() else {
            return;
        };
        match name {
            "pPr" => p.in_ppr = false,
            "rPr" => p.in_rpr = false,
            "t" => p.in_text = false,
            "r" => {
                if p.run_has_text {
                    p.runs_with_text += 1;
                    p.bold_runs += usize::from(p.run_bold);
                }
                p.in_run = false;
            }
            _ => {}
        }
    }

    fn text(&mut self, text: &str) {
        if let Some(p) = self.paragraphs.last_mut().filter(|p| p.in_text) {
            p.text.push_str(text);
            p.run_has_text |= !text.trim().is_empty();
        }
    }

    fn with_table(&mut self, f: impl FnOnce(&mut Table)) {
        if let Some(table) = self.tables.last_mut() {
            f(table);
        }
    }

    fn finish_paragraph(&mut self) {
        let Some(p) = self.paragraphs.pop() else {
            return;
        };
        let rendered = self.render(p);
        self.emit(rendered);
    }

    /// Into the open table cell if there is one, else out as lines.
    fn emit(&mut self, rendered: Rendered) {
        let depth = self.paragraphs.len();
        match self.tables.last_mut() {
            Some(table) if table.depth == depth => table.cell.push(rendered),
            _ => self.lines.extend(rendered.lines),
        }
    }

    fn finish_row(&mut self) {
        let Some(table) = self.tables.last_mut() else {
            return;
        };
        let cells = std::mem::take(&mut table.cells);
        let compact = cells.iter().all(|cell| {
            cell.iter().filter(|r| !r.plain.is_empty()).count() <= 1
                && cell.iter().map(|r| r.plain.chars().count()).sum::<usize>() <= COMPACT_CELL_CHARS
        });
        let row = if compact {
            let texts: Vec<String> = cells
                .iter()
                .map(|cell| {
                    cell.iter()
                        .map(|r| r.plain.as_str())
                        .filter(|t| !t.is_empty())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .filter(|t| !t.is_empty())
                .collect();
            let line = texts.join(" | ");
            Rendered {
                lines: vec![line.clone()],
                plain: line,
            }
        } else {
            let lines: Vec<String> = cells
                .into_iter()
                .flat_map(|cell| {
                    cell.into_iter()
                        .flat_map(|r| r.lines)
                        .chain(std::iter::once(String::new()))
                })
                .collect();
            Rendered {
                plain: lines.join(" "),
                lines,
            }
        };
        // A row of a table inside a table cell belongs to that cell.
        let depth = self.paragraphs.len();
        match self.tables.iter_mut().rev().nth(1) {
            Some(outer) if outer.depth == depth => outer.cell.push(row),
            _ => self.lines.extend(row.lines),
        }
    }

    fn render(&self, p: Paragraph) -> Rendered {
        let text: String = p
            .text
            .lines()
            .map(|l| l.trim_matches(|c: char| c.is_whitespace()))
            .collect::<Vec<_>>()
            .join("\n");
        let plain = text.replace('\n', " ");
        if text.is_empty() {
            return Rendered {
                lines: vec![String::new()],
                plain,
            };
        }
        let styles = self.styles;
        let style = p.style.as_deref().unwrap_or("");
        let level = p
            .outline
            .filter(|l| *l < 9)
            .map(|l| (l + 1).min(6))
            .or_else(|| {
                styles
                    .and_then(|s| s.heading_level(style))
                    .filter(|_| !style.is_empty())
            });
        let list = p.numbered || (!style.is_empty() && styles.is_some_and(|s| s.is_list(style)));
        let all_bold = p.runs_with_text > 0 && p.bold_runs == p.runs_with_text;
        let short = !text.contains('\n') && text.chars().count() <= 60;
        // Set in capitals, the usual hand-made heading. A script without case (Chinese,
        // Japanese) has no capitals: there a bold line is a heading when it names a section,
        // and a job title or a label ("主要成绩：") otherwise.
        let cased: Vec<char> = text
            .chars()
            .filter(|c| c.is_uppercase() || c.is_lowercase())
            .collect();
        let capitals = if cased.is_empty() {
            names_section(&plain)
        } else {
            cased.len() >= 3 && cased.iter().all(|c| c.is_uppercase())
        };
        let lines = if let Some(level) = level {
            vec![
                String::new(),
                format!("{} {plain}", "#".repeat(level.into())),
                String::new(),
            ]
        } else if list {
            vec![format!("- {plain}")]
        } else if all_bold && short && capitals {
            vec![String::new(), format!("## {plain}"), String::new()]
        } else if all_bold && short {
            vec![format!("**{plain}**")]
        } else {
            text.lines().map(list_marker).collect()
        };
        Rendered { lines, plain }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn md(body: &str) -> String {
        let xml = format!(
            r#"<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:mc="mc"><w:body>{body}</w:body></w:document>"#
        );
        let out = to_markdown(&xml, &Styles::default()).unwrap();
        crate::domain::import::text::tidy(&out)
    }

    fn p(inner: &str) -> String {
        format!("<w:p>{inner}</w:p>")
    }

    fn run(text: &str) -> String {
        format!(r#"<w:r><w:t xml:space="preserve">{text}</w:t></w:r>"#)
    }

    #[test]
    fn headings_lists_tabs_breaks_and_entities() {
        let body = [
            p(&format!(r#"<w:pPr><w:pStyle w:val="Heading1"/></w:pPr>{}"#, run("Ada Quill"))),
            p(&format!(
                "{}<w:r><w:tab/><w:t>2019 &amp; on</w:t><w:br/><w:t>next</w:t></w:r>",
                run("Engineer")
            )),
            p(&format!(r#"<w:pPr><w:numPr><w:ilvl w:val="0"/></w:numPr></w:pPr>{}"#, run("Led &lt;3&gt; teams"))),
            p(r#"<w:pPr><w:tabs><w:tab w:val="right" w:pos="9000"/></w:tabs></w:pPr><w:r><w:t>No stray tab</w:t></w:r>"#),
        ]
        .concat();
        assert_eq!(
            md(&body),
            "# Ada Quill\n\nEngineer\t2019 & on\nnext\n- Led <3> teams\nNo stray tab"
        );
    }

    #[test]
    fn bold_lines_become_headings_or_bold() {
        let bold = |t: &str| format!(r#"<w:r><w:rPr><w:b/></w:rPr><w:t>{t}</w:t></w:r>"#);
        let body = [
            p(&bold("EXPERIENCE")),
            p(&bold("Engineer, Acme")),
            p(&format!(
                r#"{}<w:r><w:rPr><w:b w:val="0"/></w:rPr><w:t>plain</w:t></w:r>"#,
                bold("half ")
            )),
        ]
        .concat();
        assert_eq!(md(&body), "## EXPERIENCE\n\n**Engineer, Acme**\nhalf plain");
    }

    #[test]
    fn a_bold_line_in_a_script_without_case_is_a_heading_only_when_it_names_a_section() {
        let bold = |t: &str| {
            p(&format!(
                r#"<w:r><w:rPr><w:b/></w:rPr><w:t>{t}</w:t></w:r>"#
            ))
        };
        let body = [bold("工作经历"), bold("高级后端工程师"), bold("主要成绩：")].concat();
        assert_eq!(
            md(&body),
            "## 工作经历\n\n**高级后端工程师**\n**主要成绩：**"
        );
    }

    #[test]
    fn short_table_rows_are_lines_and_layout_tables_are_read_cell_by_cell() {
        let cell = |paras: &[&str]| {
            format!(
                "<w:tc>{}</w:tc>",
                paras.iter().map(|t| p(&run(t))).collect::<String>()
            )
        };
        let long = "A paragraph long enough that this cell is clearly body text rather than a short value in a grid.";
        let body = format!(
            "<w:tbl><w:tr>{}{}</w:tr><w:tr>{}{}</w:tr></w:tbl>{}",
            cell(&["Rust"]),
            cell(&["5 years"]),
            cell(&["Skills", "Go"]),
            cell(&[long]),
            p(&run("after"))
        );
        assert_eq!(
            md(&body),
            format!("Rust | 5 years\nSkills\nGo\n\n{long}\n\nafter")
        );
    }

    #[test]
    fn text_boxes_are_read_once_and_deletions_skipped() {
        let text_box = format!(
            r#"<w:r><mc:AlternateContent><mc:Choice><w:drawing><w:txbxContent>{}</w:txbxContent></w:drawing></mc:Choice><mc:Fallback><w:pict><w:txbxContent>{}</w:txbxContent></w:pict></mc:Fallback></mc:AlternateContent></w:r>"#,
            p(&run("In the box")),
            p(&run("In the box"))
        );
        let body = [
            p(&format!("{}{text_box}", run("Outer"))),
            p(r#"<w:del><w:r><w:delText>gone</w:delText></w:r></w:del><w:r><w:t>kept</w:t></w:r>"#),
        ]
        .concat();
        assert_eq!(md(&body), "In the box\nOuter\nkept");
    }

    #[test]
    fn malformed_xml_is_an_error_not_a_panic() {
        assert!(to_markdown("<w:document><w:p></w:r>", &Styles::default()).is_err());
    }
}
