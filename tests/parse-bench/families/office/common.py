"""make parse-bench, office families (families/office.mjs): what the five Word / Google Docs
generators share. Each generator is run as

    python FAMILY.py SOURCE.json OUT.docx

with the pinned python-docx of target/parse-bench/venv. This module holds the resume's language
(headings, the word for "Present", month names as people of that language write them), dates in
the styles the families use, and the few OOXML pieces python-docx has no API for.
"""

import json

from docx import Document
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Cm, Emu, Mm, Pt

# The resume's language: Chinese by its Han name, the others by the country of its address.
COUNTRY_LANG = {"DE": "de", "AT": "de", "ES": "es", "FR": "fr", "PL": "pl", "IT": "it", "CN": "zh", "JP": "ja"}

WORDS = {
    "en": dict(summary="Summary", work="Experience", education="Education", skills="Skills",
               languages="Languages", present="Present", achievements="Key achievements:",
               resume="RESUME", page="Page", contact="Contact"),
    "de": dict(summary="Profil", work="Berufserfahrung", education="Ausbildung",
               skills="Kenntnisse", languages="Sprachen", present="heute",
               achievements="Erfolge:", resume="LEBENSLAUF", page="Seite", contact="Kontakt"),
    "es": dict(summary="Perfil", work="Experiencia profesional", education="Formación",
               skills="Habilidades", languages="Idiomas", present="actualidad",
               achievements="Logros:", resume="CURRÍCULUM VITAE", page="Página",
               contact="Contacto"),
    "fr": dict(summary="Profil", work="Expérience professionnelle", education="Formation",
               skills="Compétences", languages="Langues", present="aujourd'hui",
               achievements="Réalisations :", resume="CURRICULUM VITAE", page="Page",
               contact="Contact"),
    "pl": dict(summary="Podsumowanie", work="Doświadczenie zawodowe", education="Wykształcenie",
               skills="Umiejętności", languages="Języki", present="obecnie",
               achievements="Osiągnięcia:", resume="CURRICULUM VITAE", page="Strona",
               contact="Kontakt"),
    "it": dict(summary="Profilo", work="Esperienza professionale", education="Istruzione",
               skills="Competenze", languages="Lingue", present="oggi",
               achievements="Risultati:", resume="CURRICULUM VITAE", page="Pagina",
               contact="Contatti"),
    "zh": dict(summary="个人简介", work="工作经历", education="教育经历", skills="专业技能",
               languages="语言能力", present="至今", achievements="主要成绩：", resume="个人简历",
               page="第", contact="联系方式"),
    "ja": dict(summary="職務要約", work="職務経歴", education="学歴", skills="スキル",
               languages="語学", present="現在", achievements="主な実績：", resume="職務経歴書",
               page="ページ", contact="連絡先"),
}

# Month names as written on a resume in each language: abbreviated ("Mar 2019") and in full
# ("March 2019"); the Chinese source writes "2019.03" or "2019年3月" instead.
SHORT = {
    "en": "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec",
    "de": "Jan. Feb. März Apr. Mai Juni Juli Aug. Sep. Okt. Nov. Dez.",
    "es": "ene. feb. mar. abr. may. jun. jul. ago. sept. oct. nov. dic.",
    "fr": "janv. févr. mars avr. mai juin juil. août sept. oct. nov. déc.",
    "pl": "sty. lut. mar. kwi. maj cze. lip. sie. wrz. paź. lis. gru.",
    "it": "gen feb mar apr mag giu lug ago set ott nov dic",
}
LONG = {
    "en": "January February March April May June July August September October November December",
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "pl": "styczeń luty marzec kwiecień maj czerwiec lipiec sierpień wrzesień październik "
          "listopad grudzień",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre "
          "dicembre",
}
# "MSc in Computer Science" as each language joins a degree and its subject.
DEGREE_IN = {"en": " in ", "de": " in ", "es": " en ", "fr": " en ", "pl": ", ", "it": " in ", "zh": "，",
             "ja": "、"}


