"""gdocs-serif: a resume from Google Docs' template gallery ("Serif", "Coral", "Spearmint"),
filled in and downloaded as .docx (File > Download > Microsoft Word).

What it imitates: the single-column shape of those templates. The contact details in small type
over the name (Title style), section headings as Heading 1 in the accent colour, per job one
Heading 2 line "Employer, Location — Title" (the employer bold, the rest plain) and one Heading 3
line with the dates as the template's placeholder "MONTH 20XX - PRESENT" has them: month in full,
a spaced hyphen, in small caps; then the description and bullets. Degrees the same way
("Institution — Degree in Area"); skills as plain paragraphs. As Google Docs exports them, every
run carries its font (Merriweather headings, Open Sans text) and the page is Letter in the US,
A4 elsewhere, with the templates' narrow margins. The two-column variants (Swiss, Spearmint's
table) are not this family.
"""

import sys

from docx.shared import Cm, Pt, RGBColor

from common import Resume, new_document, set_fonts

ACCENT = RGBColor(0xF7, 0x5D, 0x5D)  # Coral's heading colour
GREY = RGBColor(0x66, 0x66, 0x66)
HEAD, BODY = "Merriweather", "Open Sans"


def style(doc, name, size, bold=False, color=None, font=HEAD, small_caps=False, before=0, after=0):
    st = doc.styles[name]
    st.font.size = Pt(size)
    st.font.bold = bold
    st.font.italic = False
    st.font.small_caps = small_caps
    st.font.color.rgb = color or RGBColor(0, 0, 0)
    set_fonts(st.element.get_or_add_rPr(), font, "Microsoft YaHei")
    st.paragraph_format.space_before = Pt(before)
    st.paragraph_format.space_after = Pt(after)


def run(p, text, bold=False, font=BODY):
    """A run with its font written on it, as Google Docs' export writes every run."""
    r = p.add_run(text)
    r.bold = bold
    set_fonts(r._r.get_or_add_rPr(), font, "Microsoft YaHei")
    return r


def main(source, out):
    r = Resume(source)
    w = r.w
    doc = new_document(r, BODY, 10, "Microsoft YaHei", margins_cm=1.5)
    style(doc, "Title", 26, bold=True, after=6)
    style(doc, "Heading 1", 11, bold=True, color=ACCENT, font=BODY, before=16, after=4)
    style(doc, "Heading 2", 11, font=HEAD, before=10, after=2)
    style(doc, "Heading 3", 9, color=GREY, font=BODY, small_caps=True, after=4)
    # The Title style of python-docx's template has a border under it; Google's has none.
    for bdr in doc.styles["Title"].element.xpath(".//w:pBdr"):
        bdr.getparent().remove(bdr)

    for line in r.contact():
        p = doc.add_paragraph()
        p.paragraph_format.space_after = Pt(0)
        run(p, line).font.size = Pt(9)
    title = doc.add_paragraph(style="Title")
    title.paragraph_format.space_before = Pt(18)
    run(title, r.name, font=HEAD)
    if r.basics.get("summary"):
        run(doc.add_paragraph(), r.basics["summary"])

    dash = " — "
    comma = "，" if r.zh else ", "
    if r.work:
        run(doc.add_heading(level=1), w["work"].upper(), bold=True)
        for job in r.work:
            h = doc.add_heading(level=2)
            run(h, job.get("name", ""), bold=True, font=HEAD)
            rest = (comma + job["location"] if job.get("location") else "") + dash + job.get("position", "")
            run(h, rest, font=HEAD)
            run(doc.add_heading(level=3), r.period(job, "long", dash=" - "))
            if job.get("summary"):
                run(doc.add_paragraph(), job["summary"])
            for line in job.get("highlights") or []:
                run(doc.add_paragraph(style="List Bullet"), line)

    if r.education:
        run(doc.add_heading(level=1), w["education"].upper(), bold=True)
        for ed in r.education:
            h = doc.add_heading(level=2)
            run(h, ed.get("institution", ""), bold=True, font=HEAD)
            rest = (comma + ed["location"] if ed.get("location") else "") + dash + r.degree(ed)
            run(h, rest, font=HEAD)
            run(doc.add_heading(level=3), r.period(ed, "long", dash=" - "))

    if r.skills:
        run(doc.add_heading(level=1), w["skills"].upper(), bold=True)
        colon = "：" if r.zh else ": "
        for s in r.skills:
            p = doc.add_paragraph()
            p.paragraph_format.space_after = Pt(2)
            run(p, (s["name"] + colon if s.get("name") else "") + ", ".join(s.get("keywords") or []))

    if r.languages:
        run(doc.add_heading(level=1), w["languages"].upper(), bold=True)
        run(doc.add_paragraph(), ", ".join(
            " ".join(x for x in (l.get("language"), f"({l['fluency']})" if l.get("fluency") else None) if x)
            for l in r.languages))

    sec = doc.sections[0]
    sec.left_margin = sec.right_margin = Cm(1.9)
    doc.save(out)


if __name__ == "__main__":
    main(*sys.argv[1:3])
