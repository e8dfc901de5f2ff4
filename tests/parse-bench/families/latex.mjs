// make parse-bench: the LaTeX layout families, each a template people copy from the web or a
// class Debian packages (TeX Live's texlive-latex-extra), written here as our own generator of
// its layout (latex/*.mjs; latex/common.mjs: language, dates, typesetting) and typeset by TeX
// Live: pdflatex, xelatex with a CJK font for the Chinese source. The held-out ones are named in
// manifest.json (latex-awesome, latex-europass).
import { JAKE } from './latex/jake.mjs';
import { AWESOME } from './latex/awesome.mjs';
import { DEEDY } from './latex/deedy.mjs';
import { EUROPASS } from './latex/europass.mjs';
import { CURVE } from './latex/curve.mjs';

export const LATEX_FAMILIES = [JAKE, AWESOME, DEEDY, EUROPASS, CURVE];
