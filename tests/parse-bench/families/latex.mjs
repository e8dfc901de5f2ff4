// Filled in by the latex layout families (see index.mjs).
export const LATEX_FAMILIES = [];
