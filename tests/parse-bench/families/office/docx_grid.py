"""docx-grid: a resume that is one bordered Word table whose sections have COLUMN LABELS.

What it imitates: the 表格简历 / "CV form" shape people fill in from Word templates and
download sites. A merged title row ("个人简历", "RESUME"); label and value cells for the person
("Name | … | Phone | …"); then each section as a merged, shaded heading row, a row of column
labels ("起止时间 | 工作单位 | 职位 | 地点", "Period | Employer | Position | City"), and one row
per entry with its values in those columns, the entry's description in a merged row under it.
Education is labelled "Period | School | Degree | Major". Skills and languages are merged rows
of text. Dates "2019.03 – 2021.08" in Chinese, "03/2019 – 08/2021" elsewhere.

Tuning family (issue 41): the labels name the cells, not their order; a reader that reads
cells by place takes the employer for a heading and loses the title.
"""

import sys

from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Cm, Pt

from common import Resume, column_widths, new_document, shade, table_borders, text_width

# Column labels as the templates of each language write them.
LABELS = {
    "en": dict(name="Name", phone="Phone", email="Email", city="City", period="Period",
               employer="Employer", position="Position", place="City", school="School",
               degree="Degree", major="Major"),
    "de": dict(name="Name", phone="Telefon", email="E-Mail", city="Ort", period="Zeitraum",
               employer="Arbeitgeber", position="Position", place="Ort", school="Hochschule",
               degree="Abschluss", major="Fach"),
    "es": dict(name="Nombre", phone="Teléfono", email="Correo", city="Ciudad", period="Periodo",
               employer="Empresa", position="Puesto", place="Ciudad", school="Centro",
               degree="Título", major="Especialidad"),
    "fr": dict(name="Nom", phone="Téléphone", email="Courriel", city="Ville", period="Période",
               employer="Employeur", position="Poste", place="Ville", school="Établissement",
               degree="Diplôme", major="Spécialité"),
    "pl": dict(name="Imię i nazwisko", phone="Telefon", email="E-mail", city="Miasto",
               period="Okres", employer="Pracodawca", position="Stanowisko", place="Miasto",
               school="Uczelnia", degree="Stopień", major="Kierunek"),
    "it": dict(name="Nome e cognome", phone="Telefono", email="E-mail", city="Città",
               period="Periodo", employer="Datore di lavoro", position="Posizione", place="Città",
               school="Istituto", degree="Titolo", major="Indirizzo"),
    "zh": dict(name="姓名", phone="电话", email="邮箱", city="现居地", period="起止时间",
               employer="工作单位", position="职位", place="地点", school="学校",
               degree="学历", major="专业"),
    "ja": dict(name="氏名", phone="電話番号", email="メール", city="現住所", period="期間",
               employer="会社名", position="役職", place="勤務地", school="学校名",
               degree="学位", major="専攻"),
}

COLUMNS = 4
GREY = "D9D9D9"


def write(cell, text, bold=False, size=None, center=False):
    p = cell.paragraphs[0]
    run = p.add_run(text)
    run.bold = bold
    if size:
        run.font.size = Pt(size)
    if center:
        p.alignment = WD_ALIGN_PARAGRAPH.CENTER
    p.paragraph_format.space_after = Pt(0)
    return p


def merged(table, bold=False, size=None, fill=None, center=False, text=""):
    """A row whose cells are merged into one."""
    row = table.add_row()
    cell = row.cells[0].merge(row.cells[COLUMNS - 1])
    if text:
        write(cell, text, bold=bold, size=size, center=center)
    if fill:
        shade(cell, fill)
    return cell


def values(table, texts, bold=False, fill=None):
    cells = table.add_row().cells
    for cell, text in zip(cells, texts):
        write(cell, text, bold=bold)
        if fill:
            shade(cell, fill)


def description(table, entry):
    """The entry's summary and highlights in one merged row, when it has any."""
    lines = ([entry["summary"]] if entry.get("summary") else []) + list(entry.get("highlights") or [])
    if not lines:
        return
    cell = merged(table)
    write(cell, lines[0])
    for line in lines[1:]:
        cell.add_paragraph(line, style="List Bullet").paragraph_format.space_after = Pt(0)


def main(source, out):
    r = Resume(source)
    w, lab = r.w, LABELS[r.lang]
    doc = new_document(r, "Arial", 10, "SimSun", margins_cm=1.8)
    table = doc.add_table(rows=0, cols=COLUMNS)
    table_borders(table, "single")

    merged(table, bold=True, size=16, center=True, text=w["resume"])
    values(table, [lab["name"], r.name, lab["phone"], r.basics.get("phone") or ""])
    values(table, [lab["email"], r.basics.get("email") or "", lab["city"], r.city])
    if r.basics.get("summary"):
        merged(table, bold=True, fill=GREY, text=w["summary"])
        merged(table, text=r.basics["summary"])

    if r.work:
        merged(table, bold=True, fill=GREY, text=w["work"])
        values(table, [lab["period"], lab["employer"], lab["position"], lab["place"]], bold=True)
        for job in r.work:
            values(table, [r.period(job, "numeric"), job.get("name", ""), job.get("position", ""),
                           job.get("location", "")])
            description(table, job)
    if r.education:
        merged(table, bold=True, fill=GREY, text=w["education"])
        values(table, [lab["period"], lab["school"], lab["degree"], lab["major"]], bold=True)
        for ed in r.education:
            values(table, [r.period(ed, "numeric"), ed.get("institution", ""),
                           ed.get("studyType", ""), ed.get("area", "")])
    if r.skills:
        merged(table, bold=True, fill=GREY, text=w["skills"])
        cell = merged(table)
        first = True
        for s in r.skills:
            text = f"{s.get('name')}: " if s.get("name") else ""
            text += ", ".join(s.get("keywords") or [])
            if first:
                write(cell, text)
                first = False
            else:
                cell.add_paragraph(text).paragraph_format.space_after = Pt(0)
    if r.languages:
        merged(table, bold=True, fill=GREY, text=w["languages"])
        merged(table, text="; ".join(
            " – ".join(x for x in (l.get("language"), l.get("fluency")) if x) for l in r.languages))

    width = text_width(doc)
    column_widths(table, [Cm(3.6), (width - Cm(3.6)) * 0.4, (width - Cm(3.6)) * 0.35,
                          (width - Cm(3.6)) * 0.25])
    doc.save(out)


if __name__ == "__main__":
    main(*sys.argv[1:3])
