"""docx-tabstops: the resume most people make by hand in Word, with tab stops.

What it imitates: a blank Word document typed line by line. The name in Word's Title style, a
contact line under it, section headings typed in capitals with a bottom border, and per job two
lines aligned with one RIGHT tab stop at the margin: "Employer<TAB>City" (employer bold), then
"Title<TAB>Mar 2019 – Present" (title italic); some jobs carry a bold label line
("Key achievements:") over their bullets; degrees the same way, "Institution<TAB>City" over
"Degree in Area<TAB>Sep 2012 – Jun 2016". Dates with abbreviated month names in the resume's
language (Chinese "2020.07 – 至今").
"""

import sys

from docx.enum.text import WD_TAB_ALIGNMENT
from docx.shared import Pt

from common import Resume, bottom_border, new_document, text_width


def heading(doc, text):
    p = doc.add_paragraph()
    run = p.add_run(text if doc.zh else text.upper())
    run.bold = True
    run.font.size = Pt(12)
    p.paragraph_format.space_before = Pt(12)
    p.paragraph_format.space_after = Pt(4)
    bottom_border(p)
    return p


def tab_line(doc, left, right, bold=False, italic=False):
    """One line, `left` at the margin and `right` flush right at the tab stop."""
    p = doc.add_paragraph()
    p.paragraph_format.tab_stops.add_tab_stop(text_width(doc), WD_TAB_ALIGNMENT.RIGHT)
    p.paragraph_format.space_after = Pt(0)
    run = p.add_run(left)
    run.bold, run.italic = bold, italic
    if right:
        p.add_run("\t" + right)
    return p


def main(source, out):
    r = Resume(source)
    w = r.w
    doc = new_document(r, "Arial", 10.5, "SimSun", margins_cm=2.0)
    doc.zh = r.zh
    doc.add_paragraph(r.name, style="Title")
    doc.add_paragraph(" | ".join(r.contact()))

    if r.basics.get("summary"):
        heading(doc, w["summary"])
        doc.add_paragraph(r.basics["summary"])

    if r.work:
        heading(doc, w["work"])
        for i, job in enumerate(r.work):
            first = tab_line(doc, job.get("name", ""), job.get("location"), bold=True)
            if i:
                first.paragraph_format.space_before = Pt(8)
            tab_line(doc, job.get("position", ""), r.period(job, "short"), italic=True)
            if job.get("summary"):
                doc.add_paragraph(job["summary"])
            highlights = job.get("highlights") or []
            # A label line inside the job, as people type one over a longer list of bullets.
            if len(highlights) > 1:
                doc.add_paragraph().add_run(w["achievements"]).bold = True
            for h in highlights:
                doc.add_paragraph(h, style="List Bullet")

    if r.education:
        heading(doc, w["education"])
        for i, ed in enumerate(r.education):
            first = tab_line(doc, ed.get("institution", ""), ed.get("location"), bold=True)
            if i:
                first.paragraph_format.space_before = Pt(8)
            tab_line(doc, r.degree(ed), r.period(ed, "short"), italic=True)

    if r.skills:
        heading(doc, w["skills"])
        colon = "：" if r.zh else ": "
        for s in r.skills:
            p = doc.add_paragraph()
            p.paragraph_format.space_after = Pt(0)
            if s.get("name"):
                p.add_run(s["name"] + colon).bold = True
            p.add_run(", ".join(s.get("keywords") or []))

    if r.languages:
        heading(doc, w["languages"])
        doc.add_paragraph(", ".join(
            f"{l.get('language')} ({l['fluency']})" if l.get("fluency") else str(l.get("language"))
            for l in r.languages))

    doc.save(out)


if __name__ == "__main__":
    main(*sys.argv[1:3])
