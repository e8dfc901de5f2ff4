"""make parse-bench: one DOCX layout per JSON Resume source, with python-docx (pinned in
requirements.txt, installed into target/parse-bench/venv).

Why this layout: it is the Word style the importer has failed on: inside each job, bold
labelled lines ("Summary:", "Key Skills:") next to the bullets, the employer on the first line
with the dates after a tab, the position in italics below, and the degrees in a table.

    python docx_layout.py SOURCE.json OUT.docx [SEASONS_JSON]

SEASONS_JSON maps "work/2" to ["Summer", "Summer"]: year-only dates written with a season.
"""

import json
import sys

from docx import Document
from docx.shared import Pt

MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()

# Headings and labels in the resume's own language for the Chinese source; English otherwise
# (as the npm themes do).
WORDS = {
    "en": {"summary": "Summary", "work": "Experience", "education": "Education", "skills": "Skills",
           "present": "Present", "job_summary": "Summary:", "key_skills": "Key Skills:",
           "degree": "Degree", "institution": "Institution", "dates": "Dates"},
    "zh": {"summary": "个人简介", "work": "工作经历", "education": "教育经历", "skills": "专业技能",
           "present": "至今", "job_summary": "工作内容：", "key_skills": "关键技能：",
           "degree": "学历", "institution": "学校", "dates": "时间"},
    "ja": {"summary": "職務要約", "work": "職務経歴", "education": "学歴", "skills": "スキル",
           "present": "現在", "job_summary": "業務内容：", "key_skills": "活かせるスキル：",
           "degree": "学位", "institution": "学校名", "dates": "期間"},
}


def has_han(text):
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def date_text(iso, lang, season=None):
    """'2020-03' -> 'Mar 2020' (zh: '2020.03'); '2019' -> '2019' or 'Summer 2019'."""
    if not iso:
        return WORDS[lang]["present"]
    parts = iso.split("-")
    if len(parts) == 1:
        return f"{season} {parts[0]}" if season else parts[0]
    if lang == "zh":
        return f"{parts[0]}.{parts[1]}"
    if lang == "ja":
        return f"{parts[0]}年{int(parts[1])}月"
    return f"{MONTHS[int(parts[1]) - 1]} {parts[0]}"


def period(entry, lang, seasons):
    start = date_text(entry.get("startDate"), lang, seasons[0] if seasons else None)
    end = date_text(entry.get("endDate"), lang, seasons[1] if seasons else None)
    return start if start == end else f"{start} – {end}"


def labelled(doc, label, text):
    """A paragraph whose bold label is followed by plain text on the same line."""
    p = doc.add_paragraph()
    p.add_run(label).bold = True
    p.add_run(" " + text)


def main(source_path, out_path, seasons_json="{}"):
    resume = json.load(open(source_path, encoding="utf-8"))
    seasons = json.loads(seasons_json)
    basics = resume.get("basics", {})
    country = str((basics.get("location") or {}).get("countryCode") or "").upper()
    lang = "ja" if country == "JP" else "zh" if has_han(basics.get("name", "")) else "en"
    w = WORDS[lang]
    skills = [k for s in resume.get("skills", []) for k in (s.get("keywords") or [s.get("name")])]

    doc = Document()
    doc.styles["Normal"].font.size = Pt(10.5)
    doc.add_heading(basics.get("name", ""), level=0)
    contact = [basics.get(k) for k in ("email", "phone")]
    contact.append((basics.get("location") or {}).get("city"))
    doc.add_paragraph(" | ".join(c for c in contact if c))
    if basics.get("summary"):
        doc.add_heading(w["summary"], level=1)
        doc.add_paragraph(basics["summary"])

    if resume.get("work"):
        doc.add_heading(w["work"], level=1)
        for i, job in enumerate(resume["work"]):
            # Employer in bold, dates after a tab: one line, as Word users lay it out.
            p = doc.add_paragraph()
            p.add_run(job.get("name", "")).bold = True
            p.add_run("\t" + period(job, lang, seasons.get(f"work/{i}")))
            doc.add_paragraph().add_run(job.get("position", "")).italic = True
            if job.get("summary"):
                labelled(doc, w["job_summary"], job["summary"])
            if skills:
                # Three of the resume's skills per job, rotating: a labelled line inside the job.
                picked = [skills[(i + k) % len(skills)] for k in range(min(3, len(skills)))]
                labelled(doc, w["key_skills"], ", ".join(picked))
            for h in job.get("highlights", []):
                doc.add_paragraph(h, style="List Bullet")

    if resume.get("education"):
        doc.add_heading(w["education"], level=1)
        table = doc.add_table(rows=1, cols=3)
        table.style = "Table Grid"
        for cell, text in zip(table.rows[0].cells, (w["degree"], w["institution"], w["dates"])):
            cell.paragraphs[0].add_run(text).bold = True
        for i, ed in enumerate(resume["education"]):
            degree = ", ".join(x for x in (ed.get("studyType"), ed.get("area")) if x)
            row = table.add_row().cells
            row[0].text = degree
            row[1].text = ed.get("institution", "")
            row[2].text = period(ed, lang, seasons.get(f"education/{i}"))

    if resume.get("skills"):
        doc.add_heading(w["skills"], level=1)
        for s in resume["skills"]:
            labelled(doc, s.get("name", "") + ":", ", ".join(s.get("keywords", [])))

    doc.save(out_path)


if __name__ == "__main__":
    main(*sys.argv[1:])