class Resume:
    """One JSON Resume source and its language."""

    def __init__(self, path):
        self.data = json.load(open(path, encoding="utf-8"))
        self.basics = self.data.get("basics") or {}
        name = self.basics.get("name") or ""
        country = str((self.basics.get("location") or {}).get("countryCode") or "").upper()
        han = any("\u4e00" <= c <= "\u9fff" for c in name)
        self.lang = "ja" if country == "JP" else "zh" if han else COUNTRY_LANG.get(country, "en")
        self.w = WORDS[self.lang]
        # Chinese or Japanese: set in an East Asian font, with full-width commas and colons.
        self.zh = self.lang in ("zh", "ja")
        # Letter paper in the US (Word's and Google Docs' default there), A4 elsewhere.
        self.letter = country == "US"

    @property
    def name(self):
        return self.basics.get("name") or ""

    @property
    def city(self):
        loc = self.basics.get("location") or {}
        return ", ".join(x for x in (loc.get("city"), loc.get("region")) if x)

    def contact(self):
        """Phone, email, city: the ones the source has."""
        return [x for x in (self.basics.get("phone"), self.basics.get("email"), self.city) if x]

    @property
    def work(self):
        return self.data.get("work") or []

    @property
    def education(self):
        return self.data.get("education") or []

    @property
    def skills(self):
        return self.data.get("skills") or []

    @property
    def languages(self):
        return self.data.get("languages") or []

    def degree(self, ed):
        return DEGREE_IN[self.lang].join(x for x in (ed.get("studyType"), ed.get("area")) if x)

    def date(self, iso, style):
        """'2019-03' as 'Mar 2019' (short), 'March 2019' (long), '03/2019' (numeric); Chinese
        '2019.03' (short, numeric) or '2019年3月' (long); a year alone stays a year; no date is
        the word for Present."""
        if not iso:
            return self.w["present"]
        parts = str(iso).split("-")
        if len(parts) == 1:
            return parts[0]
        year, month = parts[0], int(parts[1])
        if self.lang == "ja":
            return f"{year}年{month}月"
        if self.zh:
            return f"{year}年{month}月" if style == "long" else f"{year}.{month:02d}"
        if style == "numeric":
            return f"{month:02d}/{year}"
        names = (SHORT if style == "short" else LONG)[self.lang].split()
        return f"{names[month - 1]} {year}"

    def period(self, entry, style, dash=" – "):
        start = self.date(entry.get("startDate"), style)
        end = self.date(entry.get("endDate"), style)
        return start if start == end else f"{start}{dash}{end}"


def new_document(resume, font, size=10.5, east_asia="SimSun", margins_cm=2.0):
    """A python-docx document with the family's body font (Latin and East Asian: Word keeps a
    separate font for Han text, LibreOffice substitutes WenQuanYi for SimSun/YaHei) and its page."""
    doc = Document()
    normal = doc.styles["Normal"]
    normal.font.name = font
    normal.font.size = Pt(size)
    set_fonts(normal.element.get_or_add_rPr(), font, east_asia)
    sec = doc.sections[0]
    sec.page_width, sec.page_height = (Mm(215.9), Mm(279.4)) if resume.letter else (Mm(210), Mm(297))
    sec.left_margin = sec.right_margin = sec.top_margin = sec.bottom_margin = Cm(margins_cm)
    return doc


def text_width(doc):
    sec = doc.sections[0]
    return sec.page_width - sec.left_margin - sec.right_margin


def set_fonts(rpr, font, east_asia=None):
    """w:rFonts with ascii/hAnsi (and eastAsia) on a run's or style's w:rPr."""
    fonts = rpr.find(qn("w:rFonts"))
    if fonts is None:
        fonts = OxmlElement("w:rFonts")
        rpr.insert(0, fonts)
    for attr in ("w:ascii", "w:hAnsi", "w:cs"):
        fonts.set(qn(attr), font)
    if east_asia:
        fonts.set(qn("w:eastAsia"), east_asia)
    # A theme font attribute would win over the names above: the default template has them.
    for attr in ("w:asciiTheme", "w:hAnsiTheme", "w:eastAsiaTheme", "w:cstheme"):
        fonts.attrib.pop(qn(attr), None)


