"""docx-header-textbox: a Word template of the "header and sidebar" kind.

What it imitates: name and contact typed into the page HEADER (Word's header part, repeated on
every page), a title line "RESUME" (个人简历, LEBENSLAUF, …) at the top of the body, and a shaded
sidebar drawn with Insert > Text Box (a floating shape anchored in the body, text wrapping around
it) holding the contact details and the skills; the main column beside it with Heading 1
sections, per job "Title, Employer" in bold on one line and "March 2019 – Present | City" on
the next, bullets; a footer "Page 1" (a PAGE field). The text box is saved the way Word 2010
and later save one: mc:AlternateContent holding the DrawingML shape (wps, w:txbxContent) and a
VML copy for older readers (w:pict, the same w:txbxContent again), so its text is in the file
twice, as in a real Word file.
"""

import sys
from xml.sax.saxutils import escape

from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml import parse_xml
from docx.shared import Cm, Pt, RGBColor

from common import Resume, add_field, new_document, set_fonts

ACCENT = "2E5C8A"
SIDEBAR_FILL = "EAF0F6"
EMU_PER_CM = 360000
NS = ('xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
      'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
      'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
      'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
      'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" '
      'xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" '
      'xmlns:w10="urn:schemas-microsoft-com:office:word"')


def para_xml(text, bold=False, size=9, color=None, after=60):
    """One w:p of the text box (its content is plain WordprocessingML)."""
    rpr = ("<w:b/>" if bold else "") + (f'<w:color w:val="{color}"/>' if color else "") \
        + (f'<w:sz w:val="{int(size * 2)}"/>' if size else "")
    return (f'<w:p><w:pPr><w:spacing w:after="{after}"/></w:pPr>'
            f'<w:r><w:rPr>{rpr}</w:rPr><w:t xml:space="preserve">{escape(text)}</w:t></w:r></w:p>')


def sidebar_xml(paragraphs, width_cm, height_cm):
    """A floating text box at the left margin, anchored to the paragraph it sits in, square
    wrapping: Word's Insert > Text Box, filled, without an outline."""
    cx, cy = int(width_cm * EMU_PER_CM), int(height_cm * EMU_PER_CM)
    content = f"<w:txbxContent>{''.join(paragraphs)}</w:txbxContent>"
    pt_w, pt_h = width_cm * 72 / 2.54, height_cm * 72 / 2.54
    return f'''<w:r {NS}><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing>
<wp:anchor distT="0" distB="0" distL="114300" distR="228600" simplePos="0" relativeHeight="251659264"
 behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">
<wp:simplePos x="0" y="0"/>
<wp:positionH relativeFrom="margin"><wp:posOffset>0</wp:posOffset></wp:positionH>
<wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>
<wp:extent cx="{cx}" cy="{cy}"/><wp:effectExtent l="0" t="0" r="0" b="0"/>
<wp:wrapSquare wrapText="bothSides"/>
<wp:docPr id="1" name="Text Box 1"/><wp:cNvGraphicFramePr/>
<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">
<wps:wsp><wps:cNvSpPr txBox="1"/>
<wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="{cx}" cy="{cy}"/></a:xfrm>
<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="{SIDEBAR_FILL}"/></a:solidFill>
<a:ln w="6350"><a:noFill/></a:ln></wps:spPr>
<wps:txbx>{content}</wps:txbx>
<wps:bodyPr rot="0" vert="horz" wrap="square" lIns="108000" tIns="108000" rIns="108000" bIns="108000"
 anchor="t" anchorCtr="0"><a:noAutofit/></wps:bodyPr></wps:wsp>
</a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>
<mc:Fallback><w:pict><v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202" path="m,l,21600r21600,l21600,xe">
<v:stroke joinstyle="miter"/><v:path gradientshapeok="t" o:connecttype="rect"/></v:shapetype>
<v:shape id="Text Box 1" o:spid="_x0000_s1026" type="#_x0000_t202"
 style="position:absolute;margin-left:0;margin-top:0;width:{pt_w:.1f}pt;height:{pt_h:.1f}pt;z-index:251659264;mso-position-horizontal-relative:margin;mso-position-vertical-relative:text"
 fillcolor="#{SIDEBAR_FILL.lower()}" stroked="f" strokeweight=".5pt">
<v:textbox inset="3mm,3mm,3mm,3mm">{content}</v:textbox><w10:wrap type="square"/></v:shape></w:pict>
</mc:Fallback></mc:AlternateContent></w:r>'''


