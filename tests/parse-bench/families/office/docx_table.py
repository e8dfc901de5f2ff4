"""docx-table: the WHOLE resume is one Word table, as in the Chinese resume templates (个人简历)
and the many Word "form" templates.

What it imitates: a centred title over one grid table of four columns. Labelled cells with the
value in the next cell (姓名 | 李伟 | 电话 | +86…, 邮箱 | … | 地址 | 杭州); per section a
merged, shaded heading row; degrees as a grid (a row of labels "时间 | 学校 | 学历 | 专业",
then one row per degree); each job as label/value rows (时间 | 2020.07 – 至今 | 公司 | …,
职位 | … | 地点 | …, 工作内容 | bullets in a merged cell); skills as "group | keywords";
自我评价 (the summary) last, where these templates put it. Chinese labels for the Chinese
source, English labels for the others (the template they downloaded), the word for Present in the
resume's language; dates "2019.03" (Chinese) or "03/2019".
"""

import sys

from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Cm, Pt

from common import Resume, column_widths, new_document, shade, table_borders, text_width

LABELS = {
    "zh": dict(title="个人简历", basic="基本信息", name="姓名", phone="电话", email="邮箱",
               address="地址", objective="求职意向", education="教育背景", period="时间",
               school="学校", major="专业", degree="学历", work="工作经历", company="公司",
               position="职位", place="地点", duties="工作内容", skills="专业技能",
               languages="语言能力", summary="自我评价"),
    "en": dict(title="RESUME", basic="Personal Details", name="Name", phone="Phone",
               email="Email", address="Address", objective="Objective", education="Education",
               period="Period", school="School", major="Major", degree="Degree",
               work="Work Experience", company="Company", position="Position",
               place="Location", duties="Responsibilities", skills="Skills",
               languages="Languages", summary="Profile"),
}
SHADE = "D9E2F3"


def fill(cell, text, bold=False, center=False):
    p = cell.paragraphs[0]
    run = p.add_run(text or "")
    run.bold = bold
    if center:
        p.alignment = WD_ALIGN_PARAGRAPH.CENTER
    return p


def label(cell, text):
    """A label cell: bold, centred, lightly shaded, as the templates print them."""
    fill(cell, text, bold=True, center=True)
    shade(cell, "F2F2F2")


def heading_row(table, text):
    cells = table.add_row().cells
    merged = cells[0].merge(cells[3])
    fill(merged, text, bold=True)
    merged.paragraphs[0].runs[0].font.size = Pt(12)
    shade(merged, SHADE)


def pair_row(table, l1, v1, l2=None, v2=None):
    """label | value | label | value; with one pair, the value spans the last three cells."""
    cells = table.add_row().cells
    label(cells[0], l1)
    if l2 is None:
        merged = cells[1].merge(cells[3])
        fill(merged, v1)
        return merged
    fill(cells[1], v1)
    label(cells[2], l2)
    fill(cells[3], v2)
    return cells[1]


def main(source, out):
    r = Resume(source)
    L = LABELS["zh" if r.zh else "en"]
    doc = new_document(r, "SimSun" if r.zh else "Arial", 10.5, "SimSun", margins_cm=1.8)
    title = doc.add_paragraph()
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER
    run = title.add_run(L["title"])
    run.bold = True
    run.font.size = Pt(20)

    table = doc.add_table(rows=0, cols=4)
    table.alignment = WD_TABLE_ALIGNMENT.CENTER
    table_borders(table, "single")
    width = text_width(doc)
    b = r.basics

    heading_row(table, L["basic"])
    pair_row(table, L["name"], r.name, L["phone"], b.get("phone"))
    pair_row(table, L["email"], b.get("email"), L["address"], r.city)
    if b.get("label"):
        pair_row(table, L["objective"], b["label"])

    if r.education:
        heading_row(table, L["education"])
        cells = table.add_row().cells
        for cell, text in zip(cells, (L["period"], L["school"], L["degree"], L["major"])):
            label(cell, text)
        for ed in r.education:
            cells = table.add_row().cells
            for cell, text in zip(cells, (r.period(ed, "numeric"), ed.get("institution"),
                                          ed.get("studyType"), ed.get("area"))):
                fill(cell, text, center=True)

    if r.work:
        heading_row(table, L["work"])
        for job in r.work:
            pair_row(table, L["period"], r.period(job, "numeric"), L["company"], job.get("name"))
            if job.get("location"):
                pair_row(table, L["position"], job.get("position"), L["place"], job["location"])
            else:
                pair_row(table, L["position"], job.get("position"))
            lines = ([job["summary"]] if job.get("summary") else []) + list(job.get("highlights") or [])
            if lines:
                cell = pair_row(table, L["duties"], "")
                # Numbered lines typed into the cell ("1. …"), as these templates are filled in.
                numbered = len(lines) > 1
                for n, line in enumerate(lines, 1):
                    p = cell.paragraphs[0] if n == 1 else cell.add_paragraph()
                    p.add_run(f"{n}. {line}" if numbered else line)

    if r.skills:
        heading_row(table, L["skills"])
        for s in r.skills:
            pair_row(table, s.get("name") or L["skills"], ", ".join(s.get("keywords") or []))

    if r.languages:
        heading_row(table, L["languages"])
        pair_row(table, L["languages"], ", ".join(
            " ".join(x for x in (l.get("language"), l.get("fluency")) if x) for l in r.languages))

    if b.get("summary"):
        heading_row(table, L["summary"])
        cells = table.add_row().cells
        fill(cells[0].merge(cells[3]), b["summary"])

    # Label columns as wide as their longest label; the first value column wide enough for an
    # email address on one line, the second takes the rest.
    label1, label2, value1 = Cm(3.6), Cm(2.8), Cm(5.4)
    column_widths(table, [label1, value1, label2, width - label1 - label2 - value1])
    for row in table.rows:
        row.height = Cm(0.8)
    doc.save(out)


if __name__ == "__main__":
    main(*sys.argv[1:3])