PPR_AFTER_PBDR = tuple("w:" + t for t in (
    "shd tabs suppressAutoHyphens kinsoku wordWrap overflowPunct topLinePunct autoSpaceDE "
    "autoSpaceDN bidi adjustRightInd snapToGrid spacing ind contextualSpacing mirrorIndents "
    "suppressOverlap jc textDirection textAlignment textboxTightWrap outlineLvl divId cnfStyle "
    "rPr sectPr pPrChange").split())


def bottom_border(paragraph, size=6, color="000000"):
    """The rule under a section heading (Format > Borders and Shading > bottom)."""
    ppr = paragraph._p.get_or_add_pPr()
    bdr = OxmlElement("w:pBdr")
    bottom = OxmlElement("w:bottom")
    for k, v in (("w:val", "single"), ("w:sz", str(size)), ("w:space", "1"), ("w:color", color)):
        bottom.set(qn(k), v)
    bdr.append(bottom)
    # In the schema's order (Word refuses a file whose w:pPr children are out of order).
    ppr.insert_element_before(bdr, *PPR_AFTER_PBDR)


def shade(cell, fill):
    """A table cell's background (Table Design > Shading)."""
    tcpr = cell._tc.get_or_add_tcPr()
    shd = OxmlElement("w:shd")
    shd.set(qn("w:val"), "clear")
    shd.set(qn("w:color"), "auto")
    shd.set(qn("w:fill"), fill)
    tcpr.insert_element_before(shd, "w:noWrap", "w:tcMar", "w:textDirection", "w:tcFitText",
                               "w:vAlign", "w:hideMark")


def table_borders(table, val):
    """All of a table's borders set to `val` ('single' for a grid, 'nil' for none)."""
    tblpr = table._tbl.tblPr
    for old in tblpr.findall(qn("w:tblBorders")):
        tblpr.remove(old)
    borders = OxmlElement("w:tblBorders")
    for side in ("top", "left", "bottom", "right", "insideH", "insideV"):
        el = OxmlElement(f"w:{side}")
        el.set(qn("w:val"), val)
        if val != "nil":
            el.set(qn("w:sz"), "4")
            el.set(qn("w:space"), "0")
            el.set(qn("w:color"), "000000")
        borders.append(el)
    tblpr.insert_element_before(borders, "w:shd", "w:tblLayout", "w:tblCellMar", "w:tblLook",
                                "w:tblCaption", "w:tblDescription")


def column_widths(table, widths):
    """Fixed column widths (w:tblGrid and every cell's w:tcW), as Word saves a table whose
    columns were dragged: LibreOffice lays the table out from these."""
    widths = [Emu(int(w)) for w in widths]
    table.autofit = False
    grid = table._tbl.tblGrid
    for col, width in zip(grid.findall(qn("w:gridCol")), widths):
        col.set(qn("w:w"), str(int(width.twips)))
    for tr in table._tbl.tr_lst:
        col = 0
        for tc in tr.tc_lst:
            # A merged cell (w:gridSpan) is as wide as the columns it spans.
            tc.width = Emu(sum(widths[col:col + tc.grid_span]))
            col += tc.grid_span


def add_field(paragraph, instr, shown):
    """A field (PAGE, NUMPAGES) with its last shown value, as Word saves one."""
    def run_with(el):
        r = OxmlElement("w:r")
        r.append(el)
        paragraph._p.append(r)

    begin = OxmlElement("w:fldChar")
    begin.set(qn("w:fldCharType"), "begin")
    run_with(begin)
    code = OxmlElement("w:instrText")
    code.set(qn("xml:space"), "preserve")
    code.text = f" {instr} "
    run_with(code)
    sep = OxmlElement("w:fldChar")
    sep.set(qn("w:fldCharType"), "separate")
    run_with(sep)
    paragraph.add_run(shown)
    end = OxmlElement("w:fldChar")
    end.set(qn("w:fldCharType"), "end")
    run_with(end)
