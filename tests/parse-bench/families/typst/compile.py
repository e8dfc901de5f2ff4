"""Typeset one .typ file to PDF with typst-py (the Typst compiler from PyPI, pinned in
tests/parse-bench/requirements.txt), offline: only the fonts named here, no package downloads.

    python compile.py IN.typ OUT.pdf

Fonts: the ones RenderCV's users get (rendercv-fonts from PyPI: Source Sans 3, XCharter, Fontin,
Roboto...), the CJK font Debian installs for the Chinese source (fonts-wqy-microhei or
fonts-noto-cjk), and Typst's own embedded ones (New Computer Modern, Libertinus Serif).
"""
import os
import sys

import rendercv_fonts
import typst

CJK = ['/usr/share/fonts/truetype/wqy', '/usr/share/fonts/opentype/noto']


def main(src, out):
    fonts = [os.path.dirname(rendercv_fonts.__file__)] + [d for d in CJK if os.path.isdir(d)]
    try:
        typst.compile(src, output=out, root=os.path.dirname(os.path.abspath(src)),
                      font_paths=fonts, ignore_system_fonts=True)
    except typst.TypstError as error:
        # Typst's own message (line and cause) as the one line render.mjs reports.
        sys.exit(f'{src}: {error}')


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
