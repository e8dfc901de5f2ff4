"""docx-twocol: a two-column Word resume built the way Word users make columns.

What it imitates: the dates in a narrow left column beside each entry, made with a borderless
TABLE used as columns (one row per entry: "03/2019 – Present" left; "**Title**", "Employer,
City" and the bullets right; degrees "**Degree in Area**" over the institution), section
headings as full-width paragraphs over each table, and the skills set in SECTION COLUMNS
(Layout > Columns > Two, after a continuous section break: w:cols w:num="2"), one keyword group
under its name, flowing from the left column into the right. Dates "03/2019 – 08/2021" (Chinese
"2019.03 – 2021.08").
"""

import sys

from docx.enum.section import WD_SECTION
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Cm, Pt, RGBColor

from common import Resume, bottom_border, column_widths, new_document, table_borders, text_width

ACCENT = RGBColor(0x1F, 0x4E, 0x79)
DATES_WIDTH = Cm(4.3)


def heading(doc, text, zh):
    p = doc.add_paragraph()
    run = p.add_run(text if zh else text.upper())
    run.bold, run.font.size, run.font.color.rgb = True, Pt(11.5), ACCENT
    p.paragraph_format.space_before = Pt(12)
    p.paragraph_format.space_after = Pt(6)
    bottom_border(p, color="1F4E79")


def para(cell, text, first=False, bold=False, italic=False, style=None):
    """A paragraph in a cell (the cell's own first paragraph for the first one)."""
    p = cell.paragraphs[0] if first else cell.add_paragraph(style=style)
    p.paragraph_format.space_after = Pt(1)
    run = p.add_run(text)
    run.bold, run.italic = bold, italic
    return p


def columns_table(doc, rows):
    """A borderless two-column table, one row per entry; `rows` yields (dates, fill(cell))."""
    table = doc.add_table(rows=0, cols=2)
    table_borders(table, "nil")
    for dates, fill in rows:
        left, right = table.add_row().cells
        para(left, dates, first=True)
        fill(right)
        right.paragraphs[-1].paragraph_format.space_after = Pt(8)
    column_widths(table, [DATES_WIDTH, text_width(doc) - DATES_WIDTH])


def main(source, out):
    r = Resume(source)
    w = r.w
    doc = new_document(r, "Calibri", 10.5, "Microsoft YaHei", margins_cm=2.0)
    comma = "，" if r.zh else ", "

    p = doc.add_paragraph()
    run = p.add_run(r.name)
    run.bold, run.font.size, run.font.color.rgb = True, Pt(22), ACCENT
    p.paragraph_format.space_after = Pt(0)
    if r.basics.get("label"):
        doc.add_paragraph(r.basics["label"]).paragraph_format.space_after = Pt(0)
    doc.add_paragraph(" • ".join(r.contact()))

    if r.basics.get("summary"):
        heading(doc, w["summary"], r.zh)
        doc.add_paragraph(r.basics["summary"])

    def job_cell(job):
        def fill(cell):
            para(cell, job.get("position", ""), first=True, bold=True)
            para(cell, comma.join(x for x in (job.get("name"), job.get("location")) if x), italic=True)
            if job.get("summary"):
                para(cell, job["summary"])
            for h in job.get("highlights") or []:
                para(cell, h, style="List Bullet")
        return fill

    def degree_cell(ed):
        def fill(cell):
            para(cell, r.degree(ed), first=True, bold=True)
            para(cell, comma.join(x for x in (ed.get("institution"), ed.get("location")) if x), italic=True)
        return fill

    if r.work:
        heading(doc, w["work"], r.zh)
        columns_table(doc, [(r.period(j, "numeric"), job_cell(j)) for j in r.work])
    if r.education:
        heading(doc, w["education"], r.zh)
        columns_table(doc, [(r.period(e, "numeric"), degree_cell(e)) for e in r.education])

    if r.skills or r.languages:
        heading(doc, w["skills"] if r.skills else w["languages"], r.zh)
        # A continuous section break, then two columns for the rest of the document.
        section = doc.add_section(WD_SECTION.CONTINUOUS)
        cols = section._sectPr.find(qn("w:cols"))
        if cols is None:
            cols = OxmlElement("w:cols")
            section._sectPr.insert_element_before(cols, "w:formProt", "w:vAlign", "w:noEndnote",
                                                  "w:titlePg", "w:textDirection", "w:bidi",
                                                  "w:rtlGutter", "w:docGrid")
        cols.set(qn("w:num"), "2")
        cols.set(qn("w:space"), "567")
        for s in r.skills:
            if s.get("name"):
                p = doc.add_paragraph()
                p.paragraph_format.space_after = Pt(0)
                p.paragraph_format.keep_with_next = True
                p.add_run(s["name"]).bold = True
            doc.add_paragraph(", ".join(s.get("keywords") or []))
        if r.languages:
            if r.skills:
                p = doc.add_paragraph()
                p.paragraph_format.space_after = Pt(0)
                p.add_run(w["languages"]).bold = True
            for lang in r.languages:
                doc.add_paragraph(" – ".join(x for x in (lang.get("language"), lang.get("fluency")) if x)) \
                    .paragraph_format.space_after = Pt(0)

    doc.save(out)


if __name__ == "__main__":
    main(*sys.argv[1:3])