def main(source, out):
    r = Resume(source)
    w = r.w
    doc = new_document(r, "Calibri", 10.5, "Microsoft YaHei", margins_cm=2.0)
    style = doc.styles["Heading 1"]
    style.font.size = Pt(13)
    style.font.color.rgb = RGBColor.from_string(ACCENT)
    set_fonts(style.element.get_or_add_rPr(), "Calibri", "Microsoft YaHei")

    # The page header: the name, the contact line under it.
    section = doc.sections[0]
    section.header_distance = Cm(1.0)
    header = section.header
    p = header.paragraphs[0]
    run = p.add_run(r.name)
    run.bold, run.font.size = True, Pt(20)
    run.font.color.rgb = RGBColor.from_string(ACCENT)
    header.add_paragraph("  |  ".join(r.contact()))
    # The footer: "Page 1", Word's PAGE field (Chinese "第 1 页").
    foot = section.footer.paragraphs[0]
    foot.alignment = WD_ALIGN_PARAGRAPH.CENTER
    foot.add_run(w["page"] + " ")
    add_field(foot, "PAGE", "1")
    if r.lang == "zh":
        foot.add_run(" 页")

    title = doc.add_paragraph()
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER
    run = title.add_run(w["resume"])
    run.bold, run.font.size = True, Pt(16)
    title.paragraph_format.space_after = Pt(12)

    # The sidebar: contact details and skills, one keyword group under its name.
    side = [para_xml(w["contact"], bold=True, size=12, color=ACCENT, after=120)]
    side += [para_xml(x) for x in r.contact()]
    if r.skills:
        side.append(para_xml(w["skills"], bold=True, size=12, color=ACCENT, after=120))
        for s in r.skills:
            if s.get("name"):
                side.append(para_xml(s["name"], bold=True, after=0))
            side.append(para_xml(", ".join(s.get("keywords") or []), after=120))
    if r.languages:
        side.append(para_xml(w["languages"], bold=True, size=12, color=ACCENT, after=120))
        side += [para_xml(" – ".join(x for x in (l.get("language"), l.get("fluency")) if x))
                 for l in r.languages]
    height = min(21.0, 3.0 + 0.75 * len(side))

    def heading(text, anchor=False):
        h = doc.add_heading(level=1)
        if anchor:
            # The text box anchored in the first heading of the main column, as dropped there.
            h._p.append(parse_xml(sidebar_xml(side, 6.0, height)))
        h.add_run(text)
        return h

    first = True
    if r.basics.get("summary"):
        heading(w["summary"], anchor=first)
        first = False
        doc.add_paragraph(r.basics["summary"])

    if r.work:
        heading(w["work"], anchor=first)
        first = False
        for job in r.work:
            p = doc.add_paragraph()
            p.paragraph_format.space_after = Pt(0)
            p.paragraph_format.keep_with_next = True
            sep = "，" if r.zh else ", "
            p.add_run(sep.join(x for x in (job.get("position"), job.get("name")) if x)).bold = True
            when = doc.add_paragraph(" | ".join(x for x in (r.period(job, "long"), job.get("location")) if x))
            when.runs[0].font.color.rgb = RGBColor(0x59, 0x59, 0x59)
            if job.get("summary"):
                doc.add_paragraph(job["summary"])
            for h in job.get("highlights") or []:
                doc.add_paragraph(h, style="List Bullet")

    if r.education:
        heading(w["education"], anchor=first)
        first = False
        for ed in r.education:
            p = doc.add_paragraph()
            p.paragraph_format.space_after = Pt(0)
            sep = "，" if r.zh else ", "
            p.add_run(sep.join(x for x in (r.degree(ed), ed.get("institution")) if x)).bold = True
            doc.add_paragraph(" | ".join(x for x in (r.period(ed, "long"), ed.get("location")) if x))

    if first:
        heading(w["skills"], anchor=True)
    doc.save(out)


if __name__ == "__main__":
    main(*sys.argv[1:3])
